// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the test compares the mirror with the server's values
import {
  PUBLISH_SKIP_REASONS as SERVER_SKIP_REASONS,
  PublishSchema,
  SHIFT_MAX_ASSIGNEES,
  SHIFT_PERIOD_MAX_DAYS,
  SHIFT_RANGE_MAX_DAYS,
  SHIFT_STATUSES as SERVER_STATUSES,
  SHIFT_WARNING_RULES as SERVER_RULES,
  WorkShiftCreateSchema,
} from '@timbro/shared/schemas/work-shifts';
import { describe, expect, it } from 'vitest';
import { PUBLISH_SKIP_REASONS, SHIFT_LIMITS, SHIFT_STATUSES, SHIFT_WARNING_RULES } from './limits';

const shift = (over: Record<string, unknown>) =>
  WorkShiftCreateSchema.safeParse({
    date: '2026-11-16',
    userInfoIds: ['00000000-0000-4000-8000-000000000001'],
    startMinutes: 480,
    endMinutes: 960,
    ...over,
  });

describe('work-shift limits', () => {
  it('are the server’s own', () => {
    expect(SHIFT_LIMITS.periodDays).toBe(SHIFT_PERIOD_MAX_DAYS);
    expect(SHIFT_LIMITS.rangeDays).toBe(SHIFT_RANGE_MAX_DAYS);
    expect(SHIFT_LIMITS.maxPeople).toBe(SHIFT_MAX_ASSIGNEES);
    expect(SHIFT_WARNING_RULES).toEqual(SERVER_RULES);
    expect(PUBLISH_SKIP_REASONS).toEqual(SERVER_SKIP_REASONS);
    expect(SHIFT_STATUSES).toEqual(SERVER_STATUSES);
  });

  it('match the schema’s bounds on label, pause and note', () => {
    expect(shift({ label: 'x'.repeat(SHIFT_LIMITS.label) }).success).toBe(true);
    expect(shift({ label: 'x'.repeat(SHIFT_LIMITS.label + 1) }).success).toBe(false);
    expect(shift({ startMinutes: 0, endMinutes: 1440, pauseMinutes: SHIFT_LIMITS.pauseMax }).success).toBe(false);
    expect(shift({ startMinutes: 0, endMinutes: 1380, pauseMinutes: SHIFT_LIMITS.pauseMax }).success).toBe(true);
    expect(shift({ startMinutes: 0, endMinutes: 1380, pauseMinutes: SHIFT_LIMITS.pauseMax + 1 }).success).toBe(false);
    const publish = (n: number) =>
      PublishSchema.safeParse({ from: '2026-11-16', to: '2026-11-22', overrideNote: 'x'.repeat(n) });
    expect(publish(SHIFT_LIMITS.note).success).toBe(true);
    expect(publish(SHIFT_LIMITS.note + 1).success).toBe(false);
  });
});
