import { randomUUID } from 'node:crypto';
import {
  addDays,
  expandHolidays,
  localToUtc,
  shiftMsg,
  type IsoDate,
  type ShiftRef,
  type ShiftWarning,
  type WorkShift,
} from '@timbro/shared';
import type { Queryable } from '../../db/client';
import type { WorkspaceScope } from '../../db/scope';
import type { AppDeps } from '../../deps';
import { conflict, validation } from '../../lib/errors';
import { italianDate } from '../../lib/time';
import type { RequestCtx } from '../../plugins/request-context';
import { holidayRules } from '../holidays';
import { closedMonthsOf } from '../attendance';
import { notify, type NotifyCtx } from '../notifications';
import { swapAutoRejectedNotice } from './work-shifts.mails';
import type { Person, ShiftRow, ShiftWithPeople } from './shifts/shifts.repository';
import type { SwapRow } from './swaps/swaps.repository';

/** What the module's services share: instants, DTOs, the month lock, telling people of automatic rejections. */

export const newId = () => randomUUID();

/** The instants of a wall-clock shift in the workspace's zone (end ≤ start is the next day), DST-aware. */
export function instantsOf(date: IsoDate, start: number, end: number, timeZone: string) {
  const startsAt = new Date(localToUtc(date, start, timeZone));
  const endsAt =
    end === 1440
      ? new Date(localToUtc(addDays(date, 1), 0, timeZone))
      : new Date(localToUtc(end <= start ? addDays(date, 1) : date, end, timeZone));
  return { startsAt, endsAt };
}

/** Times, instants and work minutes of a shift; a pause as long as the real span (a DST night) is refused. */
export function timed(
  date: IsoDate,
  t: { startMinutes: number; endMinutes: number; pauseMinutes: number },
  timeZone: string,
  path = 'pauseMinutes',
) {
  const { startsAt, endsAt } = instantsOf(date, t.startMinutes, t.endMinutes, timeZone);
  const workMinutes = Math.round((endsAt.getTime() - startsAt.getTime()) / 60_000) - t.pauseMinutes;
  if (workMinutes <= 0) throw validation([{ path, message: shiftMsg.pauseTooLong }]);
  return {
    date,
    startMinutes: t.startMinutes,
    endMinutes: t.endMinutes,
    pauseMinutes: t.pauseMinutes,
    startsAt,
    endsAt,
    workMinutes,
  };
}

export function toRef(row: ShiftRow): ShiftRef {
  return {
    id: row.id,
    date: row.date,
    startMinutes: row.startMinutes,
    endMinutes: row.endMinutes,
    pauseMinutes: row.pauseMinutes,
    minutes: row.workMinutes,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    label: row.label,
    color: row.color,
  };
}

export function toDto(row: ShiftWithPeople, openSwaps = 0): WorkShift {
  return {
    ...toRef(row),
    status: row.publishedAt ? 'published' : 'draft',
    publishedAt: row.publishedAt?.toISOString() ?? null,
    swapped: row.swapped,
    version: row.version,
    templateId: row.templateId,
    assignees: row.assignees,
    warnings: row.warnings,
    overrideNote: row.overrideNote,
    openSwaps,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** "12/01/2026 22:00–06:00": a shift in a sentence. */
export function describeShift(s: Pick<ShiftRef, 'date' | 'startMinutes' | 'endMinutes'>) {
  const next = s.endMinutes <= s.startMinutes || s.endMinutes === 1440 ? ' (+1)' : '';
  return `${italianDate(s.date)} ${shiftMsg.hm(s.startMinutes)}–${shiftMsg.hm(s.endMinutes)}${next}`;
}

export const flatWarnings = (byShift: Map<string, ShiftWarning[]>) => [...byShift.values()].flat();

/**
 * Refuses a change to shifts of a closed month (409): the month closing took their expected time into its snapshot.
 * One question per month touched.
 */
export async function assertMonthsOpen(
  deps: Pick<AppDeps, 'isMonthClosed' | 'monthLock'>,
  q: Queryable,
  scope: WorkspaceScope,
  dates: IsoDate[],
) {
  const closed = await closedMonthsOf(deps, q, scope, dates);
  if (closed.size > 0) throw conflict(shiftMsg.monthClosed);
}

export const notifyCtx = (deps: AppDeps, ctx: RequestCtx): NotifyCtx => ({
  scope: ctx.scope,
  publicUrl: deps.config.publicUrl,
  log: ctx.log,
});

/** Where a member sees their shifts. */
export const MEMBER_LINK = '/member/work-shift';
export const memberSwapLink = (id: string) => `/member/shift-swap/${id}`;
export const adminSwapLink = (id: string) => `/admin/shift-swap/${id}`;
export const personName = (p: Pick<Person, 'firstName' | 'lastName'>) => `${p.firstName} ${p.lastName}`;

/** Tells both people of each automatically rejected swap why (in the caller's transaction). */
export async function tellAutoRejected(q: Queryable, nctx: NotifyCtx, swaps: SwapRow[]) {
  for (const s of swaps) {
    const reason = shiftMsg.autoReason[s.autoReason ?? 'shift_changed'];
    await notify(q, nctx, {
      type: 'swap.decided',
      to: { userInfoIds: [s.requesterId, s.targetUserInfoId] },
      ...swapAutoRejectedNotice(s.sourceSnapshot.date, reason),
      link: memberSwapLink(s.id),
      params: {
        status: 'auto_rejected',
        reason: s.autoReason ?? 'shift_changed',
        date: italianDate(s.sourceSnapshot.date),
      },
      dedupeKey: `swap.auto:${s.id}`,
    });
  }
}

/** The workspace's holidays as dates of [from, to] (the holidays module's rules): one query. */
export async function holidaysBetween(q: Queryable, scope: WorkspaceScope, from: IsoDate, to: IsoDate) {
  return expandHolidays(await holidayRules(q, scope, from, to), from, to);
}
