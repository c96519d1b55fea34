import { autoApproveFromDb, type User } from '@timbro/shared';
import type { findUser } from './users.repository';

type Row = NonNullable<Awaited<ReturnType<typeof findUser>>>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function presentUser(row: Row): User {
  const { info, account } = row;
  return {
    id: info.id,
    userId: account.id,
    email: account.email,
    fiscalCode: account.fiscalCode,
    firstName: account.firstName,
    lastName: account.lastName,
    roles: [info.isAdmin && 'admin', info.isAccountant && 'accountant', info.isMember && 'member'].filter(Boolean) as User['roles'],
    enabled: info.enabled,
    invitationPending: !account.hasPassword,
    lastLoginAt: { web: iso(account.lastLoginWebAt), app: iso(account.lastLoginAppAt) },
    attendanceAutoApproveRequest: autoApproveFromDb(info.attendanceAutoApproveRequest),
    workEmail: info.workEmail,
    phoneNumber: info.phoneNumber,
    pec: info.pec,
    homeAddress: info.homeAddress,
    iban: info.iban,
    birthday: info.birthday,
    birthplace: info.birthplace,
    groups: row.groups,
    sharedAccount: row.otherWorkspaces > 0,
    createdAt: info.createdAt.toISOString(),
  };
}

/** m***@example.it: enough to recognise a person found by fiscal code, not to collect addresses. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}
