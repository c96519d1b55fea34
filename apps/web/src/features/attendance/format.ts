/** The minus sign of figures (U+2212: the same width as the plus, unlike a hyphen). */
export const MINUS = '\u2212';

/**
 * Minutes as h:mm, the one format of every attendance figure: 450 → "7:30", −90 → "−1:30", 0 → "0:00"; `signed`
 * adds "+" to positive values (balances). Hours are not padded and may exceed 24 (month totals: "168:00").
 */
export function formatMinutes(minutes: number, options: { signed?: boolean } = {}): string {
  const m = Math.round(minutes);
  const abs = Math.abs(m);
  const text = `${Math.floor(abs / 60)}:${String(abs % 60).padStart(2, '0')}`;
  if (m < 0) return `${MINUS}${text}`;
  if (m > 0 && options.signed) return `+${text}`;
  return text;
}

/** Clock times (minutes after midnight, an instant in the workspace's zone): one definition, in lib/dates.ts. */
export { clockIn, formatClock } from '../../lib/dates';

/** A quantity in the user's language, at most two decimals (as the ledger rounds): 1.5 → "1,5" in Italian. */
export function formatQuantity(value: number, language: string): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(value);
}

/** "1,5" / "1.5" / " 2 " → a number (NaN when it is not one). */
export function parseQuantity(text: string): number {
  const v = text.trim().replace(/\s/g, '').replace(',', '.');
  return /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : NaN;
}
