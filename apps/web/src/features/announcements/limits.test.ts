// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the test compares the mirror with the server's values
import {
  ANNOUNCEMENT_CONTENT_MAX,
  ANNOUNCEMENT_MAX_DAYS_AHEAD,
  ANNOUNCEMENT_MAX_FILES,
  ANNOUNCEMENT_MAX_TOTAL_MB,
  ANNOUNCEMENT_REMIND_COOLDOWN_HOURS,
  AnnouncementFieldsSchema,
} from '@timbro/shared/schemas/announcements';
import { describe, expect, it } from 'vitest';
import { ANNOUNCEMENT_LIMITS } from './limits';

describe('announcement limits', () => {
  it('are the server’s own', () => {
    expect(ANNOUNCEMENT_LIMITS).toEqual({
      title: 200,
      content: ANNOUNCEMENT_CONTENT_MAX,
      maxFiles: ANNOUNCEMENT_MAX_FILES,
      maxTotalMb: ANNOUNCEMENT_MAX_TOTAL_MB,
      remindCooldownHours: ANNOUNCEMENT_REMIND_COOLDOWN_HOURS,
      maxDaysAhead: ANNOUNCEMENT_MAX_DAYS_AHEAD,
    });
    const title = (n: number) =>
      AnnouncementFieldsSchema.safeParse({ title: 'x'.repeat(n), content: '<p>x</p>', audience: '{"everyone":true}' });
    expect(title(ANNOUNCEMENT_LIMITS.title).success).toBe(true);
    expect(title(ANNOUNCEMENT_LIMITS.title + 1).success).toBe(false);
  });
});
