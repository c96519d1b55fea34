import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_PAIR_MINUTES,
  computeDay,
  computeSheets,
  localToUtc,
  pairPunches,
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
import { clockToMinutes, type TimeSlotLike } from './time-slots';

/** The attendance engine's day sheets (computeDay, computeSheets, sumSheets) and its properties; the parts are in attendance.test.ts. */

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
