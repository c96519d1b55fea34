import { Box, type SxProps, type Theme } from '@mui/material';
import { keepFocusNear } from '../lib/focus';
import { BackLink } from './back-link';
import { RetryAlert } from './retry-alert';

interface Props {
  error: unknown;
  onRetry(): void;
  /** Where the page's back link leads (the list the record belongs to). */
  back?: { to: string; label: string };
  maxWidth?: number;
  sx?: SxProps<Theme>;
}

/**
 * A page whose record could not be loaded (or a list whose page could not): the back link, the server's message (or a
 * generic one) and "Riprova".
 */
export function LoadFailure({ error, onRetry, back, maxWidth, sx }: Props) {
  return (
    <Box sx={[maxWidth ? { maxWidth } : false, ...(Array.isArray(sx) ? sx : [sx])]}>
      {back && <BackLink to={back.to} label={back.label} />}
      <RetryAlert
        error={error}
        onRetry={(e) => {
          // The retry shows the loading state in place of this failure, this button with it.
          keepFocusNear(e.currentTarget);
          onRetry();
        }}
        testId="load-failure"
      />
    </Box>
  );
}
