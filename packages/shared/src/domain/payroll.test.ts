import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DaySheet } from './attendance';
import { diffLines, OVERTIME_ITEM, payrollLinesOf, WORKED_ITEM, type PayrollLine } from './payroll';

const sheet = (o: Partial<DaySheet>): DaySheet => ({
  date: '2026-10-05',
  expected: 480,
  worked: 0,
  increase: 0,
  decrease: 0,
  covered: 0,
  balance: 0,
  pairs: [],
  requests: [],
  anomalies: [],
  open: false,
  pauses: [],
  ...o,
});
const req = (justificationId: string, credited: number, impact: 'increase' | 'decrease' | 'nothing' = 'nothing') => ({
  id: `r-${justificationId}-${credited}`,
  justificationId,
  impact,
  minutes: credited,
  credited,
});

describe('payrollLinesOf', () => {
  it('a full day is ordinary worked time only; the minutes over it are overtime', () => {
    expect(payrollLinesOf('u', sheet({ worked: 480 }))).toEqual([
      { userInfoId: 'u', date: '2026-10-05', item: WORKED_ITEM, minutes: 480 },
    ]);
    expect(payrollLinesOf('u', sheet({ worked: 540, balance: 60 }))).toEqual([
      { userInfoId: 'u', date: '2026-10-05', item: WORKED_ITEM, minutes: 480 },
      { userInfoId: 'u', date: '2026-10-05', item: OVERTIME_ITEM, minutes: 60 },
    ]);
  });

  it('an absence counts what it covered, summed per type; no overtime on a day not over', () => {
    const lines = payrollLinesOf(
      'u',
      sheet({ worked: 240, covered: 240, requests: [req('FER', 120), req('FER', 60), req('ROL', 60)] }),
    );
    expect(lines.map((l) => [l.item, l.minutes])).toEqual([
      [WORKED_ITEM, 240],
      ['FER', 180],
      ['ROL', 60],
    ]);
    expect(payrollLinesOf('u', sheet({ worked: 600, balance: 120, open: true }))).toEqual([
      { userInfoId: 'u', date: '2026-10-05', item: WORKED_ITEM, minutes: 600 },
    ]);
  });

  it('a rest day with nothing done has no line; "decrease" time is taken off worked time', () => {
    expect(payrollLinesOf('u', sheet({ expected: 0 }))).toEqual([]);
    const lines = payrollLinesOf(
      'u',
      sheet({ worked: 480, decrease: 60, balance: -60, requests: [req('PERM', 60, 'decrease')] }),
    );
    expect(lines.map((l) => [l.item, l.minutes])).toEqual([
      [WORKED_ITEM, 420],
      ['PERM', 60],
    ]);
  });

  it('worked + overtime + "increase" types add up to the day’s work whenever the clocked work covers the overtime', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 900 }),
        fc.integer({ min: 0, max: 600 }),
        fc.integer({ min: 0, max: 600 }),
        (worked, expected, increase) => {
          // No absence here, so the balance may be negative (a shortfall) and adds nothing.
          const balance = worked + increase - expected;
          fc.pre(balance <= worked);
          const requests = increase > 0 ? [req('TRAS', increase, 'increase')] : [];
          const lines = payrollLinesOf('u', sheet({ worked, expected, increase, balance, requests }));
          const total = lines.reduce((n, l) => n + l.minutes, 0);
          expect(total).toBe(worked + increase);
          expect(lines.every((l) => Number.isInteger(l.minutes) && l.minutes > 0)).toBe(true);
        },
      ),
    );
  });
});

describe('diffLines', () => {
  const l = (userInfoId: string, date: string, item: string, minutes: number): PayrollLine => ({
    userInfoId,
    date,
    item,
    minutes,
  });

  it('equal versions give an empty diff; changed, added and removed lines are listed in key order', () => {
    const v1 = [
      l('a', '2026-10-01', WORKED_ITEM, 480),
      l('a', '2026-10-02', WORKED_ITEM, 480),
      l('b', '2026-10-01', 'FER', 480),
    ];
    expect(diffLines(v1, [...v1].reverse())).toEqual([]);
    const v2 = [
      l('a', '2026-10-01', WORKED_ITEM, 420),
      l('a', '2026-10-01', OVERTIME_ITEM, 30),
      l('b', '2026-10-01', 'FER', 480),
    ];
    expect(diffLines(v1, v2)).toEqual([
      { userInfoId: 'a', date: '2026-10-01', item: OVERTIME_ITEM, before: 0, after: 30 },
      { userInfoId: 'a', date: '2026-10-01', item: WORKED_ITEM, before: 480, after: 420 },
      { userInfoId: 'a', date: '2026-10-02', item: WORKED_ITEM, before: 480, after: 0 },
    ]);
  });

  it('applying the diff to the old version gives the new one (any two versions)', () => {
    const line = fc.record({
      userInfoId: fc.constantFrom('a', 'b', 'c'),
      date: fc.constantFrom('2026-10-01', '2026-10-02', '2026-10-03'),
      item: fc.constantFrom(WORKED_ITEM, OVERTIME_ITEM, 'FER'),
      minutes: fc.integer({ min: 1, max: 600 }),
    });
    const version = fc.uniqueArray(line, { selector: (x) => `${x.userInfoId}|${x.date}|${x.item}` });
    fc.assert(
      fc.property(version, version, (before, after) => {
        const applied = new Map(before.map((x) => [`${x.userInfoId}|${x.date}|${x.item}`, x.minutes]));
        for (const c of diffLines(before, after)) {
          expect(c.before).not.toBe(c.after);
          applied.set(`${c.userInfoId}|${c.date}|${c.item}`, c.after);
        }
        const expected = new Map(after.map((x) => [`${x.userInfoId}|${x.date}|${x.item}`, x.minutes]));
        expect(new Map([...applied].filter(([, m]) => m > 0))).toEqual(expected);
      }),
    );
  });
});
