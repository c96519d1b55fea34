import { desc, eq, gt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client';
import type { MonthChangeNote } from '../attendance';
import { monthChanges, monthLogs, users } from '../../db/schema';
import { inScope, type WorkspaceScope } from '../../db/scope';

// The lock's side of the month logs: which months are closed, and the changes made in a month after its version.

/** Whether the month has a completed version that was not reopened (its newest completed one). */
export async function isClosed(q: Queryable, scope: WorkspaceScope, endOfMonth: string) {
  const [row] = await q
    .select({ reopenedAt: monthLogs.reopenedAt })
    .from(monthLogs)
    .where(inScope(monthLogs, scope, eq(monthLogs.endOfMonth, endOfMonth), eq(monthLogs.status, 'completed')))
    .orderBy(desc(monthLogs.versionNumber))
    .limit(1);
  return row !== undefined && row.reopenedAt === null;
}

/** The months whose newest completed version was not reopened (their last days). */
export async function closedMonths(q: Queryable, scope: WorkspaceScope): Promise<string[]> {
  const rows = await q
    .selectDistinctOn([monthLogs.endOfMonth], { endOfMonth: monthLogs.endOfMonth, reopenedAt: monthLogs.reopenedAt })
    .from(monthLogs)
    .where(inScope(monthLogs, scope, eq(monthLogs.status, 'completed')))
    .orderBy(monthLogs.endOfMonth, desc(monthLogs.versionNumber));
  return rows.filter((r) => r.reopenedAt === null).map((r) => r.endOfMonth);
}

/**
 * Records changes in months that already have a completed version (one statement for any number of notes; the
 * months without a version keep nothing).
 */
export async function insertChanges(
  q: Queryable,
  scope: WorkspaceScope,
  notes: (MonthChangeNote & { endOfMonth: string })[],
) {
  await q.execute(sql`
    insert into ${monthChanges} ("workspace_id", "end_of_month", "user_info_id", "date", "entity_type", "entity_id", "action", "actor_user_id")
    select ${scope.workspaceId}::uuid, n.e, n.u, n.d, n.t, n.i, n.a, n.p
    from jsonb_to_recordset(${JSON.stringify(
      notes.map((n) => ({
        e: n.endOfMonth,
        u: n.userInfoId,
        d: n.date,
        t: n.entityType,
        i: n.entityId,
        a: n.action,
        p: n.actorUserId,
      })),
    )}::jsonb) as n(e date, u uuid, d date, t text, i text, a text, p uuid)
    where exists (select 1 from ${monthLogs} ml where ml.workspace_id = ${scope.workspaceId}::uuid and ml.end_of_month = n.e and ml.status = 'completed')`);
}

/** The changes in a month after an instant (newest first, at most 500). */
export function changesAfter(
  q: Queryable,
  scope: WorkspaceScope,
  endOfMonth: string,
  after: Date,
): Promise<ChangeRow[]> {
  const actor = alias(users, 'actor');
  return q
    .select({
      id: monthChanges.id,
      date: monthChanges.date,
      userInfoId: monthChanges.userInfoId,
      entityType: monthChanges.entityType,
      entityId: monthChanges.entityId,
      action: monthChanges.action,
      actorUserId: monthChanges.actorUserId,
      actorFirst: actor.firstName,
      actorLast: actor.lastName,
      createdAt: monthChanges.createdAt,
    })
    .from(monthChanges)
    .leftJoin(actor, eq(actor.id, monthChanges.actorUserId))
    .where(inScope(monthChanges, scope, eq(monthChanges.endOfMonth, endOfMonth), gt(monthChanges.createdAt, after)))
    .orderBy(desc(monthChanges.createdAt), desc(monthChanges.id))
    .limit(500);
}
/** A recorded change: the note as attendance gave it, with who made it by name and when. */
export interface ChangeRow extends MonthChangeNote {
  id: number;
  actorFirst: string | null;
  actorLast: string | null;
  createdAt: Date;
}
