import ArrowBack from '@mui/icons-material/ArrowBack';
import { Link } from '@mui/material';
import { Link as RouterLink } from 'react-router';

/** "← Utenti": the way back to the parent page (the arrow follows the reading direction). */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Link
      component={RouterLink}
      to={to}
      underline="hover"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 1, fontSize: '0.875rem', fontWeight: 500 }}
    >
      <ArrowBack
        fontSize="small"
        sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : undefined) }}
      />
      {label}
    </Link>
  );
}
