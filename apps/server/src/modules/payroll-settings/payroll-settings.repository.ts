import type { ListPayrollEmployeesQuery } from '@timbro/shared';
import { asc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { payrollSettings, userInfos, users } from '../../db/schema';
import { insertInScope, inScope, type WorkspaceScope } from '../../db/scope';
import { likePattern, nameKey, sortTerm } from '../../db/sql';

/** The company section's values (null columns when never set). */
export type CompanyCodes = {
  companyCode: string | null;
  branchCode: string | null;
  workedCode: string | null;
  overtimeCode: string | null;
};

const companyColumns = {
  companyCode: payrollSettings.companyCode,
  branchCode: payrollSettings.branchCode,
  workedCode: payrollSettings.workedCode,
  overtimeCode: payrollSettings.overtimeCode,
};

/** The workspace's payroll settings row, or null when the company section was never saved. */
export async function findSettings(q: Queryable, scope: WorkspaceScope): Promise<CompanyCodes | null> {
  const [row] = await q.select(companyColumns).from(payrollSettings).where(inScope(payrollSettings, scope)).limit(1);
  return row ?? null;
}

/** Inserts or replaces the workspace's row (one statement). */
export async function upsertSettings(q: Queryable, scope: WorkspaceScope, values: CompanyCodes): Promise<CompanyCodes> {
  const [row] = await insertInScope(q, scope, payrollSettings, { ...values, updatedAt: new Date() })
    .onConflictDoUpdate({ target: payrollSettings.workspaceId, set: { ...values, updatedAt: new Date() } })
    .returning(companyColumns);
  return row!;
}

/** The employees section lists the workspace's employee records (the member role), whatever their state. */
const isEmployee = eq(userInfos.isMember, true);

function searchOf(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const like = likePattern(search);
  return or(
    ilike(userInfos.firstName, like),
    ilike(userInfos.lastName, like),
    ilike(sql`${userInfos.firstName} || ' ' || ${userInfos.lastName}`, like),
    ilike(sql`${userInfos.lastName} || ' ' || ${userInfos.firstName}`, like),
    ilike(userInfos.fiscalCode, like),
    ilike(userInfos.payrollCode, like),
  );
}

/**
 * One page of employees with their payroll code (two statements: the page, and the counts — the filtered total and
 * the employees without a code, whatever the filters).
 */
export async function listEmployees(q: Queryable, scope: WorkspaceScope, query: ListPayrollEmployeesQuery) {
  const filters = [searchOf(query.search), query.missing ? isNull(userInfos.payrollCode) : undefined].filter(
    (c): c is SQL => c !== undefined,
  );
  // Codes are digits of different lengths: padded, "9" sorts before "10".
  const sortBy =
    query.sort === 'code'
      ? sortTerm(sql`lpad(${userInfos.payrollCode}, 9, '0')`, query.order)
      : sortTerm(nameKey(userInfos.lastName), query.order);
  const rows = await q
    .select({
      id: userInfos.id,
      firstName: userInfos.firstName,
      lastName: userInfos.lastName,
      fiscalCode: userInfos.fiscalCode,
      enabled: userInfos.enabled,
      payrollCode: userInfos.payrollCode,
    })
    .from(userInfos)
    .where(inScope(userInfos, scope, isEmployee, ...filters))
    .orderBy(sortBy, asc(nameKey(userInfos.lastName)), asc(nameKey(userInfos.firstName)), asc(userInfos.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  const matching = filters.length > 0 ? sql`count(*) filter (where ${sql.join(filters, sql` and `)})` : sql`count(*)`;
  const [count] = await q
    .select({
      total: sql<number>`${matching}::int`,
      missing: sql<number>`(count(*) filter (where ${userInfos.payrollCode} is null))::int`,
    })
    .from(userInfos)
    .where(inScope(userInfos, scope, isEmployee));
  return { rows, total: count?.total ?? 0, missing: count?.missing ?? 0 };
}

/** Every employee record with what identifies it in an import: fiscal code and login e-mail (one statement). */
export async function importableEmployees(q: Queryable, scope: WorkspaceScope) {
  return q
    .select({ id: userInfos.id, fiscalCode: userInfos.fiscalCode, email: users.email })
    .from(userInfos)
    .innerJoin(users, eq(users.id, userInfos.userId))
    .where(inScope(userInfos, scope, isEmployee));
}
