import type { PublishSkipReason, ShiftStatus, ShiftWarningRule } from '@timbro/shared';

/**
 * The server's limits and lists (packages/shared/src/schemas/work-shifts.ts), mirrored here because that module brings
 * the whole of zod into the browser; limits.test.ts checks that the two agree.
 */
export const SHIFT_LIMITS = {
  /** A period makes one shift per day: at most this many days. */
  periodDays: 93,
  /** The planning shows at most this many days at once. */
  rangeDays: 62,
  /** People on one shift. */
  maxPeople: 200,
  label: 60,
  /** The pause, in minutes (and shorter than the shift). */
  pauseMax: 720,
  /** The override note of a publication. */
  note: 500,
} as const;

export const SHIFT_WARNING_RULES: readonly ShiftWarningRule[] = [
  'overlap',
  'daily_rest',
  'weekly_rest',
  'weekly_hours',
  'break',
  'night',
  'absence',
  'holiday',
];

export const PUBLISH_SKIP_REASONS: readonly PublishSkipReason[] = ['warnings', 'no_assignees', 'month_closed'];

export const SHIFT_STATUSES: readonly ShiftStatus[] = ['draft', 'published'];

/** "#RRGGBB", the only colour notation the server accepts for a shift. */
export const SHIFT_COLOR = /^#[0-9a-fA-F]{6}$/;
