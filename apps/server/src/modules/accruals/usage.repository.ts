import { eq, inArray, lte, notInArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { accrualEntries, contractAccruals, contracts, justificationRequests } from '../../db/schema';
import { joinInScope, insertInScope, inScope, type WorkspaceScope } from '../../db/scope';

// The ledger's usage side: one negative entry per approved absence request, and the inputs of a quota check.

/** A request as the ledger sees it. */
export interface RequestUsage {
  id: string;
  userInfoId: string;
  justificationId: string;
  date: string;
  amount: number;
  status: string;
}

/** Replaces the usage entries of these requests: one per approved request (a negative amount), none otherwise. */
export async function replaceUsage(
  q: Queryable,
  scope: WorkspaceScope,
  actorUserId: string | null,
  rows: RequestUsage[],
) {
  if (rows.length === 0) return;
  await q.delete(accrualEntries).where(
    inScope(
      accrualEntries,
      scope,
      eq(accrualEntries.kind, 'usage'),
      inArray(
        accrualEntries.requestId,
        rows.map((r) => r.id),
      ),
    ),
  );
  const approved = rows.filter((r) => r.status === 'approved');
  if (approved.length === 0) return;
  await insertInScope(
    q,
    scope,
    accrualEntries,
    approved.map((r) => ({
      userInfoId: r.userInfoId,
      justificationId: r.justificationId,
      entryDate: r.date,
      amount: -r.amount,
      kind: 'usage' as const,
      requestId: r.id,
      rule: 'request',
      createdBy: actorUserId,
    })),
  );
}

/** Removes the usage entry of a request (it was deleted). */
export async function deleteUsageOf(q: Queryable, scope: WorkspaceScope, requestId: string) {
  await q
    .delete(accrualEntries)
    .where(inScope(accrualEntries, scope, eq(accrualEntries.kind, 'usage'), eq(accrualEntries.requestId, requestId)));
}

/**
 * What a quota check needs for some people and one justification, in three queries: who accrues it by contract, the
 * ledger sum up to a date (and the kinds of its entries), and the amount of their other pending requests.
 */
export async function quotaInputs(
  q: Queryable,
  scope: WorkspaceScope,
  justificationId: string,
  people: string[],
  upTo: string,
  exceptRequestIds: string[],
) {
  // One after another: on a transaction's single connection, queries sent together only queue (and pg warns).
  const tracked = await q
    .selectDistinct({ userInfoId: contracts.userInfoId })
    .from(contractAccruals)
    .innerJoin(contracts, joinInScope(contractAccruals, contracts, eq(contracts.id, contractAccruals.contractId)))
    .where(
      inScope(
        contractAccruals,
        scope,
        eq(contractAccruals.justificationId, justificationId),
        inArray(contracts.userInfoId, people),
      ),
    );
  const ledger = await q
    .select({
      userInfoId: accrualEntries.userInfoId,
      sum: sql<string>`sum(${accrualEntries.amount})`,
      kinds: sql<string[]>`array_agg(distinct ${accrualEntries.kind})`,
    })
    .from(accrualEntries)
    .where(
      inScope(
        accrualEntries,
        scope,
        eq(accrualEntries.justificationId, justificationId),
        inArray(accrualEntries.userInfoId, people),
        lte(accrualEntries.entryDate, upTo),
      ),
    )
    .groupBy(accrualEntries.userInfoId);
  const pending = await q
    .select({ userInfoId: justificationRequests.userInfoId, sum: sql<string>`sum(${justificationRequests.amount})` })
    .from(justificationRequests)
    .where(
      inScope(
        justificationRequests,
        scope,
        eq(justificationRequests.justificationId, justificationId),
        inArray(justificationRequests.userInfoId, people),
        eq(justificationRequests.status, 'open'),
        exceptRequestIds.length ? notInArray(justificationRequests.id, exceptRequestIds) : undefined,
      ),
    )
    .groupBy(justificationRequests.userInfoId);
  return { tracked, ledger, pending };
}
