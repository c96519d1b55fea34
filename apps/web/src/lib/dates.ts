import { DATE_FORMAT, DATE_TIME_FORMAT } from '@timbro/shared/constants';
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
