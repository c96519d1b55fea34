import { and, asc, desc, eq, gt, ilike, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { paychecks, userInfos } from '../../db/schema';
import { inEnabledWorkspace, inScope, insertInScope, joinInScope, type WorkspaceScope } from '../../db/scope';
import { likePattern, nameKey, sortTerm } from '../../db/sql';

export type PaycheckRow = typeof paychecks.$inferSelect;
export type PaycheckWithPerson = PaycheckRow & { person: { id: string; firstName: string; lastName: string } };

const columns = {
  p: paychecks,
  person: { id: userInfos.id, firstName: userInfos.firstName, lastName: userInfos.lastName },
};

function selectWithPerson(q: Queryable) {
  return q
    .select(columns)
    .from(paychecks)
    .innerJoin(userInfos, joinInScope(userInfos, paychecks, eq(userInfos.id, paychecks.userInfoId)));
}

const flatten = (r: { p: PaycheckRow; person: PaycheckWithPerson['person'] }): PaycheckWithPerson => ({
  ...r.p,
  person: r.person,
});

/** The employee record of this workspace with its name, or null (another workspace's id answers null too). */
export async function findEmployee(q: Queryable, scope: WorkspaceScope, userInfoId: string) {
  const [row] = await q
    .select({ id: userInfos.id, firstName: userInfos.firstName, lastName: userInfos.lastName })
    .from(userInfos)
    .where(inScope(userInfos, scope, eq(userInfos.id, userInfoId)));
  return row ?? null;
}

export interface PaycheckFilter {
  userInfoId?: string;
  year?: number;
  month?: number;
  opened?: 'opened' | 'unopened';
  search?: string;
}

function where(scope: WorkspaceScope, f: PaycheckFilter): SQL {
  const like = f.search ? likePattern(f.search) : null;
  return inScope(
    paychecks,
    scope,
    f.userInfoId ? eq(paychecks.userInfoId, f.userInfoId) : undefined,
    f.year !== undefined ? eq(paychecks.year, f.year) : undefined,
    f.month !== undefined ? eq(paychecks.month, f.month) : undefined,
    f.opened === 'opened'
      ? isNotNull(paychecks.attachmentFirstOpenAt)
      : f.opened === 'unopened'
        ? isNull(paychecks.attachmentFirstOpenAt)
        : undefined,
    like
      ? or(
          ilike(userInfos.firstName, like),
          ilike(userInfos.lastName, like),
          ilike(sql`${userInfos.lastName} || ' ' || ${userInfos.firstName}`, like),
          ilike(sql`${userInfos.firstName} || ' ' || ${userInfos.lastName}`, like),
          ilike(paychecks.description, like),
        )
      : undefined,
  );
}

/** One page of pay slips with their employee, in SQL order, and the total: two queries. */
export async function listPaychecks(
  q: Queryable,
  scope: WorkspaceScope,
  f: PaycheckFilter,
  page: { sort: 'period' | 'name' | 'createdAt' | 'netAmount'; order: 'asc' | 'desc'; limit: number; offset: number },
) {
  const dir = page.order === 'asc' ? asc : desc;
  const order =
    page.sort === 'name'
      ? [sortTerm(nameKey(userInfos.lastName), page.order), sortTerm(nameKey(userInfos.firstName), page.order)]
      : page.sort === 'createdAt'
        ? [dir(paychecks.createdAt)]
        : page.sort === 'netAmount'
          ? [dir(paychecks.netAmount)]
          : [dir(paychecks.year), dir(paychecks.month), nameKey(userInfos.lastName), nameKey(userInfos.firstName)];
  const w = where(scope, f);
  const [rows, [count]] = await Promise.all([
    selectWithPerson(q)
      .where(w)
      .orderBy(...order, asc(paychecks.id))
      .limit(page.limit)
      .offset(page.offset),
    q
      .select({ n: sql<number>`count(*)::int` })
      .from(paychecks)
      .innerJoin(userInfos, joinInScope(userInfos, paychecks, eq(userInfos.id, paychecks.userInfoId)))
      .where(w),
  ]);
  return { rows: rows.map(flatten), total: count?.n ?? 0 };
}

export async function findPaycheck(q: Queryable, scope: WorkspaceScope, id: string, forUpdate = false) {
  const base = selectWithPerson(q).where(inScope(paychecks, scope, eq(paychecks.id, id)));
  const [row] = forUpdate ? await base.for('update', { of: paychecks }) : await base;
  return row ? flatten(row) : null;
}

export async function insertPaycheck(
  q: Queryable,
  scope: WorkspaceScope,
  values: Omit<typeof paychecks.$inferInsert, 'workspaceId'>,
): Promise<PaycheckRow> {
  const [row] = await insertInScope(q, scope, paychecks, values).returning();
  return row!;
}

export async function updatePaycheck(
  q: Queryable,
  scope: WorkspaceScope,
  id: string,
  values: Partial<Omit<typeof paychecks.$inferInsert, 'workspaceId' | 'id' | 'userInfoId'>>,
) {
  const [row] = await q
    .update(paychecks)
    .set({ ...values, updatedAt: new Date() })
    .where(inScope(paychecks, scope, eq(paychecks.id, id)))
    .returning();
  return row ?? null;
}

/** Sets the employee's first open, only if it is not set yet; true when this call set it. */
export async function markFirstOpen(q: Queryable, scope: WorkspaceScope, id: string, at: Date) {
  const rows = await q
    .update(paychecks)
    .set({ attachmentFirstOpenAt: at })
    .where(inScope(paychecks, scope, eq(paychecks.id, id), isNull(paychecks.attachmentFirstOpenAt)))
    .returning({ id: paychecks.id });
  return rows.length > 0;
}

export async function deletePaycheck(q: Queryable, scope: WorkspaceScope, id: string) {
  const [row] = await q
    .delete(paychecks)
    .where(inScope(paychecks, scope, eq(paychecks.id, id)))
    .returning();
  return row ?? null;
}

// Delivery ----------------------------------------------------------------------------------------------------

/** At most this many slips in one month's delivery report (a company of thousands, several slips each). */
export const DELIVERY_MAX_ROWS = 20_000;

/** The slips of one month with their employee, by name: the delivery report. */
export async function deliveryRows(q: Queryable, scope: WorkspaceScope, year: number, month: number) {
  return q
    .select({
      id: paychecks.id,
      userInfoId: paychecks.userInfoId,
      firstName: userInfos.firstName,
      lastName: userInfos.lastName,
      fiscalCode: userInfos.fiscalCode,
      description: paychecks.description,
      fileId: paychecks.fileId,
      createdAt: paychecks.createdAt,
      attachmentFirstOpenAt: paychecks.attachmentFirstOpenAt,
      reminderSentAt: paychecks.reminderSentAt,
    })
    .from(paychecks)
    .innerJoin(userInfos, joinInScope(userInfos, paychecks, eq(userInfos.id, paychecks.userInfoId)))
    .where(inScope(paychecks, scope, eq(paychecks.year, year), eq(paychecks.month, month)))
    .orderBy(nameKey(userInfos.lastName), nameKey(userInfos.firstName), asc(paychecks.createdAt), asc(paychecks.id))
    .limit(DELIVERY_MAX_ROWS);
}

export interface DueSlipReminder {
  id: string;
  workspaceId: string;
  userInfoId: string;
  year: number;
  month: number;
}

/**
 * Slips of every workspace still unopened `afterDays` after publication and never reminded, published within the
 * last `withinDays` (older slips were there before reminders existed), locked for this run (SKIP LOCKED).
 */
export async function lockDueSlipReminders(
  tx: Queryable,
  now: Date,
  afterDays: number,
  withinDays: number,
  limit: number,
): Promise<DueSlipReminder[]> {
  const day = 24 * 3600 * 1000;
  return tx
    .select({
      id: paychecks.id,
      workspaceId: paychecks.workspaceId,
      userInfoId: paychecks.userInfoId,
      year: paychecks.year,
      month: paychecks.month,
    })
    .from(paychecks)
    .where(
      and(
        isNull(paychecks.attachmentFirstOpenAt),
        isNull(paychecks.reminderSentAt),
        lte(paychecks.createdAt, new Date(now.getTime() - afterDays * day)),
        gt(paychecks.createdAt, new Date(now.getTime() - withinDays * day)),
        // Not for a disabled workspace (ADR 0023): sent after it is enabled again if still within the window.
        inEnabledWorkspace(paychecks.workspaceId),
      ),
    )
    .orderBy(asc(paychecks.createdAt), asc(paychecks.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function markReminded(q: Queryable, ids: string[], at: Date) {
  if (ids.length === 0) return;
  await q.update(paychecks).set({ reminderSentAt: at }).where(inArray(paychecks.id, ids));
}
