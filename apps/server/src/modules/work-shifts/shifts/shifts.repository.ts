import type { IsoDate, ShiftWarning } from '@timbro/shared';
import { and, asc, eq, gte, inArray, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { shiftAssignees } from '../../../db/assigned-shifts';
import type { Queryable } from '../../../db/client';
import {
  groupMembers,
  templateDaySlots,
  templateDays,
  userInfos,
  workShiftAssignees,
  workShifts,
} from '../../../db/schema';
import { existsInScope, inScope, insertInScope, joinInScope, type WorkspaceScope } from '../../../db/scope';

export type ShiftRow = typeof workShifts.$inferSelect;

export interface Person {
  id: string;
  firstName: string;
  lastName: string;
}

export type ShiftWithPeople = ShiftRow & { assignees: Person[] };

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
    .leftJoin(workShiftAssignees, shiftAssignees())
    .where(inScope(workShifts, scope, draftsIn(from, to, groupId ?? null)));
  return row?.n ?? 0;
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

export const publishedBetween = (from: IsoDate, to: IsoDate) =>
  and(isNotNull(workShifts.publishedAt), gte(workShifts.date, from), lte(workShifts.date, to));
