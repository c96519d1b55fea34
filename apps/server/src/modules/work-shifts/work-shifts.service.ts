import {
  addDays,
  isoWeekday,
  shiftMsg,
  type CopyWeekSchema,
  type CreateShiftsResponse,
  type IsoDate,
  type Planning,
  type PlanningQuerySchema,
  type PublishResponse,
  type PublishSchema,
  type ShiftWarning,
  type WorkShiftCreate,
  type WorkShiftDetail,
  type WorkShiftUpdateSchema,
} from '@timbro/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../deps';
import { recordAudit, recordAudits } from '../../lib/audit';
import { notFound, validation } from '../../lib/errors';
import type { RequestCtx } from '../../plugins/request-context';
import { countEmployees, employeesPage } from '../attendance';
import { notify } from '../notifications';
import { warningsFor } from './work-shifts.checks';
import { shiftChangedMail, shiftsPublishedMail } from './work-shifts.mails';
import * as roster from './roster.repository';
import * as repo from './work-shifts.repository';
import {
  assertMonthsOpen,
  candidatesOf,
  closedMonthsOf,
  describeShift,
  flatWarnings,
  holidaysBetween,
  newId,
  notifyCtx,
  personName,
  tellAutoRejected,
  timed,
  toDto,
  toRef,
} from './work-shifts.shared';
import { swapDto } from './swaps.service';

const MEMBER_LINK = '/member/work-shift';

/** The times of a daily template as one shift: first start to last end, the gaps and the slots' pauses as pause. */
async function templateTimes(deps: AppDeps, ctx: RequestCtx, templateId: string) {
  const slots = await repo.templateSlots(deps.db, ctx.scope, templateId);
  if (!slots || slots.length === 0) throw validation([{ path: 'templateId', message: shiftMsg.templateNotFound }]);
  const start = slots[0]!.startsAtMinutes;
  const end = Math.max(...slots.map((s) => s.endsAtMinutes));
  let pause = 0;
  let cursor = start;
  for (const s of slots) {
    pause += Math.max(0, s.startsAtMinutes - cursor);
    if (s.pauseStartsAtMinutes !== null && s.pauseEndsAtMinutes !== null)
      pause += Math.max(0, s.pauseEndsAtMinutes - s.pauseStartsAtMinutes);
    cursor = Math.max(cursor, s.endsAtMinutes);
  }
  return { startMinutes: start, endMinutes: end, pauseMinutes: pause };
}

function daysOf(input: WorkShiftCreate): IsoDate[] {
  if (!input.dateTo) return [input.date];
  const wanted = new Set(input.weekdays);
  const out: IsoDate[] = [];
  for (let d = input.date; d <= input.dateTo; d = addDays(d, 1)) if (wanted.has(isoWeekday(d))) out.push(d);
  return out;
}

async function assertPeople(deps: AppDeps, ctx: RequestCtx, ids: string[]) {
  const unique = [...new Set(ids)];
  const people = await repo.existingPeople(deps.db, ctx.scope, unique);
  if (people.length !== unique.length) throw validation([{ path: 'userInfoIds', message: shiftMsg.unknownPerson }]);
  return unique;
}

/**
 * POST /admin/work-shift: one draft per day of the date or period, for every person, with its warnings (kept on the
 * shift, answered to the form). One transaction.
 */
export async function createShifts(
  deps: AppDeps,
  ctx: RequestCtx,
  input: WorkShiftCreate,
): Promise<CreateShiftsResponse> {
  const times = input.templateId
    ? await templateTimes(deps, ctx, input.templateId)
    : { startMinutes: input.startMinutes!, endMinutes: input.endMinutes!, pauseMinutes: input.pauseMinutes };
  if (input.templateId && input.pauseMinutes > 0) times.pauseMinutes = Math.max(times.pauseMinutes, input.pauseMinutes);
  const days = daysOf(input);
  if (days.length === 0) throw validation([{ path: 'weekdays', message: shiftMsg.noDays }]);
  const people = await assertPeople(deps, ctx, input.userInfoIds);
  const rows = days.map((date) => ({
    id: newId(),
    ...timed(date, times, ctx.timeZone),
    label: input.label,
    color: input.color,
    templateId: input.templateId,
    createdBy: ctx.actor.userId,
    updatedBy: ctx.actor.userId,
  }));
  const created = await deps.db.transaction(async (tx) => {
    await assertMonthsOpen(deps, tx, ctx.scope, days);
    const warnings = await warningsFor(
      tx,
      ctx.scope,
      ctx.timeZone,
      rows.flatMap((r) => candidatesOf(r, people)),
    );
    await repo.insertShifts(
      tx,
      ctx.scope,
      rows.map((r) => ({ ...r, warnings: warnings.get(r.id) ?? [] })),
      rows.flatMap((r) => people.map((userInfoId) => ({ shiftId: r.id, userInfoId }))),
    );
    await recordAudits(
      tx,
      ctx.scope,
      rows.map((r) => ({
        actorUserId: ctx.actor.userId,
        action: 'work_shift.create',
        entityType: 'work_shift',
        entityId: r.id,
        changes: { date: r.date, start: r.startMinutes, end: r.endMinutes, pause: r.pauseMinutes, people },
        requestId: ctx.actor.requestId,
      })),
    );
    return repo.loadShifts(tx, ctx.scope, repo.shiftIn(rows.map((r) => r.id)));
  });
  const dtos = created.map((s) => toDto(s));
  return { message: shiftMsg.created(dtos.length), shifts: dtos, warnings: dtos.flatMap((d) => d.warnings) };
}

/** POST /admin/work-shift/check: the warnings the form's shifts would have, nothing saved. */
export async function previewWarnings(deps: AppDeps, ctx: RequestCtx, input: WorkShiftCreate) {
  const times = input.templateId
    ? await templateTimes(deps, ctx, input.templateId)
    : { startMinutes: input.startMinutes!, endMinutes: input.endMinutes!, pauseMinutes: input.pauseMinutes };
  const days = daysOf(input);
  if (days.length === 0) throw validation([{ path: 'weekdays', message: shiftMsg.noDays }]);
  const people = await assertPeople(deps, ctx, input.userInfoIds);
  const rows = days.map((date) => ({ id: newId(), ...timed(date, times, ctx.timeZone) }));
  const warnings = await warningsFor(
    deps.db,
    ctx.scope,
    ctx.timeZone,
    rows.flatMap((r) => candidatesOf(r, people)),
  );
  return { warnings: flatWarnings(warnings) };
}

async function shiftOr404(deps: AppDeps, ctx: RequestCtx, q: typeof deps.db, id: string, lock = false) {
  const [row] = await repo.loadShifts(q, ctx.scope, repo.shiftIs(id), { lock });
  if (!row) throw notFound(shiftMsg.shiftNotFound);
  return row;
}

/** GET /admin/work-shift/{id}: the shift, its people, warnings and swaps. */
export async function getShift(deps: AppDeps, ctx: RequestCtx, id: string): Promise<WorkShiftDetail> {
  const row = await shiftOr404(deps, ctx, deps.db, id);
  const [swaps, counts] = await Promise.all([
    repo.swapsOfShift(deps.db, ctx.scope, id),
    repo.openSwapCounts(deps.db, ctx.scope, [id]),
  ]);
  const names = await repo.swapNames(deps.db, ctx.scope, swaps);
  return { ...toDto(row, counts.get(id) ?? 0), swaps: swaps.map((s) => swapDto(s, names)) };
}

/**
 * POST /admin/work-shift/{id}: edit one shift. A change of day, times, pause or people is a new version: its open
 * swaps are rejected automatically in the same transaction (both people told why), its warnings are checked again
 * (an earlier override note no longer applies), and if it was published its people are told, old → new. Label and
 * colour alone change nothing of that.
 */
export async function updateShift(
  deps: AppDeps,
  ctx: RequestCtx,
  id: string,
  input: z.infer<typeof WorkShiftUpdateSchema>,
) {
  const people = await assertPeople(deps, ctx, input.userInfoIds);
  const next = timed(input.date, input, ctx.timeZone);
  const nctx = notifyCtx(deps, ctx);
  const { shift, rejected } = await deps.db.transaction(async (tx) => {
    const before = await shiftOr404(deps, ctx, tx, id, true);
    await assertMonthsOpen(deps, tx, ctx.scope, [before.date, input.date]);
    const oldPeople = before.assignees.map((p) => p.id).sort();
    const peopleChanged = oldPeople.join() !== [...people].sort().join();
    const timesChanged =
      before.date !== next.date ||
      before.startMinutes !== next.startMinutes ||
      before.endMinutes !== next.endMinutes ||
      before.pauseMinutes !== next.pauseMinutes;
    const material = peopleChanged || timesChanged;
    const warnings = material
      ? ((await warningsFor(tx, ctx.scope, ctx.timeZone, candidatesOf({ id, ...next }, people), new Set([id]))).get(
          id,
        ) ?? [])
      : before.warnings;
    await repo.updateShift(tx, ctx.scope, id, {
      ...next,
      label: input.label,
      color: input.color,
      updatedBy: ctx.actor.userId,
      ...(material ? { version: before.version + 1, warnings, overrideNote: null, overrideBy: null } : {}),
    });
    if (peopleChanged) await repo.replaceAssignees(tx, ctx.scope, id, people);
    const rejected = material
      ? await repo.autoRejectSwaps(tx, ctx.scope, [id], timesChanged ? 'shift_changed' : 'assignment_changed')
      : [];
    await tellAutoRejected(tx, nctx, rejected);
    if (before.publishedAt && material) {
      const after = { ...before, ...next };
      const was = describeShift(before);
      const now = describeShift(after);
      const kept = people.filter((p) => oldPeople.includes(p));
      const removed = oldPeople.filter((p) => !people.includes(p));
      const added = people.filter((p) => !oldPeople.includes(p));
      const key = `shift.changed:${id}:${before.version + 1}`;
      if (kept.length && timesChanged)
        await notify(tx, nctx, {
          type: 'shift.changed',
          to: { userInfoIds: kept },
          title: `Il tuo turno del ${was} è cambiato`,
          body: `Ora: ${now}`,
          link: MEMBER_LINK,
          params: { before: was, after: now },
          dedupeKey: key,
          mail: (r) => shiftChangedMail(r.firstName, was, now, r.link),
        });
      if (removed.length)
        await notify(tx, nctx, {
          type: 'shift.changed',
          to: { userInfoIds: removed },
          title: `Il tuo turno del ${was} è stato annullato`,
          link: MEMBER_LINK,
          params: { before: was, after: null },
          dedupeKey: key,
          mail: (r) => shiftChangedMail(r.firstName, was, null, r.link),
        });
      if (added.length)
        await notify(tx, nctx, {
          type: 'shift.changed',
          to: { userInfoIds: added },
          title: `Nuovo turno per te: ${now}`,
          link: MEMBER_LINK,
          params: { before: null, after: now },
          dedupeKey: key,
          mail: (r) => shiftsPublishedMail(r.firstName, 1, after.date, after.date, r.link),
        });
    }
    await recordAudit(tx, ctx.scope, {
      actorUserId: ctx.actor.userId,
      action: 'work_shift.update',
      entityType: 'work_shift',
      entityId: id,
      changes: {
        date: { from: before.date, to: next.date },
        start: { from: before.startMinutes, to: next.startMinutes },
        end: { from: before.endMinutes, to: next.endMinutes },
        pause: { from: before.pauseMinutes, to: next.pauseMinutes },
        people: { from: oldPeople, to: people },
        autoRejectedSwaps: rejected.map((s) => s.id),
      },
      requestId: ctx.actor.requestId,
    });
    return { shift: await shiftOr404(deps, ctx, tx, id), rejected };
  });
  const message = rejected.length ? `${shiftMsg.saved}. ${shiftMsg.autoRejected(rejected.length)}` : shiftMsg.saved;
  return { message, shift: toDto(shift, 0), autoRejected: rejected.length };
}

/** DELETE /admin/work-shift/{id}: its open swaps rejected automatically, its people told if it was published. */
export async function deleteShift(deps: AppDeps, ctx: RequestCtx, id: string) {
  const nctx = notifyCtx(deps, ctx);
  const rejected = await deps.db.transaction(async (tx) => {
    const before = await shiftOr404(deps, ctx, tx, id, true);
    await assertMonthsOpen(deps, tx, ctx.scope, [before.date]);
    const rejected = await repo.autoRejectSwaps(tx, ctx.scope, [id], 'shift_deleted');
    await tellAutoRejected(tx, nctx, rejected);
    if (before.publishedAt && before.assignees.length) {
      const was = describeShift(before);
      await notify(tx, nctx, {
        type: 'shift.changed',
        to: { userInfoIds: before.assignees.map((p) => p.id) },
        title: `Il tuo turno del ${was} è stato annullato`,
        link: MEMBER_LINK,
        params: { before: was, after: null },
        dedupeKey: `shift.deleted:${id}`,
        mail: (r) => shiftChangedMail(r.firstName, was, null, r.link),
      });
    }
    await repo.deleteShift(tx, ctx.scope, id);
    await recordAudit(tx, ctx.scope, {
      actorUserId: ctx.actor.userId,
      action: 'work_shift.delete',
      entityType: 'work_shift',
      entityId: id,
      changes: { date: before.date, people: before.assignees.map((p) => p.id), published: !!before.publishedAt },
      requestId: ctx.actor.requestId,
    });
    return rejected;
  });
  const message = rejected.length ? `${shiftMsg.deleted}. ${shiftMsg.autoRejected(rejected.length)}` : shiftMsg.deleted;
  return { message, autoRejected: rejected.length };
}

/**
 * POST /admin/work-shift/publish: every draft of the period (of a group's people, when given). Never fails as a
 * whole: a draft without people, in a closed month, or with warnings and no override note stays a draft and is
 * listed with its reason; the rest is published. Each person is told once for the publication. One transaction.
 */
export async function publish(
  deps: AppDeps,
  ctx: RequestCtx,
  input: z.infer<typeof PublishSchema>,
): Promise<PublishResponse> {
  const nctx = notifyCtx(deps, ctx);
  return deps.db.transaction(async (tx) => {
    const drafts = await repo.loadShifts(tx, ctx.scope, repo.draftsIn(input.from, input.to, input.groupId), {
      lock: true,
    });
    if (drafts.length === 0) return { message: shiftMsg.nothingToPublish, published: 0, skipped: [] };
    const closed = await closedMonthsOf(
      deps,
      tx,
      ctx.scope,
      drafts.map((d) => d.date),
    );
    const warnings = await warningsFor(
      tx,
      ctx.scope,
      ctx.timeZone,
      drafts.flatMap((d) =>
        candidatesOf(
          d,
          d.assignees.map((p) => p.id),
        ),
      ),
    );
    const skipped: PublishResponse['skipped'] = [];
    const plain: string[] = [];
    const overridden: string[] = [];
    const told = new Map<string, number>();
    for (const d of drafts) {
      const w = warnings.get(d.id) ?? [];
      const reason =
        d.assignees.length === 0
          ? 'no_assignees'
          : closed.has(d.date.slice(0, 7))
            ? 'month_closed'
            : w.length > 0 && !input.overrideNote
              ? 'warnings'
              : null;
      if (reason) {
        skipped.push({
          shift: toRef(d),
          people: d.assignees.map(personName),
          reason,
          reasonText: shiftMsg.skip[reason],
          warnings: w,
        });
        continue;
      }
      (w.length > 0 ? overridden : plain).push(d.id);
      for (const p of d.assignees) told.set(p.id, (told.get(p.id) ?? 0) + 1);
    }
    const now = new Date();
    await repo.setWarnings(tx, ctx.scope, new Map(drafts.map((d) => [d.id, warnings.get(d.id) ?? []])));
    await repo.markPublished(tx, ctx.scope, plain, ctx.actor.userId, now, null);
    await repo.markPublished(tx, ctx.scope, overridden, ctx.actor.userId, now, input.overrideNote);
    // Counted as the grid and its drafts count show them: one per person and shift (a skipped shift without people
    // as one).
    const published = [...told.values()].reduce((n, k) => n + k, 0);
    const skippedCount = skipped.reduce((n, s) => n + Math.max(1, s.people.length), 0);
    if (told.size > 0) {
      const publicationId = newId();
      await notify(tx, nctx, {
        type: 'shift.published',
        to: { userInfoIds: [...told.keys()] },
        title: 'Nuovi turni pubblicati',
        body: `Sono stati pubblicati i tuoi turni tra il ${input.from.split('-').reverse().join('/')} e il ${input.to
          .split('-')
          .reverse()
          .join('/')}`,
        link: MEMBER_LINK,
        params: { from: input.from, to: input.to },
        dedupeKey: `shift.published:${publicationId}`,
        mail: (r) => shiftsPublishedMail(r.firstName, null, input.from, input.to, r.link),
      });
    }
    await recordAudit(tx, ctx.scope, {
      actorUserId: ctx.actor.userId,
      action: 'work_shift.publish',
      entityType: 'work_shift_publication',
      entityId: ctx.actor.requestId,
      changes: {
        from: input.from,
        to: input.to,
        groupId: input.groupId,
        published: [...plain, ...overridden],
        overridden,
        overrideNote: overridden.length ? input.overrideNote : null,
        skipped: skipped.map((s) => ({ id: s.shift.id, reason: s.reason })),
      },
      requestId: ctx.actor.requestId,
    });
    return { message: shiftMsg.published(published, skippedCount), published, skipped };
  });
}

/**
 * POST /admin/work-shift/copy-week: the week's shifts (of a group's people, when given) copied to another week as
 * drafts, same wall-clock times (instants recomputed: a DST week keeps 22:00–06:00). A person who already has a
 * shift that day in the target week is left out of the copy; a copy left without people is not made.
 */
export async function copyWeek(deps: AppDeps, ctx: RequestCtx, input: z.infer<typeof CopyWeekSchema>) {
  const errors = [];
  if (isoWeekday(input.from) !== 1) errors.push({ path: 'from', message: shiftMsg.copyNotMonday });
  if (isoWeekday(input.to) !== 1) errors.push({ path: 'to', message: shiftMsg.copyNotMonday });
  else if (input.from === input.to) errors.push({ path: 'to', message: shiftMsg.copySameWeek });
  if (errors.length) throw validation(errors);
  const delta = Math.round((Date.parse(input.to) - Date.parse(input.from)) / 86_400_000);
  return deps.db.transaction(async (tx) => {
    await assertMonthsOpen(deps, tx, ctx.scope, [input.to, addDays(input.to, 6)]);
    const source = await repo.loadShifts(
      tx,
      ctx.scope,
      repo.shiftsStartingIn(input.from, addDays(input.from, 6), input.groupId),
    );
    const people = [...new Set(source.flatMap((s) => s.assignees.map((p) => p.id)))];
    const busy = new Set(
      (await repo.rosterOf(tx, ctx.scope, people, input.to, addDays(input.to, 6))).map(
        (r) => `${r.userInfoId}:${r.date}`,
      ),
    );
    let skipped = 0;
    const rows = [];
    const assignees: { shiftId: string; userInfoId: string }[] = [];
    for (const s of source) {
      const date = addDays(s.date, delta);
      const free = s.assignees.filter((p) => !busy.has(`${p.id}:${date}`)).map((p) => p.id);
      skipped += s.assignees.length - free.length;
      if (free.length === 0) continue;
      const row = {
        id: newId(),
        ...timed(
          date,
          { startMinutes: s.startMinutes, endMinutes: s.endMinutes, pauseMinutes: s.pauseMinutes },
          ctx.timeZone,
        ),
        label: s.label,
        color: s.color,
        templateId: s.templateId,
        createdBy: ctx.actor.userId,
        updatedBy: ctx.actor.userId,
      };
      rows.push(row);
      for (const userInfoId of free) assignees.push({ shiftId: row.id, userInfoId });
    }
    const warnings = await warningsFor(
      tx,
      ctx.scope,
      ctx.timeZone,
      rows.flatMap((r) =>
        candidatesOf(
          r,
          assignees.filter((a) => a.shiftId === r.id).map((a) => a.userInfoId),
        ),
      ),
    );
    await repo.insertShifts(
      tx,
      ctx.scope,
      rows.map((r) => ({ ...r, warnings: warnings.get(r.id) ?? [] })),
      assignees,
    );
    await recordAudit(tx, ctx.scope, {
      actorUserId: ctx.actor.userId,
      action: 'work_shift.copy_week',
      entityType: 'work_shift_publication',
      entityId: ctx.actor.requestId,
      changes: { from: input.from, to: input.to, groupId: input.groupId, created: rows.length, skipped },
      requestId: ctx.actor.requestId,
    });
    return { message: shiftMsg.copied(rows.length, skipped), created: rows.length, skipped };
  });
}

/**
 * GET /admin/work-shift: the planning page — a page of employees (name order, group and search filters) and, for
 * them, the shifts of [from, to] with their open swaps, approved absences and holidays, and the drafts of the range.
 * A fixed number of statements whatever the page's size.
 */
export async function planning(
  deps: AppDeps,
  ctx: RequestCtx,
  query: z.infer<typeof PlanningQuerySchema>,
): Promise<Planning> {
  const { scope } = ctx;
  const filter = { group_id: query.groupId, search: query.search };
  const [people, total, holidays, drafts] = await Promise.all([
    employeesPage(deps.db, scope, filter, { limit: query.per_page, offset: (query.page - 1) * query.per_page }),
    countEmployees(deps.db, scope, filter),
    holidaysBetween(deps.db, scope, query.from, query.to),
    repo.countDrafts(deps.db, scope, query.from, query.to, query.groupId),
  ]);
  const ids = people.map((p) => p.id);
  const [shifts, absences, typeOf] = await Promise.all([
    repo.shiftsOfPeople(deps.db, scope, ids, query.from, query.to),
    repo.approvedAbsences(deps.db, scope, ids, query.from, query.to),
    repo.contractTypes(deps.db, scope, ids, query.from, query.to),
  ]);
  const counts = await repo.openSwapCounts(
    deps.db,
    scope,
    shifts.map((s) => s.id),
  );
  return {
    from: query.from,
    to: query.to,
    people: people.map((p) => ({ ...p, contractType: typeOf.get(p.id) ?? null })),
    total,
    page: query.page,
    perPage: query.per_page,
    shifts: shifts.map((s) => toDto(s, counts.get(s.id) ?? 0)),
    absences: absences.map((a) => ({ userInfoId: a.userInfoId, date: a.date, name: a.name, wholeDay: a.wholeDay })),
    holidays: holidays.map((h) => ({ date: h.date, name: h.name, icon: h.icon ?? null })),
    drafts,
  };
}

/**
 * The published roster of [from, to] for the dashboard's timeline (an admin: everyone's; a member: their own through
 * `myShifts`): the shifts with their people (name order), the people with a shift (name order) and their approved
 * absences. Two statements side by side, lean (roster.repository.ts); the holidays are the caller's (the dashboard
 * already reads them for its own widget).
 */
export async function publishedRoster(deps: AppDeps, ctx: Pick<RequestCtx, 'scope'>, from: IsoDate, to: IsoDate) {
  const [shifts, absences] = await Promise.all([
    roster.publishedShifts(deps.db, ctx.scope, from, to),
    repo.rosterAbsences(deps.db, ctx.scope, from, to),
  ]);
  const people = new Map<string, roster.RosterPerson>();
  for (const s of shifts) for (const p of s.people) people.set(p.id, p);
  return {
    people: [...people.values()].sort(
      (a, b) => a.lastName.localeCompare(b.lastName, 'it') || a.firstName.localeCompare(b.firstName, 'it'),
    ),
    shifts: shifts.map(({ people: assignees, ...shift }) => ({ ...shift, userInfoIds: assignees.map((p) => p.id) })),
    absences,
  };
}

export type { ShiftWarning };
