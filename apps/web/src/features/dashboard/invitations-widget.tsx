import MailOutline from '@mui/icons-material/MailOutlined';
import { Alert, Box, Button, Card, CardContent, Chip, Skeleton, Stack, Typography } from '@mui/material';
import type { Invitation } from '@timbro/shared';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { paths } from '../../config/paths';
import { catalogFor } from '../../i18n/languages';
import { formatDate } from '../../lib/dates';
import { errorMessage } from '../../lib/error-message';
import { useAuth } from '../../lib/auth/auth-context';
import { useAnswerInvitation, useInvitations } from './api/invitations';
import { RetryAlert } from '../../components/retry-alert';

/**
 * "Inviti": companies that want to add this person. Nothing is bound until they accept here (ADR 0015); accepting
 * opens the company, declining leaves it out. Shown only while invitations wait.
 */
export function InvitationsWidget() {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const { user, switchWorkspace, reload } = useAuth();
  const { enqueueSnackbar } = useSnackbar();
  const waiting = (user?.pending_invitations ?? 0) > 0;
  const invitations = useInvitations(waiting);
  const answer = useAnswerInvitation();
  const [declining, setDeclining] = useState<Invitation | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  if (!waiting) return null;

  const accept = async (inv: Invitation) => {
    try {
      await answer.mutateAsync({ id: inv.id, accept: true });
      await switchWorkspace(inv.workspace.id);
      enqueueSnackbar(t('dashboard.invitations.accepted', { company: inv.workspace.name }), { variant: 'success' });
    } catch (err) {
      enqueueSnackbar(errorMessage(err, t('errors.generic')), { variant: 'error' });
    }
  };
  const decline = async () => {
    if (!declining) return;
    setRefusal(null);
    try {
      await answer.mutateAsync({ id: declining.id, accept: false });
      enqueueSnackbar(t('dashboard.invitations.declined', { company: declining.workspace.name }), {
        variant: 'success',
      });
      setDeclining(null);
      await reload();
    } catch (err) {
      setRefusal(errorMessage(err, t('errors.generic')));
    }
  };

  return (
    <Card
      variant="outlined"
      component="section"
      aria-labelledby="widget-invitations-title"
      data-testid="widget-invitations"
      sx={{ borderColor: 'primary.main' }}
    >
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5 }}>
          <MailOutline color="primary" />
          <Typography variant="h6" component="h2" id="widget-invitations-title">
            {t('dashboard.invitations.title')}
          </Typography>
        </Stack>
        {user && !user.email_verified && (
          <Alert
            severity="warning"
            sx={{ mb: 2 }}
            data-testid="invitations-verify"
            action={
              <Button color="inherit" size="small" component={RouterLink} to={paths.myAccount}>
                {t('dashboard.invitations.toProfile')}
              </Button>
            }
          >
            {t('dashboard.invitations.verifyFirst')}
          </Alert>
        )}
        {invitations.isLoading ? (
          <Skeleton variant="rounded" height={72} />
        ) : invitations.isError ? (
          <RetryAlert error={invitations.error} onRetry={() => void invitations.refetch()} />
        ) : (invitations.data ?? []).length === 0 ? (
          <Typography color="text.secondary">{t('dashboard.invitations.none')}</Typography>
        ) : (
          <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
            {invitations.data!.map((inv) => (
              <Box
                component="li"
                key={inv.id}
                data-testid="invitation"
                sx={{
                  display: 'flex',
                  flexDirection: { xs: 'column', sm: 'row' },
                  alignItems: { sm: 'center' },
                  gap: 1.5,
                  py: 1.5,
                  borderBottom: 1,
                  borderColor: 'divider',
                  '&:last-of-type': { borderBottom: 0 },
                }}
              >
                <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 500 }}>
                    <bdi>{inv.workspace.name}</bdi>
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t('dashboard.invitations.body', { name: `${inv.firstName} ${inv.lastName}` })}
                    {inv.invitedAt
                      ? ` · ${t('dashboard.invitations.sentOn', { date: formatDate(inv.invitedAt, language) })}`
                      : ''}
                  </Typography>
                  <Stack direction="row" spacing={0.5} useFlexGap sx={{ mt: 0.5, flexWrap: 'wrap' }}>
                    {inv.roles.map((r) => (
                      <Chip key={r} size="small" variant="outlined" label={t(`roles.${r}`)} />
                    ))}
                  </Stack>
                </Box>
                <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
                  <Button
                    variant="contained"
                    disabled={answer.isPending || !user?.email_verified}
                    onClick={() => void accept(inv)}
                    data-testid="invitation-accept"
                  >
                    {t('dashboard.invitations.accept')}
                  </Button>
                  <Button
                    variant="outlined"
                    color="inherit"
                    disabled={answer.isPending}
                    onClick={() => (setRefusal(null), setDeclining(inv))}
                    data-testid="invitation-decline"
                  >
                    {t('dashboard.invitations.decline')}
                  </Button>
                </Stack>
              </Box>
            ))}
          </Box>
        )}
      </CardContent>
      <ConfirmDialog
        open={!!declining}
        title={t('dashboard.invitations.declineTitle', { company: declining?.workspace.name ?? '' })}
        body={t('dashboard.invitations.declineBody')}
        confirmLabel={t('dashboard.invitations.decline')}
        tone="error"
        busy={answer.isPending}
        error={refusal}
        onConfirm={() => void decline()}
        onClose={() => setDeclining(null)}
        testId="invitation-decline-dialog"
      />
    </Card>
  );
}
