/** Calendar arithmetic on date-only strings (YYYY-MM-DD), in UTC so that no time zone or DST can shift a day. */
export type IsoDate = string;

export function parseIsoDate(d: IsoDate): Date {
  return new Date(`${d}T00:00:00Z`);
}

export function formatIsoDate(d: Date): IsoDate {
  return d.toISOString().slice(0, 10);
}

export function addDays(d: IsoDate, n: number): IsoDate {
  const x = parseIsoDate(d);
  x.setUTCDate(x.getUTCDate() + n);
  return formatIsoDate(x);
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
