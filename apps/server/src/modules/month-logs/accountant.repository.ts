import { and, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { justificationRequests, monthChanges, monthLogs, payrollExports } from '../../db/schema';

/*
 * The consultant's cockpit reads one month across the workspaces where the account is accountant. Every statement
 * names those workspaces (`workspace_id in (…)`): the list comes from the account's own memberships, never from input.
 */

/** The newest version of the month in each workspace. */
export function latestVersions(q: Queryable, workspaceIds: string[], endOfMonth: string) {
  return q
    .selectDistinctOn([monthLogs.workspaceId], {
      workspaceId: monthLogs.workspaceId,
      id: monthLogs.id,
      versionNumber: monthLogs.versionNumber,
      status: monthLogs.status,
      finishedAt: monthLogs.finishedAt,
      reopenedAt: monthLogs.reopenedAt,
    })
    .from(monthLogs)
    .where(and(inArray(monthLogs.workspaceId, workspaceIds), eq(monthLogs.endOfMonth, endOfMonth)))
    .orderBy(monthLogs.workspaceId, desc(monthLogs.versionNumber));
}

/** Open absence requests of the month, per workspace. */
export function pendingRequests(q: Queryable, workspaceIds: string[], from: string, to: string) {
  return q
    .select({ workspaceId: justificationRequests.workspaceId, n: sql<number>`count(*)::int` })
    .from(justificationRequests)
    .where(
      and(
        inArray(justificationRequests.workspaceId, workspaceIds),
        eq(justificationRequests.status, 'open'),
        gte(justificationRequests.date, from),
        lte(justificationRequests.date, to),
      ),
    )
    .groupBy(justificationRequests.workspaceId);
}

/** Changes in the month after its newest completed version, per workspace. */
export function changesAfterLatest(q: Queryable, workspaceIds: string[], endOfMonth: string) {
  return q
    .select({ workspaceId: monthChanges.workspaceId, n: sql<number>`count(*)::int` })
    .from(monthChanges)
    .where(
      and(
        inArray(monthChanges.workspaceId, workspaceIds),
        eq(monthChanges.endOfMonth, endOfMonth),
        sql`${monthChanges.createdAt} > (select max(ml.finished_at) from ${monthLogs} ml where ml.workspace_id = ${monthChanges.workspaceId} and ml.end_of_month = ${monthChanges.endOfMonth} and ml.status = 'completed')`,
      ),
    )
    .groupBy(monthChanges.workspaceId);
}

/** Payroll files made from the month's versions, per workspace. */
export function exportCounts(q: Queryable, workspaceIds: string[], endOfMonth: string) {
  return q
    .select({ workspaceId: payrollExports.workspaceId, n: sql<number>`count(*)::int` })
    .from(payrollExports)
    .innerJoin(
      monthLogs,
      and(eq(monthLogs.workspaceId, payrollExports.workspaceId), eq(monthLogs.id, payrollExports.monthLogId)),
    )
    .where(and(inArray(payrollExports.workspaceId, workspaceIds), eq(monthLogs.endOfMonth, endOfMonth)))
    .groupBy(payrollExports.workspaceId);
}
