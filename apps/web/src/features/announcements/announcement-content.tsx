import { Box, type SxProps, type Theme } from '@mui/material';

/**
 * The typography of an announcement's text, the same in the editor and where it is read: paragraphs, headings h2–h4,
 * lists and quotes indented on the reading side (the RTL stylesheet flips them), links underlined.
 */
export const contentSx = {
  typography: 'body1',
  overflowWrap: 'anywhere',
  '& > :first-of-type': { mt: 0 },
  '& > :last-child': { mb: 0 },
  '& p': { my: 1 },
  '& h2': { typography: 'h5', fontWeight: 600, mt: 2.5, mb: 1 },
  '& h3': { typography: 'h6', fontWeight: 600, mt: 2, mb: 1 },
  '& h4': { typography: 'subtitle1', fontWeight: 600, mt: 2, mb: 0.5 },
  '& ul, & ol': { my: 1, pl: 3.5 },
  '& li': { my: 0.25 },
  '& blockquote': { my: 1.5, mx: 0, pl: 2, borderLeft: 3, borderColor: 'divider', color: 'text.secondary' },
  '& a': { color: 'primary.main', textDecoration: 'underline' },
} satisfies SxProps<Theme>;

/**
 * An announcement's content as the server keeps it: HTML it has already sanitised (only text formatting and
 * http(s)/mailto links survive, ADR 0020), so it is shown as it is. Its direction is its own text's (an Italian
 * announcement reads left to right in the Arabic interface too).
 */
export function AnnouncementContent({ html, testId }: { html: string; testId?: string }) {
  return <Box dir="auto" sx={contentSx} dangerouslySetInnerHTML={{ __html: html }} data-testid={testId} />;
}
