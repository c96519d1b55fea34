import { autoApproveFromDb, type User } from '@timbro/shared';
import type { findUser } from './users.repository';

type Row = NonNullable<Awaited<ReturnType<typeof findUser>>>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * May this workspace still correct the login e-mail? Only for an account it created itself that was never activated
 * (no password) and has no record anywhere else, never for the operator (ADR 0015).
 */
export function loginEmailEditable(row: Pick<Row, 'info' | 'account' | 'otherWorkspaces'>): boolean {
  const { info, account } = row;
  return (
    !account.hasPassword &&
    !account.isOperator &&
    account.createdByWorkspaceId === info.workspaceId &&
    row.otherWorkspaces === 0
  );
}

export function presentUser(row: Row): User {
  const { info, account } = row;
  const accepted = info.invitationStatus === 'accepted';
  return {
    id: info.id,
    userId: account.id,
    email: account.email,
    fiscalCode: info.fiscalCode,
    firstName: info.firstName,
    lastName: info.lastName,
    roles: [info.isAdmin && 'admin', info.isAccountant && 'accountant', info.isMember && 'member'].filter(
      Boolean,
    ) as User['roles'],
    enabled: info.enabled,
    invitationPending: info.invitationStatus === 'pending',
    invitationStatus: info.invitationStatus,
    loginEmailEditable: loginEmailEditable(row),
    // The account's activity belongs to the person: the workspace sees it once the membership is accepted.
    lastLoginAt: accepted
      ? { web: iso(account.lastLoginWebAt), app: iso(account.lastLoginAppAt) }
      : { web: null, app: null },
    attendanceAutoApproveRequest: autoApproveFromDb(info.attendanceAutoApproveRequest),
    workEmail: info.workEmail,
    phoneNumber: info.phoneNumber,
    pec: info.pec,
    homeAddress: info.homeAddress,
    iban: info.iban,
    birthday: info.birthday,
    birthplace: info.birthplace,
    groups: row.groups,
    createdAt: info.createdAt.toISOString(),
  };
}

/** m***@example.it: enough to recognise a person, not to collect addresses. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}
