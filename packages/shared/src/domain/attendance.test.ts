import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_PAIR_MINUTES,
  computeDay,
  computeSheets,
  dayLengthMinutes,
  expectedMinutes,
  localToUtc,
  pairPunches,
  punchWindow,
  requestMinutes,
  requestUsage,
  sumSheets,
  toLocal,
  type ContractForDay,
  type DaySheet,
  type Impact,
  type PunchInput,
  type RequestInput,
  type WorkPair,
} from './attendance';
import { addDays } from './dates';
import { clockToMinutes, weekdayPauses, type TimeSlotLike } from './time-slots';

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
    expect(expectedMinutes({ date: '2026-01-06', contract: turns, isHoliday: true, shiftMinutes: 420 })).toBe(0);
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

const pair = (date: string, minutes: number, anomaly: WorkPair['anomaly'] = null): WorkPair => ({
  inId: anomaly === 'missing_entry' ? null : `in-${date}-${minutes}`,
  outId: anomaly === 'missing_exit' ? null : `out-${date}-${minutes}`,
  date,
  startsAt: null,
  endsAt: null,
  minutes: anomaly ? 0 : minutes,
  anomaly,
  open: false,
});

describe('computeDay', () => {
  const date = '2026-01-12';

  it('a whole-day absence covers the day’s expected time, whatever it is', () => {
    const s = computeDay({
      date,
      expected: 450,
      pairs: [],
      requests: [req({ id: 'ferie', unit: 'day', wholeDay: true })],
    });
    expect(s).toMatchObject({ expected: 450, worked: 0, covered: 450, balance: 0, anomalies: [] });
    expect(s.requests).toEqual([
      { id: 'ferie', justificationId: 'j-ferie', impact: 'nothing', minutes: 450, credited: 450 },
    ]);
  });

  it('an hourly absence covers at most what is missing, in input order; no overtime from an absence', () => {
    const s = computeDay({
      date,
      expected: 480,
      pairs: [pair(date, 360)],
      requests: [
        req({ id: 'rol', startsAtMinutes: 840, endsAtMinutes: 1020 }),
        req({ id: 'sick', category: 'amount', amount: 2 }),
      ],
    });
    expect(s).toMatchObject({ worked: 360, covered: 120, balance: 0, anomalies: [] });
    expect(s.requests.map((r) => [r.id, r.minutes, r.credited])).toEqual([
      ['rol', 180, 120],
      ['sick', 120, 0],
    ]);
    const over = computeDay({
      date,
      expected: 480,
      pairs: [pair(date, 540)],
      requests: [req({ id: 'rol', category: 'amount', amount: 1 })],
    });
    expect(over).toMatchObject({ covered: 0, balance: 60 });
  });

  it('increase adds to worked time, decrease takes it off (credited = minutes)', () => {
    const s = computeDay({
      date,
      expected: 480,
      pairs: [pair(date, 300)],
      requests: [
        req({ id: 'trasferta', impact: 'increase', category: 'amount', amount: 4 }),
        req({ id: 'commissione', impact: 'decrease', startsAtMinutes: 600, endsAtMinutes: 630 }),
      ],
    });
    expect(s).toMatchObject({ worked: 300, increase: 240, decrease: 30, covered: 0, balance: 30, anomalies: [] });
    expect(s.requests.map((r) => r.credited)).toEqual([240, 30]);
  });

  it('cover fills the gap left by a decrease', () => {
    const s = computeDay({
      date,
      expected: 480,
      pairs: [pair(date, 480)],
      requests: [
        req({ id: 'dec', impact: 'decrease', category: 'amount', amount: 1 }),
        req({ id: 'rol', category: 'amount', amount: 2 }),
      ],
    });
    expect(s).toMatchObject({ decrease: 60, covered: 60, balance: 0 });
  });

  it('a day-unit half day on a 7.5 h day', () => {
    const s = computeDay({
      date,
      expected: 450,
      pairs: [pair(date, 225)],
      requests: [req({ id: 'half', unit: 'day', category: 'amount', amount: 0.5 })],
    });
    expect(s).toMatchObject({ covered: 225, balance: 0, anomalies: [] });
  });

  it('anomalies: unjustified shortfall, suppressed by a pair anomaly; work without schedule', () => {
    expect(computeDay({ date, expected: 480, pairs: [pair(date, 420)], requests: [] }).anomalies).toEqual([
      'unjustified_shortfall',
    ]);
    expect(
      computeDay({
        date,
        expected: 480,
        pairs: [pair(date, 240), pair(date, 0, 'missing_exit'), pair(date, 0, 'missing_exit')],
        requests: [],
      }).anomalies,
    ).toEqual(['missing_exit']);
    expect(
      computeDay({
        date,
        expected: 480,
        pairs: [pair(date, 0, 'missing_entry'), pair(date, 0, 'missing_exit')],
        requests: [],
      }).anomalies,
    ).toEqual(['missing_exit', 'missing_entry']);
    expect(computeDay({ date, expected: 0, pairs: [pair(date, 120)], requests: [] })).toMatchObject({
      balance: 120,
      anomalies: ['work_without_schedule'],
    });
    expect(
      computeDay({ date, expected: 0, pairs: [], requests: [req({ id: 'ferie', wholeDay: true })] }),
    ).toMatchObject({ covered: 0, balance: 0, anomalies: [] });
    expect(computeDay({ date, expected: 0, pairs: [], requests: [] }).anomalies).toEqual([]);
  });

  it('today and the days to come are open: a provisional balance, no shortfall yet; the days before are over', () => {
    const today = '2026-01-12';
    const now = computeDay({ date: today, expected: 480, pairs: [pair(today, 240)], requests: [], today });
    expect(now).toMatchObject({ open: true, balance: -240, anomalies: [] });
    const future = computeDay({ date: '2026-01-13', expected: 480, pairs: [], requests: [], today });
    expect(future).toMatchObject({ open: true, balance: -480, anomalies: [] });
    const yesterday = computeDay({
      date: '2026-01-11',
      expected: 480,
      pairs: [pair('2026-01-11', 240)],
      requests: [],
      today,
    });
    expect(yesterday).toMatchObject({ open: false, anomalies: ['unjustified_shortfall'] });
    // A missing punch stays an anomaly today (two entries in a row), and so does work without a schedule.
    expect(
      computeDay({ date: today, expected: 480, pairs: [pair(today, 0, 'missing_exit')], requests: [], today })
        .anomalies,
    ).toEqual(['missing_exit']);
    expect(computeDay({ date: today, expected: 0, pairs: [pair(today, 60)], requests: [], today }).anomalies).toEqual([
      'work_without_schedule',
    ]);
    // A past day whose entry is still running (a night shift) is open too.
    const night = computeDay({
      date: '2026-01-11',
      expected: 480,
      pairs: [{ ...pair('2026-01-11', 0), outId: null, open: true }],
      requests: [],
      today,
    });
    expect(night).toMatchObject({ open: true, anomalies: [] });
  });
});

describe('computeSheets and sumSheets', () => {
  it('a week: holiday, weekend, contract change, night shift into the next day, requests by date', () => {
    const contracts = [
      { id: 'c1', ...fixed, endsAt: '2026-01-07' },
      { id: 'c2', type: 'turn_based' as const, startsAt: '2026-01-08', endsAt: null, timeSlots: [] },
    ];
    const sheets = computeSheets({
      from: '2026-01-05',
      to: '2026-01-11',
      timeZone: ROME,
      contracts,
      holidays: new Set(['2026-01-06']),
      shiftMinutes: new Map([
        ['2026-01-08', 480],
        ['2026-01-10', 480],
      ]),
      punches: [
        punch('p1', '2026-01-05', '09:00', 'in'),
        punch('p2', '2026-01-05', '18:00', 'out'),
        punch('p3', '2026-01-07', '09:00', 'in'),
        punch('p4', '2026-01-07', '13:00', 'out'),
        punch('p5', '2026-01-08', '22:00', 'in'),
        punch('p6', '2026-01-09', '06:00', 'out'),
        punch('p7', '2026-01-11', '23:00', 'in'), // its exit is after the range
        punch('p8', '2026-01-12', '07:00', 'out'),
        punch('p0', '2026-01-04', '23:00', 'out'), // before the range: ignored
      ],
      requests: [
        { ...req({ id: 'r1', startsAtMinutes: 840, endsAtMinutes: 1080 }), date: '2026-01-07' },
        { ...req({ id: 'r2', unit: 'day', wholeDay: true, justificationId: 'ferie' }), date: '2026-01-10' },
        { ...req({ id: 'r3', unit: 'day', wholeDay: true }), date: '2026-01-20' }, // outside: ignored
      ],
    });
    expect(sheets.map((s) => [s.date, s.expected, s.worked, s.covered, s.balance, s.anomalies.join(',')])).toEqual([
      ['2026-01-05', 480, 540, 0, 60, ''],
      ['2026-01-06', 0, 0, 0, 0, ''],
      ['2026-01-07', 480, 240, 240, 0, ''],
      ['2026-01-08', 480, 480, 0, 0, ''],
      ['2026-01-09', 0, 0, 0, 0, ''],
      ['2026-01-10', 480, 0, 480, 0, ''],
      ['2026-01-11', 0, 480, 0, 480, 'work_without_schedule'],
    ]);
    const totals = sumSheets(sheets);
    expect(totals).toEqual({
      expected: 1920,
      worked: 1740,
      increase: 0,
      decrease: 0,
      covered: 720,
      balance: 540,
      openDays: 0,
      anomalies: 1,
      byJustification: { 'j-r1': 240, ferie: 480 },
    });
  });

  it('mid-month: the balance stops at yesterday, today’s running entry is no anomaly, the days to come are not short', () => {
    const sheets = computeSheets({
      from: '2026-01-12',
      to: '2026-01-16',
      timeZone: ROME,
      contracts: [fixed],
      holidays: new Set(),
      punches: [
        punch('a', '2026-01-12', '09:00', 'in'),
        punch('b', '2026-01-12', '16:00', 'out'), // 7 h: −1 h
        punch('c', '2026-01-14', '09:00', 'in'), // today, still in
      ],
      requests: [{ ...req({ id: 'f', unit: 'day', wholeDay: true, justificationId: 'ferie' }), date: '2026-01-15' }],
      now: at('2026-01-14', '11:00'),
    });
    expect(sheets.map((s) => [s.date, s.open, s.balance, s.anomalies.join(',')])).toEqual([
      ['2026-01-12', false, -60, 'unjustified_shortfall'],
      ['2026-01-13', false, -480, 'unjustified_shortfall'],
      ['2026-01-14', true, -480, ''],
      ['2026-01-15', true, 0, ''],
      ['2026-01-16', true, -480, ''],
    ]);
    expect(sheets[2]!.pairs).toEqual([expect.objectContaining({ inId: 'c', open: true, anomaly: null })]);
    expect(sumSheets(sheets)).toMatchObject({
      expected: 2400,
      worked: 420,
      covered: 480,
      balance: -540,
      openDays: 3,
      anomalies: 2,
    });
    // The same month once it is over: every day counts, the forgotten exit is an anomaly.
    const later = computeSheets({
      ...{
        from: '2026-01-12',
        to: '2026-01-16',
        timeZone: ROME,
        contracts: [fixed],
        holidays: new Set<string>(),
        requests: [],
      },
      punches: [punch('c', '2026-01-14', '09:00', 'in')],
      now: at('2026-02-01', '10:00'),
    });
    expect(later[2]).toMatchObject({ open: false, anomalies: ['missing_exit'] });
    expect(sumSheets(later)).toMatchObject({ openDays: 0, balance: -2400 });
  });

  it('an empty or reversed range gives no sheets', () => {
    const base = { timeZone: ROME, contracts: [fixed], holidays: new Set<string>(), punches: [], requests: [] };
    expect(computeSheets({ ...base, from: '2026-01-10', to: '2026-01-09' })).toEqual([]);
    expect(computeSheets({ ...base, from: '2026-01-12', to: '2026-01-12' })).toHaveLength(1);
  });
});

// ------------------------------------------------------------------------------------------------------------------
// Properties

const FROM = '2026-03-27';
const TO = '2026-03-31'; // spans the spring-forward Sunday
const FROM_MS = Date.parse(localToUtc(FROM, 0, ROME));

/** Punches at random minutes over the range (with unique ids), each with a random sort key used to shuffle them. */
const punchesArb = fc
  .array(
    fc.record({
      minute: fc.integer({ min: -600, max: 5 * 1440 + 600 }),
      second: fc.integer({ min: 0, max: 59 }),
      direction: fc.constantFrom<'in' | 'out'>('in', 'out'),
      key: fc.double({ noNaN: true }),
    }),
    { maxLength: 30 },
  )
  .map((raw) =>
    raw.map((r, i) => ({
      id: `p${i}`,
      at: new Date(FROM_MS + r.minute * 60_000 + r.second * 1000).toISOString(),
      direction: r.direction,
      key: r.key,
    })),
  );

/** Few distinct instants (hours of the range), so that ties between punches are frequent. */
const tiedPunchesArb = fc
  .array(
    fc.record({
      hour: fc.integer({ min: 0, max: 12 }),
      direction: fc.constantFrom<'in' | 'out'>('in', 'out'),
      key: fc.double({ noNaN: true }),
    }),
    { maxLength: 20 },
  )
  .map((raw) =>
    raw.map((r, i) => ({
      id: `t${i}`,
      at: new Date(FROM_MS + r.hour * 10 * 3_600_000).toISOString(),
      direction: r.direction,
      key: r.key,
    })),
  );

const shuffle = (xs: (PunchInput & { key: number })[]): PunchInput[] =>
  [...xs].sort((a, b) => a.key - b.key).map(({ key: _key, ...p }) => p);

const requestArb = fc
  .record({
    impact: fc.constantFrom<Impact>('nothing', 'nothing', 'increase', 'decrease'),
    unit: fc.constantFrom<'hour' | 'day'>('hour', 'day'),
    kind: fc.constantFrom('whole', 'range', 'amount'),
    start: fc.integer({ min: 0, max: 1380 }),
    length: fc.integer({ min: 1, max: 600 }),
    amount: fc.integer({ min: 0, max: 400 }).map((n) => n / 100),
    day: fc.integer({ min: 0, max: 4 }),
    justification: fc.constantFrom('ferie', 'rol', 'malattia', 'trasferta'),
  })
  .map((r) => ({
    impact: r.impact,
    unit: r.unit,
    justificationId: r.justification,
    category: r.kind === 'amount' ? ('amount' as const) : ('regular' as const),
    wholeDay: r.kind === 'whole',
    startsAtMinutes: r.kind === 'range' ? r.start : null,
    endsAtMinutes: r.kind === 'range' ? Math.min(1440, r.start + r.length) : null,
    amount: r.amount,
    date: addDays(FROM, r.day),
  }));
const requestsArb = fc.array(requestArb, { maxLength: 8 }).map((rs) => rs.map((r, i) => ({ ...r, id: `r${i}` })));

const contractsArb = fc.constantFrom<ContractForDay[]>(
  [fixed],
  [
    { ...fixed, endsAt: '2026-03-29' },
    { type: 'turn_based', startsAt: '2026-03-30', endsAt: null, timeSlots: [] },
  ],
  [],
);

const sheetsOf = (
  punches: PunchInput[],
  requests: (RequestInput & { date: string })[],
  contracts: ContractForDay[],
): DaySheet[] =>
  computeSheets({
    from: FROM,
    to: TO,
    timeZone: ROME,
    contracts,
    holidays: new Set(['2026-03-31']),
    shiftMinutes: new Map([['2026-03-30', 420]]),
    punches,
    requests,
  });

describe('properties', () => {
  it('pairing and sheets never depend on punch order (also with many punches on the same instant)', () => {
    fc.assert(
      fc.property(fc.oneof(punchesArb, tiedPunchesArb), requestsArb, contractsArb, (punches, requests, contracts) => {
        const a = shuffle(punches);
        const b = punches.map(({ key: _key, ...p }) => p);
        expect(pairPunches(a, ROME)).toEqual(pairPunches(b, ROME));
        expect(sheetsOf(a, requests, contracts)).toEqual(sheetsOf(b, requests, contracts));
      }),
      { numRuns: 150 },
    );
  });

  it('every punch appears in exactly one pair; pairs are well formed', () => {
    fc.assert(
      fc.property(punchesArb, (raw) => {
        const punches = shuffle(raw);
        const pairs = pairPunches(punches, ROME);
        const seen = pairs.flatMap((p) => [p.inId, p.outId]).filter((id): id is string => id !== null);
        expect([...seen].sort()).toEqual(punches.map((p) => p.id).sort());
        const byId = new Map(punches.map((p) => [p.id, p]));
        for (const p of pairs) {
          if (p.inId) expect(byId.get(p.inId)!.direction).toBe('in');
          if (p.outId) expect(byId.get(p.outId)!.direction).toBe('out');
          if (p.anomaly === null) {
            expect(p.minutes).toBeGreaterThanOrEqual(0);
            expect(p.minutes).toBeLessThanOrEqual(MAX_PAIR_MINUTES);
            expect(p.date).toBe(toLocal(p.startsAt!, ROME).date);
          } else {
            expect(p.minutes).toBe(0);
            expect(p.inId === null).toBe(p.anomaly === 'missing_entry');
            expect(p.outId === null).toBe(p.anomaly === 'missing_exit');
          }
        }
      }),
      { numRuns: 150 },
    );
  });

  it('cover never exceeds what is missing nor creates overtime; the balance identity holds', () => {
    const pairArb = fc.array(
      fc.record({
        minutes: fc.integer({ min: 0, max: 960 }),
        anomaly: fc.constantFrom<WorkPair['anomaly']>(null, null, null, 'missing_exit', 'missing_entry'),
      }),
      { maxLength: 4 },
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 720 }), pairArb, requestsArb, (expected, rawPairs, requests) => {
        const pairs = rawPairs.map((p) => pair('2026-03-27', p.minutes, p.anomaly));
        const s = computeDay({ date: '2026-03-27', expected, pairs, requests });
        const net = s.worked + s.increase - s.decrease;
        const nothing = s.requests.filter((r) => r.impact === 'nothing');
        expect(nothing.reduce((t, r) => t + r.credited, 0)).toBe(s.covered);
        expect(s.covered).toBeLessThanOrEqual(Math.max(0, expected - net));
        expect(s.balance).toBeLessThanOrEqual(Math.max(0, net - expected));
        expect(s.balance).toBe(s.worked + s.increase - s.decrease + s.covered - s.expected);
        for (const r of s.requests) {
          expect(r.credited).toBeGreaterThanOrEqual(0);
          expect(r.credited).toBeLessThanOrEqual(r.minutes);
          if (r.impact !== 'nothing') expect(r.credited).toBe(r.minutes);
        }
        // Cover is greedy in input order: a request gets nothing only once the gap is filled.
        if (nothing.some((r) => r.credited < r.minutes)) expect(s.covered).toBe(Math.max(0, expected - net));
        expect(s.anomalies.includes('unjustified_shortfall')).toBe(
          s.balance < 0 && expected > 0 && !pairs.some((p) => p.anomaly),
        );
        expect(s.anomalies.includes('work_without_schedule')).toBe(s.worked > 0 && expected === 0);
      }),
      { numRuns: 300 },
    );
  });

  it('sumSheets equals the sum of the day fields; totals by justification add up', () => {
    fc.assert(
      fc.property(punchesArb, requestsArb, contractsArb, (punches, requests, contracts) => {
        const sheets = sheetsOf(shuffle(punches), requests, contracts);
        expect(sheets.map((s) => s.date)).toEqual([
          '2026-03-27',
          '2026-03-28',
          '2026-03-29',
          '2026-03-30',
          '2026-03-31',
        ]);
        const t = sumSheets(sheets);
        for (const k of ['expected', 'worked', 'increase', 'decrease', 'covered', 'balance'] as const)
          expect(t[k]).toBe(sheets.reduce((sum, s) => sum + s[k], 0));
        expect(t.anomalies).toBe(sheets.reduce((sum, s) => sum + s.anomalies.length, 0));
        const byJ = Object.values(t.byJustification).reduce((a, b) => a + b, 0);
        expect(byJ).toBe(t.covered + t.increase + t.decrease);
        expect(t.balance).toBe(t.worked + t.increase - t.decrease + t.covered - t.expected);
        for (const s of sheets) for (const p of s.pairs) expect(p.date).toBe(s.date);
      }),
      { numRuns: 150 },
    );
  });
});
