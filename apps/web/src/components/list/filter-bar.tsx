import { Paper } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * The filters above a list: an outlined panel, a search landmark. In its own module, apart from the list grids: the
 * screens without a data grid (the timesheet, the calendars, the planning) do not load MUI's DataGrid for it.
 */
export function FilterBar({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} role="search" aria-label={label}>
      {children}
    </Paper>
  );
}
