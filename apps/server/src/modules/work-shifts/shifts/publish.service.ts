import {
  addDays,
  isoWeekday,
  shiftMsg,
  type CopyWeekSchema,
  type PublishResponse,
  type PublishSchema,
} from '@timbro/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../../deps';
import { audit } from '../../../lib/audit';
import { validation } from '../../../lib/errors';
import type { RequestCtx } from '../../../plugins/request-context';
import { notify } from '../../notifications';
import { warningsFor, candidatesOf, candidatesOfShifts } from '../work-shifts.checks';
import { shiftsPublishedNotice } from '../work-shifts.mails';

import { closedMonthsOf } from '../../attendance';
import { assertMonthsOpen, newId, notifyCtx, personName, timed, toRef } from '../work-shifts.shared';
import { MEMBER_LINK } from '../work-shifts.shared';
import * as shiftsRepo from './shifts.repository';
import * as rosterRepo from './roster.repository';

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
    const drafts = await shiftsRepo.loadShifts(
      tx,
      ctx.scope,
      shiftsRepo.draftsIn(input.from, input.to, input.groupId),
      {
        lock: true,
      },
    );
    if (drafts.length === 0) return { message: shiftMsg.nothingToPublish, published: 0, skipped: [] };
    const closed = await closedMonthsOf(
      deps,
      tx,
      ctx.scope,
      drafts.map((d) => d.date),
    );
    const warnings = await warningsFor(tx, ctx.scope, ctx.timeZone, candidatesOfShifts(drafts));
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
    await shiftsRepo.setWarnings(tx, ctx.scope, new Map(drafts.map((d) => [d.id, warnings.get(d.id) ?? []])));
    await shiftsRepo.markPublished(tx, ctx.scope, plain, ctx.actor.userId, now, null);
    await shiftsRepo.markPublished(tx, ctx.scope, overridden, ctx.actor.userId, now, input.overrideNote);
    // Counted as the grid and its drafts count show them: one per person and shift (a skipped shift without people
    // as one).
    const published = [...told.values()].reduce((n, k) => n + k, 0);
    const skippedCount = skipped.reduce((n, s) => n + Math.max(1, s.people.length), 0);
    if (told.size > 0) {
      const publicationId = newId();
      await notify(tx, nctx, {
        type: 'shift.published',
        to: { userInfoIds: [...told.keys()] },
        ...shiftsPublishedNotice(input.from, input.to),
        link: MEMBER_LINK,
        params: { from: input.from, to: input.to },
        dedupeKey: `shift.published:${publicationId}`,
      });
    }
    await audit(tx, ctx, {
      action: 'work_shift.publish',
      entity: { type: 'work_shift_publication', id: ctx.actor.requestId },
      changes: {
        from: input.from,
        to: input.to,
        groupId: input.groupId,
        published: [...plain, ...overridden],
        overridden,
        overrideNote: overridden.length ? input.overrideNote : null,
        skipped: skipped.map((s) => ({ id: s.shift.id, reason: s.reason })),
      },
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
    const source = await shiftsRepo.loadShifts(
      tx,
      ctx.scope,
      shiftsRepo.shiftsStartingIn(input.from, addDays(input.from, 6), input.groupId),
    );
    const people = [...new Set(source.flatMap((s) => s.assignees.map((p) => p.id)))];
    const busy = new Set(
      (await rosterRepo.rosterOf(tx, ctx.scope, people, input.to, addDays(input.to, 6))).map(
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
    await shiftsRepo.insertShifts(
      tx,
      ctx.scope,
      rows.map((r) => ({ ...r, warnings: warnings.get(r.id) ?? [] })),
      assignees,
    );
    await audit(tx, ctx, {
      action: 'work_shift.copy_week',
      entity: { type: 'work_shift_publication', id: ctx.actor.requestId },
      changes: { from: input.from, to: input.to, groupId: input.groupId, created: rows.length, skipped },
    });
    return { message: shiftMsg.copied(rows.length, skipped), created: rows.length, skipped };
  });
}
