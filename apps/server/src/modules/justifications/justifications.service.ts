import { ErrorCode, wtMsg, type JustificationGroupInput, type JustificationInput } from '@timbro/shared';
import type { Queryable } from '../../db/client';
import type { WorkspaceScope } from '../../db/scope';
import type { AppDeps } from '../../deps';
import { diff, audit } from '../../lib/audit';
import { AppError, notFound, validation } from '../../lib/errors';
import type { RequestCtx } from '../../plugins/request-context';
import { DEFAULT_JUSTIFICATION_GROUPS, DEFAULT_JUSTIFICATIONS } from './justifications.defaults';
import * as repo from './justifications.repository';

const { groupRepo, justificationRepo } = repo;

/** Installs the default Italian absence types in a workspace that has none (idempotent). */
export async function ensureDefaultJustifications(q: Queryable, scope: WorkspaceScope): Promise<boolean> {
  if (await repo.hasJustifications(q, scope)) return false;
  const groupIds = new Map<string, string>();
  for (const g of DEFAULT_JUSTIFICATION_GROUPS) {
    const row = await groupRepo.insert(q, scope, { name: g.name, summarizeable: g.summarizeable });
    groupIds.set(g.key, row.id);
  }
  await repo.insertJustifications(
    q,
    scope,
    DEFAULT_JUSTIFICATIONS.map((j) => ({
      code: j.code,
      name: j.name,
      impact: j.impact,
      unit: j.unit,
      payrollCode: j.payrollCode,
      requiresCertificate: j.requiresCertificate ?? false,
      groupId: groupIds.get(j.group)!,
    })),
  );
  return true;
}

const present = (r: repo.JustificationWithGroup) => ({
  id: r.j.id,
  code: r.j.code,
  name: r.j.name,
  impact: r.j.impact,
  unit: r.j.unit,
  enabled: r.j.enabled,
  groupId: r.j.groupId,
  groupName: r.groupName,
  requiresCertificate: r.j.requiresCertificate,
  payrollCode: r.j.payrollCode,
});

export async function listJustifications(deps: AppDeps, ctx: RequestCtx) {
  const rows = await repo.listJustifications(deps.db, ctx.scope);
  return rows.map(present);
}

/**
 * Lookup: enabled absence types of enabled groups, plus `includeId` even when disabled (the record being edited
 * still references it).
 */
export async function lookupJustifications(deps: AppDeps, ctx: RequestCtx, includeId?: string) {
  const rows = await repo.lookupJustifications(deps.db, ctx.scope, includeId);
  return rows.map(present);
}

export async function getJustification(deps: AppDeps, ctx: RequestCtx, id: string) {
  const row = await repo.findJustification(deps.db, ctx.scope, id);
  if (!row) throw notFound(wtMsg.justificationNotFound);
  return present(row);
}

async function checkJustification(q: Queryable, scope: WorkspaceScope, input: JustificationInput, exceptId?: string) {
  if (await repo.findOtherByCode(q, scope, input.code, exceptId))
    throw new AppError(ErrorCode.CONFLICT, wtMsg.codeTaken, { errors: [{ path: 'code', message: wtMsg.codeTaken }] });
  if (input.groupId && !(await groupRepo.findById(q, scope, input.groupId)))
    throw validation([{ path: 'groupId', message: wtMsg.justificationGroupNotFound }]);
}

export async function createJustification(deps: AppDeps, ctx: RequestCtx, input: JustificationInput) {
  const { scope } = ctx;
  const id = await deps.db.transaction(async (tx) => {
    await checkJustification(tx, scope, input);
    const row = await justificationRepo.insert(tx, scope, input);
    await audit(tx, ctx, {
      action: 'justification.create',
      entity: { type: 'justification', id: row.id },
      changes: input,
    });
    return row.id;
  });
  return getJustification(deps, ctx, id);
}

export async function updateJustification(deps: AppDeps, ctx: RequestCtx, id: string, input: JustificationInput) {
  const { scope } = ctx;
  await deps.db.transaction(async (tx) => {
    const before = await justificationRepo.findById(tx, scope, id);
    if (!before) throw notFound(wtMsg.justificationNotFound);
    await checkJustification(tx, scope, input, id);
    const after = await justificationRepo.update(tx, scope, id, { ...input, updatedAt: new Date() });
    await audit(tx, ctx, {
      action: 'justification.update',
      entity: { type: 'justification', id },
      changes: diff(before, after!),
    });
  });
  return getJustification(deps, ctx, id);
}

// Groups

export async function listJustificationGroups(
  deps: AppDeps,
  ctx: RequestCtx,
  opts: { includeId?: string; includeDisabled?: boolean } = {},
) {
  const rows = await repo.listGroups(deps.db, ctx.scope, opts);
  return rows.map((r) => ({
    id: r.g.id,
    name: r.g.name,
    disabled: r.g.disabled,
    summarizeable: r.g.summarizeable,
    justificationsCount: r.count,
  }));
}

async function checkGroupName(q: Queryable, scope: WorkspaceScope, name: string, exceptId?: string) {
  if (await repo.findOtherGroupByName(q, scope, name, exceptId))
    throw new AppError(ErrorCode.CONFLICT, wtMsg.nameTaken, { errors: [{ path: 'name', message: wtMsg.nameTaken }] });
}

export async function createJustificationGroup(deps: AppDeps, ctx: RequestCtx, input: JustificationGroupInput) {
  const { scope } = ctx;
  return deps.db.transaction(async (tx) => {
    await checkGroupName(tx, scope, input.name);
    const row = await groupRepo.insert(tx, scope, input);
    await audit(tx, ctx, {
      action: 'justification-group.create',
      entity: { type: 'justification-group', id: row.id },
      changes: input,
    });
    return {
      id: row.id,
      name: row.name,
      disabled: row.disabled,
      summarizeable: row.summarizeable,
      justificationsCount: 0,
    };
  });
}

export async function updateJustificationGroup(
  deps: AppDeps,
  ctx: RequestCtx,
  id: string,
  input: JustificationGroupInput,
) {
  const { scope } = ctx;
  await deps.db.transaction(async (tx) => {
    const before = await groupRepo.findById(tx, scope, id);
    if (!before) throw notFound(wtMsg.justificationGroupNotFound);
    await checkGroupName(tx, scope, input.name, id);
    const after = await groupRepo.update(tx, scope, id, { ...input, updatedAt: new Date() });
    await audit(tx, ctx, {
      action: 'justification-group.update',
      entity: { type: 'justification-group', id },
      changes: diff(before, after!),
    });
  });
  const all = await listJustificationGroups(deps, ctx, { includeDisabled: true });
  return all.find((g) => g.id === id)!;
}

/**
 * The payroll codes of absence types, in bulk, inside the caller's transaction (the payroll module's justifications
 * section). Every id must be an absence type of the workspace, or nothing is written (404). Two statements whatever
 * the number of rows; returns what changed, for the caller's audit entry.
 */
export async function setPayrollCodes(
  q: Queryable,
  scope: WorkspaceScope,
  items: { id: string; payrollCode: string | null }[],
): Promise<{ id: string; from: string | null; to: string | null }[]> {
  const changes = await repo.payrollCodes.set(q, scope, items);
  if (!changes) throw notFound(wtMsg.justificationNotFound);
  return changes;
}
