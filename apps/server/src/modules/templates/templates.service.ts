import {
  apiMsg,
  ErrorCode,
  slotMinutes,
  wtMsg,
  type TemplateDay,
  type TemplateDayInput,
  type TemplateWeek,
  type TemplateWeekInput,
} from '@timbro/shared';
import type { Queryable } from '../../db/client';
import type { WorkspaceScope } from '../../db/scope';
import type { AppDeps } from '../../deps';
import { audit } from '../../lib/audit';
import { AppError, notFound, validation } from '../../lib/errors';
import type { RequestCtx } from '../../plugins/request-context';
import * as repo from './templates.repository';

const { dayRepo, weekRepo } = repo;

const slotOut = (s: repo.TemplateDaySlotRow) => ({
  startsAtMinutes: s.startsAtMinutes,
  endsAtMinutes: s.endsAtMinutes,
  pauseStartsAtMinutes: s.pauseStartsAtMinutes,
  pauseEndsAtMinutes: s.pauseEndsAtMinutes,
  description: s.description,
  descriptionColorRgb: s.descriptionColorRgb,
});

/** Days with their slots in two queries (no N+1). */
async function loadDays(q: Queryable, scope: WorkspaceScope, ids?: string[]): Promise<TemplateDay[]> {
  const days = await repo.findDays(q, scope, ids);
  if (days.length === 0) return [];
  const slots = await repo.slotsOfDays(
    q,
    scope,
    days.map((d) => d.id),
  );
  return days.map((d) => {
    const own = slots.filter((s) => s.templateDayId === d.id).map(slotOut);
    return {
      id: d.id,
      name: d.name,
      description: d.description,
      timeSlots: own,
      minutes: own.reduce((m, s) => m + slotMinutes({ ...s, weekday: 1 }), 0),
    };
  });
}

async function checkName(q: Queryable, kind: 'day' | 'week', scope: WorkspaceScope, name: string, exceptId?: string) {
  if (await repo.findOtherByName(q, kind, scope, name, exceptId))
    throw new AppError(ErrorCode.CONFLICT, wtMsg.nameTaken, { errors: [{ path: 'name', message: wtMsg.nameTaken }] });
}

async function writeDaySlots(q: Queryable, scope: WorkspaceScope, dayId: string, input: TemplateDayInput) {
  await repo.replaceDaySlots(
    q,
    scope,
    dayId,
    input.timeSlots.map((s, position) => ({ ...s, position })),
  );
}

export const listTemplateDays = (deps: AppDeps, ctx: RequestCtx) => loadDays(deps.db, ctx.scope);

export async function getTemplateDay(deps: AppDeps, ctx: RequestCtx, id: string) {
  const [day] = await loadDays(deps.db, ctx.scope, [id]);
  if (!day) throw notFound(wtMsg.templateDayNotFound);
  return day;
}

export async function saveTemplateDay(deps: AppDeps, ctx: RequestCtx, id: string | null, input: TemplateDayInput) {
  const { scope } = ctx;
  const dayId = await deps.db.transaction(async (tx) => {
    // A missing (or other workspace's) template is a 404 before any name conflict.
    if (id && !(await dayRepo.findById(tx, scope, id))) throw notFound(wtMsg.templateDayNotFound);
    await checkName(tx, 'day', scope, input.name, id ?? undefined);
    let rowId = id;
    if (rowId) {
      const updated = await dayRepo.update(tx, scope, rowId, {
        name: input.name,
        description: input.description,
        updatedAt: new Date(),
      });
      if (!updated) throw notFound(wtMsg.templateDayNotFound);
    } else rowId = (await dayRepo.insert(tx, scope, { name: input.name, description: input.description })).id;
    await writeDaySlots(tx, scope, rowId, input);
    await audit(tx, ctx, {
      action: id ? 'template-day.update' : 'template-day.create',
      entity: { type: 'template-day', id: rowId },
      changes: input,
    });
    return rowId;
  });
  return getTemplateDay(deps, ctx, dayId);
}

export async function deleteTemplateDay(deps: AppDeps, ctx: RequestCtx, id: string) {
  const { scope } = ctx;
  await deps.db.transaction(async (tx) => {
    if (!(await dayRepo.findById(tx, scope, id))) throw notFound(wtMsg.templateDayNotFound);
    if ((await repo.countWeekDaysUsing(tx, scope, id)) > 0)
      throw new AppError(ErrorCode.CONFLICT, apiMsg.workingTime.templateDayInUse);
    await dayRepo.remove(tx, scope, id);
    await audit(tx, ctx, { action: 'template-day.delete', entity: { type: 'template-day', id } });
  });
}

async function loadWeeks(q: Queryable, scope: WorkspaceScope, ids?: string[]): Promise<TemplateWeek[]> {
  const weeks = await repo.findWeeks(q, scope, ids);
  if (weeks.length === 0) return [];
  const links = await repo.weekDaysOf(
    q,
    scope,
    weeks.map((w) => w.id),
  );
  const days = await loadDays(q, scope, [...new Set(links.map((l) => l.templateDayId))]);
  const dayById = new Map(days.map((d) => [d.id, d]));
  return weeks.map((w) => {
    const own = links.filter((l) => l.templateWeekId === w.id).sort((a, b) => a.weekday - b.weekday);
    const timeSlots = own.flatMap((l) =>
      (dayById.get(l.templateDayId)?.timeSlots ?? []).map((s) => ({ ...s, weekday: l.weekday })),
    );
    return {
      id: w.id,
      name: w.name,
      description: w.description,
      days: own.map((l) => ({
        weekday: l.weekday,
        templateDayId: l.templateDayId,
        templateDayName: dayById.get(l.templateDayId)?.name ?? '',
      })),
      timeSlots,
      weeklyMinutes: own.reduce((m, l) => m + (dayById.get(l.templateDayId)?.minutes ?? 0), 0),
    };
  });
}

export const listTemplateWeeks = (deps: AppDeps, ctx: RequestCtx) => loadWeeks(deps.db, ctx.scope);

export async function getTemplateWeek(deps: AppDeps, ctx: RequestCtx, id: string) {
  const [week] = await loadWeeks(deps.db, ctx.scope, [id]);
  if (!week) throw notFound(wtMsg.templateWeekNotFound);
  return week;
}

export async function saveTemplateWeek(deps: AppDeps, ctx: RequestCtx, id: string | null, input: TemplateWeekInput) {
  const { scope } = ctx;
  const weekId = await deps.db.transaction(async (tx) => {
    // A missing (or other workspace's) template is a 404 before any name conflict or day check.
    if (id && !(await weekRepo.findById(tx, scope, id))) throw notFound(wtMsg.templateWeekNotFound);
    await checkName(tx, 'week', scope, input.name, id ?? undefined);
    const dayIds = [...new Set(input.days.map((d) => d.templateDayId))];
    const found = dayIds.length ? await repo.existingDayIds(tx, scope, dayIds) : [];
    if (found.length !== dayIds.length) {
      const missing = input.days.findIndex((d) => !found.some((f) => f.id === d.templateDayId));
      throw validation([{ path: `days.${missing}.templateDayId`, message: wtMsg.templateDayNotFound }]);
    }
    let rowId = id;
    if (rowId) {
      const updated = await weekRepo.update(tx, scope, rowId, {
        name: input.name,
        description: input.description,
        updatedAt: new Date(),
      });
      if (!updated) throw notFound(wtMsg.templateWeekNotFound);
      await repo.deleteWeekDays(tx, scope, rowId);
    } else rowId = (await weekRepo.insert(tx, scope, { name: input.name, description: input.description })).id;
    if (input.days.length > 0) {
      await repo.insertWeekDays(tx, scope, rowId, input.days);
    }
    await audit(tx, ctx, {
      action: id ? 'template-week.update' : 'template-week.create',
      entity: { type: 'template-week', id: rowId },
      changes: input,
    });
    return rowId;
  });
  return getTemplateWeek(deps, ctx, weekId);
}

export async function deleteTemplateWeek(deps: AppDeps, ctx: RequestCtx, id: string) {
  const { scope } = ctx;
  await deps.db.transaction(async (tx) => {
    if (!(await weekRepo.findById(tx, scope, id))) throw notFound(wtMsg.templateWeekNotFound);
    await weekRepo.remove(tx, scope, id);
    await audit(tx, ctx, { action: 'template-week.delete', entity: { type: 'template-week', id } });
  });
}
