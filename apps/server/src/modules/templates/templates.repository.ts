import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { templateDays, templateDaySlots, templateWeekDays, templateWeeks } from '../../db/schema';
import { insertInScope, inScope, tenantRepository, type ScopedInsert, type WorkspaceScope } from '../../db/scope';
import { nameKey } from '../../db/sql';

export const dayRepo = tenantRepository(templateDays);
export const weekRepo = tenantRepository(templateWeeks);

export type TemplateDaySlotRow = typeof templateDaySlots.$inferSelect;

/** A list with `ids` that matches nothing when it is empty (an empty `in ()` is not valid SQL). */
const idsOrNone = (ids: string[]) => (ids.length ? ids : ['00000000-0000-0000-0000-000000000000']);

/** Daily templates by name, all or those with the given ids. */
export async function findDays(q: Queryable, scope: WorkspaceScope, ids?: string[]) {
  return q
    .select()
    .from(templateDays)
    .where(inScope(templateDays, scope, ids ? inArray(templateDays.id, idsOrNone(ids)) : undefined))
    .orderBy(asc(nameKey(templateDays.name)));
}

/** The slots of these daily templates, in order. */
export async function slotsOfDays(
  q: Queryable,
  scope: WorkspaceScope,
  dayIds: string[],
): Promise<TemplateDaySlotRow[]> {
  return q
    .select()
    .from(templateDaySlots)
    .where(inScope(templateDaySlots, scope, inArray(templateDaySlots.templateDayId, dayIds)))
    .orderBy(asc(templateDaySlots.position), asc(templateDaySlots.startsAtMinutes));
}

/** Another daily or weekly template with this name (case-insensitive), other than `exceptId`. */
export async function findOtherByName(
  q: Queryable,
  kind: 'day' | 'week',
  scope: WorkspaceScope,
  name: string,
  exceptId?: string,
) {
  const table = kind === 'day' ? templateDays : templateWeeks;
  const [clash] = await q
    .select({ id: table.id })
    .from(table)
    .where(
      inScope(
        table,
        scope,
        sql`lower(${table.name}) = lower(${name})`,
        exceptId ? sql`${table.id} <> ${exceptId}` : undefined,
      ),
    );
  return clash ?? null;
}

/** Replaces the slots of a daily template. */
export async function replaceDaySlots(
  q: Queryable,
  scope: WorkspaceScope,
  dayId: string,
  slots: Omit<ScopedInsert<typeof templateDaySlots>, 'templateDayId'>[],
) {
  await q.delete(templateDaySlots).where(inScope(templateDaySlots, scope, eq(templateDaySlots.templateDayId, dayId)));
  await insertInScope(
    q,
    scope,
    templateDaySlots,
    slots.map((s) => ({ ...s, templateDayId: dayId })),
  );
}

/** How many weekly-template days use this daily template. */
export async function countWeekDaysUsing(q: Queryable, scope: WorkspaceScope, dayId: string): Promise<number> {
  const [used] = await q
    .select({ n: sql<number>`count(*)::int` })
    .from(templateWeekDays)
    .where(inScope(templateWeekDays, scope, eq(templateWeekDays.templateDayId, dayId)));
  return used?.n ?? 0;
}

/** Weekly templates by name, all or those with the given ids. */
export async function findWeeks(q: Queryable, scope: WorkspaceScope, ids?: string[]) {
  return q
    .select()
    .from(templateWeeks)
    .where(inScope(templateWeeks, scope, ids ? inArray(templateWeeks.id, idsOrNone(ids)) : undefined))
    .orderBy(asc(nameKey(templateWeeks.name)));
}

/** The weekday → daily template links of these weekly templates. */
export async function weekDaysOf(q: Queryable, scope: WorkspaceScope, weekIds: string[]) {
  return q
    .select()
    .from(templateWeekDays)
    .where(inScope(templateWeekDays, scope, inArray(templateWeekDays.templateWeekId, weekIds)));
}

/** Which of these daily template ids exist in the workspace. */
export async function existingDayIds(q: Queryable, scope: WorkspaceScope, ids: string[]) {
  return q
    .select({ id: templateDays.id })
    .from(templateDays)
    .where(inScope(templateDays, scope, inArray(templateDays.id, ids)));
}

export async function deleteWeekDays(q: Queryable, scope: WorkspaceScope, weekId: string) {
  await q.delete(templateWeekDays).where(inScope(templateWeekDays, scope, eq(templateWeekDays.templateWeekId, weekId)));
}

export async function insertWeekDays(
  q: Queryable,
  scope: WorkspaceScope,
  weekId: string,
  days: { weekday: number; templateDayId: string }[],
) {
  await insertInScope(
    q,
    scope,
    templateWeekDays,
    days.map((d) => ({ templateWeekId: weekId, weekday: d.weekday, templateDayId: d.templateDayId })),
  );
}
