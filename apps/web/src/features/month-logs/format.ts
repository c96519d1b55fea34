import dayjs from 'dayjs';

/** "2026-10" → "ottobre 2026" in the user's language. */
export function formatMonth(month: string, language: string): string {
  return dayjs(`${month}-01`).locale(language).format('MMMM YYYY');
}

/** The month before `month` ("2026-01" → "2025-12"). */
export const previousMonth = (month: string) => dayjs(`${month}-01`).subtract(1, 'month').format('YYYY-MM');

/** The device's month ("2026-11"); the server refuses a month that has not started anyway. */
export const currentMonth = () => dayjs().format('YYYY-MM');

/** The months that may be closed, newest first: this month and the `count - 1` before it (never a future month). */
export function closableMonths(current: string, count = 36): string[] {
  const start = dayjs(`${current}-01`);
  return Array.from({ length: count }, (_, i) => start.subtract(i, 'month').format('YYYY-MM'));
}

/** The minus sign of figures (U+2212: as wide as the plus). */
const MINUS = '\u2212';

/** Minutes as h:mm (450 → "7:30", −90 → "−1:30"); `signed` adds "+" to positive values (balances, differences). */
export function formatMinutes(minutes: number, options: { signed?: boolean } = {}): string {
  const m = Math.round(minutes);
  const abs = Math.abs(m);
  const text = `${Math.floor(abs / 60)}:${String(abs % 60).padStart(2, '0')}`;
  if (m < 0) return `${MINUS}${text}`;
  if (m > 0 && options.signed) return `+${text}`;
  return text;
}

/** A quantity in the user's language, at most two decimals: 82.33 → "82,33" in Italian. */
export function formatQuantity(value: number, language: string): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(value);
}

/** A file size in the user's language (lib/format-size). */
export { formatSize } from '../../lib/format-size';

/** The first 12 characters of a SHA-256 (enough to tell two files apart at a glance). */
export const shortHash = (sha256: string) => `${sha256.slice(0, 12)}…`;

/** A day of the month as a short date ("2026-10-06" → "6 ott"). */
export const formatDay = (date: string, language: string) => dayjs(date).locale(language).format('D MMM');

/** The first letter upper-cased ("ottobre 2026" → "Ottobre 2026" at the start of a title). */
export const capitalize = (text: string, language: string) =>
  text.charAt(0).toLocaleUpperCase(language) + text.slice(1);
