import type { Queryable } from '../db/client';
import { auditLog } from '../db/schema';
import type { WorkspaceScope } from '../db/scope';
import { insertInScope } from '../db/scope';

export interface AuditEntry {
  actorUserId: string | null;
  action: string;
  entityType: string;
  entityId: string;
  changes?: Record<string, { from: unknown; to: unknown }> | Record<string, unknown>;
  requestId?: string | null;
}

/** Fields whose values must never be written to the audit trail. */
const SECRET_FIELDS = new Set(['passwordHash', 'password', 'tokenHash']);

/** The changed fields between two versions of a record, secrets masked. */
export function diff(before: Record<string, unknown>, after: Record<string, unknown>) {
  const out: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of Object.keys(after)) {
    if (key === 'updatedAt' || key === 'createdAt') continue;
    const a = before[key] instanceof Date ? (before[key] as Date).toISOString() : before[key];
    const b = after[key] instanceof Date ? (after[key] as Date).toISOString() : after[key];
    if (JSON.stringify(a) !== JSON.stringify(b)) {
      out[key] = SECRET_FIELDS.has(key) ? { from: '***', to: '***' } : { from: a ?? null, to: b ?? null };
    }
  }
  return out;
}

/** Appends to the workspace's audit trail, inside the caller's transaction. */
export async function recordAudit(q: Queryable, scope: WorkspaceScope, entry: AuditEntry) {
  await recordAudits(q, scope, [entry]);
}

/** Who did it and where: a `RequestCtx` is one; work outside a request builds `{ scope, actor }`. */
export interface AuditCtx {
  readonly scope: WorkspaceScope;
  readonly actor: { readonly userId: string | null; readonly requestId?: string | null };
}

/** What was done, to which record, and what changed. */
export interface AuditEvent {
  action: string;
  entity: { type: string; id: string };
  changes?: AuditEntry['changes'];
}

/**
 * The audit entry of a request: the actor, the workspace and the request id come from its context. The way a service
 * records what it did, inside its transaction (`recordAudit` stays for entries without a request, as the jobs').
 */
export async function audit(q: Queryable, ctx: AuditCtx, event: AuditEvent) {
  await recordAudit(q, ctx.scope, {
    actorUserId: ctx.actor.userId,
    action: event.action,
    entityType: event.entity.type,
    entityId: event.entity.id,
    changes: event.changes,
    requestId: ctx.actor.requestId,
  });
}

/** Many entries in one statement (a publication's row per page). */
export async function recordAudits(q: Queryable, scope: WorkspaceScope, entries: AuditEntry[]) {
  if (entries.length === 0) return;
  await insertInScope(
    q,
    scope,
    auditLog,
    entries.map((entry) => ({
      actorUserId: entry.actorUserId,
      action: entry.action,
      entityType: entry.entityType,
      entityId: entry.entityId,
      changes: entry.changes ?? {},
      requestId: entry.requestId ?? null,
    })),
  );
}
