import dayjs from 'dayjs';

/** 2026, 10 → "ottobre 2026" in the reader's language. */
export const formatPeriod = (year: number, month: number, language: string) =>
  dayjs(`${year}-${String(month).padStart(2, '0')}-01`)
    .locale(language)
    .format('MMMM YYYY');

/** The names of the twelve months in the reader's language. */
export const monthNames = (language: string) =>
  Array.from({ length: 12 }, (_, i) =>
    dayjs(`2026-${String(i + 1).padStart(2, '0')}-01`)
      .locale(language)
      .format('MMMM'),
  );

/** 1534.2, "EUR" → "1.534,20 €" in the reader's language. */
export function formatMoney(amount: number, currency: string, language: string) {
  try {
    return new Intl.NumberFormat(language, { style: 'currency', currency }).format(amount);
  } catch {
    return `${new Intl.NumberFormat(language, { minimumFractionDigits: 2 }).format(amount)} ${currency}`;
  }
}

/** An amount as the form shows it ("1534,20"): the decimal comma of Italian, which the server reads too. */
export const amountText = (amount: number) => amount.toFixed(2).replace('.', ',');

/** The month before today: the pay slips usually published now. */
export function lastMonth(): { year: number; month: number } {
  const d = dayjs().subtract(1, 'month');
  return { year: d.year(), month: d.month() + 1 };
}
