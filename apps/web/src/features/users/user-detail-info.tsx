import { Alert, Box, Chip, Stack, Typography } from '@mui/material';
import type { User } from '@timbro/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../components/section-card';
import { catalogFor } from '../../i18n/languages';
import { formatDate, formatDateTime } from '../../lib/dates';
import { useAuth } from '../../lib/auth/auth-context';
import { RoleChips, UserStatusChips } from './user-chips';

/** E.164 as stored (+390212345678) with the country code apart: +39 0212345678. */
export function formatPhone(phone: string): string {
  return phone.replace(/^\+39(\d+)$/, '+39 $1');
}

/** A label / value list; empty values read "Non indicato". */
export function Fields({ items }: { items: { label: string; value: ReactNode; ltr?: boolean; testId?: string }[] }) {
  const { t } = useTranslation();
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(140px, 1fr) 2fr' },
        columnGap: 2,
        rowGap: { xs: 0.25, sm: 1.5 },
      }}
    >
      {items.map((item) => (
        <Box key={item.label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary" sx={{ mt: { xs: 1, sm: 0 } }}>
            {item.label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }} data-testid={item.testId}>
            {item.value === null || item.value === undefined || item.value === '' ? (
              <Box component="span" sx={{ color: 'text.secondary' }}>
                {t('users.detail.notSet')}
              </Box>
            ) : item.ltr ? (
              <Box component="span" dir="ltr">
                {item.value}
              </Box>
            ) : (
              item.value
            )}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** The "Dettaglio" tab: account, employee info, groups, approval setting and last logins. */
export function UserDetailInfo({ user }: { user: User }) {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const { workspaces, workspaceId } = useAuth();
  const companyAutomatic = workspaces.find((w) => w.id === workspaceId)?.attendance_auto_approve_request ?? false;
  const companySetting = t(companyAutomatic ? 'users.autoApprove.automatic' : 'users.autoApprove.admin_approval');
  const approval =
    user.attendanceAutoApproveRequest === 'default'
      ? t('users.detail.approvalDefault', { setting: companySetting.toLowerCase() })
      : t(`users.autoApprove.${user.attendanceAutoApproveRequest}`);
  const login = (value: string | null) => (value ? formatDateTime(value, language) : t('users.never'));
  return (
    <Box
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}
      data-testid="user-detail-info"
    >
      {user.invitationPending && user.enabled && (
        <Alert severity="warning" sx={{ gridColumn: '1 / -1' }} data-testid="invitation-pending">
          {t('users.detail.invitationPendingBody', { email: user.email })}
        </Alert>
      )}
      {user.invitationStatus === 'declined' && (
        <Alert severity="info" sx={{ gridColumn: '1 / -1' }} data-testid="invitation-declined">
          {t('users.detail.invitationDeclinedBody')}
        </Alert>
      )}
      {!user.enabled && user.invitationStatus !== 'declined' && (
        <Alert severity="info" sx={{ gridColumn: '1 / -1' }}>
          {t('users.detail.disabledBody')}
        </Alert>
      )}
      <SectionCard title={t('users.form.sections.account')}>
        <Fields
          items={[
            { label: t('auth.fields.firstName'), value: user.firstName },
            { label: t('auth.fields.lastName'), value: user.lastName },
            { label: t('users.fields.email'), value: user.email, ltr: true },
            { label: t('auth.fields.fiscalCode'), value: user.fiscalCode, ltr: true },
            { label: t('users.fields.roles'), value: <RoleChips roles={user.roles} /> },
            { label: t('users.columns.status'), value: <UserStatusChips user={user} /> },
            { label: t('users.fields.createdAt'), value: formatDate(user.createdAt, language) },
          ]}
        />
      </SectionCard>
      <SectionCard title={t('users.form.sections.employee')}>
        <Fields
          items={[
            { label: t('users.fields.workEmail'), value: user.workEmail, ltr: true },
            { label: t('users.fields.pec'), value: user.pec, ltr: true },
            {
              label: t('users.fields.phoneNumber'),
              value: user.phoneNumber ? formatPhone(user.phoneNumber) : null,
              ltr: true,
            },
            { label: t('users.fields.homeAddress'), value: user.homeAddress },
            { label: t('users.fields.iban'), value: user.iban, ltr: true },
            { label: t('users.fields.birthday'), value: user.birthday ? formatDate(user.birthday, language) : null },
            { label: t('users.fields.birthplace'), value: user.birthplace },
          ]}
        />
      </SectionCard>
      <SectionCard title={t('users.form.sections.groups')}>
        {user.groups.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('users.detail.noGroups')}
          </Typography>
        ) : (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} data-testid="user-groups">
            {user.groups.map((g) => (
              <Chip key={g.id} label={g.name} />
            ))}
          </Stack>
        )}
      </SectionCard>
      <SectionCard title={t('users.detail.access')}>
        <Fields
          items={[
            { label: t('users.fields.autoApprove'), value: approval },
            { label: t('users.detail.lastLoginWeb'), value: login(user.lastLoginAt.web), testId: 'last-login-web' },
            { label: t('users.detail.lastLoginApp'), value: login(user.lastLoginAt.app), testId: 'last-login-app' },
            {
              label: t('users.detail.invitation'),
              value:
                user.invitationStatus === 'pending'
                  ? t('users.status.invitationPending')
                  : user.invitationStatus === 'declined'
                    ? t('users.status.invitationDeclined')
                    : t('users.detail.invitationAccepted'),
            },
          ]}
        />
      </SectionCard>
    </Box>
  );
}
