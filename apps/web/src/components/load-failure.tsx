import { Alert, Box, Button, type SxProps, type Theme } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../lib/error-message';
import { keepFocusNear } from '../lib/focus';
import { BackLink } from './back-link';

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
  const { t } = useTranslation();
  return (
    <Box sx={[maxWidth ? { maxWidth } : false, ...(Array.isArray(sx) ? sx : [sx])]}>
      {back && <BackLink to={back.to} label={back.label} />}
      <Alert
        severity="error"
        action={
          <Button
            color="inherit"
            size="small"
            onClick={(e) => {
              // The retry shows the loading state in place of this failure, this button with it.
              keepFocusNear(e.currentTarget);
              onRetry();
            }}
          >
            {t('common.retry')}
          </Button>
        }
        data-testid="load-failure"
      >
        {errorMessage(error, t('errors.generic'))}
      </Alert>
    </Box>
  );
}
