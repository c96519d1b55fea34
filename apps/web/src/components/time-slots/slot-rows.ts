import type { TimeSlot } from '@timbro/shared';
import {
  clockToMinutes,
  isValidColor,
  minutesToClock,
  slotProblems,
  weekdayMinutes,
  weeklyMinutes,
  type TimeSlotLike,
} from '@timbro/shared/domain/time-slots';
import type { TFunction } from 'i18next';
import { z } from 'zod/mini';

/** ISO weekdays in the Italian order: Monday first. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** One slot as the editor holds it: times as typed ("09:00"), a stable key for React and focus. */
export interface SlotRow {
  key: string;
  weekday: number;
  start: string;
  end: string;
  pauseStart: string;
  pauseEnd: string;
  description: string;
  color: string;
}

export type SlotField = 'start' | 'end' | 'pauseStart' | 'pauseEnd' | 'description' | 'color';

let seq = 0;
export const newSlotKey = () => `slot-${++seq}`;

export function emptySlot(weekday: number): SlotRow {
  return { key: newSlotKey(), weekday, start: '', end: '', pauseStart: '', pauseEnd: '', description: '', color: '' };
}

/** An API slot (minutes) → an editor row. Daily templates have no weekday: `weekday` says which day it goes to. */
export function slotToRow(s: Omit<TimeSlot, 'weekday'> & { weekday?: number }, weekday = s.weekday ?? 1): SlotRow {
  return {
    key: newSlotKey(),
    weekday,
    start: minutesToClock(s.startsAtMinutes),
    end: minutesToClock(s.endsAtMinutes),
    pauseStart: s.pauseStartsAtMinutes === null ? '' : minutesToClock(s.pauseStartsAtMinutes),
    pauseEnd: s.pauseEndsAtMinutes === null ? '' : minutesToClock(s.pauseEndsAtMinutes),
    description: s.description ?? '',
    color: s.descriptionColorRgb ?? '',
  };
}

/** Rows by weekday, otherwise in the order entered (a stable sort: rows never jump while being typed). */
export function sortRows(rows: SlotRow[]): SlotRow[] {
  return [...rows].sort((a, b) => a.weekday - b.weekday);
}

/**
 * "930" → "09:30", "9" → "09:00", "9.30" → "09:30": what a person types, in the hh:mm the API reads. Anything else is
 * left as typed (the validation says it is not a time).
 */
export function normalizeClock(text: string): string {
  const v = text.trim().replace(/[.,h]/, ':');
  if (/^\d{1,2}$/.test(v)) return `${v.padStart(2, '0')}:00`;
  if (/^\d{3,4}$/.test(v)) return `${v.slice(0, -2).padStart(2, '0')}:${v.slice(-2)}`;
  const m = /^(\d{1,2}):(\d{1,2})$/.exec(v);
  if (m) return `${m[1]!.padStart(2, '0')}:${m[2]!.padEnd(2, '0')}`;
  return text.trim();
}

/** A row whose times all read as times → a slot in minutes (else null: not counted in totals, flagged by the schema). */
export function rowToSlot(
  r: SlotRow,
): (TimeSlotLike & { description: string | null; descriptionColorRgb: string | null }) | null {
  const start = clockToMinutes(r.start);
  const end = clockToMinutes(r.end);
  const pauseStart = r.pauseStart.trim() === '' ? null : clockToMinutes(r.pauseStart);
  const pauseEnd = r.pauseEnd.trim() === '' ? null : clockToMinutes(r.pauseEnd);
  if (start === null || end === null) return null;
  if (r.pauseStart.trim() !== '' && pauseStart === null) return null;
  if (r.pauseEnd.trim() !== '' && pauseEnd === null) return null;
  return {
    weekday: r.weekday,
    startsAtMinutes: start,
    endsAtMinutes: end,
    pauseStartsAtMinutes: pauseStart,
    pauseEndsAtMinutes: pauseEnd,
    description: r.description.trim() === '' ? null : r.description.trim(),
    descriptionColorRgb: r.color.trim() === '' ? null : r.color.trim().toUpperCase(),
  };
}

/** The rows the API gets (after the schema passed, every row converts). */
export function rowsToSlots(rows: SlotRow[]) {
  return sortRows(rows).flatMap((r) => {
    const s = rowToSlot(r);
    return s ? [s] : [];
  });
}

/** Live totals: only rows that read as a valid slot count (the shared rules: length minus pause). */
export function slotTotals(rows: SlotRow[]) {
  const slots = rows.flatMap((r) => {
    const s = rowToSlot(r);
    return s && s.startsAtMinutes < s.endsAtMinutes ? [s] : [];
  });
  return { week: weeklyMinutes(slots), day: (weekday: number) => weekdayMinutes(slots, weekday) };
}

/** "40:00" for 2,400 minutes (totals may pass 24 hours). */
export const formatMinutes = (m: number) => minutesToClock(m);

/**
 * "09:00–18:00" as one left-to-right unit: in a right-to-left page the bidi algorithm would otherwise show the two
 * times swapped ("18:00–09:00"). Unicode isolates (LRI … PDI), only when the page is right to left.
 */
export function timeRange(from: number, to: number): string {
  const range = `${formatMinutes(from)}–${formatMinutes(to)}`;
  return typeof document !== 'undefined' && document.documentElement.dir === 'rtl' ? `\u2066${range}\u2069` : range;
}

export const SLOT_DESCRIPTION_MAX = 100;

const clock = (t: TFunction, requiredMessage: string | null) =>
  z.string().check(
    z.superRefine((v, ctx) => {
      if (v.trim() === '') {
        if (requiredMessage) ctx.addIssue({ code: 'custom', message: requiredMessage, input: v });
      } else if (clockToMinutes(v) === null)
        ctx.addIssue({ code: 'custom', message: t('timeSlots.validation.clockInvalid'), input: v });
    }),
  );

/** One row: times as hh:mm (start and end required), a valid colour when given. */
export const slotRowSchema = (t: TFunction) =>
  z.object({
    key: z.string(),
    weekday: z.custom<number>((v) => typeof v === 'number'),
    start: clock(t, t('timeSlots.validation.startRequired')),
    end: clock(t, t('timeSlots.validation.endRequired')),
    pauseStart: clock(t, null),
    pauseEnd: clock(t, null),
    description: z.string().check(
      z.maxLength(SLOT_DESCRIPTION_MAX, {
        error: t('timeSlots.validation.descriptionTooLong', { max: SLOT_DESCRIPTION_MAX }),
      }),
    ),
    color: z
      .string()
      .check(
        z.refine((v) => v.trim() === '' || isValidColor(v.trim()), { error: t('timeSlots.validation.colorInvalid') }),
      ),
  });

/**
 * The list rules of the server (shared `slotProblems`): end after start, a complete pause strictly inside the slot,
 * no overlap with another slot of the same day (touching is fine), at least one slot. Issues land on the row's field.
 */
export const slotListSchema = (t: TFunction) =>
  z.array(slotRowSchema(t)).check(
    z.minLength(1, { error: t('timeSlots.validation.atLeastOne') }),
    z.superRefine(
      (rows, ctx) => {
        if (!Array.isArray(rows)) return;
        const parsed = rows.map((r) => ({ row: r, slot: rowToSlot(r) }));
        const usable = parsed.flatMap((p, index) => (p.slot ? [{ index, slot: p.slot }] : []));
        for (const p of slotProblems(usable.map((u) => u.slot))) {
          const index = usable[p.index]!.index;
          if (p.kind === 'order')
            ctx.addIssue({
              code: 'custom',
              path: [index, 'end'],
              message: t('timeSlots.validation.order'),
              input: rows[index],
            });
          if (p.kind === 'pause')
            ctx.addIssue({
              code: 'custom',
              path: [index, 'pauseStart'],
              message: t('timeSlots.validation.pause'),
              input: rows[index],
            });
          if (p.kind === 'overlap') {
            const other = usable[p.other]!.slot;
            const range = timeRange(other.startsAtMinutes, other.endsAtMinutes);
            ctx.addIssue({
              code: 'custom',
              path: [index, 'start'],
              message: t('timeSlots.validation.overlap', { range }),
              input: rows[index],
            });
          }
        }
      },
      { when: () => true },
    ),
  );

/** Server field errors of a slot list (`timeSlots.3.startsAtMinutes`) → the editor's row keys and fields. */
const API_FIELDS: Record<string, SlotField> = {
  startsAtMinutes: 'start',
  endsAtMinutes: 'end',
  pauseStartsAtMinutes: 'pauseStart',
  pauseEndsAtMinutes: 'pauseEnd',
  description: 'description',
  descriptionColorRgb: 'color',
};

export function serverSlotErrors(errors: Record<string, string>, prefix: string, sentRows: SlotRow[]) {
  const out: { index: number; field: SlotField; message: string }[] = [];
  let list: string | null = null;
  for (const [path, message] of Object.entries(errors)) {
    if (path === prefix) list = message;
    const m = new RegExp(`^${prefix}\\.(\\d+)\\.(\\w+)$`).exec(path);
    const field = m ? API_FIELDS[m[2]!] : undefined;
    if (!m || !field) continue;
    const row = sentRows[Number(m[1])];
    if (row) out.push({ index: Number(m[1]), field, message });
  }
  return { rows: out, list };
}

/** "09:00–18:00 (pausa 13:00–14:00)": one slot in a line, for lists and pickers. */
export function describeSlot(
  s: Pick<TimeSlot, 'startsAtMinutes' | 'endsAtMinutes' | 'pauseStartsAtMinutes' | 'pauseEndsAtMinutes'>,
  t: TFunction,
): string {
  const range = timeRange(s.startsAtMinutes, s.endsAtMinutes);
  if (s.pauseStartsAtMinutes === null || s.pauseEndsAtMinutes === null) return range;
  return t('timeSlots.withPause', { range, pause: timeRange(s.pauseStartsAtMinutes, s.pauseEndsAtMinutes) });
}
