import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { completeDate } from './dates';

describe('completeDate', () => {
  it('is a whole date the API accepts, or null: never one still being typed', () => {
    expect(completeDate('2026-12-03')).toBe('2026-12-03');
    expect(completeDate(dayjs('2026-12-03'))).toBe('2026-12-03');
    // The year on its way to 2026, as a picker holds it while typed.
    for (const year of [2, 20, 202]) expect(completeDate(dayjs('2026-12-03').year(year))).toBeNull();
    expect(completeDate('0202-12-03')).toBeNull();
    expect(completeDate('2026-02-30')).toBeNull();
    expect(completeDate('2026-12')).toBeNull();
    expect(completeDate(dayjs('nope'))).toBeNull();
    expect(completeDate(null)).toBeNull();
    expect(completeDate('')).toBeNull();
    expect(completeDate('1900-01-01')).toBe('1900-01-01');
    expect(completeDate('2101-01-01')).toBeNull();
  });
});
