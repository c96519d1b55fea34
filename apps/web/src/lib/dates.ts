import { DATE_FORMAT, DATE_MAX, DATE_MIN, DATE_TIME_FORMAT } from '@timbro/shared/constants';
import dayjs, { type Dayjs } from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';

dayjs.extend(localizedFormat);

/** Dates go to the API as the spec says: YYYY-MM-DD HH:mm:ss, or YYYY-MM-DD for date-only values. */
export function toApiDate(value: Dayjs | Date | string): string {
  return dayjs(value).format(DATE_FORMAT);
}

export function toApiDateTime(value: Dayjs | Date | string): string {
  return dayjs(value).format(DATE_TIME_FORMAT);
}

/**
 * A date that is whole: a real YYYY-MM-DD within what the API accepts (DATE_MIN … DATE_MAX), or null. A date still being
 * typed in a picker is a valid date for a moment (the year "0002" on its way to "2026"): nothing is asked of the server
 * for it (issue 30 item 17: partly typed dates fired requests answered 400).
 */
export function completeDate(value: Dayjs | string | null | undefined): string | null {
  if (!value) return null;
  let text: string;
  if (typeof value === 'string') {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
    const d = new Date(`${value}T00:00:00Z`);
    if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== value) return null;
    text = value;
  } else {
    if (!value.isValid()) return null;
    text = value.format('YYYY-MM-DD');
  }
  return text >= DATE_MIN && text <= DATE_MAX ? text : null;
}

/** A date in the user's language (e.g. "22 novembre 2026" in Italian). */
export function formatDate(value: Dayjs | Date | string, language: string): string {
  return dayjs(value).locale(language).format('LL');
}

/** A date and time in the user's language (e.g. "22 nov 2026 09:05" in Italian). */
export function formatDateTime(value: Dayjs | Date | string, language: string): string {
  return dayjs(value).locale(language).format('lll');
}

/** A clock time of the day from minutes after midnight: 540 → "09:00", 1440 (the end of the day) → "24:00". */
export function formatClock(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** A UTC instant as the wall-clock time of a time zone (the workspace's, never the browser's): "09:05". */
export function clockIn(instant: string | number | Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(
    new Date(instant),
  );
}
