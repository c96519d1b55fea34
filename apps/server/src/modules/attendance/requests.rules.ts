import {
  addDays,
  attMsg,
  contractOn,
  expectedMinutes,
  isoWeekday,
  maxRequestAmount,
  minutesToClock,
  pauseOverlapMinutes,
  weekdayPauses,
  type IsoDate,
  type JustificationRequest,
} from '@timbro/shared';
import { validation } from '../../lib/errors';
import { italianDate } from '../../lib/time';
import type { ContractWithSlots, JustificationRow, RequestWithJustification } from './attendance.repository';

/** The rules of absence requests that need no database: what a request becomes, when two clash, how it reads. */

/** One row a request becomes: a person, a day, a shape and an amount in the justification's unit. */
export interface Draft {
  userInfoId: string;
  date: IsoDate;
  category: 'regular' | 'amount';
  wholeDay: boolean;
  startsAtMinutes: number | null;
  endsAtMinutes: number | null;
  amount: number;
}

export type Shape = {
  category: 'regular' | 'amount';
  wholeDay: boolean;
  startsAtMinutes?: number | null;
  endsAtMinutes?: number | null;
  amount?: number | null;
};

export const round2 = (n: number) => Math.round(n * 100) / 100;
export const unitLabel = (unit: 'hour' | 'day', n: number) =>
  unit === 'hour' ? (n === 1 ? 'ora' : 'ore') : n === 1 ? 'giorno' : 'giorni';
export const fmt = (n: number) => n.toLocaleString('it-IT', { maximumFractionDigits: 2 });

/** "12/03/2026 (Ferie, intera giornata)" — how messages and e-mails name a request. */
export function requestLabel(
  r: {
    date: string;
    wholeDay: boolean;
    category: string;
    startsAtMinutes: number | null;
    endsAtMinutes: number | null;
    amount: number;
  },
  j: { name: string; unit: 'hour' | 'day' },
) {
  const what = r.wholeDay
    ? 'intera giornata'
    : r.category === 'amount' || r.startsAtMinutes === null || r.endsAtMinutes === null
      ? `${fmt(r.amount)} ${unitLabel(j.unit, r.amount)}`
      : `${minutesToClock(r.startsAtMinutes)}–${minutesToClock(r.endsAtMinutes)}`;
  return `${italianDate(r.date)} (${j.name}, ${what})`;
}

/** Up to ten requests, one per line, for an e-mail. */
export function summaryOf(items: RequestWithJustification[]) {
  const lines = items.slice(0, 10).map((r) => `• ${requestLabel(r, r.justification)}`);
  if (items.length > 10) lines.push(`… e altre ${items.length - 10}`);
  return lines.join('\n');
}

export function presentRequest(r: RequestWithJustification): JustificationRequest {
  return {
    id: r.id,
    userInfoId: r.userInfoId,
    employee: r.employee,
    justification: r.justification,
    date: r.date,
    category: r.category,
    wholeDay: r.wholeDay,
    startsAtMinutes: r.startsAtMinutes,
    endsAtMinutes: r.endsAtMinutes,
    amount: r.amount,
    certificateCode: r.certificateCode,
    note: r.note,
    status: r.status,
    batchId: r.batchId,
    decidedAt: r.decidedAt?.toISOString() ?? null,
    decisionNote: r.decisionNote,
    createdAt: r.createdAt.toISOString(),
  };
}

/** Two requests of one person clash on the same day: a whole day clashes with anything; time ranges that intersect. */
export function requestsClash(a: Draft, b: Draft): boolean {
  if (a.userInfoId !== b.userInfoId || a.date !== b.date) return false;
  if (a.wholeDay || b.wholeDay) return true;
  if (a.category === 'amount' || b.category === 'amount') return false;
  if (a.startsAtMinutes === null || a.endsAtMinutes === null || b.startsAtMinutes === null || b.endsAtMinutes === null)
    return false;
  return a.startsAtMinutes < b.endsAtMinutes && b.startsAtMinutes < a.endsAtMinutes;
}

/**
 * Expected minutes of a person's day. A turn-based contract takes the day from the published shifts its loader
 * attached (`loadContracts`, ADR 0022).
 */
export function expectedFor(contractsOf: ContractWithSlots[], holidaySet: ReadonlySet<string>, date: IsoDate): number {
  const contract = contractOn(contractsOf, date);
  return expectedMinutes({ date, contract, isHoliday: holidaySet.has(date) });
}

/**
 * The rows a request becomes: one per person and day; in a period, days without expected time (rest days, holidays,
 * no contract) are skipped. The amount is in the justification's unit: a whole day is 1 day or that day's expected
 * hours, never a fixed 8; a time range is its hours, or its share of the day's expected time for day units.
 */
export function expand(
  shape: Shape,
  j: JustificationRow,
  userInfoIds: string[],
  days: IsoDate[],
  multi: boolean,
  contractsBy: Map<string, ContractWithSlots[]>,
  holidaySet: ReadonlySet<string>,
): Draft[] {
  // A quantity is for one day: at most what a day holds (24 hours, or 1 day), whoever files it.
  if (shape.category === 'amount' && shape.amount! > maxRequestAmount(j.unit)) {
    throw validation([
      { path: 'amount', message: j.unit === 'hour' ? attMsg.amountOverDayHours : attMsg.amountOverDayDays },
    ]);
  }
  const drafts: Draft[] = [];
  for (const userInfoId of userInfoIds) {
    for (const date of days) {
      const expected = expectedFor(contractsBy.get(userInfoId) ?? [], holidaySet, date);
      if (multi && expected === 0) continue;
      const base = {
        userInfoId,
        date,
        category: shape.category,
        wholeDay: shape.category === 'regular' && shape.wholeDay,
      };
      if (shape.category === 'amount') {
        drafts.push({ ...base, startsAtMinutes: null, endsAtMinutes: null, amount: round2(shape.amount!) });
      } else if (shape.wholeDay) {
        if (expected === 0) throw validation([{ path: 'date', message: attMsg.noExpectedTime }]);
        drafts.push({
          ...base,
          startsAtMinutes: null,
          endsAtMinutes: null,
          amount: j.unit === 'day' ? 1 : round2(expected / 60),
        });
      } else {
        // A range that spans the day's pause does not count it (requestMinutes, the engine's rule).
        const contract = contractOn(contractsBy.get(userInfoId) ?? [], date);
        const pauses = contract ? weekdayPauses(contract.timeSlots, isoWeekday(date)) : [];
        const minutes =
          shape.endsAtMinutes! -
          shape.startsAtMinutes! -
          pauseOverlapMinutes(pauses, shape.startsAtMinutes!, shape.endsAtMinutes!);
        if (j.unit === 'day' && expected === 0) throw validation([{ path: 'date', message: attMsg.noExpectedTime }]);
        drafts.push({
          ...base,
          startsAtMinutes: shape.startsAtMinutes!,
          endsAtMinutes: shape.endsAtMinutes!,
          amount: j.unit === 'hour' ? round2(minutes / 60) : round2(Math.min(1, minutes / expected)),
        });
      }
    }
  }
  if (drafts.length === 0) throw validation([{ path: multi ? 'startDate' : 'date', message: attMsg.noWorkingDays }]);
  return drafts;
}

export function daysOf(input: { date?: string | null; startDate?: string | null; endDate?: string | null }): {
  days: IsoDate[];
  multi: boolean;
} {
  if (input.startDate && input.endDate) {
    const days: IsoDate[] = [];
    for (let d = input.startDate; d <= input.endDate; d = addDays(d, 1)) days.push(d);
    return { days, multi: true };
  }
  return { days: [input.date!], multi: false };
}

/** The field a day-capacity error belongs to: the quantity, the end of the range, or the day of a whole-day request. */
export const capacityField = (d: Draft) => (d.category === 'amount' ? 'amount' : d.wholeDay ? 'date' : 'endsAtMinutes');
