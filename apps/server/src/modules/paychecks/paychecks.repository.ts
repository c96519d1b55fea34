import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte, ilike, or } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { paychecks, userInfos } from '../../db/schema';
import { byPerson, employeeFileRepository, personMatches, type EmployeeFileWithPerson } from '../../db/employee-files';
import { inEnabledWorkspace, inScope, joinInScope, type WorkspaceScope } from '../../db/scope';
import { likePattern } from '../../db/sql';

export type PaycheckRow = typeof paychecks.$inferSelect;
export type PaycheckWithPerson = EmployeeFileWithPerson<typeof paychecks>;

/** Pay slips are employee file records (db/employee-files.ts): one employee's PDF, found, filed, changed, deleted. */
export const records = employeeFileRepository(paychecks);

export interface PaycheckFilter {
  userInfoId?: string;
  year?: number;
  month?: number;
  opened?: 'opened' | 'unopened';
  search?: string;
}

function filters(f: PaycheckFilter) {
  const like = f.search ? likePattern(f.search) : null;
  return [
    f.userInfoId ? eq(paychecks.userInfoId, f.userInfoId) : undefined,
    f.year !== undefined ? eq(paychecks.year, f.year) : undefined,
    f.month !== undefined ? eq(paychecks.month, f.month) : undefined,
    f.opened === 'opened'
      ? isNotNull(paychecks.attachmentFirstOpenAt)
      : f.opened === 'unopened'
        ? isNull(paychecks.attachmentFirstOpenAt)
        : undefined,
    like ? or(personMatches(like), ilike(paychecks.description, like)) : undefined,
  ];
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
      ? byPerson(page.order)
      : page.sort === 'createdAt'
        ? [dir(paychecks.createdAt)]
        : page.sort === 'netAmount'
          ? [dir(paychecks.netAmount)]
          : [dir(paychecks.year), dir(paychecks.month), ...byPerson()];
  return records.page(q, scope, filters(f), order, page);
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
    .orderBy(...byPerson(), asc(paychecks.createdAt), asc(paychecks.id))
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
