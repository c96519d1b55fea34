import { Link, Paper, Stack, Typography, type SxProps, type Theme } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

/** One card of a "my …" list (MyItemsPage): an outlined `<li>`; `data-*` attributes pass through. */
export function MyItemCard({
  testId,
  sx,
  children,
  ...data
}: { testId: string; sx?: SxProps<Theme>; children: ReactNode } & { [attr: `data-${string}`]: string | boolean }) {
  return (
    <Paper
      {...data}
      component="li"
      variant="outlined"
      sx={[{ p: 2 }, ...(Array.isArray(sx) ? sx : [sx])]}
      data-testid={testId}
    >
      {children}
    </Paper>
  );
}

/** The card's title, the link to the item's page. */
export function MyItemTitle({ to, bold = false, children }: { to: string; bold?: boolean; children: ReactNode }) {
  return (
    <Link
      component={RouterLink}
      to={to}
      underline="hover"
      variant="subtitle1"
      sx={{ fontWeight: bold ? 700 : 500, display: 'block', overflowWrap: 'anywhere' }}
    >
      {children}
    </Link>
  );
}

/** Under the title: the item's text, two lines at most. */
export function MyItemText({ children }: { children: ReactNode }) {
  return (
    <Typography
      variant="body2"
      color="text.secondary"
      sx={{
        display: '-webkit-box',
        WebkitLineClamp: 2,
        WebkitBoxOrient: 'vertical',
        overflow: 'hidden',
        overflowWrap: 'anywhere',
      }}
    >
      {children}
    </Typography>
  );
}

/** The card's last line: dates, counts and chips, wrapping on a narrow screen. */
export function MyItemFacts({ children }: { children: ReactNode }) {
  return (
    <Stack
      direction="row"
      spacing={1.5}
      useFlexGap
      sx={{ alignItems: 'center', flexWrap: 'wrap', mt: 0.75, color: 'text.secondary' }}
    >
      {children}
    </Stack>
  );
}
