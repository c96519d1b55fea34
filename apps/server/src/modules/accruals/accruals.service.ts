import { peopleMsg, wtMsg, type AccrualAdjustmentInput } from '@timbro/shared';
import { eq, inArray } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client';
import { contractAccruals, contracts, justifications, userInfos, workspaces } from '../../db/schema';
import { inScope, type WorkspaceScope } from '../../db/scope';
import type { AppDeps } from '../../deps';
import { recordAudit } from '../../lib/audit';
import { notFound, validation } from '../../lib/errors';
import { todayIn } from '../../lib/time';
import type { ActorRef } from '../users/users.service';

/** Used by contracts: a contract's accrual entries follow it. */
export { deleteContractAccruals, syncContractAccruals } from './accruals.repository';
import * as repo from './accruals.repository';

/** Balances of an employee at a date: per justification, the sum of the ledger entries up to it, and those entries. */
export async function balancesAt(q: Queryable, scope: WorkspaceScope, userInfoId: string, date: string) {
  const rows = await repo.entriesUntil(q, scope, userInfoId, date);
  const byJustification = new Map<string, { justification: { id: string; code: string; name: string; unit: 'hour' | 'day' }; entries: typeof rows }>();
  for (const r of rows) {
    const key = r.e.justificationId;
    if (!byJustification.has(key)) byJustification.set(key, { justification: { id: key, code: r.code, name: r.name, unit: r.unit }, entries: [] });
    byJustification.get(key)!.entries.push(r);
  }
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    date,
    // A justification that only has usage (sickness, maternity…) is not a balance the person accrues: not listed.
    balances: [...byJustification.values()].filter(({ entries }) => entries.some((e) => e.e.kind !== 'usage')).map(({ justification, entries }) => {
      const sum = (kind?: string) => round(entries.filter((e) => !kind || e.e.kind === kind).reduce((s, e) => s + e.e.amount, 0));
      return {
        justification,
        balance: sum(),
        accrued: round(sum('accrual') + sum('carry_over')),
        adjusted: sum('adjustment'),
        used: round(-sum('usage')),
        entries: entries
          .map((e) => ({ id: e.e.id, date: e.e.entryDate, amount: e.e.amount, kind: e.e.kind, period: e.e.period, rule: e.e.rule, reason: e.e.reason }))
          .reverse(),
      };
    }),
  };
}

async function requireUserInfo(q: Queryable, scope: WorkspaceScope, id: string) {
  const [row] = await q.select({ id: userInfos.id }).from(userInfos).where(inScope(userInfos, scope, eq(userInfos.id, id)));
  if (!row) throw notFound(peopleMsg.userNotFound);
}

export async function getBalances(deps: AppDeps, scope: WorkspaceScope, timeZone: string, userInfoId: string, date?: string) {
  await requireUserInfo(deps.db, scope, userInfoId);
  return balancesAt(deps.db, scope, userInfoId, date ?? todayIn(timeZone));
}

export async function addAdjustment(deps: AppDeps, scope: WorkspaceScope, timeZone: string, actor: ActorRef, userInfoId: string, input: AccrualAdjustmentInput) {
  await deps.db.transaction(async (tx) => {
    await requireUserInfo(tx, scope, userInfoId);
    const [j] = await tx.select({ id: justifications.id }).from(justifications).where(inScope(justifications, scope, eq(justifications.id, input.justificationId)));
    if (!j) throw validation([{ path: 'justificationId', message: wtMsg.justificationNotFound }]);
    const row = await repo.insertAdjustment(tx, scope, { userInfoId, justificationId: input.justificationId, date: input.date, amount: input.amount, reason: input.reason, createdBy: actor.userId });
    await recordAudit(tx, scope, { actorUserId: actor.userId, action: 'accrual.adjust', entityType: 'user', entityId: userInfoId, changes: { justificationId: input.justificationId, amount: input.amount, date: input.date, reason: input.reason, entryId: row.id }, requestId: actor.requestId });
  });
  const today = todayIn(timeZone);
  return balancesAt(deps.db, scope, userInfoId, input.date > today ? input.date : today);
}

/** Loads a contract with its accruals for the sync. */
export async function contractForAccrual(q: Queryable, scope: WorkspaceScope, contractId: string): Promise<repo.ContractForAccrual | null> {
  const [c] = await q.select().from(contracts).where(inScope(contracts, scope, eq(contracts.id, contractId)));
  if (!c) return null;
  const accruals = await q.select().from(contractAccruals).where(inScope(contractAccruals, scope, eq(contractAccruals.contractId, contractId)));
  return { id: c.id, userInfoId: c.userInfoId, startsAt: c.startsAt, endsAt: c.endsAt, accruals: accruals.map((a) => ({ justificationId: a.justificationId, monthlyIncrease: a.monthlyIncrease })) };
}

/**
 * The daily job: every contract of the workspaces that has accruals is synced, ended ones included (the sync is
 * idempotent, so a contract that did not change rewrites the same rows).
 */
export async function syncAllAccruals(q: Queryable, scopes: WorkspaceScope[], today: string) {
  let entries = 0;
  for (const scope of scopes) {
    // Two queries load every contract with accruals of the workspace; the sync then writes per contract.
    const accruals = await q.select().from(contractAccruals).where(inScope(contractAccruals, scope));
    if (accruals.length === 0) continue;
    const rows = await q.select().from(contracts).where(inScope(contracts, scope, inArray(contracts.id, [...new Set(accruals.map((a) => a.contractId))])));
    for (const c of rows) {
      const own = accruals.filter((a) => a.contractId === c.id).map((a) => ({ justificationId: a.justificationId, monthlyIncrease: a.monthlyIncrease }));
      entries += await repo.syncContractAccruals(q, scope, { id: c.id, userInfoId: c.userInfoId, startsAt: c.startsAt, endsAt: c.endsAt, accruals: own }, today);
    }
  }
  return entries;
}

/** The nightly run: each workspace in its own transaction, up to today in the workspace's time zone. */
export async function syncAccrualsNightly(db: Db, scopes: WorkspaceScope[]) {
  const zones = new Map((await db.select({ id: workspaces.id, timeZone: workspaces.timeZone }).from(workspaces)).map((w) => [w.id, w.timeZone]));
  let entries = 0;
  for (const scope of scopes) {
    const timeZone = zones.get(scope.workspaceId);
    if (timeZone) entries += await db.transaction((tx) => syncAllAccruals(tx, [scope], todayIn(timeZone)));
  }
  return entries;
}
