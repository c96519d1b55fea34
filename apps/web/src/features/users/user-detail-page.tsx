import Block from '@mui/icons-material/Block';
import EditOutlined from '@mui/icons-material/EditOutlined';
import HowToRegOutlined from '@mui/icons-material/HowToRegOutlined';
import ForwardToInboxOutlined from '@mui/icons-material/ForwardToInboxOutlined';
import { Box, Button, Paper, Stack, Tab, Tabs, Typography } from '@mui/material';
import type { Permission, User } from '@timbro/shared';
import { useSnackbar } from 'notistack';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, useParams, useSearchParams } from 'react-router';
import { BackLink } from '../../components/back-link';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { LoadFailure } from '../../components/load-failure';
import { PageLoader } from '../../components/page-loader';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/error-message';
import { useAuth } from '../../lib/auth/auth-context';
import { useUser } from './api/get-user';
import { useResendInvitation } from './api/resend-invitation';
import { useSetUserEnabled } from './api/set-user-enabled';
import { UserStatusChips } from './user-chips';
import { UserDetailInfo } from './user-detail-info';
import { UserHistory } from './user-history';
import { UserLinkedSection } from './user-linked-section';
import { useCan, useCanCheck } from '../../lib/auth/use-can';
import { LinkButton } from '../../components/link-button';

const TABS: { key: string; permission: Permission }[] = [
  { key: 'detail', permission: 'user:read' },
  { key: 'contracts', permission: 'contract:read' },
  { key: 'accruals', permission: 'contract:read' },
  { key: 'paychecks', permission: 'paycheck:write' },
  { key: 'documents', permission: 'document:write' },
  { key: 'history', permission: 'audit:read' },
];

/** What other features show on the employee record; the route (app/pages) composes them. */
export interface UserDetailSections {
  /** Above the tabs, except on the contracts tab (e.g. "no contract yet"). */
  callout(user: User): ReactNode;
  contracts(user: User): ReactNode;
  accruals(user: User): ReactNode;
}

/** /admin/user/:id/detail: the employee record, state changes (disable / enable) and related areas. */
export function UserDetailPage({ sections }: { sections: UserDetailSections }) {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const check = useCanCheck();
  const query = useUser(id);
  const [searchParams, setSearchParams] = useSearchParams();
  const tabs = TABS.filter((tab) => check(tab.permission));
  const requested = searchParams.get('tab');
  const tab = tabs.find((x) => x.key === requested)?.key ?? 'detail';

  if (query.isPending) return <PageLoader />;
  if (query.isError)
    return (
      <LoadFailure
        error={query.error}
        onRetry={() => void query.refetch()}
        back={{ to: paths.adminUser, label: t('users.list.title') }}
      />
    );
  const user = query.data;
  return (
    <>
      <BackLink to={paths.adminUser} label={t('users.list.title')} />
      <DetailHeader user={user} />
      {tab !== 'contracts' && sections.callout(user)}
      <Paper variant="outlined">
        <Tabs
          value={tab}
          onChange={(_e, v: string) => setSearchParams(v === 'detail' ? {} : { tab: v }, { replace: true })}
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label={t('users.detail.tabsLabel')}
          sx={{ borderBottom: 1, borderColor: 'divider' }}
        >
          {tabs.map((x) => (
            <Tab
              key={x.key}
              value={x.key}
              label={t(`users.detail.tabs.${x.key}`)}
              id={`user-tab-${x.key}`}
              aria-controls={`user-panel-${x.key}`}
              data-testid={`user-tab-${x.key}`}
            />
          ))}
        </Tabs>
        <Box role="tabpanel" id={`user-panel-${tab}`} aria-labelledby={`user-tab-${tab}`} sx={{ p: { xs: 2, md: 3 } }}>
          {tab === 'detail' && <UserDetailInfo user={user} />}
          {tab === 'contracts' && sections.contracts(user)}
          {tab === 'accruals' && sections.accruals(user)}
          {tab === 'paychecks' && (
            <UserLinkedSection user={user} kind="paychecks" to={generatePath(paths.adminUserPaycheck, { id })} />
          )}
          {tab === 'documents' && (
            <UserLinkedSection user={user} kind="documents" to={generatePath(paths.adminUserDocument, { id })} />
          )}
          {tab === 'history' && <UserHistory user={user} />}
        </Box>
      </Paper>
    </>
  );
}

function DetailHeader({ user }: { user: User }) {
  const { t } = useTranslation();
  const { workspaces, workspaceId } = useAuth();
  const { enqueueSnackbar } = useSnackbar();
  const canWrite = useCan('user:write');
  const toggle = useSetUserEnabled(user.id);
  const resend = useResendInvitation(user.id);
  const [confirming, setConfirming] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const name = `${user.firstName} ${user.lastName}`;
  const workspace = workspaces.find((w) => w.id === workspaceId)?.name ?? '';
  const disabling = user.enabled;

  const confirm = async () => {
    setRefusal(null);
    try {
      await toggle.mutateAsync(!disabling);
      setConfirming(false);
      enqueueSnackbar(disabling ? t('users.detail.disabled', { name }) : t('users.detail.enabled', { name }), {
        variant: 'success',
      });
    } catch (err) {
      setRefusal(errorMessage(err, t('errors.generic')));
    }
  };

  const resendInvitation = async () => {
    try {
      await resend.mutateAsync();
      enqueueSnackbar(t('users.detail.invitationResent', { email: user.email }), { variant: 'success' });
    } catch (err) {
      enqueueSnackbar(errorMessage(err, t('errors.generic')), { variant: 'error' });
    }
  };

  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: { xs: 'column', sm: 'row' },
        alignItems: { sm: 'flex-start' },
        gap: 2,
        mb: 3,
      }}
    >
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="h1" sx={{ overflowWrap: 'anywhere' }}>
            {name}
          </Typography>
          <UserStatusChips user={user} />
        </Stack>
        <Typography color="text.secondary" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
          <Box component="span" dir="ltr">
            {user.email}
          </Box>
          {user.fiscalCode && (
            <>
              {' · '}
              <Box component="span" dir="ltr" sx={{ fontFamily: 'monospace' }}>
                {user.fiscalCode}
              </Box>
            </>
          )}
        </Typography>
      </Box>
      {canWrite && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: { xs: 'wrap', md: 'nowrap' }, flexShrink: 0 }}>
          <LinkButton
            variant="outlined"
            to={generatePath(paths.adminUserEdit, { id: user.id })}
            startIcon={<EditOutlined />}
            data-testid="user-edit"
          >
            {t('users.actions.edit')}
          </LinkButton>
          {user.invitationPending && user.enabled && (
            <Button
              variant="outlined"
              startIcon={<ForwardToInboxOutlined />}
              disabled={resend.isPending}
              onClick={() => void resendInvitation()}
              data-testid="user-resend-invitation"
            >
              {t('users.actions.resendInvitation')}
            </Button>
          )}
          {disabling ? (
            <Button
              variant="outlined"
              color="error"
              startIcon={<Block />}
              onClick={() => (setRefusal(null), setConfirming(true))}
              data-testid="user-disable"
            >
              {t('users.actions.disable')}
            </Button>
          ) : (
            <Button
              variant="contained"
              color="success"
              startIcon={<HowToRegOutlined />}
              onClick={() => (setRefusal(null), setConfirming(true))}
              data-testid="user-enable"
            >
              {t('users.actions.enable')}
            </Button>
          )}
        </Stack>
      )}
      <ConfirmDialog
        open={confirming}
        title={disabling ? t('users.detail.disableTitle', { name }) : t('users.detail.enableTitle', { name })}
        body={
          disabling
            ? t('users.detail.disableBody', { name, workspace })
            : t('users.detail.enableBody', { name, workspace })
        }
        confirmLabel={disabling ? t('users.actions.disable') : t('users.actions.enable')}
        tone={disabling ? 'error' : 'primary'}
        busy={toggle.isPending}
        error={refusal}
        onConfirm={() => void confirm()}
        onClose={() => setConfirming(false)}
        testId="user-toggle-dialog"
      />
    </Box>
  );
}
