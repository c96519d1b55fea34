import { Alert, Box, CircularProgress, Stack, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { paths } from '../../config/paths';
import { api } from '../../lib/api';
import { ApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/error-message';
import { useAuth } from '../../lib/auth/auth-context';
import { AuthLayout } from './auth-layout';
import { LinkButton } from '../../components/link-button';

type Outcome = { kind: 'pending' } | { kind: 'done' } | { kind: 'failed'; message: string };

/**
 * /verify-email/:token, the link mailed to confirm a login e-mail: the token is sent once on opening. Open to everyone:
 * the link may be opened logged in (the profile then shows the address as confirmed) or not.
 */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const { status, reload } = useAuth();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'pending' });
  // One request per token, even when React runs the effect twice (development) — a link is burnt once used.
  const sent = useRef<string | null>(null);
  const reloaded = useRef(false);

  useEffect(() => {
    if (sent.current === token) return;
    sent.current = token;
    setOutcome({ kind: 'pending' });
    api
      .post(`/auth/verify-email/${encodeURIComponent(token)}`)
      .then(() => setOutcome({ kind: 'done' }))
      .catch((err: unknown) => {
        const invalid = err instanceof ApiError && err.status === 400;
        setOutcome({
          kind: 'failed',
          message: invalid ? t('auth.verifyEmail.invalid') : errorMessage(err, t('errors.generic')),
        });
      });
  }, [token, t]);

  // A logged-in person's profile must stop asking to confirm the address (the session may still be loading when the
  // link is confirmed: its first answer may predate the confirmation).
  useEffect(() => {
    if (outcome.kind !== 'done' || status !== 'authenticated' || reloaded.current) return;
    reloaded.current = true;
    void reload().catch(() => undefined);
  }, [outcome.kind, status, reload]);

  const loggedIn = status === 'authenticated';
  return (
    <AuthLayout title={t('auth.verifyEmail.title')}>
      {outcome.kind === 'pending' && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 2 }} role="status" aria-live="polite">
          <CircularProgress size={24} />
          <Typography>{t('auth.verifyEmail.checking')}</Typography>
        </Box>
      )}
      {outcome.kind === 'done' && (
        <Stack spacing={2}>
          <Alert severity="success" role="status" data-testid="verify-email-done">
            {t('auth.verifyEmail.done')}
          </Alert>
          <Typography color="text.secondary">{t('auth.verifyEmail.doneBody')}</Typography>
          <LinkButton to={loggedIn ? paths.dashboard : paths.signin} variant="contained" size="large">
            {loggedIn ? t('auth.verifyEmail.toDashboard') : t('auth.verifyEmail.toLogin')}
          </LinkButton>
        </Stack>
      )}
      {outcome.kind === 'failed' && (
        <Stack spacing={2}>
          <Alert severity="error" role="alert" data-testid="verify-email-failed">
            {/* A message of the server is Italian: it keeps its own direction in Arabic too. */}
            <span dir="auto">{outcome.message}</span>
          </Alert>
          <Typography color="text.secondary">{t('auth.verifyEmail.hint')}</Typography>
          <LinkButton
            to={loggedIn ? paths.myAccount : `${paths.signin}?next=${encodeURIComponent(paths.myAccount)}`}
            variant="contained"
            size="large"
          >
            {loggedIn ? t('auth.verifyEmail.toProfile') : t('auth.verifyEmail.toLogin')}
          </LinkButton>
        </Stack>
      )}
    </AuthLayout>
  );
}
