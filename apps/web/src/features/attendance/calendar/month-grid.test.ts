import { describe, expect, it } from 'vitest';
import { buildMonthGrid, monthDays, monthRange, parseMonth, shiftMonth } from './month-grid';

describe('month grid (Monday first)', () => {
  it('November 2026 starts on a Sunday: the first week begins on Monday 26 October', () => {
    const weeks = buildMonthGrid('2026-11');
    expect(weeks).toHaveLength(6);
    expect(weeks[0]![0]).toEqual({ date: '2026-10-26', day: 26, weekday: 1, inMonth: false });
    expect(weeks[0]![6]).toEqual({ date: '2026-11-01', day: 1, weekday: 7, inMonth: true });
    expect(weeks.at(-1)![0]!.date).toBe('2026-11-30');
    expect(weeks.at(-1)![6]).toEqual({ date: '2026-12-06', day: 6, weekday: 7, inMonth: false });
  });

  it('every week has seven days, Monday to Sunday, and the month is whole and in order', () => {
    for (const month of ['2026-02', '2027-02', '2028-02', '2026-03', '2026-12', '2025-06']) {
      const weeks = buildMonthGrid(month);
      expect(weeks.length).toBeGreaterThanOrEqual(4);
      expect(weeks.length).toBeLessThanOrEqual(6);
      for (const w of weeks) expect(w.map((c) => c.weekday)).toEqual([1, 2, 3, 4, 5, 6, 7]);
      const inside = weeks.flat().filter((c) => c.inMonth);
      const { from, to } = monthRange(month);
      expect(inside[0]!.date).toBe(from);
      expect(inside.at(-1)!.date).toBe(to);
      expect(inside.map((c) => c.day)).toEqual(inside.map((_, i) => i + 1));
    }
  });

  it('a February starting on Monday fits in exactly four weeks', () => {
    const weeks = buildMonthGrid('2027-02');
    expect(weeks).toHaveLength(4);
    expect(weeks[0]![0]!.date).toBe('2027-02-01');
    expect(weeks[3]![6]!.date).toBe('2027-02-28');
  });

  it('leap years and month lengths', () => {
    expect(monthRange('2028-02')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(monthRange('2026-02').to).toBe('2026-02-28');
    expect(monthDays('2026-04')).toHaveLength(30);
    expect(monthDays('2026-01')).toHaveLength(31);
  });

  it('month arithmetic across years, and the URL value checked', () => {
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2026-05', -17)).toBe('2024-12');
    expect(parseMonth('2026-13', '2026-11')).toBe('2026-11');
    expect(parseMonth('2026-7', '2026-11')).toBe('2026-11');
    expect(parseMonth(null, '2026-11')).toBe('2026-11');
    expect(parseMonth('2027-03', '2026-11')).toBe('2027-03');
  });
});
