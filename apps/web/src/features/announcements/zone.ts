import { toLocal } from '@timbro/shared/domain/attendance';
import dayjs from 'dayjs';
import { formatDateTime } from '../../lib/dates';

/**
 * Send times live in the workspace's zone: the server reads "YYYY-MM-DD HH:mm" there, and the admin chooses and reads
 * them there whatever the device's zone. A "wall clock" below is such a "YYYY-MM-DD HH:mm".
 */
export const WALL_FORMAT = 'YYYY-MM-DD HH:mm';

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant's wall clock in a zone (the device's when the zone is not known yet). */
export function wallClockOf(instant: string | Date, timeZone: string | undefined): string {
  const iso = typeof instant === 'string' ? instant : instant.toISOString();
  if (!timeZone) return dayjs(iso).format(WALL_FORMAT);
  const { date, minutes } = toLocal(iso, timeZone);
  return `${date} ${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/** A wall clock as a dayjs (its fields are the wall clock's; the device's zone is irrelevant to them). */
export const wallToDayjs = (wall: string) => dayjs(wall.replace(' ', 'T'));

/** An instant in the workspace's zone, in the user's language (e.g. "1 dic 2026 09:00"). */
export function formatInZone(instant: string, timeZone: string | undefined, language: string): string {
  return formatDateTime(wallToDayjs(wallClockOf(instant, timeZone)), language);
}
