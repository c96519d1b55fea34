import type { TFunction } from 'i18next';
import { directionOf } from '../../i18n/languages';

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
  // In Arabic a leading sign would follow the digits in a sentence: the signed number reads left to right inside its
  // own isolate, without the direction mark ICU puts before the sign (an Arabic letter mark in some builds, which
  // turned the sign around even inside the isolate).
  const shown =
    signed && directionOf(language) === 'rtl' ? `\u2066${number.replace(/[\u200e\u200f\u061c]/g, '')}\u2069` : number;
  return t(`accruals.units.${unit}`, { value: shown });
}
