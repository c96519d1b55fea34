import type { PayrollFileInput } from './types';

/**
 * The field helpers and conversions the payroll profiles share. Every function is pure and works on integers (minutes,
 * never float hours), and throws on a value its field cannot hold: preflight refuses such codes first, so a throw
 * here is a bug, never a silently cut or shifted field.
 */

/** Payroll files end every line (record) with CR LF, as the payroll programs expect. */
export const CRLF = '\r\n';

/** `'123'` → `'000123'` for width 6. The value must be digits only (1 or more) and at most `width` long. */
export function zeroLeft(value: string | number, width: number): string {
  const s = String(value);
  if (!/^\d+$/.test(s)) throw new Error(`Payroll field: "${s}" is not a non-negative integer`);
  if (s.length > width) throw new Error(`Payroll field: "${s}" is longer than ${width} digits`);
  return s.padStart(width, '0');
}

/** `'FE'` → `'FE '` for width 3: printable ASCII left-aligned, space-padded on the right, at most `width` long. */
export function spaceRight(value: string, width: number): string {
  if (!/^[\x20-\x7e]*$/.test(value)) throw new Error(`Payroll field: "${value}" is not printable ASCII`);
  if (value.length > width) throw new Error(`Payroll field: "${value}" is longer than ${width} characters`);
  return value.padEnd(width, ' ');
}

/** An item code as the payroll takes it: letters and digits, 1 to `max` long (written as given, never cut). */
export function itemCode(value: string, max: number): string {
  if (!/^[A-Za-z0-9]+$/.test(value)) throw new Error(`Payroll field: "${value}" is not a letters-and-digits code`);
  if (value.length > max) throw new Error(`Payroll field: "${value}" is longer than ${max} characters`);
  return value;
}

/** Minutes must be a non-negative safe integer (0 is a line that went away in a changes-only file). */
export function checkMinutes(minutes: number): number {
  if (!Number.isSafeInteger(minutes) || minutes < 0)
    throw new Error(`Payroll field: ${minutes} is not a whole number of minutes`);
  return minutes;
}

/** Sexagesimal hours and minutes: 450 → { hours: 7, minutes: 30 } (Zucchetti NumOre / NumMinuti). */
export function sexagesimal(minutes: number): { hours: number; minutes: number } {
  const m = checkMinutes(minutes);
  return { hours: Math.floor(m / 60), minutes: m % 60 };
}

/**
 * Hours with `decimals` implied decimals, rounded half up, in integer arithmetic: round(minutes × 10^decimals / 60).
 * 480 min with 4 decimals → 80000 (INAZ "N 9,4": 8 h → `000080000`); 20 min → 3333.
 */
export function impliedDecimalHours(minutes: number, decimals: number): number {
  const scaled = checkMinutes(minutes) * 10 ** decimals;
  if (!Number.isSafeInteger(scaled + 30)) throw new Error(`Payroll field: ${minutes} minutes overflow`);
  return Math.floor((scaled + 30) / 60);
}

/** Hours with a comma and two decimals, rounded half up (Italian spreadsheets): 450 → `7,50`, 20 → `0,33`. */
export function italianDecimalHours(minutes: number): string {
  const hundredths = impliedDecimalHours(minutes, 2);
  return `${Math.floor(hundredths / 100)},${String(hundredths % 100).padStart(2, '0')}`;
}

/** `2026-03-02` → `20260302` (AAAAMMGG). */
export function compactDate(isoDate: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(isoDate)) throw new Error(`Payroll field: "${isoDate}" is not a YYYY-MM-DD date`);
  return isoDate.replaceAll('-', '');
}

/** `2026-03` → { year: '2026', month: '03' }. */
export function splitMonth(month: string): { year: string; month: string } {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) throw new Error(`Payroll field: "${month}" is not a YYYY-MM month`);
  return { year: month.slice(0, 4), month: month.slice(5, 7) };
}

/**
 * The month and version part of a file name: `2026-03-v2`, or for a changes-only file (compared with version 1)
 * `2026-03-v1-v2-variazioni`.
 */
export function versionTag(input: Pick<PayrollFileInput, 'month' | 'versionNumber' | 'baseVersionNumber'>): string {
  const { month, versionNumber, baseVersionNumber } = input;
  splitMonth(month);
  return baseVersionNumber === null
    ? `${month}-v${versionNumber}`
    : `${month}-v${baseVersionNumber}-v${versionNumber}-variazioni`;
}
