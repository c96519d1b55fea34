import { ErrorCode, wtMsg, type JustificationGroupInput, type JustificationInput } from '@timbro/shared';
import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { justificationGroups, justifications } from '../../db/schema';
import { insertInScope, inScope, tenantRepository, type WorkspaceScope } from '../../db/scope';
import { nameKey } from '../../db/sql';
import type { AppDeps } from '../../deps';
import { diff, recordAudit } from '../../lib/audit';
import { AppError, notFound, validation } from '../../lib/errors';
import type { ActorRef } from '../users/users.service';
import { DEFAULT_JUSTIFICATION_GROUPS, DEFAULT_JUSTIFICATIONS } from './justifications.defaults';

const justificationRepo = tenantRepository(justifications);
const groupRepo = tenantRepository(justificationGroups);

/** Installs the default Italian absence types in a workspace that has none (idempotent). */
export async function ensureDefaultJustifications(q: Queryable, scope: WorkspaceScope): Promise<boolean> {
  const [any] = await q.select({ id: justifications.id }).from(justifications).where(inScope(justifications, scope)).limit(1);
  if (any) return false;
  const groupIds = new Map<string, string>();
  for (const g of DEFAULT_JUSTIFICATION_GROUPS) {
    const row = await groupRepo.insert(q, scope, { name: g.name, summarizeable: g.summarizeable });
    groupIds.set(g.key, row.id);
  }
  await insertInScope(
    q,
    scope,
    justifications,
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

function selectJustifications(q: Queryable) {
  return q
    .select({ j: justifications, groupName: justificationGroups.name, groupDisabled: justificationGroups.disabled })
    .from(justifications)
    .leftJoin(justificationGroups, and(eq(justificationGroups.id, justifications.groupId), eq(justificationGroups.workspaceId, justifications.workspaceId)));
}

type JRow = { j: typeof justifications.$inferSelect; groupName: string | null; groupDisabled: boolean | null };
const present = (r: JRow) => ({
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

export async function listJustifications(deps: AppDeps, scope: WorkspaceScope) {
  const rows = await selectJustifications(deps.db).where(inScope(justifications, scope)).orderBy(asc(nameKey(justifications.name)));
  return rows.map(present);
}

/**
 * Lookup: enabled absence types of enabled groups, plus `includeId` even when disabled (the record being edited
 * still references it).
 */
export async function lookupJustifications(deps: AppDeps, scope: WorkspaceScope, includeId?: string) {
  const usable = and(eq(justifications.enabled, true), sql`coalesce(${justificationGroups.disabled}, false) = false`);
  const rows = await selectJustifications(deps.db)
    .where(inScope(justifications, scope, includeId ? or(usable, eq(justifications.id, includeId)) : usable))
    .orderBy(asc(nameKey(justifications.name)));
  return rows.map(present);
}

export async function getJustification(deps: AppDeps, scope: WorkspaceScope, id: string) {
  const [row] = await selectJustifications(deps.db).where(inScope(justifications, scope, eq(justifications.id, id)));
  if (!row) throw notFound(wtMsg.justificationNotFound);
  return present(row);
}

async function checkJustification(q: Queryable, scope: WorkspaceScope, input: JustificationInput, exceptId?: string) {
  const [clash] = await q
    .select({ id: justifications.id })
    .from(justifications)
    .where(inScope(justifications, scope, sql`upper(${justifications.code}) = ${input.code}`, exceptId ? sql`${justifications.id} <> ${exceptId}` : undefined));
  if (clash) throw new AppError(ErrorCode.CONFLICT, wtMsg.codeTaken, { errors: [{ path: 'code', message: wtMsg.codeTaken }] });
  if (input.groupId && !(await groupRepo.findById(q, scope, input.groupId))) throw validation([{ path: 'groupId', message: wtMsg.justificationGroupNotFound }]);
}

export async function createJustification(deps: AppDeps, scope: WorkspaceScope, actor: ActorRef, input: JustificationInput) {
  const id = await deps.db.transaction(async (tx) => {
    await checkJustification(tx, scope, input);
    const row = await justificationRepo.insert(tx, scope, input);
    await recordAudit(tx, scope, { actorUserId: actor.userId, action: 'justification.create', entityType: 'justification', entityId: row.id, changes: input, requestId: actor.requestId });
    return row.id;
  });
  return getJustification(deps, scope, id);
}

export async function updateJustification(deps: AppDeps, scope: WorkspaceScope, actor: ActorRef, id: string, input: JustificationInput) {
  await deps.db.transaction(async (tx) => {
    const before = await justificationRepo.findById(tx, scope, id);
    if (!before) throw notFound(wtMsg.justificationNotFound);
    await checkJustification(tx, scope, input, id);
    const after = await justificationRepo.update(tx, scope, id, { ...input, updatedAt: new Date() });
    await recordAudit(tx, scope, { actorUserId: actor.userId, action: 'justification.update', entityType: 'justification', entityId: id, changes: diff(before, after!), requestId: actor.requestId });
  });
  return getJustification(deps, scope, id);
}

// Groups

export async function listJustificationGroups(deps: AppDeps, scope: WorkspaceScope, opts: { includeId?: string; includeDisabled?: boolean } = {}) {
  // The outer table is named explicitly: in a one-table select drizzle renders bare column names, which inside the
  // subquery would resolve to j's own columns (j.group_id = j.id, never true).
  const count = sql<number>`(select count(*)::int from ${justifications} j where j.workspace_id = ${justificationGroups}.workspace_id and j.group_id = ${justificationGroups}.id)`;
  const visible = opts.includeDisabled ? undefined : opts.includeId ? or(eq(justificationGroups.disabled, false), eq(justificationGroups.id, opts.includeId)) : eq(justificationGroups.disabled, false);
  const rows = await deps.db
    .select({ g: justificationGroups, count })
    .from(justificationGroups)
    .where(inScope(justificationGroups, scope, visible))
    .orderBy(asc(nameKey(justificationGroups.name)));
  return rows.map((r) => ({ id: r.g.id, name: r.g.name, disabled: r.g.disabled, summarizeable: r.g.summarizeable, justificationsCount: r.count }));
}

async function checkGroupName(q: Queryable, scope: WorkspaceScope, name: string, exceptId?: string) {
  const [clash] = await q
    .select({ id: justificationGroups.id })
    .from(justificationGroups)
    .where(inScope(justificationGroups, scope, sql`lower(${justificationGroups.name}) = lower(${name})`, exceptId ? sql`${justificationGroups.id} <> ${exceptId}` : undefined));
  if (clash) throw new AppError(ErrorCode.CONFLICT, wtMsg.nameTaken, { errors: [{ path: 'name', message: wtMsg.nameTaken }] });
}

export async function createJustificationGroup(deps: AppDeps, scope: WorkspaceScope, actor: ActorRef, input: JustificationGroupInput) {
  return deps.db.transaction(async (tx) => {
    await checkGroupName(tx, scope, input.name);
    const row = await groupRepo.insert(tx, scope, input);
    await recordAudit(tx, scope, { actorUserId: actor.userId, action: 'justification-group.create', entityType: 'justification-group', entityId: row.id, changes: input, requestId: actor.requestId });
    return { id: row.id, name: row.name, disabled: row.disabled, summarizeable: row.summarizeable, justificationsCount: 0 };
  });
}

export async function updateJustificationGroup(deps: AppDeps, scope: WorkspaceScope, actor: ActorRef, id: string, input: JustificationGroupInput) {
  await deps.db.transaction(async (tx) => {
    const before = await groupRepo.findById(tx, scope, id);
    if (!before) throw notFound(wtMsg.justificationGroupNotFound);
    await checkGroupName(tx, scope, input.name, id);
    const after = await groupRepo.update(tx, scope, id, { ...input, updatedAt: new Date() });
    await recordAudit(tx, scope, { actorUserId: actor.userId, action: 'justification-group.update', entityType: 'justification-group', entityId: id, changes: diff(before, after!), requestId: actor.requestId });
  });
  const all = await listJustificationGroups(deps, scope, { includeDisabled: true });
  return all.find((g) => g.id === id)!;
}
