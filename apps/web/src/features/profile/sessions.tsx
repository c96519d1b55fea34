import DevicesOutlined from '@mui/icons-material/DevicesOutlined';
import ComputerOutlined from '@mui/icons-material/ComputerOutlined';
import PhoneAndroidOutlined from '@mui/icons-material/PhoneAndroidOutlined';
import { Alert, Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import type { SessionInfo } from '@timbro/shared';
import type { TFunction } from 'i18next';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { LoadFailure } from '../../components/load-failure';
import { PageLoader } from '../../components/page-loader';
import { catalogFor } from '../../i18n/languages';
import { formatDateTime } from '../../lib/dates';
import { errorMessage } from '../../lib/error-message';
import { useRevokeOtherSessions, useRevokeSession, useSessions } from './sessions-api';
import { summariseUserAgent } from './user-agent';

/** "Chrome su Linux", "App Timbro": the device of a session in a few words. */
export function deviceName(session: Pick<SessionInfo, 'client' | 'userAgent'>, t: TFunction): string {
  if (session.client === 'app') return t('profile.sessions.app');
  const { browser, os } = summariseUserAgent(session.userAgent);
  if (browser && os) return t('profile.sessions.browserOn', { browser, os });
  if (browser) return browser;
  if (os) return t('profile.sessions.browserOn', { browser: t('profile.sessions.browser'), os });
  return t('profile.sessions.unknownDevice');
}

/** This session first, then the most recently used. */
const byUse = (a: SessionInfo, b: SessionInfo) =>
  Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt);

/** "Sessioni" of /my-account: where the person is logged in; any other session can be ended (ASVS 7.5.2). */
export function Sessions() {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const { enqueueSnackbar } = useSnackbar();
  const query = useSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const [closing, setClosing] = useState<SessionInfo | null>(null);
  const [closingOthers, setClosingOthers] = useState(false);
  const [dialogError, setDialogError] = useState<string | null>(null);

  const confirmRevoke = async () => {
    if (!closing) return;
    setDialogError(null);
    try {
      await revoke.mutateAsync(closing.id);
      enqueueSnackbar(t('profile.sessions.revoked'), { variant: 'success' });
      setClosing(null);
    } catch (err) {
      setDialogError(errorMessage(err, t('errors.generic')));
    }
  };
  const confirmRevokeOthers = async () => {
    setDialogError(null);
    try {
      await revokeOthers.mutateAsync();
      enqueueSnackbar(t('profile.sessions.othersRevoked'), { variant: 'success' });
      setClosingOthers(false);
    } catch (err) {
      setDialogError(errorMessage(err, t('errors.generic')));
    }
  };

  const rules = (
    <Alert severity="info" variant="outlined" data-testid="sessions-rules">
      {t('profile.sessions.rules')}
    </Alert>
  );

  if (query.isPending)
    return (
      <Stack spacing={2}>
        {rules}
        <PageLoader />
      </Stack>
    );
  if (query.isError)
    return (
      <Stack spacing={2}>
        {rules}
        <LoadFailure error={query.error} onRetry={() => void query.refetch()} />
      </Stack>
    );

  const sessions = [...query.data].sort(byUse);
  const others = sessions.filter((s) => !s.current);
  const date = (value: string) => (
    <Box component="time" dateTime={value} sx={{ whiteSpace: 'nowrap' }}>
      {formatDateTime(value, language)}
    </Box>
  );

  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">{t('profile.sessions.intro')}</Typography>
      {rules}
      {sessions.length === 0 ? (
        <Box sx={{ textAlign: 'center', py: 4 }} data-testid="sessions-empty">
          <DevicesOutlined sx={{ fontSize: 48, color: 'text.disabled' }} />
          <Typography sx={{ mt: 1 }}>{t('profile.sessions.empty')}</Typography>
        </Box>
      ) : (
        <Stack
          spacing={1.5}
          component="ul"
          sx={{ listStyle: 'none', p: 0, m: 0 }}
          aria-label={t('profile.sessions.listLabel')}
          data-testid="sessions-list"
        >
          {sessions.map((s) => {
            const device = deviceName(s, t);
            const { os } = summariseUserAgent(s.userAgent);
            const Icon =
              s.client === 'app' || os === 'iOS' || os === 'Android' ? PhoneAndroidOutlined : ComputerOutlined;
            return (
              <Paper
                component="li"
                variant="outlined"
                key={s.id}
                sx={{ p: 2, ...(s.current ? { borderColor: 'primary.main' } : {}) }}
                aria-label={device}
                data-testid="session"
              >
                <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1.5 }}>
                  <Icon sx={{ color: 'text.secondary', mt: 0.25 }} aria-hidden />
                  <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
                      <Typography sx={{ fontWeight: 500 }}>{device}</Typography>
                      {s.current && (
                        <Chip
                          size="small"
                          color="primary"
                          label={t('profile.sessions.current')}
                          data-testid="session-current"
                        />
                      )}
                      {s.rememberMe && (
                        <Chip size="small" variant="outlined" label={t('profile.sessions.rememberMe')} />
                      )}
                    </Box>
                    <Box
                      component="dl"
                      sx={{
                        display: 'grid',
                        gridTemplateColumns: 'max-content minmax(0, 1fr)',
                        columnGap: 2,
                        rowGap: 0.25,
                        m: 0,
                        mt: 1,
                        typography: 'body2',
                        '& dt': { color: 'text.secondary' },
                        '& dd': { m: 0 },
                      }}
                    >
                      <dt>{t('profile.sessions.ip')}</dt>
                      <Box
                        component="dd"
                        dir="ltr"
                        sx={{ overflowWrap: 'anywhere', textAlign: 'start', justifySelf: 'start' }}
                      >
                        {s.ip ?? '—'}
                      </Box>
                      <dt>{t('profile.sessions.createdAt')}</dt>
                      <dd>{date(s.createdAt)}</dd>
                      <dt>{t('profile.sessions.lastSeenAt')}</dt>
                      <dd>{date(s.lastSeenAt)}</dd>
                      <dt>{t('profile.sessions.expiresAt')}</dt>
                      <dd>{date(s.expiresAt)}</dd>
                    </Box>
                  </Box>
                  {!s.current && (
                    <Button
                      size="small"
                      color="error"
                      onClick={() => {
                        setDialogError(null);
                        setClosing(s);
                      }}
                      aria-label={t('profile.sessions.revokeLabel', { device })}
                      data-testid="session-revoke"
                      sx={{ flexShrink: 0 }}
                    >
                      {t('profile.sessions.revoke')}
                    </Button>
                  )}
                </Box>
              </Paper>
            );
          })}
        </Stack>
      )}
      {others.length > 0 ? (
        <Button
          variant="outlined"
          color="error"
          onClick={() => {
            setDialogError(null);
            setClosingOthers(true);
          }}
          sx={{ alignSelf: 'flex-start' }}
          data-testid="sessions-revoke-others"
        >
          {t('profile.sessions.revokeOthers')}
        </Button>
      ) : (
        sessions.length > 0 && <Typography color="text.secondary">{t('profile.sessions.onlyThis')}</Typography>
      )}
      <ConfirmDialog
        open={!!closing}
        title={t('profile.sessions.revokeTitle')}
        body={closing ? t('profile.sessions.revokeBody', { device: deviceName(closing, t) }) : ''}
        confirmLabel={t('profile.sessions.revoke')}
        tone="error"
        busy={revoke.isPending}
        error={dialogError}
        onConfirm={() => void confirmRevoke()}
        onClose={() => setClosing(null)}
        testId="session-revoke-dialog"
      />
      <ConfirmDialog
        open={closingOthers}
        title={t('profile.sessions.revokeOthersTitle')}
        body={t('profile.sessions.revokeOthersBody')}
        confirmLabel={t('profile.sessions.revokeOthers')}
        tone="error"
        busy={revokeOthers.isPending}
        error={dialogError}
        onConfirm={() => void confirmRevokeOthers()}
        onClose={() => setClosingOthers(false)}
        testId="sessions-revoke-others-dialog"
      />
    </Stack>
  );
}
