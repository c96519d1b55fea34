import type { User } from '@timbro/shared';
import { useTranslation } from 'react-i18next';
import { catalogFor } from '../../i18n/languages';
import { formatDate } from '../../lib/dates';
import { AuditHistory, type AuditValueFormatter } from '../../components/audit/audit-history';
import { useGroupLookup } from '../../lib/queries/group-lookup';
import { USER_FIELD_LABELS } from './user-field-labels';

/** Audit field → label key. Unknown fields show their technical name rather than nothing. */
const FIELD_LABELS: Record<string, string> = {
  ...USER_FIELD_LABELS,
  isAdmin: 'users.history.fields.isAdmin',
  isAccountant: 'users.history.fields.isAccountant',
  isMember: 'users.history.fields.isMember',
  enabled: 'users.history.fields.enabled',
  attendanceAutoApproveRequest: 'users.fields.autoApprove',
  payrollCode: 'users.history.fields.payrollCode',
};

const ACTION_LABELS: Record<string, string> = {
  // user.bind: entries written before invitations (ADR 0015).
  ...Object.fromEntries(
    ['create', 'bind', 'update', 'enable', 'disable'].map((a) => [`user.${a}`, `users.history.actions.${a}`]),
  ),
  'user.invitation.accept': 'users.history.actions.invitationAccept',
  'user.invitation.decline': 'users.history.actions.invitationDecline',
  'user.invitation.resend': 'users.history.actions.invitationResend',
};

/** "Storico modifiche" of an employee record (admins only). */
export function UserHistory({ user }: { user: User }) {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const groups = useGroupLookup();
  const groupName = (id: string) => groups.data?.find((g) => g.id === id)?.name ?? t('users.history.deletedGroup');

  const formatValue: AuditValueFormatter = (field, value) => {
    if (field === 'attendanceAutoApproveRequest') {
      const key =
        value === true || value === 'automatic'
          ? 'automatic'
          : value === false || value === 'admin_approval'
            ? 'admin_approval'
            : 'default';
      return t(`users.autoApprove.${key}`);
    }
    if (Array.isArray(value) && field === 'groups') return value.map((id) => groupName(String(id))).join(', ');
    if (Array.isArray(value) && field === 'roles') return value.map((r) => t(`roles.${String(r)}`)).join(', ');
    if (field === 'birthday' && typeof value === 'string') return formatDate(value, language);
    return undefined;
  };

  return (
    <AuditHistory
      entityType="user"
      entityId={user.id}
      fieldLabels={FIELD_LABELS}
      actionLabels={ACTION_LABELS}
      formatValue={formatValue}
      label={t('users.detail.tabs.history')}
      testId="user-history"
    />
  );
}
