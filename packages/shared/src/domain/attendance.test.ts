import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_PAIR_MINUTES,
  computeSheets,
  dayLengthMinutes,
  expectedMinutes,
  localToUtc,
  pairPunches,
  punchWindow,
  requestMinutes,
  requestUsage,
  toLocal,
  type ContractForDay,
  type PunchInput,
  type RequestInput,
} from './attendance';
import { clockToMinutes, weekdayPauses, type TimeSlotLike } from './time-slots';

/** The attendance engine's parts: local time, pairing punches, expected minutes, requests; the day sheets are in attendance.sheets.test.ts. */

const ROME = 'Europe/Rome';

/** A Rome wall-clock time → UTC ISO, for readable fixtures. */
const at = (date: string, clock: string) => localToUtc(date, clockToMinutes(clock)!, ROME);
const punch = (id: string, date: string, clock: string, direction: 'in' | 'out'): PunchInput => ({
  id,
  at: at(date, clock),
  direction,
});

const slot = (weekday: number, s: string, e: string, ps?: string, pe?: string): TimeSlotLike => ({
  weekday,
  startsAtMinutes: clockToMinutes(s)!,
  endsAtMinutes: clockToMinutes(e)!,
  pauseStartsAtMinutes: ps ? clockToMinutes(ps)! : null,
  pauseEndsAtMinutes: pe ? clockToMinutes(pe)! : null,
});

/** Mon–Fri 09:00–18:00 with a 13:00–14:00 pause (8 h), Saturday 09:00–12:30 (3.5 h). */
const officeWeek = [
  ...[1, 2, 3, 4, 5].map((d) => slot(d, '09:00', '18:00', '13:00', '14:00')),
  slot(6, '09:00', '12:30'),
];
const fixed: ContractForDay = { type: 'fixed', startsAt: '2026-01-01', endsAt: null, timeSlots: officeWeek };

const req = (over: Partial<RequestInput> & { id: string }): RequestInput => ({
  justificationId: 'j-' + over.id,
  impact: 'nothing',
  unit: 'hour',
  category: 'regular',
  wholeDay: false,
  startsAtMinutes: null,
  endsAtMinutes: null,
  amount: 0,
  ...over,
});

describe('local time', () => {
  it('toLocal reads the wall clock in winter and summer; seconds are dropped', () => {
    expect(toLocal('2026-01-15T08:00:00Z', ROME)).toEqual({ date: '2026-01-15', minutes: 540 });
    expect(toLocal('2026-07-15T08:00:00Z', ROME)).toEqual({ date: '2026-07-15', minutes: 600 });
    expect(toLocal('2026-07-15T22:30:59.999Z', ROME)).toEqual({ date: '2026-07-16', minutes: 30 });
    expect(toLocal('2026-12-31T23:00:00Z', ROME)).toEqual({ date: '2027-01-01', minutes: 0 });
    expect(toLocal('2026-07-15T10:00:00+02:00', ROME)).toEqual({ date: '2026-07-15', minutes: 600 });
    expect(() => toLocal('not a date', ROME)).toThrow(RangeError);
    expect(() => toLocal('2026-01-01T00:00:00Z', 'Mars/Olympus')).toThrow(RangeError);
  });

  it('round-trips every minute of normal days (winter, summer, other zones)', () => {
    for (const [date, tz] of [
      ['2026-01-15', ROME],
      ['2026-07-15', ROME],
      ['2026-02-28', 'America/New_York'],
      ['2026-06-01', 'Asia/Kolkata'],
    ] as const) {
      for (let m = 0; m < 1440; m++) expect(toLocal(localToUtc(date, m, tz), tz)).toEqual({ date, minutes: m });
    }
    expect(localToUtc('2026-01-15', 540, ROME)).toBe('2026-01-15T08:00:00.000Z');
    expect(localToUtc('2026-07-15', 1440, ROME)).toBe('2026-07-15T22:00:00.000Z'); // next midnight
  });

  it('29 March 2026 (spring forward): 23 h; 02:00–02:59 do not exist and map to the jump, 03:00 CEST', () => {
    expect(dayLengthMinutes('2026-03-29', ROME)).toBe(1380);
    expect(localToUtc('2026-03-29', 119, ROME)).toBe('2026-03-29T00:59:00.000Z');
    for (let m = 120; m < 180; m++) expect(localToUtc('2026-03-29', m, ROME)).toBe('2026-03-29T01:00:00.000Z');
    expect(localToUtc('2026-03-29', 180, ROME)).toBe('2026-03-29T01:00:00.000Z');
    expect(localToUtc('2026-03-29', 181, ROME)).toBe('2026-03-29T01:01:00.000Z');
    for (let m = 0; m < 1440; m++)
      if (m < 120 || m >= 180)
        expect(toLocal(localToUtc('2026-03-29', m, ROME), ROME)).toEqual({ date: '2026-03-29', minutes: m });
  });

  it('25 October 2026 (fall back): 25 h; the repeated 02:xx is its first occurrence (CEST)', () => {
    expect(dayLengthMinutes('2026-10-25', ROME)).toBe(1500);
    expect(localToUtc('2026-10-25', 150, ROME)).toBe('2026-10-25T00:30:00.000Z');
    expect(toLocal('2026-10-25T00:30:00Z', ROME)).toEqual({ date: '2026-10-25', minutes: 150 });
    expect(toLocal('2026-10-25T01:30:00Z', ROME)).toEqual({ date: '2026-10-25', minutes: 150 }); // second occurrence
    expect(localToUtc('2026-10-25', 180, ROME)).toBe('2026-10-25T02:00:00.000Z');
    for (let m = 0; m < 1440; m++)
      expect(toLocal(localToUtc('2026-10-25', m, ROME), ROME)).toEqual({ date: '2026-10-25', minutes: m });
  });

  it('day lengths: normal days 1440; a gap at midnight; a 30-minute DST shift', () => {
    expect(dayLengthMinutes('2026-03-28', ROME)).toBe(1440);
    expect(dayLengthMinutes('2026-03-30', ROME)).toBe(1440);
    expect(dayLengthMinutes('2026-10-26', ROME)).toBe(1440);
    // São Paulo, 4 Nov 2018: midnight did not exist (00:00 → 01:00), the day starts at 01:00 −02.
    expect(dayLengthMinutes('2018-11-04', 'America/Sao_Paulo')).toBe(1380);
    expect(localToUtc('2018-11-04', 0, 'America/Sao_Paulo')).toBe('2018-11-04T03:00:00.000Z');
    // Lord Howe Island moves its clocks by 30 minutes.
    expect(dayLengthMinutes('2026-10-04', 'Australia/Lord_Howe')).toBe(1410);
  });

  it('punchWindow reaches 16 h beyond both local edges of the range', () => {
    expect(punchWindow('2026-03-01', '2026-03-31', ROME)).toEqual({
      from: '2026-02-28T07:00:00.000Z',
      to: '2026-04-01T14:00:00.000Z',
    });
  });

  it('property: an instant survives toLocal → localToUtc (to the minute) except in the repeated hour', () => {
    const start = Date.UTC(2020, 0, 1);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 * 365 * 24 * 60 }),
        fc.integer({ min: 0, max: 59_999 }),
        (minute, ms) => {
          const instant = start + minute * 60_000 + ms;
          const local = toLocal(new Date(instant).toISOString(), ROME);
          const back = Date.parse(localToUtc(local.date, local.minutes, ROME));
          const expected = start + minute * 60_000;
          if (back !== expected) expect(back).toBe(expected - 3_600_000); // second occurrence of a fall-back hour
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('pairing punches', () => {
  it('pairs in→out and measures minutes', () => {
    const pairs = pairPunches(
      [
        punch('a', '2026-01-15', '09:00', 'in'),
        punch('b', '2026-01-15', '13:00', 'out'),
        punch('c', '2026-01-15', '14:00', 'in'),
        punch('d', '2026-01-15', '18:00', 'out'),
      ],
      ROME,
    );
    expect(pairs.map((p) => [p.inId, p.outId, p.date, p.minutes, p.anomaly])).toEqual([
      ['a', 'b', '2026-01-15', 240, null],
      ['c', 'd', '2026-01-15', 240, null],
    ]);
    expect(pairs[0]!.startsAt).toBe('2026-01-15T08:00:00.000Z');
    expect(pairs[0]!.endsAt).toBe('2026-01-15T12:00:00.000Z');
  });

  it('seconds are dropped as the clock shows them: 08:00:59 → 17:00:00 is 9 h', () => {
    const pairs = pairPunches(
      [
        { id: 'a', at: '2026-01-15T07:00:59Z', direction: 'in' },
        { id: 'b', at: '2026-01-15T16:00:00Z', direction: 'out' },
      ],
      ROME,
    );
    expect(pairs[0]!.minutes).toBe(540);
  });

  it('a pair crossing midnight belongs to the day it started', () => {
    const pairs = pairPunches(
      [punch('a', '2026-01-15', '22:00', 'in'), punch('b', '2026-01-16', '06:00', 'out')],
      ROME,
    );
    expect(pairs).toEqual([
      {
        inId: 'a',
        outId: 'b',
        date: '2026-01-15',
        startsAt: '2026-01-15T21:00:00.000Z',
        endsAt: '2026-01-16T05:00:00.000Z',
        minutes: 480,
        anomaly: null,
        open: false,
      },
    ]);
  });

  it('an in followed by another in: the first is missing_exit; a trailing in too', () => {
    const pairs = pairPunches(
      [
        punch('a', '2026-01-15', '09:00', 'in'),
        punch('b', '2026-01-15', '14:00', 'in'),
        punch('c', '2026-01-15', '18:00', 'out'),
        punch('d', '2026-01-16', '09:00', 'in'),
      ],
      ROME,
    );
    expect(pairs.map((p) => [p.inId, p.outId, p.date, p.minutes, p.anomaly])).toEqual([
      ['a', null, '2026-01-15', 0, 'missing_exit'],
      ['b', 'c', '2026-01-15', 240, null],
      ['d', null, '2026-01-16', 0, 'missing_exit'],
    ]);
    expect(pairs[0]!.startsAt).toBe('2026-01-15T08:00:00.000Z');
    expect(pairs[0]!.endsAt).toBeNull();
  });

  it('an out with no open in is missing_entry, dated by the out', () => {
    const pairs = pairPunches(
      [
        punch('a', '2026-01-15', '09:00', 'in'),
        punch('b', '2026-01-15', '13:00', 'out'),
        punch('c', '2026-01-15', '18:00', 'out'),
      ],
      ROME,
    );
    expect(pairs[1]).toEqual({
      inId: null,
      outId: 'c',
      date: '2026-01-15',
      startsAt: null,
      endsAt: '2026-01-15T17:00:00.000Z',
      minutes: 0,
      anomaly: 'missing_entry',
      open: false,
    });
  });

  it('a pair longer than 16 h: the in is missing_exit and the out missing_entry; exactly 16 h is fine', () => {
    const long = pairPunches([punch('a', '2026-01-15', '08:00', 'in'), punch('b', '2026-01-16', '00:01', 'out')], ROME);
    expect(long.map((p) => [p.inId, p.outId, p.date, p.anomaly])).toEqual([
      ['a', null, '2026-01-15', 'missing_exit'],
      [null, 'b', '2026-01-16', 'missing_entry'],
    ]);
    const limit = pairPunches(
      [punch('a', '2026-01-15', '08:00', 'in'), punch('b', '2026-01-16', '00:00', 'out')],
      ROME,
    );
    expect(limit).toHaveLength(1);
    expect(limit[0]!.minutes).toBe(MAX_PAIR_MINUTES);
  });

  it('a night shift 22:00→06:00 lasts 7 h across spring forward and 9 h across fall back', () => {
    const spring = pairPunches(
      [punch('a', '2026-03-28', '22:00', 'in'), punch('b', '2026-03-29', '06:00', 'out')],
      ROME,
    );
    expect(spring[0]).toMatchObject({ date: '2026-03-28', minutes: 420, anomaly: null });
    const autumn = pairPunches(
      [punch('a', '2026-10-24', '22:00', 'in'), punch('b', '2026-10-25', '06:00', 'out')],
      ROME,
    );
    expect(autumn[0]).toMatchObject({ date: '2026-10-24', minutes: 540, anomaly: null });
  });

  it('with now: a trailing in up to 16 h old is an open entry, not a missing exit; an older one or an in followed by an in still is', () => {
    const ps = [punch('a', '2026-01-15', '09:00', 'in'), punch('b', '2026-01-15', '10:00', 'in')];
    const running = pairPunches(ps, ROME, at('2026-01-15', '12:30'));
    expect(running.map((p) => [p.inId, p.anomaly, p.open, p.minutes, p.endsAt])).toEqual([
      ['a', 'missing_exit', false, 0, null],
      ['b', null, true, 0, null],
    ]);
    // A night shift still running after midnight: open, dated by its entry.
    expect(pairPunches([punch('n', '2026-01-15', '22:00', 'in')], ROME, at('2026-01-16', '01:00'))[0]).toMatchObject({
      date: '2026-01-15',
      open: true,
      anomaly: null,
    });
    expect(pairPunches(ps, ROME, at('2026-01-16', '02:01'))[1]).toMatchObject({ open: false, anomaly: 'missing_exit' });
    expect(pairPunches(ps, ROME, at('2026-01-16', '02:00'))[1]).toMatchObject({ open: true, anomaly: null });
    // An entry after now (a clock set wrong) is no running entry.
    expect(pairPunches(ps, ROME, at('2026-01-15', '09:30'))[1]).toMatchObject({ open: false, anomaly: 'missing_exit' });
    // Closed pairs are the same with or without now.
    const day = [punch('a', '2026-01-15', '09:00', 'in'), punch('b', '2026-01-15', '13:00', 'out')];
    expect(pairPunches(day, ROME, at('2026-01-15', '14:00'))).toEqual(pairPunches(day, ROME));
  });

  it('input order does not matter; equal instants are ordered by id', () => {
    const ps = [punch('b', '2026-01-15', '13:00', 'out'), punch('a', '2026-01-15', '09:00', 'in')];
    expect(pairPunches(ps, ROME)).toEqual(pairPunches([...ps].reverse(), ROME));
    const same = [
      { id: 'y', at: '2026-01-15T08:00:00Z', direction: 'out' as const },
      { id: 'x', at: '2026-01-15T08:00:00Z', direction: 'in' as const },
    ];
    expect(pairPunches(same, ROME).map((p) => [p.inId, p.outId, p.minutes])).toEqual([['x', 'y', 0]]);
    const twoIns = [
      { id: 'b', at: '2026-01-15T08:00:00Z', direction: 'in' as const },
      { id: 'a', at: '2026-01-15T08:00:00Z', direction: 'in' as const },
      { id: 'c', at: '2026-01-15T12:00:00Z', direction: 'out' as const },
    ];
    expect(pairPunches(twoIns, ROME).map((p) => [p.inId, p.outId, p.anomaly])).toEqual([
      ['a', null, 'missing_exit'],
      ['b', 'c', null],
    ]);
  });
});

describe('expected minutes', () => {
  it('fixed: the weekday’s slots minus pauses (1 = Monday … 7 = Sunday)', () => {
    expect(expectedMinutes({ date: '2026-01-12', contract: fixed, isHoliday: false })).toBe(480); // Monday
    expect(expectedMinutes({ date: '2026-01-17', contract: fixed, isHoliday: false })).toBe(210); // Saturday
    expect(expectedMinutes({ date: '2026-01-18', contract: fixed, isHoliday: false })).toBe(0); // Sunday
    expect(expectedMinutes({ date: '2026-01-12', contract: fixed, isHoliday: false, shiftMinutes: 999 })).toBe(480);
  });

  it('zero on a holiday, with no contract and outside the contract’s dates', () => {
    expect(expectedMinutes({ date: '2026-01-06', contract: fixed, isHoliday: true })).toBe(0); // Epifania, a Tuesday
    expect(expectedMinutes({ date: '2026-01-12', contract: null, isHoliday: false })).toBe(0);
    const ended = { ...fixed, endsAt: '2026-01-09' };
    expect(expectedMinutes({ date: '2026-01-09', contract: ended, isHoliday: false })).toBe(480);
    expect(expectedMinutes({ date: '2026-01-12', contract: ended, isHoliday: false })).toBe(0);
    expect(expectedMinutes({ date: '2025-12-31', contract: fixed, isHoliday: false })).toBe(0);
  });

  it('turn_based: the published shifts of the day, 0 when there are none', () => {
    const turns: ContractForDay = { type: 'turn_based', startsAt: '2026-01-01', endsAt: null, timeSlots: officeWeek };
    expect(expectedMinutes({ date: '2026-01-18', contract: turns, isHoliday: false, shiftMinutes: 420 })).toBe(420);
    expect(expectedMinutes({ date: '2026-01-12', contract: turns, isHoliday: false, shiftMinutes: null })).toBe(0);
    expect(expectedMinutes({ date: '2026-01-12', contract: turns, isHoliday: false })).toBe(0);
    // A holiday follows the shift (ADR 0022): a shift published on Epifania is expected; without one, nothing.
    expect(expectedMinutes({ date: '2026-01-06', contract: turns, isHoliday: true, shiftMinutes: 420 })).toBe(420);
    expect(expectedMinutes({ date: '2026-01-06', contract: turns, isHoliday: true })).toBe(0);
  });

  it('turn_based: the contract’s published shifts when no figure is given (overnight counts on its start day)', () => {
    const night = { id: 'n', startsAt: '2026-01-06T21:00:00Z', endsAt: '2026-01-07T05:00:00Z', workMinutes: 450 };
    const day = { id: 'd', startsAt: '2026-01-08T07:00:00Z', endsAt: '2026-01-08T11:00:00Z', workMinutes: 240 };
    const late = { id: 'l', startsAt: '2026-01-08T14:00:00Z', endsAt: '2026-01-08T18:00:00Z', workMinutes: 240 };
    const turns: ContractForDay = {
      type: 'turn_based',
      startsAt: '2026-01-01',
      endsAt: null,
      timeSlots: officeWeek,
      shifts: new Map([
        ['2026-01-06', [night]],
        ['2026-01-08', [day, late]],
      ]),
    };
    expect(expectedMinutes({ date: '2026-01-06', contract: turns, isHoliday: true })).toBe(450);
    expect(expectedMinutes({ date: '2026-01-07', contract: turns, isHoliday: false })).toBe(0);
    expect(expectedMinutes({ date: '2026-01-08', contract: turns, isHoliday: false })).toBe(480);
    // A fixed contract keeps its slots (shifts are compared with the punches, they do not make its expected time).
    const fixedWithShift = { ...fixed, shifts: turns.shifts };
    expect(expectedMinutes({ date: '2026-01-08', contract: fixedWithShift, isHoliday: false })).toBe(480);
    expect(expectedMinutes({ date: '2026-01-06', contract: fixedWithShift, isHoliday: true })).toBe(0);
  });
});

describe('requests', () => {
  it('minutes: whole day = the day’s expected (not 8 h); a range; hour and day amounts', () => {
    expect(requestMinutes(req({ id: 'a', wholeDay: true, unit: 'day' }), 450)).toBe(450);
    expect(requestMinutes(req({ id: 'a', wholeDay: true, unit: 'hour' }), 210)).toBe(210);
    expect(requestMinutes(req({ id: 'a', startsAtMinutes: 540, endsAtMinutes: 660 }), 480)).toBe(120);
    expect(requestMinutes(req({ id: 'a', category: 'amount', unit: 'hour', amount: 1.5 }), 480)).toBe(90);
    expect(requestMinutes(req({ id: 'a', category: 'amount', unit: 'hour', amount: 0.33 }), 480)).toBe(20); // 19.8 → 20
    expect(requestMinutes(req({ id: 'a', category: 'amount', unit: 'day', amount: 0.5 }), 450)).toBe(225);
    expect(requestMinutes(req({ id: 'a', category: 'amount', unit: 'day', amount: 1 }), 0)).toBe(0);
  });

  it('usage in the justification’s unit', () => {
    expect(requestUsage(req({ id: 'a', startsAtMinutes: 540, endsAtMinutes: 630 }), 480)).toBe(1.5);
    expect(requestUsage(req({ id: 'a', wholeDay: true }), 450)).toBe(7.5);
    expect(requestUsage(req({ id: 'a', category: 'amount', amount: 2.25 }), 480)).toBe(2.25);
    expect(requestUsage(req({ id: 'a', startsAtMinutes: 540, endsAtMinutes: 590 }), 480)).toBe(0.83);
    expect(requestUsage(req({ id: 'a', unit: 'day', wholeDay: true }), 450)).toBe(1);
    expect(requestUsage(req({ id: 'a', unit: 'day', wholeDay: true }), 0)).toBe(1);
    expect(requestUsage(req({ id: 'a', unit: 'day', category: 'amount', amount: 0.5 }), 480)).toBe(0.5);
    expect(requestUsage(req({ id: 'a', unit: 'day', startsAtMinutes: 540, endsAtMinutes: 780 }), 480)).toBe(0.5);
    expect(requestUsage(req({ id: 'a', unit: 'day', startsAtMinutes: 480, endsAtMinutes: 1080 }), 480)).toBe(1); // capped
    expect(requestUsage(req({ id: 'a', unit: 'day', startsAtMinutes: 540, endsAtMinutes: 660 }), 0)).toBe(1); // unmeasurable
  });
});

describe('ranged requests and the pause', () => {
  const pauses = weekdayPauses(officeWeek, 1); // Monday 13:00–14:00
  it('a range does not count the part in the pause', () => {
    expect(pauses).toEqual([{ startsAtMinutes: 780, endsAtMinutes: 840 }]);
    expect(requestMinutes(req({ id: 'a', startsAtMinutes: 540, endsAtMinutes: 1080 }), 480, pauses)).toBe(480); // 9–18 = 8 h
    expect(requestMinutes(req({ id: 'a', startsAtMinutes: 720, endsAtMinutes: 810 }), 480, pauses)).toBe(60); // 12–13:30
    expect(requestMinutes(req({ id: 'a', startsAtMinutes: 790, endsAtMinutes: 830 }), 480, pauses)).toBe(0); // inside it
    expect(requestMinutes(req({ id: 'a', startsAtMinutes: 540, endsAtMinutes: 780 }), 480, pauses)).toBe(240); // before it
    expect(requestUsage(req({ id: 'a', startsAtMinutes: 540, endsAtMinutes: 1080 }), 480, pauses)).toBe(8);
    expect(requestUsage(req({ id: 'a', unit: 'day', startsAtMinutes: 540, endsAtMinutes: 1080 }), 480, pauses)).toBe(1);
    expect(requestUsage(req({ id: 'a', unit: 'day', startsAtMinutes: 540, endsAtMinutes: 810 }), 480, pauses)).toBe(
      0.5,
    );
    // Without pauses (e.g. Saturday's slot) the whole span counts.
    expect(
      requestMinutes(req({ id: 'a', startsAtMinutes: 540, endsAtMinutes: 750 }), 210, weekdayPauses(officeWeek, 6)),
    ).toBe(210);
  });

  it('computeSheets takes the pauses from the contract of the day', () => {
    const sheets = computeSheets({
      from: '2026-01-05',
      to: '2026-01-05',
      timeZone: ROME,
      contracts: [fixed],
      holidays: new Set(),
      punches: [],
      requests: [
        { ...req({ id: 'rol', impact: 'nothing', startsAtMinutes: 540, endsAtMinutes: 1080 }), date: '2026-01-05' },
      ],
    });
    expect(sheets[0]).toMatchObject({ expected: 480, covered: 480, balance: 0, anomalies: [] });
    expect(sheets[0]!.requests[0]).toMatchObject({ minutes: 480, credited: 480 });
  });
});

describe('plan against actual (published shifts after the day)', () => {
  const shift = (id: string, date: string, s: string, e: string, nextDay = false) => ({
    id,
    startsAt: at(date, s),
    endsAt: at(nextDay ? addOne(date) : date, e),
    workMinutes: 0,
  });
  const addOne = (d: string) => new Date(Date.parse(`${d}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const turnsWith = (shifts: Map<string, ReturnType<typeof shift>[]>): ContractForDay => ({
    type: 'turn_based',
    startsAt: '2026-01-01',
    endsAt: null,
    timeSlots: [],
    shifts: new Map([...shifts].map(([d, l]) => [d, l.map((x) => ({ ...x, workMinutes: 480 }))])),
  });
  const sheetOf = (contract: ContractForDay, punches: PunchInput[], from = '2026-01-12', to = from) =>
    computeSheets({ from, to, timeZone: ROME, contracts: [contract], holidays: new Set(), punches, requests: [] });

  it('a shift with no punch is missed; on time within the tolerance is fine', () => {
    const c = turnsWith(new Map([['2026-01-12', [shift('s', '2026-01-12', '08:00', '16:00')]]]));
    expect(sheetOf(c, [])[0]!.anomalies).toEqual(['unjustified_shortfall', 'shift_missed']);
    const onTime = [punch('a', '2026-01-12', '08:09', 'in'), punch('b', '2026-01-12', '15:51', 'out')];
    expect(sheetOf(c, onTime)[0]!.anomalies).not.toContain('shift_late');
    expect(sheetOf(c, onTime)[0]!.anomalies).not.toContain('shift_early');
  });

  it('late entry and early exit beyond 10 minutes', () => {
    const c = turnsWith(new Map([['2026-01-12', [shift('s', '2026-01-12', '08:00', '16:00')]]]));
    const late = [punch('a', '2026-01-12', '08:25', 'in'), punch('b', '2026-01-12', '15:30', 'out')];
    const a = sheetOf(c, late)[0]!.anomalies;
    expect(a).toContain('shift_late');
    expect(a).toContain('shift_early');
  });

  it('an overnight shift is matched by a pair that crosses midnight, and belongs to the day it starts', () => {
    const c = turnsWith(new Map([['2026-01-12', [shift('n', '2026-01-12', '22:00', '06:00', true)]]]));
    const night = [punch('a', '2026-01-12', '21:58', 'in'), punch('b', '2026-01-13', '06:02', 'out')];
    const [mon, tue] = sheetOf(c, night, '2026-01-12', '2026-01-13');
    expect(mon).toMatchObject({ expected: 480, anomalies: [] });
    expect(tue!.anomalies).toEqual([]);
  });

  it('a day covered by an absence misses no shift', () => {
    const c = turnsWith(new Map([['2026-01-12', [shift('s', '2026-01-12', '08:00', '16:00')]]]));
    const sheets = computeSheets({
      from: '2026-01-12',
      to: '2026-01-12',
      timeZone: ROME,
      contracts: [c],
      holidays: new Set(),
      punches: [],
      requests: [
        {
          id: 'r',
          date: '2026-01-12',
          justificationId: 'j',
          impact: 'nothing',
          unit: 'day',
          category: 'regular',
          wholeDay: true,
          startsAtMinutes: null,
          endsAtMinutes: null,
          amount: 1,
        },
      ],
    });
    expect(sheets[0]).toMatchObject({ expected: 480, covered: 480, anomalies: [] });
  });
});
