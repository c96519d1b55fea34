import { EXPIRING_WITHIN_DAYS, addDays, type ContractInput, type ListContractsQuery } from '@timbro/shared';
import { and, asc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { recordExists } from '../../db/accounts';
import type { Queryable } from '../../db/client';
import { contractAccruals, contracts, contractTimeSlots, justifications, userInfos, users } from '../../db/schema';
import { joinInScope, insertInScope, inScope, tenantRepository, type WorkspaceScope } from '../../db/scope';
import { likePattern, nameKey, sortTerm } from '../../db/sql';

export const contractRepo = tenantRepository(contracts);
export type ContractRow = typeof contracts.$inferSelect;

/** The time slots of these contracts, by weekday and start. */
export async function slotsOf(q: Queryable, scope: WorkspaceScope, contractIds: string[]) {
  return q
    .select()
    .from(contractTimeSlots)
    .where(inScope(contractTimeSlots, scope, inArray(contractTimeSlots.contractId, contractIds)))
    .orderBy(asc(contractTimeSlots.weekday), asc(contractTimeSlots.startsAtMinutes));
}

/** The monthly accruals of these contracts, with the code, name and unit of their absence type. */
export async function accrualsOf(q: Queryable, scope: WorkspaceScope, contractIds: string[]) {
  return q
    .select({ a: contractAccruals, code: justifications.code, name: justifications.name, unit: justifications.unit })
    .from(contractAccruals)
    .innerJoin(
      justifications,
      joinInScope(contractAccruals, justifications, eq(justifications.id, contractAccruals.justificationId)),
    )
    .where(inScope(contractAccruals, scope, inArray(contractAccruals.contractId, contractIds)))
    .orderBy(asc(justifications.code));
}

/** The names of these employees. */
export async function employeeNames(q: Queryable, scope: WorkspaceScope, userInfoIds: string[]) {
  return q
    .select({ id: userInfos.id, firstName: userInfos.firstName, lastName: userInfos.lastName })
    .from(userInfos)
    .innerJoin(users, eq(users.id, userInfos.userId))
    .where(inScope(userInfos, scope, inArray(userInfos.id, userInfoIds)));
}

function filterCondition(filter: ListContractsQuery['filter'], today: string): SQL | undefined {
  const notEnded = or(isNull(contracts.endsAt), sql`${contracts.endsAt} >= ${today}`);
  const started = sql`${contracts.startsAt} <= ${today}`;
  switch (filter) {
    case 'all':
      return undefined;
    case 'relevant':
      return notEnded;
    case 'active':
      return and(started, notEnded);
    case 'expiring':
      // A contract already followed by a later one of the same person is not expiring: the work goes on.
      return and(
        started,
        sql`${contracts.endsAt} >= ${today}`,
        sql`${contracts.endsAt} <= ${addDays(today, EXPIRING_WITHIN_DAYS)}`,
        sql`not exists (select 1 from ${contracts} later where later.workspace_id = ${contracts.workspaceId}
              and later.user_info_id = ${contracts.userInfoId} and later.starts_at > ${contracts.startsAt})`,
      );
    case 'expired':
      return sql`${contracts.endsAt} < ${today}`;
  }
}

/** A page of contracts (filtered by their state on `today`, searched by employee or qualification) and the total. */
export async function listContracts(
  q: Queryable,
  scope: WorkspaceScope,
  query: ListContractsQuery,
  today: string,
): Promise<{ rows: ContractRow[]; total: number }> {
  const search = query.search ? likePattern(query.search) : null;
  const where = inScope(
    contracts,
    scope,
    filterCondition(query.filter, today),
    search
      ? or(
          ilike(userInfos.firstName, search),
          ilike(userInfos.lastName, search),
          ilike(sql`${userInfos.firstName} || ' ' || ${userInfos.lastName}`, search),
          ilike(contracts.qualification, search),
        )
      : undefined,
  );
  const sortBy =
    query.sort === 'startsAt'
      ? contracts.startsAt
      : query.sort === 'endsAt'
        ? contracts.endsAt
        : nameKey(userInfos.lastName);
  const rows = await q
    .select({ c: contracts })
    .from(contracts)
    .innerJoin(userInfos, joinInScope(contracts, userInfos, eq(userInfos.id, contracts.userInfoId)))
    .innerJoin(users, eq(users.id, userInfos.userId))
    .where(where)
    .orderBy(
      sortTerm(sortBy, query.order),
      asc(nameKey(userInfos.firstName)),
      asc(contracts.startsAt),
      asc(contracts.id),
    )
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  const [count] = await q
    .select({ n: sql<number>`count(*)::int` })
    .from(contracts)
    .innerJoin(userInfos, joinInScope(contracts, userInfos, eq(userInfos.id, contracts.userInfoId)))
    .innerJoin(users, eq(users.id, userInfos.userId))
    .where(where);
  return { rows: rows.map((r) => r.c), total: count?.n ?? 0 };
}

/**
 * Whether the employee exists in the workspace. With `lock`, the row lock serialises contract writes of one employee,
 * so two concurrent saves cannot both pass the overlap check.
 */
export const employeeExists = recordExists;

/** An employee's contracts (`newestFirst`: by start, newest first; otherwise unordered). */
export async function employeeContracts(
  q: Queryable,
  scope: WorkspaceScope,
  userInfoId: string,
  newestFirst = false,
): Promise<ContractRow[]> {
  const base = q
    .select()
    .from(contracts)
    .where(inScope(contracts, scope, eq(contracts.userInfoId, userInfoId)));
  return newestFirst ? base.orderBy(sql`${contracts.startsAt} desc`) : base;
}

export async function findContract(q: Queryable, scope: WorkspaceScope, id: string): Promise<ContractRow | null> {
  const [row] = await q
    .select()
    .from(contracts)
    .where(inScope(contracts, scope, eq(contracts.id, id)));
  return row ?? null;
}

/** Which of these absence-type ids exist in the workspace. */
export async function existingJustificationIds(q: Queryable, scope: WorkspaceScope, ids: string[]) {
  return q
    .select({ id: justifications.id })
    .from(justifications)
    .where(inScope(justifications, scope, inArray(justifications.id, ids)));
}

/** Replaces the time slots and the monthly accruals of a contract. */
export async function replaceChildren(
  q: Queryable,
  scope: WorkspaceScope,
  contractId: string,
  input: Pick<ContractInput, 'timeSlots' | 'justificationAccruals'>,
) {
  await q
    .delete(contractTimeSlots)
    .where(inScope(contractTimeSlots, scope, eq(contractTimeSlots.contractId, contractId)));
  await insertInScope(
    q,
    scope,
    contractTimeSlots,
    input.timeSlots.map((s) => ({ ...s, contractId })),
  );
  await q.delete(contractAccruals).where(inScope(contractAccruals, scope, eq(contractAccruals.contractId, contractId)));
  if (input.justificationAccruals.length > 0) {
    await insertInScope(
      q,
      scope,
      contractAccruals,
      input.justificationAccruals.map((a) => ({
        contractId,
        justificationId: a.justificationId,
        monthlyIncrease: a.monthlyIncrease,
      })),
    );
  }
}

export async function deleteContract(q: Queryable, scope: WorkspaceScope, id: string) {
  await q.delete(contracts).where(inScope(contracts, scope, eq(contracts.id, id)));
}

/**
 * Per person: the start of their latest contract (a contract starting before it is followed) and their fixed-term
 * history — how many fixed-term contracts, how many days they cover (up to `today` for one without an end), and each
 * one's span. One query.
 */
export async function contractHistory(q: Queryable, scope: WorkspaceScope, userInfoIds: string[], today: string) {
  if (userInfoIds.length === 0)
    return new Map<
      string,
      { latestStart: string; fixedTerms: number; fixedDays: number; fixedSpans: { s: string; e: string | null }[] }
    >();
  const rows = await q
    .select({
      userInfoId: contracts.userInfoId,
      latestStart: sql<string>`max(${contracts.startsAt})::text`,
      fixedTerms: sql<number>`(count(*) filter (where not ${contracts.permanent}))::int`,
      fixedDays: sql<number>`coalesce(sum(coalesce(${contracts.endsAt}, ${today}::date) - ${contracts.startsAt} + 1)
        filter (where not ${contracts.permanent}), 0)::int`,
      // Each fixed-term contract's span: the proroghe of a contract are the fixed-term contracts it continues.
      fixedSpans: sql<{ s: string; e: string | null }[]>`coalesce(json_agg(json_build_object(
        's', ${contracts.startsAt}::text, 'e', ${contracts.endsAt}::text)) filter (where not ${contracts.permanent}), '[]')`,
    })
    .from(contracts)
    .where(inScope(contracts, scope, inArray(contracts.userInfoId, userInfoIds)))
    .groupBy(contracts.userInfoId);
  return new Map(rows.map((r) => [r.userInfoId, r]));
}
