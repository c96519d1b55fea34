import type { IsoDate } from '@timbro/shared';
import { and, asc, desc, eq, gte, inArray, isNotNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { shiftAssignees } from '../../../db/assigned-shifts';
import type { Queryable } from '../../../db/client';
import { shiftSwaps, userInfos, users, workShiftAssignees, workShifts } from '../../../db/schema';
import { inScope, insertInScope, joinInScope, type WorkspaceScope } from '../../../db/scope';
import { existingPeople } from '../shifts/shifts.repository';

export type SwapRow = typeof shiftSwaps.$inferSelect;

const OPEN = ['waiting_colleague', 'waiting_admin'] as const;

export const isOpenStatus = () => inArray(shiftSwaps.status, [...OPEN]);

/** The open swaps that involve one of these shifts, as the requester's or the colleague's. */
const openSwapsOn = (shiftIds: string[]) =>
  and(isOpenStatus(), or(inArray(shiftSwaps.sourceShiftId, shiftIds), inArray(shiftSwaps.targetShiftId, shiftIds)));

/** Open swaps per shift (as source or target): one query. */
export async function openSwapCounts(q: Queryable, scope: WorkspaceScope, shiftIds: string[]) {
  const out = new Map<string, number>();
  if (shiftIds.length === 0) return out;
  const rows = await q
    .select({ source: shiftSwaps.sourceShiftId, target: shiftSwaps.targetShiftId })
    .from(shiftSwaps)
    .where(inScope(shiftSwaps, scope, openSwapsOn(shiftIds)));
  for (const r of rows)
    for (const id of new Set([r.source, r.target]))
      if (id && shiftIds.includes(id)) out.set(id, (out.get(id) ?? 0) + 1);
  return out;
}

/** Moves one person from one shift to another (a swap's half): two statements. */
export async function moveAssignee(q: Queryable, scope: WorkspaceScope, userInfoId: string, from: string, to: string) {
  await q
    .delete(workShiftAssignees)
    .where(
      inScope(
        workShiftAssignees,
        scope,
        eq(workShiftAssignees.shiftId, from),
        eq(workShiftAssignees.userInfoId, userInfoId),
      ),
    );
  await insertInScope(q, scope, workShiftAssignees, { shiftId: to, userInfoId });
}

/**
 * Sets every open swap that touches these shifts to automatically rejected, returning them (the caller tells both
 * people): one statement, in the caller's transaction.
 */
export async function autoRejectSwaps(
  q: Queryable,
  scope: WorkspaceScope,
  shiftIds: string[],
  reason: 'shift_changed' | 'shift_deleted' | 'assignment_changed',
  exceptSwapId?: string,
) {
  if (shiftIds.length === 0) return [];
  return q
    .update(shiftSwaps)
    .set({ status: 'auto_rejected', autoReason: reason, decidedAt: new Date(), updatedAt: new Date() })
    .where(
      inScope(
        shiftSwaps,
        scope,
        openSwapsOn(shiftIds),
        exceptSwapId ? sql`${shiftSwaps.id} <> ${exceptSwapId}` : undefined,
      ),
    )
    .returning();
}

// Swaps ------------------------------------------------------------------------------------------------------------

export async function swapById(q: Queryable, scope: WorkspaceScope, id: string, lock = false) {
  const base = q
    .select()
    .from(shiftSwaps)
    .where(inScope(shiftSwaps, scope, eq(shiftSwaps.id, id)));
  const [row] = lock ? await base.for('update') : await base;
  return row ?? null;
}

export async function openSwapOf(q: Queryable, scope: WorkspaceScope, sourceShiftId: string, requesterId: string) {
  const [row] = await q
    .select({ id: shiftSwaps.id })
    .from(shiftSwaps)
    .where(
      inScope(
        shiftSwaps,
        scope,
        isOpenStatus(),
        eq(shiftSwaps.sourceShiftId, sourceShiftId),
        eq(shiftSwaps.requesterId, requesterId),
      ),
    );
  return row ?? null;
}

export async function insertSwap(
  q: Queryable,
  scope: WorkspaceScope,
  values: Omit<typeof shiftSwaps.$inferInsert, 'workspaceId'>,
) {
  const [row] = await insertInScope(q, scope, shiftSwaps, values).returning();
  return row!;
}

export async function updateSwap(
  q: Queryable,
  scope: WorkspaceScope,
  id: string,
  values: Partial<Omit<typeof shiftSwaps.$inferInsert, 'workspaceId' | 'id'>>,
) {
  const [row] = await q
    .update(shiftSwaps)
    .set({ ...values, updatedAt: new Date() })
    .where(inScope(shiftSwaps, scope, eq(shiftSwaps.id, id)))
    .returning();
  return row!;
}

/** A page of swaps matching `where`, newest first, with the total: two queries. */
export async function swapPage(
  q: Queryable,
  scope: WorkspaceScope,
  where: SQL | undefined,
  page: { limit: number; offset: number },
) {
  const [rows, [count]] = await Promise.all([
    q
      .select()
      .from(shiftSwaps)
      .where(inScope(shiftSwaps, scope, where))
      .orderBy(desc(shiftSwaps.createdAt), desc(shiftSwaps.id))
      .limit(page.limit)
      .offset(page.offset),
    q
      .select({ n: sql<number>`count(*)::int` })
      .from(shiftSwaps)
      .where(inScope(shiftSwaps, scope, where)),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** Swaps touching these shifts, newest first: one query. */
export async function swapsOfShift(q: Queryable, scope: WorkspaceScope, shiftId: string) {
  return q
    .select()
    .from(shiftSwaps)
    .where(inScope(shiftSwaps, scope, or(eq(shiftSwaps.sourceShiftId, shiftId), eq(shiftSwaps.targetShiftId, shiftId))))
    .orderBy(desc(shiftSwaps.createdAt));
}

/** Names of people and of deciding accounts for some swaps: two queries at most. */
export async function swapNames(q: Queryable, scope: WorkspaceScope, rows: SwapRow[]) {
  const personIds = [...new Set(rows.flatMap((r) => [r.requesterId, r.targetUserInfoId]))];
  const deciderIds = [...new Set(rows.map((r) => r.decidedBy).filter((x): x is string => x !== null))];
  const [people, deciders] = await Promise.all([
    existingPeople(q, scope, personIds),
    deciderIds.length
      ? q
          .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
          .from(users)
          .where(inArray(users.id, deciderIds))
      : Promise.resolve([]),
  ]);
  return {
    people: new Map(people.map((p) => [p.id, p])),
    deciders: new Map(deciders.map((d) => [d.id, `${d.firstName ?? ''} ${d.lastName ?? ''}`.trim()])),
  };
}

/**
 * Colleagues' published shifts a shift can be swapped with: starting after `after`, in [from, to], with someone
 * other than `me`, and without me on them. One query (at most 300 rows).
 */
export async function candidateShifts(
  q: Queryable,
  scope: WorkspaceScope,
  me: string,
  sourceShiftId: string,
  after: Date,
  from: IsoDate,
  to: IsoDate,
) {
  return q
    .select({
      shift: workShifts,
      person: { id: userInfos.id, firstName: userInfos.firstName, lastName: userInfos.lastName },
    })
    .from(workShifts)
    .innerJoin(workShiftAssignees, shiftAssignees())
    .innerJoin(userInfos, joinInScope(workShiftAssignees, userInfos, eq(userInfos.id, workShiftAssignees.userInfoId)))
    .where(
      inScope(
        workShifts,
        scope,
        isNotNull(workShifts.publishedAt),
        gte(workShifts.date, from),
        lte(workShifts.date, to),
        sql`${workShifts.startsAt} > ${after.toISOString()}`,
        sql`${workShifts.id} <> ${sourceShiftId}`,
        sql`${workShiftAssignees.userInfoId} <> ${me}`,
        eq(userInfos.enabled, true),
        sql`not exists (select 1 from ${workShiftAssignees} mine where mine.workspace_id = ${workShifts.workspaceId}
              and mine.shift_id = ${workShifts.id} and mine.user_info_id = ${me})`,
      ),
    )
    .orderBy(asc(workShifts.startsAt), sql`lower(${userInfos.lastName})`, asc(userInfos.id))
    .limit(300);
}

/** Whether a person works a shift. */
export async function isAssigned(q: Queryable, scope: WorkspaceScope, shiftId: string, userInfoId: string) {
  const [row] = await q
    .select({ one: sql<number>`1` })
    .from(workShiftAssignees)
    .where(
      inScope(
        workShiftAssignees,
        scope,
        eq(workShiftAssignees.shiftId, shiftId),
        eq(workShiftAssignees.userInfoId, userInfoId),
      ),
    );
  return !!row;
}

export const swapsInvolving = (userInfoId: string) =>
  or(eq(shiftSwaps.requesterId, userInfoId), eq(shiftSwaps.targetUserInfoId, userInfoId));

export const swapsAskedBy = (userInfoId: string) => eq(shiftSwaps.requesterId, userInfoId);

export const swapsAwaiting = (userInfoId: string) =>
  and(eq(shiftSwaps.targetUserInfoId, userInfoId), eq(shiftSwaps.status, 'waiting_colleague'));

export const swapsWithStatus = (status: SwapRow['status']) => eq(shiftSwaps.status, status);
