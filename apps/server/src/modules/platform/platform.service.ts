import {
  ErrorCode,
  platformMsg,
  type CreatePlatformWorkspaceInput,
  type CreateUserInput,
  type FieldError,
  type ListPlatformWorkspacesQuery,
  type PlatformWorkspace,
  type PlatformWorkspacePage,
  type WorkspaceQuotaInput,
} from '@timbro/shared';
import type { Queryable } from '../../db/client';
import { workspaceScope } from '../../db/scope';
import type { AppDeps } from '../../deps';
import { audit } from '../../lib/audit';
import { AppError, notFound } from '../../lib/errors';
import type { MailLogger } from '../../lib/mail';
import type { ActorRef } from '../../plugins/request-context';
import { enroll } from '../users';
import { deleteWorkspaceFeeds } from '../work-shifts';
import { ensureWorkspaceDefaults } from './workspace-defaults';
import * as repo from './platform.repository';

/**
 * The platform operator's area (spec §1, §6; ADR 0023): every workspace with its head counts, a new workspace with its
 * first admin, and disabling or enabling a workspace. Only `platform:manage` reaches these (the request context).
 */

function present(row: repo.PlatformWorkspaceRow): PlatformWorkspace {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    vatNumber: row.vatNumber,
    createdAt: row.createdAt.toISOString(),
    disabledAt: row.disabledAt ? row.disabledAt.toISOString() : null,
    employeesCount: row.employeesCount,
    adminsCount: row.adminsCount,
    pendingAdminsCount: row.pendingAdminsCount,
    storage: { usedBytes: row.usedBytes, usedFiles: row.usedFiles, quotaMb: row.quotaMb, quotaFiles: row.quotaFiles },
  };
}

/** GET /platform/workspace. */
export async function listWorkspaces(
  deps: AppDeps,
  query: ListPlatformWorkspacesQuery,
): Promise<PlatformWorkspacePage> {
  const { rows, total } = await repo.listWorkspaces(deps.db, query);
  return { items: rows.map(present), total, page: query.page, perPage: query.per_page };
}

async function getWorkspace(q: Queryable, id: string): Promise<PlatformWorkspace> {
  const row = await repo.findWorkspaceWithCounts(q, id);
  if (!row) throw notFound(platformMsg.workspaceNotFound);
  return present(row);
}

const conflictOn = (path: string, message: string) =>
  new AppError(ErrorCode.CONFLICT, message, { errors: [{ path, message }] satisfies FieldError[] });

/**
 * What would make the new workspace a mistake: a company already on the platform (same name or VAT number), or a first
 * admin who could never answer the invitation (the operator never joins a workspace; a disabled account is mailed
 * nothing).
 */
async function checkConflicts(q: Queryable, input: CreatePlatformWorkspaceInput) {
  const company = input.workspace_company;
  if (await repo.workspaceNamed(q, company.name))
    throw conflictOn('workspace_company.name', platformMsg.companyNameTaken);
  if (company.vatNumber && (await repo.workspaceWithVatNumber(q, company.vatNumber)))
    throw conflictOn('workspace_company.vatNumber', platformMsg.vatNumberTaken);
  const account = await repo.accountByEmail(q, input.admin.email);
  if (account?.isOperator) throw conflictOn('admin.email', platformMsg.adminIsOperator);
  if (account && !account.enabled) throw conflictOn('admin.email', platformMsg.adminAccountDisabled);
}

/**
 * POST /platform/workspace: in one transaction, the workspace with its defaults (national holidays, absence types) and
 * its first admin, enrolled exactly as POST /admin/user enrols a person (ADR 0015): a new account gets a first-login
 * link (setting the password accepts), an existing one an invitation to answer. The mails leave after the commit.
 */
export async function createWorkspace(
  deps: AppDeps,
  actor: ActorRef,
  input: CreatePlatformWorkspaceInput,
  log: MailLogger,
): Promise<PlatformWorkspace> {
  const company = input.workspace_company;
  const id = await deps.db.transaction(async (tx) => {
    await repo.lockWorkspaceCreation(tx);
    await checkConflicts(tx, input);
    const workspace = await repo.insertWorkspace(tx, {
      name: company.name,
      email: company.email,
      vatNumber: company.vatNumber,
    });
    const scope = workspaceScope(workspace.id);
    await ensureWorkspaceDefaults(tx, scope);
    const admin: CreateUserInput = {
      ...input.admin,
      roles: ['admin'],
      attendanceAutoApproveRequest: 'default',
      workEmail: null,
      phoneNumber: null,
      pec: null,
      homeAddress: null,
      iban: null,
      birthday: null,
      birthplace: null,
      groups: [],
    };
    const { userInfoId } = await enroll(deps, tx, scope, workspace.name, admin, [], log);
    await audit(
      tx,
      { scope, actor },
      {
        action: 'workspace.create',
        entity: { type: 'workspace', id: workspace.id },
        changes: { ...company, admin: { userInfoId, email: input.admin.email } },
      },
    );
    return workspace.id;
  });
  await deps.triggerJob('mail-dispatch');
  return getWorkspace(deps.db, id);
}

/**
 * POST /platform/workspace/{id}/disable and /enable. A disabled workspace is in nobody's list and its memberships give
 * no access from the next request on (they are loaded on every request); nothing of its data changes, so enabling it
 * gives everything back — except its people's calendar links, deleted with the disabling (a secret link must not
 * outlive the access; each person makes a new one). Asking for the state it already has is a conflict (another
 * operator was quicker).
 */
export async function setWorkspaceDisabled(
  deps: AppDeps,
  actor: ActorRef,
  id: string,
  disabled: boolean,
): Promise<PlatformWorkspace> {
  return deps.db.transaction(async (tx) => {
    const before = await repo.lockWorkspace(tx, id);
    if (!before) throw notFound(platformMsg.workspaceNotFound);
    if ((before.disabledAt !== null) === disabled)
      throw new AppError(ErrorCode.CONFLICT, disabled ? platformMsg.alreadyDisabled : platformMsg.alreadyEnabled);
    const disabledAt = disabled ? new Date() : null;
    await repo.setDisabledAt(tx, id, disabledAt);
    // The company's calendar links die with it (ADR 0022): enabling it again does not bring them back.
    if (disabled) await deleteWorkspaceFeeds(tx, workspaceScope(id));
    await audit(
      tx,
      { scope: workspaceScope(id), actor },
      {
        action: disabled ? 'workspace.disable' : 'workspace.enable',
        entity: { type: 'workspace', id },
        changes: {
          disabledAt: { from: before.disabledAt?.toISOString() ?? null, to: disabledAt?.toISOString() ?? null },
        },
      },
    );
    return getWorkspace(tx, id);
  });
}

/** POST /platform/workspace/{id}/quota: the company's file storage quota (issue 30 item 8), audited. */
export async function setStorageQuota(
  deps: AppDeps,
  actor: ActorRef,
  id: string,
  input: WorkspaceQuotaInput,
): Promise<PlatformWorkspace> {
  return deps.db.transaction(async (tx) => {
    const before = await repo.findWorkspaceWithCounts(tx, id);
    if (!before) throw notFound(platformMsg.workspaceNotFound);
    await repo.setStorageQuota(tx, id, input);
    await audit(
      tx,
      { scope: workspaceScope(id), actor },
      {
        action: 'workspace.storage_quota',
        entity: { type: 'workspace', id },
        changes: {
          quotaMb: { from: before.quotaMb, to: input.quotaMb },
          quotaFiles: { from: before.quotaFiles, to: input.quotaFiles },
        },
      },
    );
    return getWorkspace(tx, id);
  });
}
