import { ErrorCode, slotMinutes, wtMsg, type TemplateDay, type TemplateDayInput, type TemplateWeek, type TemplateWeekInput } from '@timbro/shared';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { templateDays, templateDaySlots, templateWeekDays, templateWeeks } from '../../db/schema';
import { insertInScope, inScope, tenantRepository, type WorkspaceScope } from '../../db/scope';
import { nameKey } from '../../db/sql';
import type { AppDeps } from '../../deps';
import { recordAudit } from '../../lib/audit';
import { AppError, notFound, validation } from '../../lib/errors';
import type { ActorRef } from '../users/users.service';

const dayRepo = tenantRepository(templateDays);
const weekRepo = tenantRepository(templateWeeks);

type SlotRow = typeof templateDaySlots.$inferSelect;
const slotOut = (s: SlotRow) => ({
  startsAtMinutes: s.startsAtMinutes,
  endsAtMinutes: s.endsAtMinutes,
  pauseStartsAtMinutes: s.pauseStartsAtMinutes,
  pauseEndsAtMinutes: s.pauseEndsAtMinutes,
  description: s.description,
  descriptionColorRgb: s.descriptionColorRgb,
});

/** Days with their slots in two queries (no N+1). */
async function loadDays(q: Queryable, scope: WorkspaceScope, ids?: string[]): Promise<TemplateDay[]> {
  const days = await q
    .select()
    .from(templateDays)
    .where(inScope(templateDays, scope, ids ? inArray(templateDays.id, ids.length ? ids : ['00000000-0000-0000-0000-000000000000']) : undefined))
    .orderBy(asc(nameKey(templateDays.name)));
  if (days.length === 0) return [];
  const slots = await q
    .select()
    .from(templateDaySlots)
    .where(inScope(templateDaySlots, scope, inArray(templateDaySlots.templateDayId, days.map((d) => d.id))))
    .orderBy(asc(templateDaySlots.position), asc(templateDaySlots.startsAtMinutes));
  return days.map((d) => {
    const own = slots.filter((s) => s.templateDayId === d.id).map(slotOut);
    return { id: d.id, name: d.name, description: d.description, timeSlots: own, minutes: own.reduce((m, s) => m + slotMinutes({ ...s, weekday: 1 }), 0) };
  });
}

async function checkName(q: Queryable, table: typeof templateDays | typeof templateWeeks, scope: WorkspaceScope, name: string, exceptId?: string) {
  const [clash] = await q
    .select({ id: table.id })
    .from(table)
    .where(inScope(table, scope, sql`lower(${table.name}) = lower(${name})`, exceptId ? sql`${table.id} <> ${exceptId}` : undefined));
  if (clash) throw new AppError(ErrorCode.CONFLICT, wtMsg.nameTaken, { errors: [{ path: 'name', message: wtMsg.nameTaken }] });
}

async function writeDaySlots(q: Queryable, scope: WorkspaceScope, dayId: string, input: TemplateDayInput) {
  await q.delete(templateDaySlots).where(inScope(templateDaySlots, scope, eq(templateDaySlots.templateDayId, dayId)));
  await insertInScope(q, scope, templateDaySlots, input.timeSlots.map((s, position) => ({ ...s, templateDayId: dayId, position })));
}

export const listTemplateDays = (deps: AppDeps, scope: WorkspaceScope) => loadDays(deps.db, scope);

export async function getTemplateDay(deps: AppDeps, scope: WorkspaceScope, id: string) {
  const [day] = await loadDays(deps.db, scope, [id]);
  if (!day) throw notFound(wtMsg.templateDayNotFound);
  return day;
}

export async function saveTemplateDay(deps: AppDeps, scope: WorkspaceScope, actor: ActorRef, id: string | null, input: TemplateDayInput) {
  const dayId = await deps.db.transaction(async (tx) => {
    // A missing (or other workspace's) template is a 404 before any name conflict.
    if (id && !(await dayRepo.findById(tx, scope, id))) throw notFound(wtMsg.templateDayNotFound);
    await checkName(tx, templateDays, scope, input.name, id ?? undefined);
    let rowId = id;
    if (rowId) {
      const updated = await dayRepo.update(tx, scope, rowId, { name: input.name, description: input.description, updatedAt: new Date() });
      if (!updated) throw notFound(wtMsg.templateDayNotFound);
    } else rowId = (await dayRepo.insert(tx, scope, { name: input.name, description: input.description })).id;
    await writeDaySlots(tx, scope, rowId, input);
    await recordAudit(tx, scope, { actorUserId: actor.userId, action: id ? 'template-day.update' : 'template-day.create', entityType: 'template-day', entityId: rowId, changes: input, requestId: actor.requestId });
    return rowId;
  });
  return getTemplateDay(deps, scope, dayId);
}

export async function deleteTemplateDay(deps: AppDeps, scope: WorkspaceScope, actor: ActorRef, id: string) {
  await deps.db.transaction(async (tx) => {
    if (!(await dayRepo.findById(tx, scope, id))) throw notFound(wtMsg.templateDayNotFound);
    const [used] = await tx.select({ n: sql<number>`count(*)::int` }).from(templateWeekDays).where(inScope(templateWeekDays, scope, eq(templateWeekDays.templateDayId, id)));
    if ((used?.n ?? 0) > 0) throw new AppError(ErrorCode.CONFLICT, 'Il modello giornaliero è usato da un modello settimanale: toglilo da lì prima di eliminarlo');
    await dayRepo.remove(tx, scope, id);
    await recordAudit(tx, scope, { actorUserId: actor.userId, action: 'template-day.delete', entityType: 'template-day', entityId: id, requestId: actor.requestId });
  });
}

async function loadWeeks(q: Queryable, scope: WorkspaceScope, ids?: string[]): Promise<TemplateWeek[]> {
  const weeks = await q
    .select()
    .from(templateWeeks)
    .where(inScope(templateWeeks, scope, ids ? inArray(templateWeeks.id, ids.length ? ids : ['00000000-0000-0000-0000-000000000000']) : undefined))
    .orderBy(asc(nameKey(templateWeeks.name)));
  if (weeks.length === 0) return [];
  const links = await q.select().from(templateWeekDays).where(inScope(templateWeekDays, scope, inArray(templateWeekDays.templateWeekId, weeks.map((w) => w.id))));
  const days = await loadDays(q, scope, [...new Set(links.map((l) => l.templateDayId))]);
  const dayById = new Map(days.map((d) => [d.id, d]));
  return weeks.map((w) => {
    const own = links.filter((l) => l.templateWeekId === w.id).sort((a, b) => a.weekday - b.weekday);
    const timeSlots = own.flatMap((l) => (dayById.get(l.templateDayId)?.timeSlots ?? []).map((s) => ({ ...s, weekday: l.weekday })));
    return {
      id: w.id,
      name: w.name,
      description: w.description,
      days: own.map((l) => ({ weekday: l.weekday, templateDayId: l.templateDayId, templateDayName: dayById.get(l.templateDayId)?.name ?? '' })),
      timeSlots,
      weeklyMinutes: own.reduce((m, l) => m + (dayById.get(l.templateDayId)?.minutes ?? 0), 0),
    };
  });
}

export const listTemplateWeeks = (deps: AppDeps, scope: WorkspaceScope) => loadWeeks(deps.db, scope);

export async function getTemplateWeek(deps: AppDeps, scope: WorkspaceScope, id: string) {
  const [week] = await loadWeeks(deps.db, scope, [id]);
  if (!week) throw notFound(wtMsg.templateWeekNotFound);
  return week;
}

export async function saveTemplateWeek(deps: AppDeps, scope: WorkspaceScope, actor: ActorRef, id: string | null, input: TemplateWeekInput) {
  const weekId = await deps.db.transaction(async (tx) => {
    // A missing (or other workspace's) template is a 404 before any name conflict or day check.
    if (id && !(await weekRepo.findById(tx, scope, id))) throw notFound(wtMsg.templateWeekNotFound);
    await checkName(tx, templateWeeks, scope, input.name, id ?? undefined);
    const dayIds = [...new Set(input.days.map((d) => d.templateDayId))];
    const found = dayIds.length ? await tx.select({ id: templateDays.id }).from(templateDays).where(inScope(templateDays, scope, inArray(templateDays.id, dayIds))) : [];
    if (found.length !== dayIds.length) {
      const missing = input.days.findIndex((d) => !found.some((f) => f.id === d.templateDayId));
      throw validation([{ path: `days.${missing}.templateDayId`, message: wtMsg.templateDayNotFound }]);
    }
    let rowId = id;
    if (rowId) {
      const updated = await weekRepo.update(tx, scope, rowId, { name: input.name, description: input.description, updatedAt: new Date() });
      if (!updated) throw notFound(wtMsg.templateWeekNotFound);
      await tx.delete(templateWeekDays).where(inScope(templateWeekDays, scope, eq(templateWeekDays.templateWeekId, rowId)));
    } else rowId = (await weekRepo.insert(tx, scope, { name: input.name, description: input.description })).id;
    if (input.days.length > 0) {
      await insertInScope(tx, scope, templateWeekDays, input.days.map((d) => ({ templateWeekId: rowId!, weekday: d.weekday, templateDayId: d.templateDayId })));
    }
    await recordAudit(tx, scope, { actorUserId: actor.userId, action: id ? 'template-week.update' : 'template-week.create', entityType: 'template-week', entityId: rowId, changes: input, requestId: actor.requestId });
    return rowId;
  });
  return getTemplateWeek(deps, scope, weekId);
}

export async function deleteTemplateWeek(deps: AppDeps, scope: WorkspaceScope, actor: ActorRef, id: string) {
  await deps.db.transaction(async (tx) => {
    if (!(await weekRepo.findById(tx, scope, id))) throw notFound(wtMsg.templateWeekNotFound);
    await weekRepo.remove(tx, scope, id);
    await recordAudit(tx, scope, { actorUserId: actor.userId, action: 'template-week.delete', entityType: 'template-week', entityId: id, requestId: actor.requestId });
  });
}

