import type { WorkShift, WorkShiftCreateInput, WorkShiftUpdateInput } from '@timbro/shared';
import { addDays, daysBetween, isoWeekday } from '@timbro/shared/domain/dates';
import type { TFunction } from 'i18next';
import type { Control, UseFormSetError, UseFormSetValue } from 'react-hook-form';
import { z } from 'zod/mini';
import { fieldErrors } from '../../../lib/error-message';
import { SHIFT_COLOR, SHIFT_LIMITS } from '../limits';
import { isIsoDate } from '../planning/planning-range';
import { formatClock, parseClock, spanMinutes } from '../shift-time';

/** Where the times come from: a daily template (new shifts only) or typed in. */
export type ShiftTimesSource = 'template' | 'times';

export interface ShiftFormValues {
  date: string | null;
  /** New shifts: one per day of a period (date → dateTo), on the chosen weekdays. */
  period: boolean;
  dateTo: string | null;
  /** 1 = Monday … 7 = Sunday. */
  weekdays: number[];
  userInfoIds: string[];
  source: ShiftTimesSource;
  templateId: string;
  /** "22:00" as typed; the end at or before the start is the next day. */
  start: string;
  end: string;
  /** Minutes, as typed. */
  pause: string;
  label: string;
  /** "#RRGGBB" or empty. */
  color: string;
}

/** What a group of the form's fields (the day or period, the times) gets from the form. */
export interface ShiftFieldsProps {
  control: Control<ShiftFormValues>;
  setValue: UseFormSetValue<ShiftFormValues>;
  values: ShiftFormValues;
  /** An existing shift: no period, no template. */
  editing: boolean;
}

export const SHIFT_FORM_FIELDS = [
  'date',
  'dateTo',
  'weekdays',
  'userInfoIds',
  'templateId',
  'start',
  'end',
  'pause',
  'label',
  'color',
] as const;
type FormField = (typeof SHIFT_FORM_FIELDS)[number];

export const ALL_WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** The days of a period that fall on the chosen weekdays (how many shifts it makes). */
export function periodDays(from: string, to: string, weekdays: readonly number[]): number {
  if (!isIsoDate(from) || !isIsoDate(to) || to < from) return 0;
  const span = daysBetween(from, to) + 1;
  if (span > SHIFT_LIMITS.periodDays) return 0;
  let n = 0;
  for (let i = 0; i < span; i++) if (weekdays.includes(isoWeekday(addDays(from, i)))) n++;
  return n;
}

/** The pause as typed: a whole number of minutes ("" is none), or NaN. */
export const parsePause = (text: string): number =>
  text.trim() === '' ? 0 : /^\d+$/.test(text.trim()) ? Number(text) : NaN;

/**
 * The server's rules (shared WorkShiftCreateSchema / WorkShiftUpdateSchema), with the same Italian texts in the active
 * language: a day; for a period its last day on or after the first, at most 93 days, some weekday, and some day on
 * those weekdays; one to 200 people; a template or both times (start 00:00–23:59, end up to 24:00, not the same
 * time); a whole pause shorter than the shift; a label of at most 60 characters; a colour as #RRGGBB.
 */
export const shiftFormSchema = (t: TFunction) =>
  z
    .object({
      date: z.nullable(z.string()),
      period: z.boolean(),
      dateTo: z.nullable(z.string()),
      weekdays: z.array(z.number()),
      userInfoIds: z.array(z.string()),
      source: z.enum(['template', 'times']),
      templateId: z.string(),
      start: z.string(),
      end: z.string(),
      pause: z.string(),
      label: z.string(),
      color: z.string(),
    })
    .check(
      z.superRefine(
        (v, ctx) => {
          const issue = (path: FormField, key: string, params?: Record<string, unknown>) =>
            ctx.addIssue({
              code: 'custom',
              path: [path],
              message: t(`workShifts.validation.${key}`, params),
              input: v[path],
            });
          if (!v.date) issue('date', 'dateRequired');
          else if (!isIsoDate(v.date)) issue('date', 'dateInvalid');
          if (v.period) {
            if (!v.dateTo) issue('dateTo', 'dateToRequired');
            else if (!isIsoDate(v.dateTo)) issue('dateTo', 'dateInvalid');
            else if (isIsoDate(v.date)) {
              if (v.dateTo < v.date) issue('dateTo', 'periodInvalid');
              else if (daysBetween(v.date, v.dateTo) + 1 > SHIFT_LIMITS.periodDays)
                issue('dateTo', 'periodTooLong', { days: SHIFT_LIMITS.periodDays });
              else if (v.weekdays.length > 0 && periodDays(v.date, v.dateTo, v.weekdays) === 0)
                issue('weekdays', 'noDays');
            }
            if (v.weekdays.length === 0) issue('weekdays', 'weekdaysRequired');
          }
          if (v.userInfoIds.length === 0) issue('userInfoIds', 'peopleRequired');
          else if (v.userInfoIds.length > SHIFT_LIMITS.maxPeople)
            issue('userInfoIds', 'tooManyPeople', { max: SHIFT_LIMITS.maxPeople });
          if (v.source === 'template') {
            if (!v.templateId) issue('templateId', 'templateRequired');
          } else {
            const start = parseClock(v.start);
            const end = parseClock(v.end);
            if (v.start.trim() === '') issue('start', 'startRequired');
            else if (start === null || start >= 1440) issue('start', 'timeInvalid');
            if (v.end.trim() === '') issue('end', 'endRequired');
            else if (end === null) issue('end', 'timeInvalid');
            const pause = parsePause(v.pause);
            if (Number.isNaN(pause) || pause > SHIFT_LIMITS.pauseMax)
              issue('pause', 'pauseInvalid', { max: SHIFT_LIMITS.pauseMax });
            if (start !== null && start < 1440 && end !== null) {
              if (start % 1440 === end % 1440) issue('end', 'sameStartEnd');
              else if (!Number.isNaN(pause) && pause >= spanMinutes({ startMinutes: start, endMinutes: end }))
                issue('pause', 'pauseTooLong');
            }
          }
          if (v.label.trim().length > SHIFT_LIMITS.label) issue('label', 'tooLong', { max: SHIFT_LIMITS.label });
          if (v.color.trim() !== '' && !SHIFT_COLOR.test(v.color.trim())) issue('color', 'colorInvalid');
        },
        { when: () => true },
      ),
    );

/** A new shift (prefilled with a day and a person from the planning), or the stored one. */
export function shiftFormValues(
  shift: WorkShift | undefined,
  prefill: { date?: string | null; userInfoId?: string | null } = {},
): ShiftFormValues {
  if (shift)
    return {
      date: shift.date,
      period: false,
      dateTo: null,
      weekdays: [...ALL_WEEKDAYS],
      userInfoIds: shift.assignees.map((a) => a.id),
      source: 'times',
      templateId: '',
      start: formatClock(shift.startMinutes),
      end: formatClock(shift.endMinutes),
      pause: String(shift.pauseMinutes),
      label: shift.label ?? '',
      color: shift.color ?? '',
    };
  return {
    date: isIsoDate(prefill.date) ? prefill.date : null,
    period: false,
    dateTo: null,
    weekdays: [...ALL_WEEKDAYS],
    userInfoIds: prefill.userInfoId ? [prefill.userInfoId] : [],
    source: 'times',
    templateId: '',
    start: '',
    end: '',
    pause: '0',
    label: '',
    color: '',
  };
}

const texts = (v: ShiftFormValues) => ({ label: v.label.trim() || null, color: v.color.trim().toUpperCase() || null });
const times = (v: ShiftFormValues) => ({
  startMinutes: parseClock(v.start)!,
  endMinutes: parseClock(v.end)!,
  pauseMinutes: parsePause(v.pause),
});

/** POST /admin/work-shift's body: one day or a period (with its weekdays), a template or the typed times. */
export function toCreateBody(v: ShiftFormValues): WorkShiftCreateInput {
  return {
    date: v.date!,
    ...(v.period ? { dateTo: v.dateTo, weekdays: [...v.weekdays].sort((a, b) => a - b) } : { dateTo: null }),
    userInfoIds: v.userInfoIds,
    ...(v.source === 'template'
      ? { templateId: v.templateId, startMinutes: null, endMinutes: null }
      : { templateId: null, ...times(v) }),
    ...texts(v),
  };
}

/** POST /admin/work-shift/{id}'s body. */
export function toUpdateBody(v: ShiftFormValues): WorkShiftUpdateInput {
  return { date: v.date!, userInfoIds: v.userInfoIds, ...times(v), ...texts(v) };
}

/** The server's field paths → the form's fields (times in minutes → the typed times). */
const SERVER_PATHS: Record<string, FormField> = {
  date: 'date',
  dateTo: 'dateTo',
  weekdays: 'weekdays',
  userInfoIds: 'userInfoIds',
  templateId: 'templateId',
  startMinutes: 'start',
  endMinutes: 'end',
  pauseMinutes: 'pause',
  label: 'label',
  color: 'color',
};

/**
 * Puts the server's field errors on their fields (the first focused); with a template chosen, "choose a template or
 * the times" lands on the template. Whether any did: otherwise the caller shows the refusal above the form.
 */
export function applyShiftServerErrors(
  err: unknown,
  setError: UseFormSetError<ShiftFormValues>,
  source: ShiftTimesSource,
): boolean {
  let applied = false;
  for (const [path, message] of Object.entries(fieldErrors(err))) {
    let field = SERVER_PATHS[path.split('.')[0]!];
    if (!field) continue;
    if (source === 'template' && (field === 'start' || field === 'end' || field === 'pause')) field = 'templateId';
    setError(field, { type: 'server', message }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}
