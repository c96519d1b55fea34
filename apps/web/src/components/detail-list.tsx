import { Box } from '@mui/material';
import type { ReactNode } from 'react';

interface Props {
  /** The labels' column from `sm` up (a form's "sent" box, a document's page); without it each label above its value. */
  labelWidth?: number;
  /** More air between the rows (a page of its own rather than a box). */
  loose?: boolean;
  testId?: string;
  /** The rows (`DetailRow`). */
  children: ReactNode;
}

/** A record's facts as a description list: each label in grey, its value under it or beside it. */
export function DetailList({ labelWidth, loose = false, testId, children }: Props) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: labelWidth ? { xs: '1fr', sm: `${labelWidth}px 1fr` } : '1fr',
        columnGap: labelWidth ? 3 : undefined,
        rowGap: labelWidth ? { xs: 0.5, sm: loose ? 2 : 1.5 } : 0.5,
        m: 0,
        '& dt': { color: 'text.secondary', typography: 'body2', pt: labelWidth ? { xs: loose ? 1.5 : 1, sm: 0 } : 1 },
        '& dd': { m: 0, typography: 'body1', minWidth: 0 },
      }}
      data-testid={testId}
    >
      {children}
    </Box>
  );
}

/** One fact of a `DetailList`: its label and its value. */
export function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Box component="dt">{label}</Box>
      <Box component="dd">{children}</Box>
    </>
  );
}
