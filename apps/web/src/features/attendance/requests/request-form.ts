import { clockToMinutes, pauseOverlapMinutes, type DayPause } from '@timbro/shared/domain/time-slots';
import { daysBetween } from '@timbro/shared/domain/dates';
import type { JustificationRequest } from '@timbro/shared';
import type { TFunction } from 'i18next';
import { z } from 'zod/mini';
import type { RequestPayload } from '../api/save-request';
import { closedMonthsBetween, inClosedMonth, monthName, monthOfDate } from '../closed-months';
import { formatClock, parseQuantity } from '../format';

/** What the request covers: the whole day, a time range, or a quantity with no time range (`amount` category). */
export type RequestMode = 'wholeDay' | 'range' | 'amount';
export const REQUEST_MODES: readonly RequestMode[] = ['wholeDay', 'range', 'amount'];

/**
 * Server limits (shared schema): a period of at most 366 days, a quantity in (0, 24] (what a day holds in hours; a
 * day-unit quantity over 1 gets the server's field error), note 500, certificate 20.
 */
export const REQUEST_LIMITS = { periodDays: 366, amountMax: 24, note: 500, certificate: 20 } as const;

export interface RequestFormValues {
  /** Admin only: the employees it is filed for. */
  userInfoIds: string[];
  justificationId: string;
  mode: RequestMode;
  /** A period (startDate–endDate, one request per working day) instead of one date. */
  multiDay: boolean;
  date: string | null;
  startDate: string | null;
  endDate: string | null;
  /** "14:00" as typed. */
  start: string;
  end: string;
  /** "1,5" as typed. */
  amount: string;
  certificateCode: string;
  note: string;
}

export const REQUEST_FORM_FIELDS = [
  'userInfoIds',
  'justificationId',
  'mode',
  'date',
  'startDate',
  'endDate',
  'start',
  'end',
  'amount',
  'certificateCode',
  'note',
] as const;

const isDate = (v: string | null): v is string => !!v && /^\d{4}-\d{2}-\d{2}$/.test(v);

export interface RequestSchemaOptions {
  admin: boolean;
  /** The employee's side: the closed months (YYYY-MM), where the server's lock refuses any request (spec §6). */
  closedMonths?: ReadonlySet<string>;
  /** The language the closed month is named in. */
  language?: string;
}

/**
 * The server's rules (shared `MemberRequestInputSchema` / `AdminRequestInputSchema`) with the same Italian texts,
 * in the active language: justification; one date or a period whose end follows its start (≤ 366 days); a time range
 * whose end follows its start, or a quantity in (0, 24]; certificate letters and digits; at least one employee (admin).
 * An employee's date or period is not in a closed month (the lock's 409, said on the field before sending).
 */
export const requestFormSchema = (t: TFunction, options: RequestSchemaOptions) =>
  z
    .object({
      userInfoIds: z.array(z.string()),
      justificationId: z.string(),
      mode: z.enum(['wholeDay', 'range', 'amount']),
      multiDay: z.boolean(),
      date: z.nullable(z.string()),
      startDate: z.nullable(z.string()),
      endDate: z.nullable(z.string()),
      start: z.string(),
      end: z.string(),
      amount: z.string(),
      certificateCode: z.string(),
      note: z.string(),
    })
    .check(
      z.superRefine(
        (v, ctx) => {
          const issue = (path: keyof RequestFormValues, key: string, params?: Record<string, unknown>) =>
            ctx.addIssue({
              code: 'custom',
              path: [path],
              message: t(`requestDialog.validation.${key}`, params),
              input: v[path],
            });
          if (options.admin && v.userInfoIds.length === 0) issue('userInfoIds', 'employeesRequired');
          if (!v.justificationId) issue('justificationId', 'justificationRequired');
          if (v.multiDay) {
            if (!v.startDate) issue('startDate', 'startDateRequired');
            else if (!isDate(v.startDate)) issue('startDate', 'dateInvalid');
            if (!v.endDate) issue('endDate', 'endDateRequired');
            else if (!isDate(v.endDate)) issue('endDate', 'dateInvalid');
            else if (isDate(v.startDate)) {
              if (v.endDate <= v.startDate) issue('endDate', 'endDateAfterStart');
              else if (daysBetween(v.startDate, v.endDate) + 1 > REQUEST_LIMITS.periodDays)
                issue('endDate', 'periodTooLong', { days: REQUEST_LIMITS.periodDays });
            }
          } else if (!v.date) issue('date', 'dateRequired');
          else if (!isDate(v.date)) issue('date', 'dateInvalid');
          const closed = options.closedMonths;
          if (closed && closed.size > 0) {
            const named = (date: string) => ({ month: monthName(monthOfDate(date), options.language ?? 'it') });
            if (!v.multiDay) {
              if (isDate(v.date) && inClosedMonth(closed, v.date)) issue('date', 'monthClosed', named(v.date));
            } else {
              const start = isDate(v.startDate) && inClosedMonth(closed, v.startDate);
              const end = isDate(v.endDate) && inClosedMonth(closed, v.endDate);
              if (start) issue('startDate', 'monthClosed', named(v.startDate!));
              if (end) issue('endDate', 'monthClosed', named(v.endDate!));
              if (!start && !end && isDate(v.startDate) && isDate(v.endDate)) {
                const inside = closedMonthsBetween(closed, v.startDate, v.endDate)[0];
                if (inside) issue('endDate', 'periodClosed', { month: monthName(inside, options.language ?? 'it') });
              }
            }
          }
          if (v.mode === 'range') {
            const start = clockToMinutes(v.start);
            const end = clockToMinutes(v.end);
            if (v.start.trim() === '') issue('start', 'startRequired');
            else if (start === null) issue('start', 'timeInvalid');
            if (v.end.trim() === '') issue('end', 'endRequired');
            else if (end === null) issue('end', 'timeInvalid');
            else if (start !== null && end <= start) issue('end', 'endAfterStart');
          }
          if (v.mode === 'amount') {
            const n = parseQuantity(v.amount);
            if (v.amount.trim() === '') issue('amount', 'amountRequired');
            else if (!(n > 0 && n <= REQUEST_LIMITS.amountMax))
              issue('amount', 'amountInvalid', { max: REQUEST_LIMITS.amountMax });
          }
          const code = v.certificateCode.trim();
          if (code !== '' && !/^[A-Za-z0-9]{1,20}$/.test(code)) issue('certificateCode', 'certificateInvalid');
          if (v.note.trim().length > REQUEST_LIMITS.note) issue('note', 'tooLong', { max: REQUEST_LIMITS.note });
        },
        { when: () => true },
      ),
    );

export function emptyRequestForm(
  init: { date?: string | null; userInfoIds?: string[]; justificationId?: string } = {},
): RequestFormValues {
  return {
    userInfoIds: init.userInfoIds ?? [],
    justificationId: init.justificationId ?? '',
    mode: 'wholeDay',
    multiDay: false,
    date: init.date ?? null,
    startDate: init.date ?? null,
    endDate: null,
    start: '',
    end: '',
    amount: '',
    certificateCode: '',
    note: '',
  };
}

/** An existing request in the form (editing: always one date). */
export function requestToForm(r: JustificationRequest): RequestFormValues {
  const mode: RequestMode = r.category === 'amount' ? 'amount' : r.wholeDay ? 'wholeDay' : 'range';
  return {
    userInfoIds: [r.userInfoId],
    justificationId: r.justification.id,
    mode,
    multiDay: false,
    date: r.date,
    startDate: r.date,
    endDate: null,
    start: r.startsAtMinutes === null ? '' : formatClock(r.startsAtMinutes),
    end: r.endsAtMinutes === null ? '' : formatClock(r.endsAtMinutes),
    amount: mode === 'amount' ? String(r.amount).replace('.', ',') : '',
    certificateCode: r.certificateCode ?? '',
    note: r.note ?? '',
  };
}

/** The form as the API takes it; `admin` adds the employees, `editing` sends one date. */
export function formToPayload(v: RequestFormValues, options: { admin: boolean; editing: boolean }): RequestPayload {
  const range = v.mode === 'range';
  const multi = v.multiDay && !options.editing;
  return {
    ...(options.admin && !options.editing ? { userInfoIds: v.userInfoIds } : {}),
    ...(multi ? { startDate: v.startDate, endDate: v.endDate } : { date: v.date }),
    justificationId: v.justificationId,
    category: v.mode === 'amount' ? 'amount' : 'regular',
    wholeDay: v.mode === 'wholeDay',
    startsAtMinutes: range ? clockToMinutes(v.start) : null,
    endsAtMinutes: range ? clockToMinutes(v.end) : null,
    amount: v.mode === 'amount' ? parseQuantity(v.amount) : null,
    certificateCode: v.certificateCode.trim() || null,
    note: v.note.trim() || null,
  };
}

/**
 * How much of the balance the request would use, in the justification's unit, when it can be told on the client:
 * hours of a range (less the day's pauses) or a quantity; a whole day is 1 day (day unit) or the day's expected hours when known. A period's
 * working days are only known to the server: null (the server warns after saving).
 */
export function estimateUsage(
  v: RequestFormValues,
  unit: 'hour' | 'day',
  expectedMinutes: number | null,
  pauses: readonly DayPause[] = [],
): number | null {
  if (v.multiDay) return null;
  if (v.mode === 'amount') {
    const n = parseQuantity(v.amount);
    return n > 0 ? n : null;
  }
  if (v.mode === 'wholeDay')
    return unit === 'day' ? 1 : expectedMinutes ? Math.round((expectedMinutes / 60) * 100) / 100 : null;
  const start = clockToMinutes(v.start);
  const end = clockToMinutes(v.end);
  if (start === null || end === null || end <= start) return null;
  // The part of the range in the day's pauses does not count (as on the server).
  const minutes = Math.max(0, end - start - pauseOverlapMinutes(pauses, start, end));
  if (unit === 'hour') return Math.round((minutes / 60) * 100) / 100;
  return expectedMinutes ? Math.round(Math.min(1, minutes / expectedMinutes) * 100) / 100 : null;
}
