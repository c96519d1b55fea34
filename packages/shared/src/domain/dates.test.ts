import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, isoWeekday, parseIsoDate } from './dates';

/** The hand-written date parsing reads every string exactly as `new Date('YYYY-MM-DDT00:00:00Z')` did. */
const byDate = (d: string) => new Date(`${d}T00:00:00Z`);
const byDateAdd = (d: string, n: number) => {
  const x = byDate(d);
  x.setUTCDate(x.getUTCDate() + n);
  return x.toISOString().slice(0, 10);
};
const pad = (n: number, w: number) => String(n).padStart(w, '0');

describe('parseIsoDate and addDays', () => {
  it('agree with Date parsing for years 0–9999, months 0–13 and days 0–32 (roll-overs and refusals alike)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 9999 }),
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 0, max: 32 }),
        fc.integer({ min: -800, max: 800 }),
        (y, m, d, n) => {
          const s = `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`;
          const want = byDate(s).getTime();
          const got = parseIsoDate(s).getTime();
          expect(Number.isNaN(want) ? Number.isNaN(got) : got === want).toBe(true);
          const inRange = !Number.isNaN(want) && y >= 3 && y <= 9996;
          if (Number.isNaN(want)) expect(() => addDays(s, n)).toThrow(RangeError);
          else if (inRange) expect(addDays(s, n)).toBe(byDateAdd(s, n));
        },
      ),
      { numRuns: 20_000 },
    );
  });

  it('refuses other shapes, and reads the weekday', () => {
    for (const s of ['2026-1-01', ' 2026-01-01', '2026-01-01T00:00', 'abcd-ef-gh', ''])
      expect(Number.isNaN(parseIsoDate(s).getTime())).toBe(true);
    expect(parseIsoDate('0050-01-01').getUTCFullYear()).toBe(50);
    expect(addDays('2026-03-28', 1)).toBe('2026-03-29');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(isoWeekday('2026-11-29')).toBe(7);
    expect(isoWeekday('2026-11-30')).toBe(1);
  });
});
