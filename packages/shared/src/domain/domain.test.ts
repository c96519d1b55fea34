import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  accrualMonths,
  coveredDays,
  monthBounds,
  monthCounts,
  nextMonth,
  plannedAccruals,
  type PlannedAccrual,
} from './accruals';
import { contractStatus, findOverlap, isExpiring, matchesFilter, periodsOverlap } from './contracts';
import { addDays, formatIsoDate, isoWeekday } from './dates';
import { easterMonday, easterSunday } from './easter';
import { expandHolidays, holidayDateIn, ITALIAN_NATIONAL_HOLIDAYS, type HolidayRule } from './holidays';
import {
  clockToMinutes,
  isValidColor,
  minutesToClock,
  slotMinutes,
  slotProblems,
  weeklyMinutes,
  type TimeSlotLike,
} from './time-slots';

/** Claus Tøndering's formulation (an independent algorithm) to cross-check the Meeus one. */
function easterTondering(year: number): string {
  const g = year % 19;
  const c = Math.floor(year / 100);
  const h = (c - Math.floor(c / 4) - Math.floor((8 * c + 13) / 25) + 19 * g + 15) % 30;
  const i = h - Math.floor(h / 28) * (1 - Math.floor(29 / (h + 1)) * Math.floor((21 - g) / 11));
  const j = (year + Math.floor(year / 4) + i + 2 - c + Math.floor(c / 4)) % 7;
  const l = i - j;
  const month = 3 + Math.floor((l + 40) / 44);
  const day = l + 28 - 31 * Math.floor(month / 4);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

describe('Easter', () => {
  it('matches the known dates', () => {
    expect(easterSunday(2000)).toBe('2000-04-23');
    expect(easterSunday(2008)).toBe('2008-03-23');
    expect(easterSunday(2024)).toBe('2024-03-31');
    expect(easterSunday(2025)).toBe('2025-04-20');
    expect(easterSunday(2026)).toBe('2026-04-05');
    expect(easterSunday(2027)).toBe('2027-03-28');
    expect(easterSunday(2028)).toBe('2028-04-16');
    expect(easterSunday(2038)).toBe('2038-04-25');
    expect(easterMonday(2026)).toBe('2026-04-06');
  });

  it('for every year 2000–2100: a Sunday between 22 March and 25 April, equal to an independent algorithm; Monday follows', () => {
    for (let y = 2000; y <= 2100; y++) {
      const e = easterSunday(y);
      expect(isoWeekday(e), `${y}`).toBe(7);
      expect(e >= `${y}-03-22` && e <= `${y}-04-25`, `${y}: ${e}`).toBe(true);
      expect(e).toBe(easterTondering(y));
      expect(easterMonday(y)).toBe(addDays(e, 1));
      expect(isoWeekday(easterMonday(y))).toBe(1);
    }
  });
});

describe('holiday expansion', () => {
  const rules: HolidayRule[] = [
    ...ITALIAN_NATIONAL_HOLIDAYS,
    { name: 'Sant’Ambrogio', icon: 'church', day: 7, month: 12, year: null },
    { name: 'Bisestile', icon: 'x', day: 29, month: 2, year: null },
  ];

  it('expands recurring and dated holidays into the range, sorted', () => {
    const occ = expandHolidays(rules, '2026-04-01', '2026-06-30');
    expect(occ.map((o) => `${o.date} ${o.name}`)).toEqual([
      '2026-04-05 Pasqua',
      "2026-04-06 Lunedì dell'Angelo",
      '2026-04-25 Festa della Liberazione',
      '2026-05-01 Festa del Lavoro',
      '2026-06-02 Festa della Repubblica',
    ]);
    expect(expandHolidays(rules, '2026-10-04', '2026-10-04')[0]?.name).toBe("San Francesco d'Assisi");
    expect(expandHolidays(rules, '2025-10-04', '2025-10-04')).toEqual([]);
  });

  it('Easter and Easter Monday are rules: they occur in any year, far from today too, and recur', () => {
    const spring = (y: number) => expandHolidays(rules, `${y}-03-01`, `${y}-04-30`).filter((o) => o.icon === 'egg');
    expect(spring(2020)).toEqual([
      { date: '2020-04-12', name: 'Pasqua', icon: 'egg', recurring: true },
      { date: '2020-04-13', name: "Lunedì dell'Angelo", icon: 'egg', recurring: true },
    ]);
    expect(spring(2099).map((o) => o.date)).toEqual(['2099-04-12', '2099-04-13']);
    expect(spring(2100).map((o) => o.date)).toEqual(['2100-03-28', '2100-03-29']);
    // The stored day and month of a rule are ignored; a rule of one year only occurs then.
    const monday: HolidayRule = { name: 'Pasquetta', icon: 'egg', day: 1, month: 1, year: null, rule: 'easter_monday' };
    expect(expandHolidays([monday], '2030-01-01', '2030-12-31').map((o) => o.date)).toEqual([easterMonday(2030)]);
    expect(
      expandHolidays([{ ...monday, year: 2031 }], '2030-01-01', '2032-12-31').map((o) => [o.date, o.recurring]),
    ).toEqual([[easterMonday(2031), false]]);
    // fromYear: San Francesco only from 2026, whatever the range.
    expect(
      expandHolidays(rules, '2024-01-01', '2027-12-31')
        .filter((o) => o.name === "San Francesco d'Assisi")
        .map((o) => o.date),
    ).toEqual(['2026-10-04', '2027-10-04']);
    expect(
      holidayDateIn(
        rules.find((r) => r.name === "San Francesco d'Assisi")!,
        2025,
      ),
    ).toBeNull();
    // The national set: 10 fixed dates, Easter, Easter Monday and (from 2026) San Francesco.
    expect(expandHolidays(ITALIAN_NATIONAL_HOLIDAYS, '2020-01-01', '2020-12-31')).toHaveLength(12);
    expect(expandHolidays(ITALIAN_NATIONAL_HOLIDAYS, '2099-01-01', '2099-12-31')).toHaveLength(13);
  });

  it('property: in any year 1900–2200 Easter Monday occurs once, on the Monday after Easter Sunday', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1900, max: 2200 }), (y) => {
        const occ = expandHolidays(rules, `${y}-01-01`, `${y}-12-31`);
        const mondays = occ.filter((o) => o.name === "Lunedì dell'Angelo");
        expect(mondays.map((o) => o.date)).toEqual([easterMonday(y)]);
        expect(isoWeekday(mondays[0]!.date)).toBe(1);
        expect(occ.filter((o) => o.name === 'Pasqua').map((o) => o.date)).toEqual([easterSunday(y)]);
      }),
    );
  });

  it('spans years; 29 February only in leap years; an empty range gives nothing', () => {
    const occ = expandHolidays(rules, '2026-12-20', '2027-01-10');
    expect(occ.map((o) => o.date)).toEqual(['2026-12-25', '2026-12-26', '2027-01-01', '2027-01-06']);
    expect(expandHolidays(rules, '2028-02-01', '2028-03-01').map((o) => o.name)).toContain('Bisestile');
    expect(expandHolidays(rules, '2027-02-01', '2027-03-01').map((o) => o.name)).not.toContain('Bisestile');
    expect(expandHolidays(rules, '2026-05-02', '2026-05-01')).toEqual([]);
  });

  it('property: every occurrence lies in the range and a recurring holiday appears once per year it covers', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3650 }), fc.integer({ min: 0, max: 800 }), (offset, length) => {
        const from = addDays('2020-01-01', offset);
        const to = addDays(from, length);
        const occ = expandHolidays(
          rules.filter((r) => r.year === null && r.name !== 'Bisestile'),
          from,
          to,
        );
        for (const o of occ) expect(o.date >= from && o.date <= to).toBe(true);
        const christmases = occ.filter((o) => o.name === 'Natale').length;
        let expected = 0;
        for (let y = Number(from.slice(0, 4)); y <= Number(to.slice(0, 4)); y++)
          if (`${y}-12-25` >= from && `${y}-12-25` <= to) expected++;
        expect(christmases).toBe(expected);
      }),
    );
  });
});

const slot = (weekday: number, s: string, e: string, ps?: string, pe?: string): TimeSlotLike => ({
  weekday,
  startsAtMinutes: clockToMinutes(s)!,
  endsAtMinutes: clockToMinutes(e)!,
  pauseStartsAtMinutes: ps ? clockToMinutes(ps)! : null,
  pauseEndsAtMinutes: pe ? clockToMinutes(pe)! : null,
});

describe('time slots', () => {
  it('minutes of a slot minus its pause; weekly total', () => {
    const week = [1, 2, 3, 4, 5].map((d) => slot(d, '09:00', '18:00', '13:00', '14:00'));
    expect(slotMinutes(week[0]!)).toBe(480);
    expect(weeklyMinutes(week)).toBe(2400);
  });

  it('finds overlaps on the same weekday only; touching slots are fine', () => {
    expect(slotProblems([slot(1, '09:00', '13:00'), slot(1, '13:00', '18:00'), slot(2, '10:00', '12:00')])).toEqual([]);
    expect(slotProblems([slot(1, '09:00', '13:00'), slot(1, '12:00', '18:00')])).toEqual([
      { kind: 'overlap', index: 1, other: 0 },
    ]);
    expect(slotProblems([slot(1, '09:00', '13:00'), slot(2, '12:00', '18:00')])).toEqual([]);
  });

  it('the pause must be complete and inside the slot; a slot must end after it starts', () => {
    expect(slotProblems([slot(1, '09:00', '18:00', '08:00', '09:30')])).toEqual([{ kind: 'pause', index: 0 }]);
    expect(slotProblems([slot(1, '09:00', '18:00', '13:00', '18:00')])).toEqual([{ kind: 'pause', index: 0 }]);
    expect(slotProblems([{ ...slot(1, '09:00', '18:00'), pauseStartsAtMinutes: 780 }])).toEqual([
      { kind: 'pause', index: 0 },
    ]);
    expect(slotProblems([slot(1, '18:00', '09:00')])).toEqual([{ kind: 'order', index: 0 }]);
  });

  it('property: overlap is detected exactly when two same-day intervals intersect', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1439 }),
        fc.integer({ min: 1, max: 600 }),
        fc.integer({ min: 0, max: 1439 }),
        fc.integer({ min: 1, max: 600 }),
        (s1, l1, s2, l2) => {
          const a = {
            weekday: 3,
            startsAtMinutes: s1,
            endsAtMinutes: Math.min(1440, s1 + l1),
            pauseStartsAtMinutes: null,
            pauseEndsAtMinutes: null,
          };
          const b = {
            weekday: 3,
            startsAtMinutes: s2,
            endsAtMinutes: Math.min(1440, s2 + l2),
            pauseStartsAtMinutes: null,
            pauseEndsAtMinutes: null,
          };
          const intersect = Math.max(a.startsAtMinutes, b.startsAtMinutes) < Math.min(a.endsAtMinutes, b.endsAtMinutes);
          expect(slotProblems([a, b]).some((p) => p.kind === 'overlap')).toBe(intersect);
        },
      ),
    );
  });

  it('colours and clock conversion', () => {
    expect(isValidColor('#1A415B')).toBe(true);
    expect(isValidColor('#fff')).toBe(true);
    expect(isValidColor('rosso')).toBe(false);
    expect(isValidColor('#12345G')).toBe(false);
    expect(minutesToClock(510)).toBe('08:30');
    expect(clockToMinutes('24:00')).toBe(1440);
    expect(clockToMinutes('24:01')).toBeNull();
    expect(clockToMinutes('9:75')).toBeNull();
  });
});

describe('contracts', () => {
  const today = '2026-11-22';
  it('status, expiring (within 30 days) and filters', () => {
    expect(contractStatus({ startsAt: '2026-01-01', endsAt: null }, today)).toBe('active');
    expect(contractStatus({ startsAt: '2026-12-01', endsAt: null }, today)).toBe('future');
    expect(contractStatus({ startsAt: '2025-01-01', endsAt: '2026-11-21' }, today)).toBe('past');
    expect(contractStatus({ startsAt: '2025-01-01', endsAt: '2026-11-22' }, today)).toBe('active');
    expect(isExpiring({ startsAt: '2026-01-01', endsAt: '2026-12-22' }, today)).toBe(true);
    expect(isExpiring({ startsAt: '2026-01-01', endsAt: '2026-12-23' }, today)).toBe(false);
    expect(isExpiring({ startsAt: '2026-01-01', endsAt: null }, today)).toBe(false);
    expect(matchesFilter({ startsAt: '2027-01-01', endsAt: null }, 'relevant', today)).toBe(true);
    expect(matchesFilter({ startsAt: '2020-01-01', endsAt: '2021-01-01' }, 'relevant', today)).toBe(false);
    expect(matchesFilter({ startsAt: '2020-01-01', endsAt: '2021-01-01' }, 'expired', today)).toBe(true);
  });

  it('overlap includes the end day and open-ended contracts', () => {
    expect(
      periodsOverlap({ startsAt: '2026-01-01', endsAt: '2026-06-30' }, { startsAt: '2026-06-30', endsAt: null }),
    ).toBe(true);
    expect(
      periodsOverlap({ startsAt: '2026-01-01', endsAt: '2026-06-30' }, { startsAt: '2026-07-01', endsAt: null }),
    ).toBe(false);
    expect(
      periodsOverlap({ startsAt: '2026-01-01', endsAt: null }, { startsAt: '2030-01-01', endsAt: '2030-02-01' }),
    ).toBe(true);
    const existing = [
      { id: 'a', startsAt: '2025-01-01', endsAt: '2025-12-31' },
      { id: 'b', startsAt: '2026-01-01', endsAt: null },
    ];
    expect(findOverlap({ startsAt: '2025-06-01', endsAt: '2025-08-01' }, existing)?.id).toBe('a');
    expect(findOverlap({ id: 'b', startsAt: '2026-02-01', endsAt: null }, existing)).toBeNull();
  });

  it('property: overlap is symmetric and equals "they share a day"', () => {
    const day = fc.integer({ min: 0, max: 2000 }).map((n) => addDays('2024-01-01', n));
    const period = fc
      .tuple(day, fc.option(fc.integer({ min: 0, max: 400 })))
      .map(([s, len]) => ({ startsAt: s, endsAt: len === null ? null : addDays(s, len) }));
    fc.assert(
      fc.property(period, period, (a, b) => {
        expect(periodsOverlap(a, b)).toBe(periodsOverlap(b, a));
        const lastA = a.endsAt ?? '2100-01-01';
        const lastB = b.endsAt ?? '2100-01-01';
        const shares = a.startsAt <= b.startsAt ? b.startsAt <= lastA : a.startsAt <= lastB;
        expect(periodsOverlap(a, b)).toBe(shares);
      }),
    );
  });
});

describe('accruals', () => {
  const sum = (entries: PlannedAccrual[]) => Math.round(entries.reduce((s, e) => s + e.amount * 100, 0)) / 100;
  /** round2(months × increase), half up on the exact decimal product (a float product like 481.065 reads 481.06499…). */
  const yearly = (months: number, inc: number) => Math.round((Math.round(inc * 10_000) * months) / 100) / 100;
  /** Increases as stored: 0 … 999 with 4 decimals. */
  const increase = fc.integer({ min: 0, max: 9_990_000 }).map((n) => n / 10_000);
  const day = fc.integer({ min: 0, max: 3650 }).map((n) => addDays('2020-01-01', n));
  const contract = fc
    .tuple(day, fc.option(fc.integer({ min: 1, max: 1500 })))
    .map(([startsAt, len]) => ({ startsAt, endsAt: len === null ? null : addDays(startsAt, len) }));

  it('a month counts in full when covered for at least 15 days, otherwise it accrues nothing', () => {
    const c = { startsAt: '2026-06-16', endsAt: null };
    expect(coveredDays(c, '2026-06')).toBe(15);
    expect(monthCounts(c, '2026-06')).toBe(true);
    expect(coveredDays(c, '2026-05')).toBe(0);
    expect(plannedAccruals(c, 6, '2026-08')).toEqual([
      { period: '2026-06', amount: 6, monthsInYear: 1 },
      { period: '2026-07', amount: 6, monthsInYear: 2 },
      { period: '2026-08', amount: 6, monthsInYear: 3 },
    ]);
    // A 31-day month: from the 17th that is 15 days (counts), from the 18th 14 (does not).
    expect(plannedAccruals({ startsAt: '2026-07-16', endsAt: null }, 2.1667, '2026-07')).toEqual([
      { period: '2026-07', amount: 2.17, monthsInYear: 1 },
    ]);
    expect(plannedAccruals({ startsAt: '2026-07-17', endsAt: null }, 2.1667, '2026-07')).toHaveLength(1);
    expect(plannedAccruals({ startsAt: '2026-07-18', endsAt: null }, 2.1667, '2026-07')).toEqual([]);
    // February: 14 days do not count, 15 do; an end on the 14th of a month leaves that month out.
    expect(plannedAccruals({ startsAt: '2026-02-15', endsAt: null }, 6, '2026-02')).toEqual([]);
    expect(plannedAccruals({ startsAt: '2026-02-14', endsAt: null }, 6, '2026-02')).toHaveLength(1);
    const ending = { startsAt: '2026-01-01', endsAt: '2026-02-14' };
    expect(plannedAccruals(ending, 2.1667, '2026-12').map((e) => e.period)).toEqual(['2026-01']);
    expect(plannedAccruals({ ...ending, endsAt: '2026-02-15' }, 2.1667, '2026-12').map((e) => e.period)).toEqual([
      '2026-01',
      '2026-02',
    ]);
    expect(accrualMonths(ending, '2026-12')).toEqual(['2026-01', '2026-02']);
    expect(accrualMonths({ startsAt: '2026-11-10', endsAt: null }, '2027-01')).toEqual([
      '2026-11',
      '2026-12',
      '2027-01',
    ]);
  });

  it('cumulative rounding: 2.1667 a month gives 26.00 in a year, the cents spread over the months', () => {
    const year = plannedAccruals({ startsAt: '2026-01-01', endsAt: null }, 2.1667, '2026-12');
    expect(year.map((e) => e.amount)).toEqual([2.17, 2.16, 2.17, 2.17, 2.16, 2.17, 2.17, 2.16, 2.17, 2.17, 2.16, 2.17]);
    expect(sum(year)).toBe(26);
    expect(sum(plannedAccruals({ startsAt: '2026-01-01', endsAt: null }, 2.6667, '2026-12'))).toBe(32);
    expect(sum(plannedAccruals({ startsAt: '2026-01-01', endsAt: null }, 6, '2026-12'))).toBe(72);
    // The count restarts in January: the next year again 26.00, starting with 2.17.
    const two = plannedAccruals({ startsAt: '2025-09-01', endsAt: null }, 2.1667, '2026-12');
    expect(sum(two.filter((e) => e.period < '2026'))).toBe(8.67);
    expect(two.find((e) => e.period === '2026-01')).toEqual({ period: '2026-01', amount: 2.17, monthsInYear: 1 });
    expect(sum(two.filter((e) => e.period >= '2026'))).toBe(26);
  });

  it('property: a full calendar year of a permanent contract adds up to round2(12 × increase)', () => {
    fc.assert(
      fc.property(day, increase, fc.integer({ min: 0, max: 20 }), (startsAt, inc, later) => {
        const y = Number(startsAt.slice(0, 4)) + 1 + later;
        const entries = plannedAccruals({ startsAt, endsAt: null }, inc, `${y}-12`).filter((e) =>
          e.period.startsWith(`${y}-`),
        );
        expect(entries.every((e) => e.period >= `${y}-01`)).toBe(true);
        expect(Math.abs(sum(entries) - yearly(12, inc))).toBeLessThan(0.005);
      }),
    );
  });

  it('property: entries are ≥ 0, one per counted month, and n counted months of a year add up to round2(n × increase)', () => {
    fc.assert(
      fc.property(contract, increase, (c, inc) => {
        const entries = plannedAccruals(c, inc, '2031-12');
        for (const e of entries) {
          expect(e.amount).toBeGreaterThan(0);
          expect(Math.round(e.amount * 100)).toBeCloseTo(e.amount * 100, 6);
          expect(monthCounts(c, e.period)).toBe(true);
        }
        expect(new Set(entries.map((e) => e.period)).size).toBe(entries.length);
        for (const y of new Set(entries.map((e) => e.period.slice(0, 4)))) {
          const ofYear = entries.filter((e) => e.period.startsWith(y));
          const counted = accrualMonths(c, '2031-12').filter((ym) => ym.startsWith(y) && monthCounts(c, ym)).length;
          expect(Math.abs(sum(ofYear) - yearly(counted, inc))).toBeLessThan(0.005);
        }
      }),
    );
  });

  it('property: computing again, later, or month by month in any order gives the same entries', () => {
    fc.assert(
      fc.property(
        contract,
        increase,
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 0, max: 1000 }),
        (c, inc, lateBy, seed) => {
          const until = '2030-06';
          const entries = plannedAccruals(c, inc, until);
          expect(plannedAccruals(c, inc, until)).toEqual(entries);
          // Running late: the months up to `until` are unchanged, later ones are only added.
          let late = until;
          for (let i = 0; i < lateBy; i++) late = nextMonth(late);
          expect(plannedAccruals(c, inc, late).filter((e) => e.period <= until)).toEqual(entries);
          // Month by month (each run up to one month), in a shuffled order: each month keeps its amount.
          const months = accrualMonths(c, until);
          const shuffled = [...months].sort(
            (a, b) => ((a.charCodeAt(6) * 31 + seed) % 7) - ((b.charCodeAt(6) * 31 + seed) % 7) || a.localeCompare(b),
          );
          const byMonth = new Map<string, PlannedAccrual>();
          for (const ym of shuffled)
            for (const e of plannedAccruals(c, inc, ym)) if (e.period === ym) byMonth.set(ym, e);
          expect([...byMonth.values()].sort((a, b) => a.period.localeCompare(b.period))).toEqual(entries);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('month bounds', () => {
    expect(monthBounds('2028-02')).toEqual({ first: '2028-02-01', last: '2028-02-29', days: 29 });
    expect(formatIsoDate(new Date(Date.UTC(2026, 0, 1)))).toBe('2026-01-01');
  });
});
