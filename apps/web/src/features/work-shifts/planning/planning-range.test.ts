import { describe, expect, it } from 'vitest';
import { daysOf, isIsoDate, mondayOf, rangeOf, stepRange } from './planning-range';

describe('planning range', () => {
  it('a week runs Monday to Sunday around any of its days', () => {
    expect(mondayOf('2026-11-22')).toBe('2026-11-16');
    expect(mondayOf('2026-11-16')).toBe('2026-11-16');
    expect(rangeOf('week', '2026-11-20')).toEqual({ view: 'week', from: '2026-11-16', to: '2026-11-22' });
    // Across a month and a year.
    expect(rangeOf('week', '2027-01-01')).toEqual({ view: 'week', from: '2026-12-28', to: '2027-01-03' });
  });

  it('a month runs from its 1st to its last day', () => {
    expect(rangeOf('month', '2026-11-20')).toEqual({ view: 'month', from: '2026-11-01', to: '2026-11-30' });
    expect(rangeOf('month', '2028-02-10')).toEqual({ view: 'month', from: '2028-02-01', to: '2028-02-29' });
  });

  it('steps a week or a month back and forth', () => {
    const week = rangeOf('week', '2026-11-20');
    expect(stepRange(week, 1)).toMatchObject({ from: '2026-11-23', to: '2026-11-29' });
    expect(stepRange(week, -1)).toMatchObject({ from: '2026-11-09', to: '2026-11-15' });
    const month = rangeOf('month', '2026-12-05');
    expect(stepRange(month, 1)).toMatchObject({ from: '2027-01-01', to: '2027-01-31' });
    expect(stepRange(month, -1)).toMatchObject({ from: '2026-11-01', to: '2026-11-30' });
  });

  it('lists the days with their weekday', () => {
    const days = daysOf({ from: '2026-11-16', to: '2026-11-22' });
    expect(days.map((d) => d.weekday)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(days[6]).toEqual({ date: '2026-11-22', day: 22, weekday: 7 });
    expect(daysOf(rangeOf('month', '2026-11-01'))).toHaveLength(30);
  });

  it('reads only well-formed dates', () => {
    expect(isIsoDate('2026-11-16')).toBe(true);
    expect(isIsoDate('2026-13-01')).toBe(false);
    expect(isIsoDate('16/11/2026')).toBe(false);
    expect(isIsoDate(null)).toBe(false);
  });
});
