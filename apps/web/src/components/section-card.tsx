import { Box, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A titled block of a form or detail page. */
export function SectionCard({
  title,
  description,
  children,
  actions,
  testId,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  actions?: ReactNode;
  testId?: string;
}) {
  return (
    <Paper variant="outlined" component="section" sx={{ p: { xs: 2, md: 3 } }} data-testid={testId}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2, mb: 2 }}>
        <Box sx={{ flexGrow: 1 }}>
          <Typography variant="h6" component="h2">
            {title}
          </Typography>
          {description && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {description}
            </Typography>
          )}
        </Box>
        {actions}
      </Box>
      {children}
    </Paper>
  );
}
