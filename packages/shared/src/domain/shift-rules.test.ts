import { describe, expect, it } from 'vitest';
import { localToUtc } from './attendance';
import { checkRoster, type RosterShift } from './shift-rules';

/**
 * D.Lgs. 66/2003 on rosters: 30 cases, overnight shifts and both DST nights of 2026 included. Every violation must be
 * found and none invented: each case lists exactly the violations it has (rule and shifts).
 */

const ROME = 'Europe/Rome';
const nextDay = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const plusDays = (d: string, n: number) =>
  new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const mins = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** A shift in Rome time; an end at or before the start is the next day (overnight). */
function shift(id: string, date: string, from: string, to: string, pause = 0, person = 'p'): RosterShift {
  const overnight = mins(to) <= mins(from);
  return {
    id,
    userInfoId: person,
    start: localToUtc(date, mins(from), ROME),
    end: localToUtc(overnight ? nextDay(date) : date, mins(to), ROME),
    pauseMinutes: pause,
  };
}
/** `n` days from `date`, one shift a day (ids d0, d1, …), skipping the day offsets in `off`. */
function days(date: string, n: number, from: string, to: string, pause: number, off: number[] = [], prefix = 'd') {
  const out: RosterShift[] = [];
  for (let i = 0; i < n; i++)
    if (!off.includes(i)) out.push(shift(`${prefix}${i}`, plusDays(date, i), from, to, pause));
  return out;
}
const found = (shifts: RosterShift[]) =>
  checkRoster(shifts, ROME)
    .map((v) => `${v.rule}:${v.userInfoId}:${v.shiftIds.join('+')}`)
    .sort();

const D = '2026-06-08'; // a Monday far from any DST change

const cases: [string, RosterShift[], string[]][] = [
  ['1 one day shift with its pause', [shift('a', D, '09:00', '17:00', 60)], []],
  [
    '2 two day shifts, 16 h apart',
    [shift('a', D, '09:00', '17:00', 60), shift('b', nextDay(D), '09:00', '17:00', 60)],
    [],
  ],
  [
    '3 a late then an early: 8 h of rest',
    [shift('a', D, '14:00', '22:00', 30), shift('b', nextDay(D), '06:00', '14:00', 30)],
    ['daily_rest:p:a+b'],
  ],
  ['4 exactly 11 h of rest', [shift('a', D, '13:00', '21:00', 30), shift('b', nextDay(D), '08:00', '16:00', 30)], []],
  [
    '5 one minute short of 11 h',
    [shift('a', D, '13:00', '21:01', 30), shift('b', nextDay(D), '08:00', '16:00', 30)],
    ['daily_rest:p:a+b'],
  ],
  [
    '6 an overnight, then the next evening: 12 h of rest',
    [shift('a', D, '22:00', '06:00', 30), shift('b', nextDay(D), '18:00', '23:00', 0)],
    [],
  ],
  [
    '7 an overnight, then the afternoon after: 8 h of rest',
    [shift('a', D, '22:00', '06:00', 30), shift('b', nextDay(D), '14:00', '22:00', 30)],
    ['daily_rest:p:a+b'],
  ],
  [
    '8 two shifts overlapping',
    [shift('a', D, '09:00', '17:00', 60), shift('b', D, '16:00', '20:00', 0)],
    ['overlap:p:a+b'],
  ],
  [
    '9 a shift inside another',
    [shift('a', D, '08:00', '20:00', 60), shift('b', D, '10:00', '12:00', 0)],
    ['overlap:p:a+b'],
  ],
  [
    '10 the same hours for two people',
    [shift('a', D, '09:00', '17:00', 60, 'p'), shift('b', D, '09:00', '17:00', 60, 'q')],
    [],
  ],
  ['11 seven hours without a pause', [shift('a', D, '08:00', '15:00', 0)], ['break:p:a']],
  ['12 exactly six hours without a pause', [shift('a', D, '08:00', '14:00', 0)], []],
  ['13 over six hours with a 5-minute pause', [shift('a', D, '08:00', '14:30', 5)], ['break:p:a']],
  ['14 nine hours of work through the night', [shift('a', D, '21:00', '07:00', 60)], ['night:p:a']],
  ['15 exactly eight hours of night, no pause', [shift('a', D, '22:00', '06:00', 0)], ['break:p:a']],
  ['16 a long day that never touches the night', [shift('a', D, '07:00', '17:00', 30)], []],
  [
    '17 eight days in a row: no 24 h rest in the first seven',
    days(D, 8, '09:00', '17:00', 60),
    ['weekly_rest:p:d0+d1+d2+d3+d4+d5+d6'],
  ],
  ['18 six days on, one off', days(D, 8, '09:00', '17:00', 60, [6]), []],
  [
    '19 four weeks of six 9-hour days: 54 h a week',
    days(D, 28, '08:00', '18:00', 60, [6, 13, 20, 27]),
    [
      `weekly_hours:p:${days(D, 28, '08:00', '18:00', 60, [6, 13, 20, 27])
        .map((s) => s.id)
        .join('+')}`,
    ],
  ],
  [
    '20 four weeks of five 9.5-hour days: 47.5 h a week',
    days(D, 28, '08:00', '18:00', 30, [5, 6, 12, 13, 19, 20, 26, 27]),
    [],
  ],
  [
    '21 the spring-forward night (29 March): 22–06 is 7 real hours, no pause',
    [shift('a', '2026-03-28', '22:00', '06:00', 0)],
    ['break:p:a'],
  ],
  [
    '22 the fall-back night (25 October): 22–06 is 9 real hours, 8.5 of work',
    [shift('a', '2026-10-24', '22:00', '06:00', 30)],
    ['night:p:a'],
  ],
  [
    '23 fall back: 14–22, then 08:00 — 11 real hours of rest',
    [shift('a', '2026-10-24', '14:00', '22:00', 30), shift('b', '2026-10-25', '08:00', '16:00', 30)],
    [],
  ],
  [
    '24 spring forward: 14–22, then 09:00 — only 10 real hours of rest',
    [shift('a', '2026-03-28', '14:00', '22:00', 30), shift('b', '2026-03-29', '09:00', '17:00', 30)],
    ['daily_rest:p:a+b'],
  ],
  [
    '25 an overnight, then 17:00: exactly 11 h',
    [shift('a', D, '22:00', '06:00', 30), shift('b', nextDay(D), '17:00', '23:00', 0)],
    [],
  ],
  [
    '26 a split day with 6 h between, then 11 h to the next',
    [
      shift('a', D, '06:00', '14:00', 30),
      shift('b', D, '20:00', '23:00', 0),
      shift('c', nextDay(D), '10:00', '14:00', 0),
    ],
    ['daily_rest:p:a+b'],
  ],
  ['27 eight nights in a row', days(D, 8, '22:00', '06:00', 30, [], 'n'), ['weekly_rest:p:n0+n1+n2+n3+n4+n5+n6']],
  ['28 three days only: the week is not over, nothing to judge', days(D, 3, '09:00', '17:00', 60), []],
  [
    '29 two people, one violation each',
    [
      shift('a', D, '14:00', '22:00', 30, 'p'),
      shift('b', nextDay(D), '06:00', '14:00', 30, 'p'),
      shift('c', D, '08:00', '16:00', 0, 'q'),
    ],
    ['break:q:c', 'daily_rest:p:a+b'],
  ],
  [
    '30 an overnight and an early shift overlapping across midnight',
    [shift('a', D, '22:00', '06:00', 30), shift('b', nextDay(D), '05:00', '09:00', 0)],
    ['overlap:p:a+b'],
  ],
  [
    '31 six days, then a rest of exactly 24 h',
    [
      ...days(D, 6, '09:00', '17:00', 60),
      shift('x', plusDays(D, 6), '17:00', '23:00', 0),
      shift('y', plusDays(D, 8), '09:00', '17:00', 60),
    ],
    [],
  ],
];

describe('the rest rules of D.Lgs. 66/2003 on a roster', () => {
  it.each(cases)('%s', (_name, shifts, expected) => {
    expect(found(shifts)).toEqual([...expected].sort());
  });

  it('an empty roster has nothing to say', () => {
    expect(checkRoster([], ROME)).toEqual([]);
  });
});
