import { Alert, Box, Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../lib/error-message';
import { BackLink } from './back-link';

interface Props {
  error: unknown;
  onRetry(): void;
  /** Where the page's back link leads (the list the record belongs to). */
  back?: { to: string; label: string };
  maxWidth?: number;
}

/** A page whose record could not be loaded: the back link, the server's message (or a generic one) and "Riprova". */
export function LoadFailure({ error, onRetry, back, maxWidth }: Props) {
  const { t } = useTranslation();
  return (
    <Box sx={maxWidth ? { maxWidth } : undefined}>
      {back && <BackLink to={back.to} label={back.label} />}
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={onRetry}>
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
