import {
  ErrorCode,
  ErrorHeaderValue,
  INVITATION_TOKEN_TTL_HOURS,
  autoApproveToDb,
  errorTexts,

  normalizeCodiceFiscale,
  peopleMsg,
  type CreateUserInput,
  type ListUsersQuery,
  type UpdateUserInput,
  type User,
  type UserPage,
} from '@timbro/shared';
import type { Queryable } from '../../db/client';
import { oneTimeTokens } from '../../db/schema';
import type { WorkspaceScope } from '../../db/scope';
import type { AppDeps } from '../../deps';
import { diff, recordAudit } from '../../lib/audit';
import { AppError, notFound, validation } from '../../lib/errors';
import { enqueueMail, type MailLogger } from '../../lib/mail';
import { addedToWorkspaceMail, invitationMail } from '../../lib/mail-templates';
import { randomToken, sha256 } from '../../lib/tokens';
import * as authRepo from '../auth/auth.repository';
import { findWorkspace } from '../workspaces/workspaces.repository';
import { maskEmail, presentUser } from './users.presenter';
import { checkDisable, checkRoleChange } from './users.policy';
import * as repo from './users.repository';

export interface ActorRef {
  userId: string;
  userInfoId: string | null;
  requestId: string;
}

const emailTaken = () =>
  new AppError(ErrorCode.CONFLICT, errorTexts.UniqueConstraintViolation, {
    headerValue: ErrorHeaderValue.UniqueConstraintViolation,
    errors: [{ path: 'email', message: errorTexts.UniqueConstraintViolation }],
  });

function roleFlags(roles: string[]) {
  return { isAdmin: roles.includes('admin'), isAccountant: roles.includes('accountant'), isMember: roles.includes('member') };
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

export async function listUsers(deps: AppDeps, scope: WorkspaceScope, query: ListUsersQuery): Promise<UserPage> {
  const { rows, total } = await repo.listUsers(deps.db, scope, query);
  return { items: rows.map(presentUser), total, page: query.page, perPage: query.per_page };
}

export async function getUser(deps: AppDeps, scope: WorkspaceScope, id: string): Promise<User> {
  const row = await repo.findUser(deps.db, scope, id);
  if (!row) throw notFound(peopleMsg.userNotFound);
  return presentUser(row);
}

/**
 * Enrols a person in the workspace inside the caller's transaction: the account is created (with a first-login
 * token and an invitation e-mail) unless an existing one is bound (then an "added" e-mail), then the employee record
 * and its groups. Creation rules are the caller's: this only writes.
 */
export async function enroll(
  deps: AppDeps,
  tx: Queryable,
  scope: WorkspaceScope,
  workspaceName: string,
  input: CreateUserInput,
  bindUserId: string | null,
  groupIds: string[],
  log: MailLogger,
): Promise<{ userInfoId: string; created: boolean }> {
  let accountId = bindUserId;
  let invitationToken: string | null = null;
  if (!accountId) {
    const account = await repo.insertAccount(tx, { email: input.email, firstName: input.firstName, lastName: input.lastName, fiscalCode: input.fiscalCode });
    accountId = account.id;
    invitationToken = randomToken();
    await tx.insert(oneTimeTokens).values({
      userId: account.id,
      purpose: 'first_login',
      tokenHash: sha256(invitationToken),
      expiresAt: new Date(Date.now() + INVITATION_TOKEN_TTL_HOURS * 3600_000),
    });
  }
  const info = await repo.userInfoRepo.insert(tx, scope, { userId: accountId, ...roleFlags(input.roles), ...employeeFields(input) });
  await repo.setUserGroups(tx, scope, info.id, groupIds);
  if (invitationToken) {
    const link = `${deps.config.publicUrl}/first-login/${invitationToken}`;
    await enqueueMail(tx, { to: input.email, ...invitationMail(input.firstName, workspaceName, link) }, log, !deps.config.isProduction);
  } else {
    const account = await repo.findAccountById(tx, accountId);
    await enqueueMail(tx, { to: account!.email, ...addedToWorkspaceMail(account!.firstName, workspaceName, deps.config.publicUrl) }, log);
  }
  return { userInfoId: info.id, created: invitationToken !== null };
}

/**
 * POST /admin/user: a new person gets an account and an invitation e-mail with a first-login link; an existing
 * platform account (a candidate, or someone employed elsewhere) is bound to the workspace instead of duplicated.
 */
export async function createUser(deps: AppDeps, scope: WorkspaceScope, actor: ActorRef, input: CreateUserInput, log: MailLogger): Promise<User> {
  const id = await deps.db.transaction(async (tx) => {
    const workspace = await findWorkspace(tx, scope);
    const groupIds = await checkGroups(tx, scope, input.groups);
    if (input.bindUserId) {
      const account = await repo.findAccountById(tx, input.bindUserId);
      if (!account || !account.enabled || account.fiscalCode !== input.fiscalCode) throw notFound(peopleMsg.userNotFound);
      if (await repo.membershipOfAccount(tx, scope, account.id)) {
        throw new AppError(ErrorCode.CONFLICT, peopleMsg.alreadyMember, { errors: [{ path: 'fiscalCode', message: peopleMsg.alreadyMember }] });
      }
    } else {
      const sameCf = await repo.findAccountByFiscalCode(tx, input.fiscalCode);
      if (sameCf) {
        const member = await repo.membershipOfAccount(tx, scope, sameCf.id);
        const message = member ? peopleMsg.alreadyMember : peopleMsg.fiscalCodeTaken;
        throw new AppError(ErrorCode.CONFLICT, message, { errors: [{ path: 'fiscalCode', message }] });
      }
      if (await repo.findAccountByEmail(tx, input.email)) throw emailTaken();
    }
    const { userInfoId } = await enroll(deps, tx, scope, workspace?.name ?? 'Timbro', input, input.bindUserId, groupIds, log);
    await recordAudit(tx, scope, {
      actorUserId: actor.userId,
      action: input.bindUserId ? 'user.bind' : 'user.create',
      entityType: 'user',
      entityId: userInfoId,
      changes: { roles: input.roles, groups: groupIds, email: input.email },
      requestId: actor.requestId,
    });
    return userInfoId;
  });
  await deps.triggerJob('mail-dispatch');
  return getUser(deps, scope, id);
}

/** POST /admin/user/{id}: the fiscal code is fixed, the employee role cannot be dropped, the last admin stays. */
export async function updateUser(deps: AppDeps, scope: WorkspaceScope, actor: ActorRef, id: string, input: UpdateUserInput): Promise<User> {
  await deps.db.transaction(async (tx) => {
    const row = await repo.findUser(tx, scope, id);
    if (!row) throw notFound(peopleMsg.userNotFound);
    const { info, account } = row;
    if (input.fiscalCode !== undefined && normalizeCodiceFiscale(input.fiscalCode) !== account.fiscalCode) {
      throw validation([{ path: 'fiscalCode', message: peopleMsg.fiscalCodeNotEditable }]);
    }
    const roleRule = checkRoleChange(info, input.roles, info.isAdmin ? await repo.otherEnabledAdmins(tx, scope, info.id) : 0);
    if (!roleRule.ok) throw validation([{ path: roleRule.path ?? 'roles', message: roleRule.message }]);
    const accountChanged =
      input.firstName !== account.firstName || input.lastName !== account.lastName || input.email.toLowerCase() !== account.email.toLowerCase();
    if (accountChanged) {
      if (row.otherWorkspaces > 0) throw new AppError(ErrorCode.CONFLICT, peopleMsg.sharedAccount);
      const emailChanged = input.email.toLowerCase() !== account.email.toLowerCase();
      if (emailChanged && (await repo.findAccountByEmail(tx, input.email))) throw emailTaken();
      await repo.updateAccount(tx, account.id, { firstName: input.firstName, lastName: input.lastName, email: input.email });
      // The e-mail is the login: the person signs in again with the new one.
      if (emailChanged) await authRepo.revokeUserSessions(tx, account.id, 'email_changed_by_admin');
    }
    const groupIds = await checkGroups(tx, scope, input.groups);
    const after = await repo.userInfoRepo.update(tx, scope, id, { ...roleFlags(input.roles), ...employeeFields(input), updatedAt: new Date() });
    await repo.setUserGroups(tx, scope, id, groupIds);
    const before = { ...info, firstName: account.firstName, lastName: account.lastName, email: account.email, groups: row.groups.map((g) => g.id).sort() };
    const now = { ...after!, firstName: input.firstName, lastName: input.lastName, email: input.email, groups: [...groupIds].sort() };
    await recordAudit(tx, scope, { actorUserId: actor.userId, action: 'user.update', entityType: 'user', entityId: id, changes: diff(before, now), requestId: actor.requestId });
  });
  return getUser(deps, scope, id);
}

/**
 * Enable / disable the person's access to this workspace. Disabling takes effect on their next request; when no other
 * enabled workspace remains (and they are not the platform operator), their sessions and refresh tokens are revoked.
 */
export async function setEnabled(deps: AppDeps, scope: WorkspaceScope, actor: ActorRef, id: string, enabled: boolean): Promise<User> {
  await deps.db.transaction(async (tx) => {
    const row = await repo.findUser(tx, scope, id);
    if (!row) throw notFound(peopleMsg.userNotFound);
    if (row.info.enabled === enabled) return;
    if (!enabled) {
      const rule = checkDisable(row.info, actor.userInfoId, row.info.isAdmin ? await repo.otherEnabledAdmins(tx, scope, row.info.id) : 0);
      if (!rule.ok) throw new AppError(ErrorCode.CONFLICT, rule.message);
    }
    await repo.userInfoRepo.update(tx, scope, id, { enabled, updatedAt: new Date() });
    // The workspace is gone at once for every open session (memberships are read per request). When it was the
    // person's last enabled workspace, their sessions end too, so no refresh token outlives the access.
    if (!enabled && !(await authRepo.keepsPlatformAccess(tx, row.info.userId))) {
      await authRepo.revokeUserSessions(tx, row.info.userId, 'membership_disabled');
    }
    await recordAudit(tx, scope, {
      actorUserId: actor.userId,
      action: enabled ? 'user.enable' : 'user.disable',
      entityType: 'user',
      entityId: id,
      changes: { enabled: { from: !enabled, to: enabled } },
      requestId: actor.requestId,
    });
  });
  return getUser(deps, scope, id);
}

export async function searchUnbound(deps: AppDeps, scope: WorkspaceScope, fiscalCode: string, excludeIds: string[]) {
  const rows = await repo.searchUnbound(deps.db, scope, fiscalCode, excludeIds);
  return rows.map((r) => ({ id: r.id, firstName: r.firstName, lastName: r.lastName, emailHint: maskEmail(r.email), fiscalCode: r.fiscalCode ?? '' }));
}

export async function lookupUsers(deps: AppDeps, scope: WorkspaceScope, search: string | undefined, includeDisabled: boolean) {
  const rows = await repo.lookupUsers(deps.db, scope, search, includeDisabled);
  return rows.map((r) => ({ id: r.id, name: `${r.firstName} ${r.lastName}`, email: r.email, enabled: r.enabled }));
}

