/** Calendar arithmetic on date-only strings (YYYY-MM-DD), in UTC so that no time zone or DST can shift a day. */
export type IsoDate = string;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Midnight UTC of a date, in ms, exactly as `new Date('YYYY-MM-DDT00:00:00Z')` reads it (NaN for another shape or a
 * month out of 1–12, day 1–31 with 31 February rolling over to March). Read by hand: the engine calls it for every
 * day of every employee, and parsing a string into a `Date` costs several times more.
 */
function epochOfIsoDate(d: IsoDate): number {
  const m = ISO_DATE.exec(d);
  if (!m) return NaN;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (month < 1 || month > 12 || day < 1 || day > 31) return NaN;
  // Date.UTC maps years 0–99 to 1900–1999; an ISO date means the year itself.
  return year < 100 ? new Date(0).setUTCFullYear(year, month - 1, day) : Date.UTC(year, month - 1, day);
}

export function parseIsoDate(d: IsoDate): Date {
  return new Date(epochOfIsoDate(d));
}

export function formatIsoDate(d: Date): IsoDate {
  return d.toISOString().slice(0, 10);
}

export function addDays(d: IsoDate, n: number): IsoDate {
  const x = new Date(epochOfIsoDate(d) + n * 86_400_000);
  if (Number.isNaN(x.getTime())) throw new RangeError('Invalid time value');
  return isoDateOf(x.getUTCFullYear(), x.getUTCMonth() + 1, x.getUTCDate());
}

/** Whole days from a to b (b − a). */
export function daysBetween(a: IsoDate, b: IsoDate): number {
  return Math.round((parseIsoDate(b).getTime() - parseIsoDate(a).getTime()) / 86_400_000);
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** ISO weekday: 1 = Monday … 7 = Sunday. */
export function isoWeekday(d: IsoDate): number {
  const w = parseIsoDate(d).getUTCDay();
  return w === 0 ? 7 : w;
}

export function isoDateOf(year: number, month: number, day: number): IsoDate {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export function isValidDayMonth(day: number, month: number, year?: number | null): boolean {
  if (!Number.isInteger(day) || !Number.isInteger(month) || month < 1 || month > 12 || day < 1) return false;
  return day <= daysInMonth(year ?? 2024, month); // 2024 is a leap year: 29 February is allowed for recurring dates
}

export function maxDate(a: IsoDate, b: IsoDate): IsoDate {
  return a > b ? a : b;
}

export function minDate(a: IsoDate, b: IsoDate): IsoDate {
  return a < b ? a : b;
}

/** Italian month names, January first (mail texts, and reading the period printed on a pay slip). */
export const ITALIAN_MONTHS = [
  'gennaio',
  'febbraio',
  'marzo',
  'aprile',
  'maggio',
  'giugno',
  'luglio',
  'agosto',
  'settembre',
  'ottobre',
  'novembre',
  'dicembre',
] as const;
