import type { IsoDate, ShiftWarning } from '@timbro/shared';
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import {
  contracts,
  groupMembers,
  justificationRequests,
  justifications,
  shiftSwaps,
  templateDaySlots,
  templateDays,
  userInfos,
  users,
  workShiftAssignees,
  workShifts,
} from '../../db/schema';
import { existsInScope, inScope, insertInScope, joinInScope, type WorkspaceScope } from '../../db/scope';

export type ShiftRow = typeof workShifts.$inferSelect;
export type SwapRow = typeof shiftSwaps.$inferSelect;
export interface Person {
  id: string;
  firstName: string;
  lastName: string;
}
export type ShiftWithPeople = ShiftRow & { assignees: Person[] };

const OPEN = ['waiting_colleague', 'waiting_admin'] as const;
export const isOpenStatus = () => inArray(shiftSwaps.status, [...OPEN]);

/** "The shift has someone of this group", for a query over work_shifts (a sub-select carrying the workspace). */
export const shiftInGroup = (groupId: string) =>
  existsInScope(
    workShiftAssignees,
    workShifts.workspaceId,
    eq(workShiftAssignees.shiftId, workShifts.id),
    existsInScope(
      groupMembers,
      workShiftAssignees.workspaceId,
      eq(groupMembers.userInfoId, workShiftAssignees.userInfoId),
      eq(groupMembers.groupId, groupId),
    ),
  );

/** Shifts matching `where` with their people (name order): two queries whatever their number. */
export async function loadShifts(
  q: Queryable,
  scope: WorkspaceScope,
  where: SQL | undefined,
  opts: { lock?: boolean } = {},
): Promise<ShiftWithPeople[]> {
  const base = q
    .select()
    .from(workShifts)
    .where(inScope(workShifts, scope, where))
    .orderBy(asc(workShifts.startsAt), asc(workShifts.id));
  const rows = opts.lock ? await base.for('update') : await base;
  if (rows.length === 0) return [];
  const people = await assigneesOf(
    q,
    scope,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, assignees: people.get(r.id) ?? [] }));
}

/** The people of some shifts, by shift (name order): one query. */
export async function assigneesOf(q: Queryable, scope: WorkspaceScope, shiftIds: string[]) {
  const out = new Map<string, Person[]>();
  if (shiftIds.length === 0) return out;
  const rows = await q
    .select({
      shiftId: workShiftAssignees.shiftId,
      id: userInfos.id,
      firstName: userInfos.firstName,
      lastName: userInfos.lastName,
    })
    .from(workShiftAssignees)
    .innerJoin(userInfos, joinInScope(workShiftAssignees, userInfos, eq(userInfos.id, workShiftAssignees.userInfoId)))
    .where(inScope(workShiftAssignees, scope, inArray(workShiftAssignees.shiftId, shiftIds)))
    .orderBy(sql`lower(${userInfos.lastName})`, sql`lower(${userInfos.firstName})`, asc(userInfos.id));
  for (const r of rows) {
    const list = out.get(r.shiftId);
    const p = { id: r.id, firstName: r.firstName, lastName: r.lastName };
    if (list) list.push(p);
    else out.set(r.shiftId, [p]);
  }
  return out;
}

/** Open swaps per shift (as source or target): one query. */
export async function openSwapCounts(q: Queryable, scope: WorkspaceScope, shiftIds: string[]) {
  const out = new Map<string, number>();
  if (shiftIds.length === 0) return out;
  const rows = await q
    .select({ source: shiftSwaps.sourceShiftId, target: shiftSwaps.targetShiftId })
    .from(shiftSwaps)
    .where(
      inScope(
        shiftSwaps,
        scope,
        isOpenStatus(),
        or(inArray(shiftSwaps.sourceShiftId, shiftIds), inArray(shiftSwaps.targetShiftId, shiftIds)),
      ),
    );
  for (const r of rows)
    for (const id of new Set([r.source, r.target]))
      if (id && shiftIds.includes(id)) out.set(id, (out.get(id) ?? 0) + 1);
  return out;
}

/** Employees of the workspace among `ids` (the ones that exist): one query. */
export async function existingPeople(q: Queryable, scope: WorkspaceScope, ids: string[]): Promise<Person[]> {
  if (ids.length === 0) return [];
  return q
    .select({ id: userInfos.id, firstName: userInfos.firstName, lastName: userInfos.lastName })
    .from(userInfos)
    .where(inScope(userInfos, scope, inArray(userInfos.id, ids)))
    .orderBy(sql`lower(${userInfos.lastName})`, sql`lower(${userInfos.firstName})`, asc(userInfos.id));
}

/** A daily template's slots (one query), or null when it is not the workspace's. */
export async function templateSlots(q: Queryable, scope: WorkspaceScope, id: string) {
  const [t] = await q
    .select({ id: templateDays.id })
    .from(templateDays)
    .where(inScope(templateDays, scope, eq(templateDays.id, id)));
  if (!t) return null;
  return q
    .select()
    .from(templateDaySlots)
    .where(inScope(templateDaySlots, scope, eq(templateDaySlots.templateDayId, id)))
    .orderBy(asc(templateDaySlots.startsAtMinutes));
}

/** Every shift (draft or published) of these people starting in [from, to], for the rest rules: one query. */
export async function rosterOf(q: Queryable, scope: WorkspaceScope, userInfoIds: string[], from: IsoDate, to: IsoDate) {
  if (userInfoIds.length === 0) return [];
  return q
    .select({
      id: workShifts.id,
      userInfoId: workShiftAssignees.userInfoId,
      date: workShifts.date,
      startsAt: workShifts.startsAt,
      endsAt: workShifts.endsAt,
      pauseMinutes: workShifts.pauseMinutes,
    })
    .from(workShiftAssignees)
    .innerJoin(workShifts, joinInScope(workShiftAssignees, workShifts, eq(workShifts.id, workShiftAssignees.shiftId)))
    .where(
      inScope(
        workShiftAssignees,
        scope,
        inArray(workShiftAssignees.userInfoId, userInfoIds),
        gte(workShifts.date, from),
        lte(workShifts.date, to),
      ),
    );
}

/** Approved absences in [from, to] of the people `who` selects, with their type's name, in date order: one query. */
function approvedAbsencesOf(q: Queryable, scope: WorkspaceScope, who: SQL, from: IsoDate, to: IsoDate) {
  return q
    .select({
      userInfoId: justificationRequests.userInfoId,
      date: justificationRequests.date,
      wholeDay: justificationRequests.wholeDay,
      name: justifications.name,
    })
    .from(justificationRequests)
    .innerJoin(
      justifications,
      joinInScope(justificationRequests, justifications, eq(justifications.id, justificationRequests.justificationId)),
    )
    .where(
      inScope(
        justificationRequests,
        scope,
        who,
        eq(justificationRequests.status, 'approved'),
        gte(justificationRequests.date, from),
        lte(justificationRequests.date, to),
      ),
    )
    .orderBy(asc(justificationRequests.date), asc(justificationRequests.id));
}

/** Approved absences of these people in [from, to] with their type's name: one query. */
export async function approvedAbsences(
  q: Queryable,
  scope: WorkspaceScope,
  userInfoIds: string[],
  from: IsoDate,
  to: IsoDate,
) {
  if (userInfoIds.length === 0) return [];
  return approvedAbsencesOf(q, scope, inArray(justificationRequests.userInfoId, userInfoIds), from, to);
}

/**
 * Approved absences in [from, to] of the people with a published shift in [from, to] (the roster's rows): one query,
 * which need not wait for the roster's people.
 */
export async function rosterAbsences(q: Queryable, scope: WorkspaceScope, from: IsoDate, to: IsoDate) {
  const onRoster = existsInScope(
    workShiftAssignees,
    justificationRequests.workspaceId,
    eq(workShiftAssignees.userInfoId, justificationRequests.userInfoId),
    existsInScope(
      workShifts,
      workShiftAssignees.workspaceId,
      eq(workShifts.id, workShiftAssignees.shiftId),
      publishedBetween(from, to)!,
    ),
  );
  return approvedAbsencesOf(q, scope, onRoster, from, to);
}

export async function insertShifts(
  q: Queryable,
  scope: WorkspaceScope,
  rows: (Omit<typeof workShifts.$inferInsert, 'workspaceId'> & { id: string })[],
  assignees: { shiftId: string; userInfoId: string }[],
) {
  if (rows.length === 0) return;
  // Large batches in chunks: PostgreSQL takes at most 65,535 parameters a statement.
  for (let i = 0; i < rows.length; i += 500) await insertInScope(q, scope, workShifts, rows.slice(i, i + 500));
  for (let i = 0; i < assignees.length; i += 5000)
    await insertInScope(q, scope, workShiftAssignees, assignees.slice(i, i + 5000));
}

export async function replaceAssignees(q: Queryable, scope: WorkspaceScope, shiftId: string, userInfoIds: string[]) {
  await q.delete(workShiftAssignees).where(inScope(workShiftAssignees, scope, eq(workShiftAssignees.shiftId, shiftId)));
  if (userInfoIds.length > 0)
    await insertInScope(
      q,
      scope,
      workShiftAssignees,
      userInfoIds.map((userInfoId) => ({ shiftId, userInfoId })),
    );
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

export async function updateShift(
  q: Queryable,
  scope: WorkspaceScope,
  id: string,
  values: Partial<Omit<typeof workShifts.$inferInsert, 'workspaceId' | 'id'>>,
) {
  await q
    .update(workShifts)
    .set({ ...values, updatedAt: new Date() })
    .where(inScope(workShifts, scope, eq(workShifts.id, id)));
}

export async function setWarnings(q: Queryable, scope: WorkspaceScope, byShift: Map<string, ShiftWarning[]>) {
  // One statement per distinct shift is fine for a form; a publication writes them in one with a VALUES list.
  if (byShift.size === 0) return;
  const values = sql.join(
    [...byShift].map(([id, w]) => sql`(${id}::uuid, ${JSON.stringify(w)}::jsonb)`),
    sql`, `,
  );
  await q.execute(
    sql`update ${workShifts} set warnings = v.w from (values ${values}) as v(id, w)
        where ${workShifts.workspaceId} = ${scope.workspaceId} and ${workShifts.id} = v.id`,
  );
}

export async function deleteShift(q: Queryable, scope: WorkspaceScope, id: string) {
  await q.delete(workShifts).where(inScope(workShifts, scope, eq(workShifts.id, id)));
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
        isOpenStatus(),
        or(inArray(shiftSwaps.sourceShiftId, shiftIds), inArray(shiftSwaps.targetShiftId, shiftIds)),
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
    .innerJoin(
      workShiftAssignees,
      joinInScope(workShifts, workShiftAssignees, eq(workShiftAssignees.shiftId, workShifts.id)),
    )
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

export const draftsIn = (from: IsoDate, to: IsoDate, groupId: string | null) =>
  and(
    isNull(workShifts.publishedAt),
    gte(workShifts.date, from),
    lte(workShifts.date, to),
    groupId ? shiftInGroup(groupId) : undefined,
  );

/**
 * How many drafts the range has, counted as the planning grid shows them: one per person and shift (a shift of two
 * people on five days is 10), a draft without people as one. The same unit as the publication's result. One query.
 */
export async function countDrafts(q: Queryable, scope: WorkspaceScope, from: IsoDate, to: IsoDate, groupId?: string) {
  const [row] = await q
    .select({ n: sql<number>`count(*)::int` })
    .from(workShifts)
    .leftJoin(
      workShiftAssignees,
      joinInScope(workShifts, workShiftAssignees, eq(workShiftAssignees.shiftId, workShifts.id)),
    )
    .where(inScope(workShifts, scope, draftsIn(from, to, groupId ?? null)));
  return row?.n ?? 0;
}

/** The shifts of some people in [from, to] (for the planning page), with people: two queries. */
export async function shiftsOfPeople(
  q: Queryable,
  scope: WorkspaceScope,
  userInfoIds: string[],
  from: IsoDate,
  to: IsoDate,
) {
  if (userInfoIds.length === 0) return [];
  return loadShifts(
    q,
    scope,
    and(
      gte(workShifts.date, from),
      lte(workShifts.date, to),
      existsInScope(
        workShiftAssignees,
        workShifts.workspaceId,
        eq(workShiftAssignees.shiftId, workShifts.id),
        inArray(workShiftAssignees.userInfoId, userInfoIds),
      ),
    ),
  );
}

/** A member's published shifts in [from, to] with their open swap (asked by them), if any: one query. */
export async function myShifts(q: Queryable, scope: WorkspaceScope, me: string, from: IsoDate, to: IsoDate) {
  return q
    .select({
      shift: workShifts,
      openSwapId: sql<string | null>`(select s.id from ${shiftSwaps} s where s.workspace_id = ${workShifts.workspaceId}
        and s.source_shift_id = ${workShifts.id} and s.requester_id = ${me}
        and s.status in ('waiting_colleague', 'waiting_admin') limit 1)`,
    })
    .from(workShifts)
    .innerJoin(
      workShiftAssignees,
      joinInScope(workShifts, workShiftAssignees, eq(workShiftAssignees.shiftId, workShifts.id)),
    )
    .where(
      inScope(
        workShifts,
        scope,
        eq(workShiftAssignees.userInfoId, me),
        isNotNull(workShifts.publishedAt),
        gte(workShifts.date, from),
        lte(workShifts.date, to),
      ),
    )
    .orderBy(asc(workShifts.startsAt));
}

/** Marks drafts published (with the override note when they had warnings): one statement. */
export async function markPublished(
  q: Queryable,
  scope: WorkspaceScope,
  ids: string[],
  by: string,
  at: Date,
  override: string | null,
) {
  if (ids.length === 0) return;
  await q
    .update(workShifts)
    .set({
      publishedAt: at,
      publishedBy: by,
      updatedAt: at,
      ...(override ? { overrideNote: override, overrideBy: by } : {}),
    })
    .where(inScope(workShifts, scope, inArray(workShifts.id, ids)));
}

/** The latest contract type of each person over [from, to]: one query. */
export async function contractTypes(q: Queryable, scope: WorkspaceScope, ids: string[], from: IsoDate, to: IsoDate) {
  const out = new Map<string, 'fixed' | 'turn_based'>();
  if (ids.length === 0) return out;
  const rows = await q
    .select({ userInfoId: contracts.userInfoId, type: contracts.type })
    .from(contracts)
    .where(
      inScope(
        contracts,
        scope,
        inArray(contracts.userInfoId, ids),
        lte(contracts.startsAt, to),
        or(isNull(contracts.endsAt), gte(contracts.endsAt, from)),
      ),
    )
    .orderBy(desc(contracts.startsAt));
  for (const c of rows) if (!out.has(c.userInfoId)) out.set(c.userInfoId, c.type);
  return out;
}

/** Shifts by id (without people): one query. */
export async function shiftsById(q: Queryable, scope: WorkspaceScope, ids: string[]) {
  if (ids.length === 0) return [];
  return q
    .select()
    .from(workShifts)
    .where(inScope(workShifts, scope, inArray(workShifts.id, ids)));
}

// Filters the services compose (SQL stays here) ------------------------------------------------------------------------

export const shiftIs = (id: string) => eq(workShifts.id, id);
export const shiftIn = (ids: string[]) => inArray(workShifts.id, ids);
export const shiftsStartingIn = (from: IsoDate, to: IsoDate, groupId: string | null) =>
  and(gte(workShifts.date, from), lte(workShifts.date, to), groupId ? shiftInGroup(groupId) : undefined);
export const swapsInvolving = (userInfoId: string) =>
  or(eq(shiftSwaps.requesterId, userInfoId), eq(shiftSwaps.targetUserInfoId, userInfoId));
export const swapsAskedBy = (userInfoId: string) => eq(shiftSwaps.requesterId, userInfoId);
export const swapsAwaiting = (userInfoId: string) =>
  and(eq(shiftSwaps.targetUserInfoId, userInfoId), eq(shiftSwaps.status, 'waiting_colleague'));
export const swapsWithStatus = (status: SwapRow['status']) => eq(shiftSwaps.status, status);
export const publishedBetween = (from: IsoDate, to: IsoDate) =>
  and(isNotNull(workShifts.publishedAt), gte(workShifts.date, from), lte(workShifts.date, to));
