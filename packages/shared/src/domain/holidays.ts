import { addDays, isoDateOf, isValidDayMonth, parseIsoDate, type IsoDate } from './dates';
import { easterMonday } from './easter';

/** A holiday as stored: a recurring one has no year. */
export interface HolidayRule {
  id?: string;
  name: string;
  icon: string;
  day: number;
  month: number;
  year: number | null;
}

export interface HolidayOccurrence {
  id?: string;
  date: IsoDate;
  name: string;
  icon: string;
  recurring: boolean;
}

/**
 * Concrete dates of recurring and dated holidays between `from` and `to` (inclusive), sorted. A recurring
 * 29 February occurs only in leap years. Two rules on the same date both appear (e.g. a patron saint on 25 April).
 */
export function expandHolidays(rules: HolidayRule[], from: IsoDate, to: IsoDate): HolidayOccurrence[] {
  if (from > to) return [];
  const firstYear = parseIsoDate(from).getUTCFullYear();
  const lastYear = parseIsoDate(to).getUTCFullYear();
  const out: HolidayOccurrence[] = [];
  for (const r of rules) {
    const years = r.year !== null ? [r.year] : range(firstYear, lastYear);
    for (const y of years) {
      if (!isValidDayMonth(r.day, r.month, y)) continue;
      const date = isoDateOf(y, r.month, r.day);
      if (date >= from && date <= to) out.push({ id: r.id, date, name: r.name, icon: r.icon, recurring: r.year === null });
    }
  }
  return out.sort((a, b) => (a.date === b.date ? a.name.localeCompare(b.name) : a.date < b.date ? -1 : 1));
}

function range(a: number, b: number): number[] {
  const out: number[] = [];
  for (let y = a; y <= b; y++) out.push(y);
  return out;
}

/** The recurring Italian national holidays (L. 260/1949 and later laws), without the movable and dated ones. */
export const ITALIAN_RECURRING_HOLIDAYS: Omit<HolidayRule, 'year'>[] = [
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

/** Dated national holidays of one year: Easter and Easter Monday (movable) and, from 2026, San Francesco. */
export function italianDatedHolidays(year: number): HolidayRule[] {
  const monday = parseIsoDate(easterMonday(year));
  const sunday = parseIsoDate(addDays(easterMonday(year), -1));
  const out: HolidayRule[] = [
    { name: 'Pasqua', icon: 'egg', day: sunday.getUTCDate(), month: sunday.getUTCMonth() + 1, year },
    { name: "Lunedì dell'Angelo", icon: 'egg', day: monday.getUTCDate(), month: monday.getUTCMonth() + 1, year },
  ];
  if (year >= SAN_FRANCESCO_FROM_YEAR) out.push({ name: "San Francesco d'Assisi", icon: 'church', day: 4, month: 10, year });
  return out;
}

