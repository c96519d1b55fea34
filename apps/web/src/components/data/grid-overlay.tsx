import { Box, Typography } from '@mui/material';
import { GridApiContext } from '@mui/x-data-grid';
import { useContext, type ReactNode } from 'react';

/**
 * An empty state for a grid (no records yet, or nothing matches the filters): icon, title, hint, action. Inside a
 * DataGrid (its overlay) it is a row with one cell, as everything inside an ARIA grid must be (axe:
 * aria-required-children — a link or button right under the grid is not allowed).
 */
export function GridMessage(props: { icon?: ReactNode; title: string; body?: string; action?: ReactNode }) {
  const inGrid = useContext(GridApiContext) !== undefined;
  if (!inGrid) return <Message {...props} />;
  return (
    <Box role="row" sx={{ height: '100%' }}>
      <Box role="gridcell" sx={{ height: '100%' }}>
        <Message {...props} />
      </Box>
    </Box>
  );
}

function Message({ icon, title, body, action }: { icon?: ReactNode; title: string; body?: string; action?: ReactNode }) {
  return (
    <Box sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 1, p: 3, textAlign: 'center' }} data-testid="grid-empty">
      {icon && <Box sx={{ color: 'text.disabled', '& svg': { fontSize: 48 } }}>{icon}</Box>}
      <Typography variant="subtitle1" component="p" sx={{ fontWeight: 500 }}>
        {title}
      </Typography>
      {body && (
        <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 420 }}>
          {body}
        </Typography>
      )}
      {action && <Box sx={{ mt: 1, pointerEvents: 'auto' }}>{action}</Box>}
    </Box>
  );
}
