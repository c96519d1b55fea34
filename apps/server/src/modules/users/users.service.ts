import {
  ErrorCode,
  autoApproveToDb,
  monthMsg,
  normalizeCodiceFiscale,
  peopleMsg,
  type CreateUserInput,
  type ListUsersQuery,
  type UpdateUserInput,
  type User,
  type UserPage,
} from '@timbro/shared';
import type { Queryable } from '../../db/client';
import type { WorkspaceScope } from '../../db/scope';
import type { AppDeps } from '../../deps';
import { diff, audit } from '../../lib/audit';
import { AppError, notFound, validation } from '../../lib/errors';
import type { MailLogger } from '../../lib/mail';
import type { RequestCtx } from '../../plugins/request-context';
import * as accounts from '../auth';
import { findWorkspace } from '../workspaces';
import { setGroupsOfUser } from '../groups';
import { loginEmailEditable, maskEmail, presentUser } from './users.presenter';
import { checkRoleChange } from './users.policy';
import * as recipients from './recipients.repository';
import * as repo from './users.repository';
import { employeeCodes } from './employee-codes.repository';
import { sendFirstLogin, sendWorkspaceInvitation } from './users.mails';

/** Recipient lookups, used by every module that notifies people (requests, and the modules to come). */
export type { Recipient } from './recipients.repository';

/** Enabled admins of the workspace other than this record (the last admin must stay): the account deletion asks it. */
export const otherEnabledAdmins = (...args: Parameters<typeof recipients.otherEnabledAdmins>) =>
  recipients.otherEnabledAdmins(...args);
import type { UserRecord } from './users.repository';

function roleFlags(roles: string[]) {
  return {
    isAdmin: roles.includes('admin'),
    isAccountant: roles.includes('accountant'),
    isMember: roles.includes('member'),
  };
}

function employeeFields(input: CreateUserInput | UpdateUserInput) {
  return {
    attendanceAutoApproveRequest: autoApproveToDb(input.attendanceAutoApproveRequest),
    workEmail: input.workEmail,
    phoneNumber: input.phoneNumber,
    pec: input.pec,
    homeAddress: input.homeAddress,
    iban: input.iban,
    birthday: input.birthday,
    birthplace: input.birthplace,
  };
}

async function checkGroups(q: Queryable, scope: WorkspaceScope, ids: string[]) {
  const unique = [...new Set(ids)];
  const found = await repo.existingGroupIds(q, scope, unique);
  if (found.length !== unique.length) throw validation([{ path: 'groups', message: peopleMsg.groupNotFound }]);
  return unique;
}

export async function listUsers(deps: AppDeps, { scope }: RequestCtx, query: ListUsersQuery): Promise<UserPage> {
  const { rows, total } = await repo.listUsers(deps.db, scope, query);
  return { items: rows.map(presentUser), total, page: query.page, perPage: query.per_page };
}

export async function getUser(deps: AppDeps, { scope }: Pick<RequestCtx, 'scope'>, id: string): Promise<User> {
  const row = await repo.findUser(deps.db, scope, id);
  if (!row) throw notFound(peopleMsg.userNotFound);
  return presentUser(row);
}

/**
 * Enrols a person in the workspace inside the caller's transaction (ADR 0015). The record (names, fiscal code, roles,
 * employee info, groups) is the workspace's own and is created at once, pending. The login e-mail decides the
 * account, and the admin's answer is the same either way (no oracle):
 * - nobody logs in with it: a new account is created with a first-login link; setting the password accepts;
 * - an account logs in with it: that person is invited and accepts or declines while logged in. Nothing of their
 *   account (names, activity) is shown to the workspace before they accept.
 */
export async function enroll(
  deps: AppDeps,
  tx: Queryable,
  scope: WorkspaceScope,
  workspaceName: string,
  input: CreateUserInput,
  groupIds: string[],
  log: MailLogger,
): Promise<{ userInfoId: string }> {
  const now = new Date();
  const existing = await repo.findAccountByEmail(tx, input.email);
  let accountId: string;
  if (existing) {
    accountId = existing.id;
    await sendWorkspaceInvitation(deps, tx, existing, workspaceName, log);
  } else {
    const account = await accounts.insertUser(tx, {
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      fiscalCode: input.fiscalCode,
      createdByWorkspaceId: scope.workspaceId,
    });
    accountId = account.id;
    await sendFirstLogin(deps, tx, account, input.firstName, workspaceName, log);
  }
  const info = await repo.userInfoRepo.insert(tx, scope, {
    userId: accountId,
    firstName: input.firstName,
    lastName: input.lastName,
    fiscalCode: input.fiscalCode,
    invitationStatus: 'pending',
    invitedAt: now,
    ...roleFlags(input.roles),
    ...employeeFields(input),
  });
  await setGroupsOfUser(tx, scope, info.id, groupIds);
  return { userInfoId: info.id };
}

/** The workspace's own uniqueness rules: one record per fiscal code and per login e-mail. */
async function checkWorkspaceDuplicates(
  tx: Queryable,
  scope: WorkspaceScope,
  fiscalCode: string,
  email: string,
  exceptId?: string,
) {
  if (await repo.recordByFiscalCode(tx, scope, fiscalCode, exceptId)) {
    throw new AppError(ErrorCode.CONFLICT, peopleMsg.fiscalCodeInWorkspace, {
      errors: [{ path: 'fiscalCode', message: peopleMsg.fiscalCodeInWorkspace }],
    });
  }
  if (await repo.recordByLoginEmail(tx, scope, email, exceptId)) {
    throw new AppError(ErrorCode.CONFLICT, peopleMsg.emailInWorkspace, {
      errors: [{ path: 'email', message: peopleMsg.emailInWorkspace }],
    });
  }
}

/**
 * POST /admin/user: enrols a person (a new account with a first-login link, or an invitation to the account that logs
 * in with that e-mail). The only conflicts are the workspace's own records.
 */
export async function createUser(deps: AppDeps, ctx: RequestCtx, input: CreateUserInput): Promise<User> {
  const { scope, log } = ctx;
  const id = await deps.db.transaction(async (tx) => {
    const workspace = await findWorkspace(tx, scope);
    const groupIds = await checkGroups(tx, scope, input.groups);
    await checkWorkspaceDuplicates(tx, scope, input.fiscalCode, input.email);
    const { userInfoId } = await enroll(deps, tx, scope, workspace?.name ?? 'Timbro', input, groupIds, log);
    await audit(tx, ctx, {
      action: 'user.create',
      entity: { type: 'user', id: userInfoId },
      changes: { roles: input.roles, groups: groupIds, email: input.email },
    });
    return userInfoId;
  });
  await deps.triggerJob('mail-dispatch');
  return getUser(deps, ctx, id);
}

/**
 * A corrected login e-mail of a record whose account this workspace created and that was never activated: the
 * record moves to the account of the new address (an invitation) or the placeholder account takes the address (a new
 * first-login link). Every link sent to the wrong address dies with it.
 */
async function correctLoginEmail(
  deps: AppDeps,
  tx: Queryable,
  scope: WorkspaceScope,
  row: UserRecord,
  email: string,
  workspaceName: string,
  log: MailLogger,
) {
  const target = await repo.findAccountByEmail(tx, email);
  if (target) {
    await repo.userInfoRepo.update(tx, scope, row.info.id, { userId: target.id, invitedAt: new Date() });
    await accounts.deleteAccount(tx, row.account.id);
    await sendWorkspaceInvitation(deps, tx, target, workspaceName, log);
  } else {
    await accounts.updateAccount(tx, row.account.id, { email });
    await sendFirstLogin(deps, tx, { id: row.account.id, email }, row.info.firstName, workspaceName, log);
  }
}

/**
 * POST /admin/user/{id}: the workspace edits its record (names as shown here, roles, employee info, groups). The
 * fiscal code is fixed, the employee role cannot be dropped, the last admin stays. The login e-mail is the person's:
 * it can be corrected only while the account is one this workspace created and never activated (ADR 0015).
 */
export async function updateUser(deps: AppDeps, ctx: RequestCtx, id: string, input: UpdateUserInput): Promise<User> {
  const { scope, log } = ctx;
  await deps.db.transaction(async (tx) => {
    const row = await repo.findUser(tx, scope, id);
    if (!row) throw notFound(peopleMsg.userNotFound);
    const { info, account } = row;
    if (input.fiscalCode !== undefined && normalizeCodiceFiscale(input.fiscalCode) !== info.fiscalCode) {
      throw validation([{ path: 'fiscalCode', message: peopleMsg.fiscalCodeNotEditable }]);
    }
    const roleRule = checkRoleChange(
      info,
      input.roles,
      info.isAdmin ? await recipients.otherEnabledAdmins(tx, scope, info.id) : 0,
    );
    if (!roleRule.ok) throw validation([{ path: roleRule.path ?? 'roles', message: roleRule.message }]);
    const emailChanged = input.email.toLowerCase() !== account.email.toLowerCase();
    if (emailChanged) {
      if (!loginEmailEditable(row)) throw validation([{ path: 'email', message: peopleMsg.loginEmailLocked }]);
      if (await repo.recordByLoginEmail(tx, scope, input.email, id)) {
        throw new AppError(ErrorCode.CONFLICT, peopleMsg.emailInWorkspace, {
          errors: [{ path: 'email', message: peopleMsg.emailInWorkspace }],
        });
      }
      const workspace = await findWorkspace(tx, scope);
      await correctLoginEmail(deps, tx, scope, row, input.email, workspace?.name ?? 'Timbro', log);
    }
    const groupIds = await checkGroups(tx, scope, input.groups);
    const after = await repo.userInfoRepo.update(tx, scope, id, {
      firstName: input.firstName,
      lastName: input.lastName,
      ...roleFlags(input.roles),
      ...employeeFields(input),
      updatedAt: new Date(),
    });
    await setGroupsOfUser(tx, scope, id, groupIds);
    const before = { ...info, email: account.email, groups: row.groups.map((g) => g.id).sort() };
    const now = { ...after!, email: input.email, groups: [...groupIds].sort() };
    await audit(tx, ctx, { action: 'user.update', entity: { type: 'user', id }, changes: diff(before, now) });
  });
  await deps.triggerJob('mail-dispatch');
  return getUser(deps, ctx, id);
}

export async function searchUnbound(deps: AppDeps, { scope }: RequestCtx, fiscalCode: string, excludeIds: string[]) {
  const rows = await repo.searchUnbound(deps.db, scope, fiscalCode, excludeIds);
  return rows.map((r) => ({
    id: r.id,
    firstName: r.firstName,
    lastName: r.lastName,
    emailHint: maskEmail(r.email),
    fiscalCode: r.fiscalCode ?? '',
    invitationStatus: r.invitationStatus,
    invitedAt: r.invitedAt ? r.invitedAt.toISOString() : null,
  }));
}

export async function lookupUsers(
  deps: AppDeps,
  { scope }: RequestCtx,
  search: string | undefined,
  includeDisabled: boolean,
) {
  const rows = await repo.lookupUsers(deps.db, scope, search, includeDisabled);
  return rows.map((r) => ({ id: r.id, name: `${r.firstName} ${r.lastName}`, enabled: r.enabled }));
}

/**
 * The payroll codes of employee records, in bulk, inside the caller's transaction (the payroll module's employees
 * section and its import). Every id must be an employee record (member role) of the workspace, or nothing is written
 * (404). Two statements whatever the number of rows; returns what changed, for the caller's audit entry.
 */
export async function setPayrollCodes(
  q: Queryable,
  scope: WorkspaceScope,
  items: { id: string; payrollCode: string | null }[],
): Promise<{ id: string; from: string | null; to: string | null }[]> {
  const changes = await employeeCodes.set(q, scope, items);
  if (!changes) throw notFound(monthMsg.employeeNotFound);
  return changes;
}
