import type { TFunction } from 'i18next';

/** "2,17 gg" / "+6 h" in the user's language (at most two decimals, as the ledger rounds). */
export function formatAmount(
  value: number,
  unit: 'hour' | 'day',
  language: string,
  t: TFunction,
  signed = false,
): string {
  const number = new Intl.NumberFormat(language, {
    maximumFractionDigits: 2,
    signDisplay: signed ? 'exceptZero' : 'auto',
  }).format(value);
  return t(`accruals.units.${unit}`, { value: number });
}
