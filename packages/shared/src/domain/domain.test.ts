import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { coveredFraction, accrualMonths, monthlyAccrual, monthBounds } from './accruals';
import { contractStatus, findOverlap, isExpiring, matchesFilter, periodsOverlap } from './contracts';
import { addDays, daysBetween, formatIsoDate, isoWeekday } from './dates';
import { easterMonday, easterSunday } from './easter';
import { expandHolidays, italianDatedHolidays, ITALIAN_RECURRING_HOLIDAYS, type HolidayRule } from './holidays';
import { clockToMinutes, isValidColor, minutesToClock, slotMinutes, slotProblems, weeklyMinutes, type TimeSlotLike } from './time-slots';

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
    ...ITALIAN_RECURRING_HOLIDAYS.map((h) => ({ ...h, year: null })),
    ...italianDatedHolidays(2026),
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
        const occ = expandHolidays(rules.filter((r) => r.year === null && r.name !== 'Bisestile'), from, to);
        for (const o of occ) expect(o.date >= from && o.date <= to).toBe(true);
        const christmases = occ.filter((o) => o.name === 'Natale').length;
        let expected = 0;
        for (let y = Number(from.slice(0, 4)); y <= Number(to.slice(0, 4)); y++) if (`${y}-12-25` >= from && `${y}-12-25` <= to) expected++;
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
    expect(slotProblems([slot(1, '09:00', '13:00'), slot(1, '12:00', '18:00')])).toEqual([{ kind: 'overlap', index: 1, other: 0 }]);
    expect(slotProblems([slot(1, '09:00', '13:00'), slot(2, '12:00', '18:00')])).toEqual([]);
  });

  it('the pause must be complete and inside the slot; a slot must end after it starts', () => {
    expect(slotProblems([slot(1, '09:00', '18:00', '08:00', '09:30')])).toEqual([{ kind: 'pause', index: 0 }]);
    expect(slotProblems([slot(1, '09:00', '18:00', '13:00', '18:00')])).toEqual([{ kind: 'pause', index: 0 }]);
    expect(slotProblems([{ ...slot(1, '09:00', '18:00'), pauseStartsAtMinutes: 780 }])).toEqual([{ kind: 'pause', index: 0 }]);
    expect(slotProblems([slot(1, '18:00', '09:00')])).toEqual([{ kind: 'order', index: 0 }]);
  });

  it('property: overlap is detected exactly when two same-day intervals intersect', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1439 }), fc.integer({ min: 1, max: 600 }), fc.integer({ min: 0, max: 1439 }), fc.integer({ min: 1, max: 600 }), (s1, l1, s2, l2) => {
        const a = { weekday: 3, startsAtMinutes: s1, endsAtMinutes: Math.min(1440, s1 + l1), pauseStartsAtMinutes: null, pauseEndsAtMinutes: null };
        const b = { weekday: 3, startsAtMinutes: s2, endsAtMinutes: Math.min(1440, s2 + l2), pauseStartsAtMinutes: null, pauseEndsAtMinutes: null };
        const intersect = Math.max(a.startsAtMinutes, b.startsAtMinutes) < Math.min(a.endsAtMinutes, b.endsAtMinutes);
        expect(slotProblems([a, b]).some((p) => p.kind === 'overlap')).toBe(intersect);
      }),
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
    expect(periodsOverlap({ startsAt: '2026-01-01', endsAt: '2026-06-30' }, { startsAt: '2026-06-30', endsAt: null })).toBe(true);
    expect(periodsOverlap({ startsAt: '2026-01-01', endsAt: '2026-06-30' }, { startsAt: '2026-07-01', endsAt: null })).toBe(false);
    expect(periodsOverlap({ startsAt: '2026-01-01', endsAt: null }, { startsAt: '2030-01-01', endsAt: '2030-02-01' })).toBe(true);
    const existing = [{ id: 'a', startsAt: '2025-01-01', endsAt: '2025-12-31' }, { id: 'b', startsAt: '2026-01-01', endsAt: null }];
    expect(findOverlap({ startsAt: '2025-06-01', endsAt: '2025-08-01' }, existing)?.id).toBe('a');
    expect(findOverlap({ id: 'b', startsAt: '2026-02-01', endsAt: null }, existing)).toBeNull();
  });

  it('property: overlap is symmetric and equals "they share a day"', () => {
    const day = fc.integer({ min: 0, max: 2000 }).map((n) => addDays('2024-01-01', n));
    const period = fc.tuple(day, fc.option(fc.integer({ min: 0, max: 400 }))).map(([s, len]) => ({ startsAt: s, endsAt: len === null ? null : addDays(s, len) }));
    fc.assert(
      fc.property(period, period, (a, b) => {
        expect(periodsOverlap(a, b)).toBe(periodsOverlap(b, a));
        const lastA = a.endsAt ?? '2100-01-01';
        const lastB = b.endsAt ?? '2100-01-01';
        const shares = (a.startsAt <= b.startsAt ? b.startsAt <= lastA : a.startsAt <= lastB);
        expect(periodsOverlap(a, b)).toBe(shares);
      }),
    );
  });
});

describe('accrual proration', () => {
  it('full months accrue the monthly increase; a start on the 16th of a 30-day month accrues half', () => {
    const c = { startsAt: '2026-06-16', endsAt: null };
    expect(coveredFraction(c, '2026-06')).toBe(0.5);
    expect(monthlyAccrual(c, 6, '2026-06')).toBe(3);
    expect(monthlyAccrual(c, 6, '2026-07')).toBe(6);
    expect(monthlyAccrual(c, 6, '2026-05')).toBe(0);
    const ending = { startsAt: '2026-01-01', endsAt: '2026-02-14' };
    expect(monthlyAccrual(ending, 2.1667, '2026-02')).toBe(1.08);
    expect(monthlyAccrual(ending, 6, '2026-03')).toBe(0);
    expect(accrualMonths(ending, '2026-12')).toEqual(['2026-01', '2026-02']);
    expect(accrualMonths({ startsAt: '2026-11-10', endsAt: null }, '2027-01')).toEqual(['2026-11', '2026-12', '2027-01']);
  });

  it('property: a year of monthly accruals never exceeds 12 × the increase and equals it for a full-year contract', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 364 }), fc.integer({ min: 0, max: 364 }), fc.double({ min: 0, max: 40, noNaN: true }), (startOffset, length, inc) => {
        const startsAt = addDays('2026-01-01', startOffset);
        const endsAt = addDays(startsAt, Math.min(length, daysBetween(startsAt, '2026-12-31')));
        const c = { startsAt, endsAt };
        const total = accrualMonths(c, '2026-12').reduce((s, ym) => s + monthlyAccrual(c, inc, ym), 0);
        expect(total).toBeLessThanOrEqual(12 * inc + 0.06);
        expect(total).toBeGreaterThanOrEqual(0);
      }),
    );
    const full = { startsAt: '2026-01-01', endsAt: '2026-12-31' };
    expect(accrualMonths(full, '2026-12').reduce((s, ym) => s + monthlyAccrual(full, 6, ym), 0)).toBe(72);
  });

  it('month bounds', () => {
    expect(monthBounds('2028-02')).toEqual({ first: '2028-02-01', last: '2028-02-29', days: 29 });
    expect(formatIsoDate(new Date(Date.UTC(2026, 0, 1)))).toBe('2026-01-01');
  });
});
