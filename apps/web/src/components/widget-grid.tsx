import { Box, type SxProps, type Theme } from '@mui/material';
import type { Permission } from '@timbro/shared';
import type { ComponentType } from 'react';
import { useCanCheck } from '../lib/auth/use-can';
import type { PermissionRule } from '../lib/permissions';

/** A dashboard widget, in the style of the route table: each feature exports its own (`features/<f>/widgets.tsx`). */
export interface DashboardWidget {
  key: string;
  /** Who sees it: the same rule as a route's. */
  permission: PermissionRule;
  /** And at least one of these, when given (a widget serving two roles: the admin's and the member's swaps). */
  anyOf?: readonly Permission[];
  /**
   * The part of GET /dashboard it shows: once the call answers, a widget whose part is absent (the server left it out
   * for these roles) is not shown at all.
   */
  slice?: string;
  component: ComponentType;
  /** Where it sits in the grid (the columns it spans…); without it the widget is one cell of its own. */
  sx?: SxProps<Theme>;
}

/**
 * The dashboard grid: one, two or three columns by width; the widgets the user may see, in the registry's order.
 * `present` says whether the aggregated call carried a widget's part (null while it loads: shown, as a skeleton).
 */
export function WidgetGrid({
  widgets,
  present = () => null,
}: {
  widgets: readonly DashboardWidget[];
  present?: (slice: string) => boolean | null;
}) {
  const check = useCanCheck();
  return (
    <Box
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)', xl: 'repeat(3, 1fr)' } }}
    >
      {widgets
        .filter((w) => check(w.permission) && (!w.anyOf || w.anyOf.some((p) => check(p))))
        .filter((w) => !w.slice || present(w.slice) !== false)
        .map(({ key, component: Widget, sx }) => (
          <Box key={key} sx={[{ minWidth: 0 }, ...(Array.isArray(sx) ? sx : [sx])]}>
            <Widget />
          </Box>
        ))}
    </Box>
  );
}
