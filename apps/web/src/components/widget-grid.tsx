import { Box, type SxProps, type Theme } from '@mui/material';
import type { ComponentType } from 'react';
import { useCanCheck } from '../lib/auth/use-can';
import type { PermissionRule } from '../lib/permissions';

/** A dashboard widget, in the style of the route table: each feature exports its own (`features/<f>/widgets.tsx`). */
export interface DashboardWidget {
  key: string;
  /** Who sees it: the same rule as a route's. */
  permission: PermissionRule;
  component: ComponentType;
  /** Where it sits in the grid (the columns it spans…); without it the widget is one cell of its own. */
  sx?: SxProps<Theme>;
}

/** The dashboard grid: one, two or three columns by width; the widgets the user may see, in the registry's order. */
export function WidgetGrid({ widgets }: { widgets: readonly DashboardWidget[] }) {
  const check = useCanCheck();
  return (
    <Box
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)', xl: 'repeat(3, 1fr)' } }}
    >
      {widgets
        .filter((w) => check(w.permission))
        .map(({ key, component: Widget, sx }) =>
          sx ? (
            <Box key={key} sx={sx}>
              <Widget />
            </Box>
          ) : (
            <Widget key={key} />
          ),
        )}
    </Box>
  );
}
