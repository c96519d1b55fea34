import { Alert, AlertTitle, Box, Button, CircularProgress, Stack } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { errorMessage } from '../../lib/error-message';
import { useAuth } from '../../lib/auth/auth-context';

/**
 * The login e-mail is not confirmed yet: invitations from companies wait until it is. "Invia di nuovo il link" mails a
 * new link (the server allows 3 an hour and says so in Italian).
 */
export function EmailVerificationAlert() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const { user } = useAuth();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // Strictly false: an answer without the field (an older server) says nothing about it.
  if (!user || user.email_verified !== false) return null;
  // The address reads left to right inside any sentence, Arabic too (first-strong isolate).
  const email = `\u2068${user.email}\u2069`;
  const resend = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await api.post('/user/verify-email');
      enqueueSnackbar(t('profile.verify.sent', { email }), { variant: 'success' });
    } catch (err) {
      setFailure(errorMessage(err, t('errors.generic')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack spacing={1} sx={{ mb: 2 }}>
      {/* The button under the text, not beside it: on a phone the text keeps the whole width. */}
      <Alert
        severity="warning"
        data-testid="email-unverified"
        sx={{ '& .MuiAlert-message': { minWidth: 0, overflowWrap: 'anywhere' } }}
      >
        <AlertTitle>{t('profile.verify.title')}</AlertTitle>
        {t('profile.verify.body', { email })}
        <Box sx={{ mt: 1 }}>
          <Button
            color="inherit"
            variant="outlined"
            size="small"
            onClick={() => void resend()}
            disabled={busy}
            startIcon={busy ? <CircularProgress size={14} color="inherit" /> : undefined}
          >
            {t('profile.verify.resend')}
          </Button>
        </Box>
      </Alert>
      {failure && (
        <Alert severity="error" role="alert" data-testid="email-verify-error">
          {/* The server's Italian text keeps its own direction (its full stop) in Arabic too. */}
          <span dir="auto">{failure}</span>
        </Alert>
      )}
    </Stack>
  );
}
