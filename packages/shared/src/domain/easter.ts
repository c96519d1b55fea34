import { addDays, isoDateOf, type IsoDate } from './dates';

/** Easter Sunday in the Gregorian calendar (anonymous / Meeus–Jones–Butcher algorithm). */
export function easterSunday(year: number): IsoDate {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return isoDateOf(year, month, day);
}

/** Lunedì dell'Angelo (Pasquetta): the day after Easter Sunday. */
export function easterMonday(year: number): IsoDate {
  return addDays(easterSunday(year), 1);
}

/** Holidays whose date moves with Easter: stored as a rule and computed for every year. */
export const MOVABLE_FEASTS = ['easter', 'easter_monday'] as const;
export type MovableFeast = (typeof MOVABLE_FEASTS)[number];

export const isMovableFeast = (v: unknown): v is MovableFeast => MOVABLE_FEASTS.includes(v as MovableFeast);

/** The date of a movable feast in a year. */
export function movableFeastDate(feast: MovableFeast, year: number): IsoDate {
  return feast === 'easter' ? easterSunday(year) : easterMonday(year);
}
