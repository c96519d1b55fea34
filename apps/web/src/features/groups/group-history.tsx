import { useTranslation } from 'react-i18next';
import { AuditHistory, type AuditValueFormatter } from '../../components/audit/audit-history';
import { useUserLookup } from '../../lib/queries/user-lookup';

/** Audit field → label key (groups.service.ts records `name`, `members` and, on deletion, `usersCount`). */
const FIELD_LABELS: Record<string, string> = {
  name: 'groups.fields.name',
  members: 'groups.fields.members',
  usersCount: 'groups.history.fields.usersCount',
};

const ACTION_LABELS: Record<string, string> = {
  'group.create': 'groups.history.actions.create',
  'group.update': 'groups.history.actions.update',
  'group.delete': 'groups.history.actions.delete',
};

/** "Storico modifiche" of a group: renames and member changes, members shown by name (admins only). */
export function GroupHistory({ groupId }: { groupId: string }) {
  const { t } = useTranslation();
  // Disabled people too: a member who left is still named in the past entries.
  const people = useUserLookup(true);
  const personName = (id: string) =>
    people.isPending ? '…' : (people.data?.find((p) => p.id === id)?.name ?? t('groups.history.deletedPerson'));

  const formatValue: AuditValueFormatter = (field, value) =>
    field === 'members' && Array.isArray(value)
      ? value
          .map((id) => personName(String(id)))
          .sort((a, b) => a.localeCompare(b))
          .join(', ')
      : undefined;

  return (
    <AuditHistory
      entityType="group"
      entityId={groupId}
      fieldLabels={FIELD_LABELS}
      actionLabels={ACTION_LABELS}
      formatValue={formatValue}
      label={t('groups.history.title')}
      testId="group-history"
    />
  );
}
