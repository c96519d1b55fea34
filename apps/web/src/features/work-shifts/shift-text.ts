import type { ShiftWarning } from '@timbro/shared';
import dayjs from 'dayjs';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { catalogFor } from '../../i18n/languages';
import { formatDate } from '../../lib/dates';
import { formatMinutes } from './shift-time';

/** Durations in the user's language: 450 → "7 h 30 min" (Italian). */
export function useDuration() {
  const { t } = useTranslation();
  return useCallback(
    (minutes: number) =>
      formatMinutes(minutes, { hours: t('workShifts.units.hours'), minutes: t('workShifts.units.minutes') }),
    [t],
  );
}

/** A rest-rule warning's text in the user's language (the server's Italian `message` says the same). */
export function useWarningText() {
  const { t } = useTranslation();
  const duration = useDuration();
  return useCallback(
    (w: Pick<ShiftWarning, 'rule' | 'minutes'>) =>
      t(`workShifts.warnings.${w.rule}`, { hours: duration(w.minutes), minutes: w.minutes }),
    [t, duration],
  );
}

const DAY_FORMATS = { long: 'dddd D MMMM', short: 'ddd D MMM', weekday: 'dd' } as const;

/**
 * Dates in the user's language: "lunedì 16 novembre" (long), "lun 16 nov" (short), "16 novembre 2026" (full), "lu"
 * (weekday, the grid's header).
 */
export function useDayFormat() {
  const { i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  return useCallback(
    (date: string, style: keyof typeof DAY_FORMATS | 'full' = 'long') =>
      style === 'full' ? formatDate(date, language) : dayjs(date).locale(language).format(DAY_FORMATS[style]),
    [language],
  );
}

/** An instant as a date and time of the workspace's zone (the device's until it is known): "20 nov 2026, 09:05". */
export function formatInstant(instant: string, language: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
    new Date(instant),
  );
}

/** "Rossi Mario": people are listed by surname, as the planning orders them. */
export const personName = (p: { firstName: string; lastName: string }) => `${p.lastName} ${p.firstName}`;
