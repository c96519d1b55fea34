import { monthBounds, monthOf, plannedAccruals, type ContractPeriod } from '@timbro/shared';
import { asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { recordExists } from '../../db/accounts';
import type { Queryable } from '../../db/client';
import { accrualEntries, contractAccruals, contracts, justifications, workspaces } from '../../db/schema';
import { joinInScope, insertInScope, inScope, type WorkspaceScope } from '../../db/scope';

export interface ContractForAccrual extends ContractPeriod {
  id: string;
  userInfoId: string;
  accruals: { justificationId: string; monthlyIncrease: number }[];
}

/**
 * Brings a contract's monthly accrual entries in line with the contract, up to `today`'s month: one entry per
 * justification and counted month (covered for at least 15 days), its amount rounded on the year's running total
 * (plannedAccruals), dated the last day of the month. Upserts on the unique (contract, justification, month) key, so
 * running it twice, late, or after the contract changed gives the same ledger; entries for months or justifications
 * the contract no longer covers are removed.
 */
export async function syncContractAccruals(
  q: Queryable,
  scope: WorkspaceScope,
  contract: ContractForAccrual,
  today: string,
  /** Months (YYYY-MM) with a closed version: their entries are frozen, neither rewritten nor removed. */
  frozen: ReadonlySet<string> = new Set(),
): Promise<number> {
  const planned = contract.accruals.flatMap((a) =>
    plannedAccruals(contract, a.monthlyIncrease, monthOf(today)).map(({ period, amount, monthsInYear }) => ({
      userInfoId: contract.userInfoId,
      justificationId: a.justificationId,
      entryDate: monthBounds(period).last,
      amount,
      kind: 'accrual' as const,
      contractId: contract.id,
      period,
      rule: `Maturazione mensile ${a.monthlyIncrease} (${monthsInYear}° mese maturato nel ${period.slice(0, 4)})`,
    })),
  );
  const wanted = planned.filter((w) => !frozen.has(w.period));
  if (wanted.length > 0) {
    await insertInScope(q, scope, accrualEntries, wanted).onConflictDoUpdate({
      target: [
        accrualEntries.workspaceId,
        accrualEntries.contractId,
        accrualEntries.justificationId,
        accrualEntries.period,
      ],
      targetWhere: sql`${accrualEntries.kind} = 'accrual'`,
      set: {
        amount: sql`excluded.amount`,
        entryDate: sql`excluded.entry_date`,
        rule: sql`excluded.rule`,
        userInfoId: sql`excluded.user_info_id`,
        updatedAt: new Date(),
      },
    });
  }
  const keep = new Set(planned.map((w) => `${w.justificationId}|${w.period}`));
  const existing = await q
    .select({ id: accrualEntries.id, justificationId: accrualEntries.justificationId, period: accrualEntries.period })
    .from(accrualEntries)
    .where(
      inScope(accrualEntries, scope, eq(accrualEntries.contractId, contract.id), eq(accrualEntries.kind, 'accrual')),
    );
  const stale = existing
    .filter((e) => !keep.has(`${e.justificationId}|${e.period}`) && !(e.period && frozen.has(e.period)))
    .map((e) => e.id);
  if (stale.length > 0)
    await q.delete(accrualEntries).where(inScope(accrualEntries, scope, inArray(accrualEntries.id, stale)));
  return wanted.length;
}

export async function deleteContractAccruals(q: Queryable, scope: WorkspaceScope, contractId: string) {
  await q
    .delete(accrualEntries)
    .where(
      inScope(accrualEntries, scope, eq(accrualEntries.contractId, contractId), eq(accrualEntries.kind, 'accrual')),
    );
}

/** Every ledger entry of an employee up to a date, with its justification (one query). */
export async function entriesUntil(q: Queryable, scope: WorkspaceScope, userInfoId: string, date: string) {
  return q
    .select({ e: accrualEntries, code: justifications.code, name: justifications.name, unit: justifications.unit })
    .from(accrualEntries)
    .innerJoin(
      justifications,
      joinInScope(accrualEntries, justifications, eq(justifications.id, accrualEntries.justificationId)),
    )
    .where(
      inScope(
        accrualEntries,
        scope,
        eq(accrualEntries.userInfoId, userInfoId),
        sql`${accrualEntries.entryDate} <= ${date}`,
      ),
    )
    .orderBy(asc(justifications.code), asc(accrualEntries.entryDate), asc(accrualEntries.createdAt));
}

export async function insertAdjustment(
  q: Queryable,
  scope: WorkspaceScope,
  v: { userInfoId: string; justificationId: string; date: string; amount: number; reason: string; createdBy: string },
) {
  const [row] = await insertInScope(q, scope, accrualEntries, {
    userInfoId: v.userInfoId,
    justificationId: v.justificationId,
    entryDate: v.date,
    amount: v.amount,
    kind: 'adjustment',
    reason: v.reason,
    rule: 'Rettifica manuale',
    createdBy: v.createdBy,
  }).returning();
  return row!;
}

/** Whether the employee record exists in the workspace. */
export const userInfoExists = recordExists;

/** Whether the justification exists in the workspace. */
export async function justificationExists(q: Queryable, scope: WorkspaceScope, id: string) {
  const [row] = await q
    .select({ id: justifications.id })
    .from(justifications)
    .where(inScope(justifications, scope, eq(justifications.id, id)));
  return Boolean(row);
}

/** A contract with its accrual rules (two queries). */
export async function contractForAccrual(
  q: Queryable,
  scope: WorkspaceScope,
  contractId: string,
): Promise<ContractForAccrual | null> {
  const [c] = await q
    .select()
    .from(contracts)
    .where(inScope(contracts, scope, eq(contracts.id, contractId)));
  if (!c) return null;
  const accruals = await q
    .select()
    .from(contractAccruals)
    .where(inScope(contractAccruals, scope, eq(contractAccruals.contractId, contractId)));
  return {
    id: c.id,
    userInfoId: c.userInfoId,
    startsAt: c.startsAt,
    endsAt: c.endsAt,
    accruals: accruals.map((a) => ({ justificationId: a.justificationId, monthlyIncrease: a.monthlyIncrease })),
  };
}

/** Every contract of the workspace that has accrual rules, with them (two queries). */
export async function contractsWithAccruals(q: Queryable, scope: WorkspaceScope): Promise<ContractForAccrual[]> {
  const accruals = await q.select().from(contractAccruals).where(inScope(contractAccruals, scope));
  if (accruals.length === 0) return [];
  const rows = await q
    .select()
    .from(contracts)
    .where(inScope(contracts, scope, inArray(contracts.id, [...new Set(accruals.map((a) => a.contractId))])));
  return rows.map((c) => ({
    id: c.id,
    userInfoId: c.userInfoId,
    startsAt: c.startsAt,
    endsAt: c.endsAt,
    accruals: accruals
      .filter((a) => a.contractId === c.id)
      .map((a) => ({ justificationId: a.justificationId, monthlyIncrease: a.monthlyIncrease })),
  }));
}

/** The time zone of every workspace (the nightly job runs each one up to its own today). Cross-workspace by design. */
export async function workspaceTimeZones(db: Db) {
  return new Map(
    (await db.select({ id: workspaces.id, timeZone: workspaces.timeZone }).from(workspaces)).map((w) => [
      w.id,
      w.timeZone,
    ]),
  );
}

/** Every employee's balance per justification at a date (the month closing's freeze): one grouped query. */
export async function balancesOfEveryone(q: Queryable, scope: WorkspaceScope, date: string) {
  return q
    .select({
      userInfoId: accrualEntries.userInfoId,
      justificationId: accrualEntries.justificationId,
      balance: sql<number>`round(sum(${accrualEntries.amount}), 2)::float8`,
    })
    .from(accrualEntries)
    .where(inScope(accrualEntries, scope, lte(accrualEntries.entryDate, date)))
    .groupBy(accrualEntries.userInfoId, accrualEntries.justificationId)
    .having(sql`bool_or(${accrualEntries.kind} <> 'usage')`);
}
