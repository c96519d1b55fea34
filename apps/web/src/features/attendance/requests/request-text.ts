import type { JustificationRequest } from '@timbro/shared';
import type { TFunction } from 'i18next';
import { timeRange } from '../../../components/time-slots/slot-rows';
import { directionOf } from '../../../i18n/languages';
import { formatQuantity } from '../format';

type RequestShape = Pick<
  JustificationRequest,
  'wholeDay' | 'category' | 'startsAtMinutes' | 'endsAtMinutes' | 'amount'
> & { justification: { unit: 'hour' | 'day' } };

/**
 * A quantity with its unit: "2 h", "1,5 gg"; the number isolated in right-to-left languages (or "-1" shows as "1-"),
 * judged by the language too: a screen may render before the page's `dir` follows a language change.
 */
export function formatAmount(value: number, unit: 'hour' | 'day', language: string, t: TFunction): string {
  const number = formatQuantity(value, language);
  const rtl =
    directionOf(language) === 'rtl' || (typeof document !== 'undefined' && document.documentElement.dir === 'rtl');
  return t(`attendance.units.${unit}`, { value: rtl ? `\u2066${number}\u2069` : number });
}

/** What a request asks for: "Giornata intera", "14:00–16:00" or "2 h". */
export function describeRequest(r: RequestShape, t: TFunction, language: string): string {
  if (r.category === 'regular' && r.wholeDay) return t('attendance.request.wholeDay');
  // Isolated in right-to-left pages, or "14:00–16:00" would read "16:00–14:00".
  if (r.category === 'regular' && r.startsAtMinutes !== null && r.endsAtMinutes !== null)
    return timeRange(r.startsAtMinutes, r.endsAtMinutes);
  return formatAmount(r.amount, r.justification.unit, language, t);
}

/** "Mario Rossi" */
export const employeeName = (e: { firstName: string; lastName: string }) => `${e.firstName} ${e.lastName}`.trim();
