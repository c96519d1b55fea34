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
