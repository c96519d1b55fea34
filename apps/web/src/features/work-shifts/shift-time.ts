import { formatClock } from '../../lib/dates';

/**
 * A shift's times, as the API gives them: minutes from midnight, wall-clock in the workspace's zone. An end at or
 * before the start is the next day (an overnight shift belongs to the day it starts).
 */
export interface ShiftTimes {
  startMinutes: number;
  endMinutes: number;
}

const MINUTES_PER_DAY = 1440;

/** A clock time from minutes after midnight (one definition, in lib/dates.ts). */
export { formatClock };

/** "HH:mm" as typed → minutes after midnight ("24:00" is the end of the day), or null when it is not a time. */
export function parseClock(text: string): number | null {
  const m = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  if (min > 59 || h > 24 || (h === 24 && min > 0)) return null;
  return h * 60 + min;
}

/** Whether the shift ends the next day (its end is at or before its start: 22:00–06:00). */
export const isOvernight = (ref: ShiftTimes): boolean => ref.endMinutes <= ref.startMinutes;

/** The nominal span in minutes, the next day's part included (22:00–06:00 → 480); the real one may differ on DST nights. */
export const spanMinutes = (ref: ShiftTimes): number =>
  ref.endMinutes > ref.startMinutes
    ? ref.endMinutes - ref.startMinutes
    : ref.endMinutes + MINUTES_PER_DAY - ref.startMinutes;

/** "22:00–06:00" (an en dash; the "+1" of an overnight shift is shown beside it, not in it). */
export const formatShiftRange = (ref: ShiftTimes): string =>
  `${formatClock(ref.startMinutes)}–${formatClock(ref.endMinutes)}`;

/** The units of a duration in the user's language ("h" and "min" in Italian). */
export interface DurationUnits {
  hours: string;
  minutes: string;
}

const ITALIAN_UNITS: DurationUnits = { hours: 'h', minutes: 'min' };

/** A duration in words: 450 → "7 h 30 min", 480 → "8 h", 45 → "45 min", 0 → "0 min" (as the server's messages say). */
export function formatMinutes(minutes: number, units: DurationUnits = ITALIAN_UNITS): string {
  const m = Math.max(0, Math.round(minutes));
  const h = Math.floor(m / 60);
  const rest = m % 60;
  if (h === 0) return `${rest} ${units.minutes}`;
  return rest === 0 ? `${h} ${units.hours}` : `${h} ${units.hours} ${rest} ${units.minutes}`;
}
