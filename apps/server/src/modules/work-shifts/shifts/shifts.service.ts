import {
  addDays,
  isoWeekday,
  shiftMsg,
  type CreateShiftsResponse,
  type IsoDate,
  type WorkShiftCreate,
  type WorkShiftDetail,
  type WorkShiftUpdateSchema,
} from '@timbro/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../../deps';
import { audit, recordAudits } from '../../../lib/audit';
import { notFound, validation } from '../../../lib/errors';
import type { RequestCtx } from '../../../plugins/request-context';
import { notify, type Notice } from '../../notifications';
import { warningsFor, candidatesOf } from '../work-shifts.checks';
import { shiftAddedNotice, shiftCancelledNotice, shiftChangedNotice } from '../work-shifts.mails';

import {
  assertMonthsOpen,
  describeShift,
  flatWarnings,
  newId,
  notifyCtx,
  tellAutoRejected,
  timed,
  toDto,
} from '../work-shifts.shared';
import { swapDto } from '../swaps/swaps.shared';
import { MEMBER_LINK } from '../work-shifts.shared';
import * as shiftsRepo from './shifts.repository';
import * as swapsRepo from '../swaps/swaps.repository';

/** The times of a daily template as one shift: first start to last end, the gaps and the slots' pauses as pause. */
async function templateTimes(deps: AppDeps, ctx: RequestCtx, templateId: string) {
  const slots = await shiftsRepo.templateSlots(deps.db, ctx.scope, templateId);
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
  const people = await shiftsRepo.existingPeople(deps.db, ctx.scope, unique);
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
    await shiftsRepo.insertShifts(
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
    return shiftsRepo.loadShifts(tx, ctx.scope, shiftsRepo.shiftIn(rows.map((r) => r.id)));
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
  const [row] = await shiftsRepo.loadShifts(q, ctx.scope, shiftsRepo.shiftIs(id), { lock });
  if (!row) throw notFound(shiftMsg.shiftNotFound);
  return row;
}

/** GET /admin/work-shift/{id}: the shift, its people, warnings and swaps. */
export async function getShift(deps: AppDeps, ctx: RequestCtx, id: string): Promise<WorkShiftDetail> {
  const row = await shiftOr404(deps, ctx, deps.db, id);
  const [swaps, counts] = await Promise.all([
    swapsRepo.swapsOfShift(deps.db, ctx.scope, id),
    swapsRepo.openSwapCounts(deps.db, ctx.scope, [id]),
  ]);
  const names = await swapsRepo.swapNames(deps.db, ctx.scope, swaps);
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
    await shiftsRepo.updateShift(tx, ctx.scope, id, {
      ...next,
      label: input.label,
      color: input.color,
      updatedBy: ctx.actor.userId,
      ...(material ? { version: before.version + 1, warnings, overrideNote: null, overrideBy: null } : {}),
    });
    if (peopleChanged) await shiftsRepo.replaceAssignees(tx, ctx.scope, id, people);
    const rejected = material
      ? await swapsRepo.autoRejectSwaps(tx, ctx.scope, [id], timesChanged ? 'shift_changed' : 'assignment_changed')
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
      // Each group of people is told its own news, once per version: new times, a shift gone, a shift that is theirs now.
      const tell = async (to: string[], notice: Notice, params: { before: string | null; after: string | null }) => {
        if (to.length > 0)
          await notify(tx, nctx, {
            type: 'shift.changed',
            to: { userInfoIds: to },
            ...notice,
            link: MEMBER_LINK,
            params,
            dedupeKey: key,
          });
      };
      if (timesChanged) await tell(kept, shiftChangedNotice(was, now), { before: was, after: now });
      await tell(removed, shiftCancelledNotice(was), { before: was, after: null });
      await tell(added, shiftAddedNotice(now, after.date), { before: null, after: now });
    }
    await audit(tx, ctx, {
      action: 'work_shift.update',
      entity: { type: 'work_shift', id: id },
      changes: {
        date: { from: before.date, to: next.date },
        start: { from: before.startMinutes, to: next.startMinutes },
        end: { from: before.endMinutes, to: next.endMinutes },
        pause: { from: before.pauseMinutes, to: next.pauseMinutes },
        people: { from: oldPeople, to: people },
        autoRejectedSwaps: rejected.map((s) => s.id),
      },
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
    const rejected = await swapsRepo.autoRejectSwaps(tx, ctx.scope, [id], 'shift_deleted');
    await tellAutoRejected(tx, nctx, rejected);
    if (before.publishedAt && before.assignees.length) {
      const was = describeShift(before);
      await notify(tx, nctx, {
        type: 'shift.changed',
        to: { userInfoIds: before.assignees.map((p) => p.id) },
        ...shiftCancelledNotice(was),
        link: MEMBER_LINK,
        params: { before: was, after: null },
        dedupeKey: `shift.deleted:${id}`,
      });
    }
    await shiftsRepo.deleteShift(tx, ctx.scope, id);
    await audit(tx, ctx, {
      action: 'work_shift.delete',
      entity: { type: 'work_shift', id: id },
      changes: { date: before.date, people: before.assignees.map((p) => p.id), published: !!before.publishedAt },
    });
    return rejected;
  });
  const message = rejected.length ? `${shiftMsg.deleted}. ${shiftMsg.autoRejected(rejected.length)}` : shiftMsg.deleted;
  return { message, autoRejected: rejected.length };
}
