import { peopleMsg, wtMsg, type AccrualAdjustmentInput } from '@timbro/shared';
import type { Db, Queryable } from '../../db/client';
import type { WorkspaceScope } from '../../db/scope';
import type { AppDeps } from '../../deps';
import { audit } from '../../lib/audit';
import { notFound, validation } from '../../lib/errors';
import { todayIn } from '../../lib/time';
import type { RequestCtx } from '../../plugins/request-context';

/**
 * What other modules use. Contracts: a contract's accrual entries follow it. Attendance: the ledger's usage entries
 * follow the approved requests (the ledger is this module's; attendance never writes it), and the quota inputs.
 */
export {
  contractForAccrual,
  deleteContractAccruals,
  syncContractAccruals,
  type ContractForAccrual,
} from './accruals.repository';
export type { RequestUsage } from './usage.repository';
import * as usage from './usage.repository';
import * as repo from './accruals.repository';

/** Usage entries of the ledger follow the requests: one per approved request, removed when it is no longer approved. */
export function syncUsage(q: Queryable, scope: WorkspaceScope, actorUserId: string | null, rows: usage.RequestUsage[]) {
  return usage.replaceUsage(q, scope, actorUserId, rows);
}

/** A deleted request leaves the ledger. */
export function removeUsage(q: Queryable, scope: WorkspaceScope, requestId: string) {
  return usage.deleteUsageOf(q, scope, requestId);
}

/** Ledger sums, accruing people and other pending amounts for a quota warning (three queries). */
export function quotaInputs(
  q: Queryable,
  scope: WorkspaceScope,
  justificationId: string,
  people: string[],
  upTo: string,
  exceptRequestIds: string[] = [],
) {
  return usage.quotaInputs(q, scope, justificationId, people, upTo, exceptRequestIds);
}

/** Balances of an employee at a date: per justification, the sum of the ledger entries up to it, and those entries. */
export async function balancesAt(q: Queryable, scope: WorkspaceScope, userInfoId: string, date: string) {
  const rows = await repo.entriesUntil(q, scope, userInfoId, date);
  const byJustification = new Map<
    string,
    { justification: { id: string; code: string; name: string; unit: 'hour' | 'day' }; entries: typeof rows }
  >();
  for (const r of rows) {
    const key = r.e.justificationId;
    if (!byJustification.has(key))
      byJustification.set(key, { justification: { id: key, code: r.code, name: r.name, unit: r.unit }, entries: [] });
    byJustification.get(key)!.entries.push(r);
  }
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    date,
    // A justification that only has usage (sickness, maternity…) is not a balance the person accrues: not listed.
    balances: [...byJustification.values()]
      .filter(({ entries }) => entries.some((e) => e.e.kind !== 'usage'))
      .map(({ justification, entries }) => {
        const sum = (kind?: string) =>
          round(entries.filter((e) => !kind || e.e.kind === kind).reduce((s, e) => s + e.e.amount, 0));
        return {
          justification,
          balance: sum(),
          accrued: round(sum('accrual') + sum('carry_over')),
          adjusted: sum('adjustment'),
          used: round(-sum('usage')),
          entries: entries
            .map((e) => ({
              id: e.e.id,
              date: e.e.entryDate,
              amount: e.e.amount,
              kind: e.e.kind,
              period: e.e.period,
              rule: e.e.rule,
              reason: e.e.reason,
            }))
            .reverse(),
        };
      }),
  };
}

async function requireUserInfo(q: Queryable, scope: WorkspaceScope, id: string) {
  if (!(await repo.userInfoExists(q, scope, id))) throw notFound(peopleMsg.userNotFound);
}

export async function getBalances(deps: AppDeps, ctx: RequestCtx, userInfoId: string, date?: string) {
  await requireUserInfo(deps.db, ctx.scope, userInfoId);
  return balancesAt(deps.db, ctx.scope, userInfoId, date ?? todayIn(ctx.timeZone));
}

export async function addAdjustment(deps: AppDeps, ctx: RequestCtx, userInfoId: string, input: AccrualAdjustmentInput) {
  const { scope, actor } = ctx;
  await deps.db.transaction(async (tx) => {
    await requireUserInfo(tx, scope, userInfoId);
    if (!(await repo.justificationExists(tx, scope, input.justificationId)))
      throw validation([{ path: 'justificationId', message: wtMsg.justificationNotFound }]);
    const row = await repo.insertAdjustment(tx, scope, {
      userInfoId,
      justificationId: input.justificationId,
      date: input.date,
      amount: input.amount,
      reason: input.reason,
      createdBy: actor.userId,
    });
    await audit(tx, ctx, {
      action: 'accrual.adjust',
      entity: { type: 'user', id: userInfoId },
      changes: {
        justificationId: input.justificationId,
        amount: input.amount,
        date: input.date,
        reason: input.reason,
        entryId: row.id,
      },
    });
  });
  const today = todayIn(ctx.timeZone);
  return balancesAt(deps.db, scope, userInfoId, input.date > today ? input.date : today);
}

/** The months (YYYY-MM) of a workspace that have a closed version: the month closing answers it (deps.monthLock). */
export type ClosedMonths = (q: Queryable, scope: WorkspaceScope) => Promise<ReadonlySet<string>>;

/**
 * The daily job: every contract of the workspaces that has accruals is synced, ended ones included (the sync is
 * idempotent, so a contract that did not change rewrites the same rows).
 */
export async function syncAllAccruals(
  q: Queryable,
  scopes: WorkspaceScope[],
  today: string,
  closedMonths?: ClosedMonths,
) {
  let entries = 0;
  for (const scope of scopes) {
    const frozen = closedMonths ? await closedMonths(q, scope) : new Set<string>();
    // Two queries load every contract with accruals of the workspace; the sync then writes per contract.
    for (const c of await repo.contractsWithAccruals(q, scope))
      entries += await repo.syncContractAccruals(q, scope, c, today, frozen);
  }
  return entries;
}

/** The nightly run: each workspace in its own transaction, up to today in the workspace's time zone. */
export async function syncAccrualsNightly(db: Db, scopes: WorkspaceScope[], closedMonths?: ClosedMonths) {
  const zones = await repo.workspaceTimeZones(db);
  let entries = 0;
  for (const scope of scopes) {
    const timeZone = zones.get(scope.workspaceId);
    if (timeZone)
      entries += await db.transaction((tx) => syncAllAccruals(tx, [scope], todayIn(timeZone), closedMonths));
  }
  return entries;
}

/** Balances of every employee at a date, per justification id (only accrued ones, as `balancesAt` lists them). */
export async function balancesOfEveryone(q: Queryable, scope: WorkspaceScope, date: string) {
  const out = new Map<string, Record<string, number>>();
  for (const r of await repo.balancesOfEveryone(q, scope, date)) {
    const b = out.get(r.userInfoId) ?? {};
    b[r.justificationId] = Number(r.balance);
    out.set(r.userInfoId, b);
  }
  return out;
}
