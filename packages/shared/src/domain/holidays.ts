import { isoDateOf, isValidDayMonth, parseIsoDate, type IsoDate } from './dates';
import { movableFeastDate, type MovableFeast } from './easter';

/**
 * A holiday as stored. A fixed one has a day and a month, and a year when it happens in that year only; a movable
 * feast (`rule`) is computed for every year, its day and month are null (ignored). `fromYear` is the first year a
 * recurring holiday applies (San Francesco from 2026).
 */
export interface HolidayRule {
  id?: string;
  name: string;
  icon: string;
  day: number | null;
  month: number | null;
  year: number | null;
  rule?: MovableFeast | null;
  fromYear?: number | null;
}

export interface HolidayOccurrence {
  id?: string;
  date: IsoDate;
  name: string;
  icon: string;
  recurring: boolean;
}

/** The date a holiday falls on in a year, or null when it does not occur then (29 February, before `fromYear`…). */
export function holidayDateIn(r: HolidayRule, year: number): IsoDate | null {
  if (r.year !== null && r.year !== year) return null;
  if (r.fromYear != null && year < r.fromYear) return null;
  if (r.rule) return movableFeastDate(r.rule, year);
  if (r.day === null || r.month === null || !isValidDayMonth(r.day, r.month, year)) return null;
  return isoDateOf(year, r.month, r.day);
}

/**
 * Concrete dates of the holidays between `from` and `to` (inclusive), sorted: recurring ones and movable feasts in
 * every year of the range, dated ones in their year. A recurring 29 February occurs only in leap years. Two rules on
 * the same date both appear (e.g. a patron saint on 25 April).
 */
export function expandHolidays(rules: HolidayRule[], from: IsoDate, to: IsoDate): HolidayOccurrence[] {
  if (from > to) return [];
  const firstYear = parseIsoDate(from).getUTCFullYear();
  const lastYear = parseIsoDate(to).getUTCFullYear();
  const out: HolidayOccurrence[] = [];
  for (const r of rules) {
    const years = r.year !== null ? [r.year] : range(firstYear, lastYear);
    for (const y of years) {
      const date = holidayDateIn(r, y);
      if (date !== null && date >= from && date <= to)
        out.push({ id: r.id, date, name: r.name, icon: r.icon, recurring: r.year === null });
    }
  }
  return out.sort((a, b) => (a.date === b.date ? a.name.localeCompare(b.name) : a.date < b.date ? -1 : 1));
}

function range(a: number, b: number): number[] {
  const out: number[] = [];
  for (let y = a; y <= b; y++) out.push(y);
  return out;
}

/** The fixed-date Italian national holidays (L. 260/1949 and later laws), without the movable ones and San Francesco. */
export const ITALIAN_RECURRING_HOLIDAYS: { name: string; icon: string; day: number; month: number }[] = [
  { name: 'Capodanno', icon: 'celebration', day: 1, month: 1 },
  { name: 'Epifania', icon: 'star', day: 6, month: 1 },
  { name: 'Festa della Liberazione', icon: 'flag', day: 25, month: 4 },
  { name: 'Festa del Lavoro', icon: 'work', day: 1, month: 5 },
  { name: 'Festa della Repubblica', icon: 'flag', day: 2, month: 6 },
  { name: 'Ferragosto', icon: 'sunny', day: 15, month: 8 },
  { name: 'Ognissanti', icon: 'church', day: 1, month: 11 },
  { name: 'Immacolata Concezione', icon: 'church', day: 8, month: 12 },
  { name: 'Natale', icon: 'park', day: 25, month: 12 },
  { name: 'Santo Stefano', icon: 'park', day: 26, month: 12 },
];

/** San Francesco d'Assisi (4 October) is a national holiday again from 2026. */
export const SAN_FRANCESCO_FROM_YEAR = 2026;

/**
 * The Italian national holidays a workspace starts with: the fixed ones, Easter and Easter Monday as movable feasts,
 * San Francesco from 2026. Every row holds for any year, so nothing has to be added as the years go by.
 */
export const ITALIAN_NATIONAL_HOLIDAYS: Omit<HolidayRule, 'id'>[] = [
  ...ITALIAN_RECURRING_HOLIDAYS.map((h) => ({ ...h, year: null })),
  { name: 'Pasqua', icon: 'egg', day: null, month: null, year: null, rule: 'easter' },
  { name: "Lunedì dell'Angelo", icon: 'egg', day: null, month: null, year: null, rule: 'easter_monday' },
  { name: "San Francesco d'Assisi", icon: 'church', day: 4, month: 10, year: null, fromYear: SAN_FRANCESCO_FROM_YEAR },
];
