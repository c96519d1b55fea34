import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compactDate,
  impliedDecimalHours,
  italianDecimalHours,
  itemCode,
  sexagesimal,
  spaceRight,
  splitMonth,
  versionTag,
  zeroLeft,
} from './fixed-width';

describe('padding', () => {
  it('zero-pads digits on the left and refuses what does not fit', () => {
    expect(zeroLeft('145', 6)).toBe('000145');
    expect(zeroLeft(80000, 9)).toBe('000080000');
    expect(zeroLeft('0123', 4)).toBe('0123');
    expect(() => zeroLeft('12345', 4)).toThrow();
    expect(() => zeroLeft('', 4)).toThrow();
    expect(() => zeroLeft('12a', 4)).toThrow();
    expect(() => zeroLeft('-1', 4)).toThrow();
    expect(() => zeroLeft(1.5, 4)).toThrow();
  });

  it('space-pads ASCII on the right and refuses what does not fit', () => {
    expect(spaceRight('FE', 3)).toBe('FE ');
    expect(spaceRight('', 3)).toBe('   ');
    expect(() => spaceRight('FERI', 3)).toThrow();
    expect(() => spaceRight('È', 3)).toThrow();
    expect(() => spaceRight('A\r', 3)).toThrow();
  });

  it('takes letters-and-digits item codes up to the limit', () => {
    expect(itemCode('FE', 4)).toBe('FE');
    expect(() => itemCode('FERIE', 4)).toThrow();
    expect(() => itemCode('', 4)).toThrow();
    expect(() => itemCode('F E', 4)).toThrow();
  });
});

describe('minutes conversions', () => {
  it('splits minutes into whole hours and minutes', () => {
    expect(sexagesimal(450)).toEqual({ hours: 7, minutes: 30 });
    expect(sexagesimal(0)).toEqual({ hours: 0, minutes: 0 });
    expect(sexagesimal(59)).toEqual({ hours: 0, minutes: 59 });
    expect(sexagesimal(1440)).toEqual({ hours: 24, minutes: 0 });
    expect(() => sexagesimal(-1)).toThrow();
    expect(() => sexagesimal(1.5)).toThrow();
  });

  it('writes hours with implied decimals, rounded half up', () => {
    expect(impliedDecimalHours(480, 4)).toBe(80000);
    expect(impliedDecimalHours(20, 4)).toBe(3333);
    expect(impliedDecimalHours(40, 4)).toBe(6667);
    expect(impliedDecimalHours(1, 4)).toBe(167);
    expect(impliedDecimalHours(0, 4)).toBe(0);
    expect(impliedDecimalHours(1440, 4)).toBe(240000);
    expect(impliedDecimalHours(3, 2)).toBe(5);
    expect(impliedDecimalHours(1, 2)).toBe(2);
    // With one decimal a tie exists (3 min = 0.05 h): half up.
    expect(impliedDecimalHours(3, 1)).toBe(1);
  });

  it('writes Italian decimal hours with a comma and two decimals', () => {
    expect(italianDecimalHours(450)).toBe('7,50');
    expect(italianDecimalHours(20)).toBe('0,33');
    expect(italianDecimalHours(40)).toBe('0,67');
    expect(italianDecimalHours(0)).toBe('0,00');
    expect(italianDecimalHours(7)).toBe('0,12');
    expect(italianDecimalHours(6000)).toBe('100,00');
  });

  it('rounds like the exact rational for every minute count (no float drift)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.constantFrom(2, 4), (minutes, decimals) => {
        const n = BigInt(minutes) * 10n ** BigInt(decimals);
        // round half up of n / 60, in exact integers
        const expected = Number((n * 2n + 60n) / 120n);
        expect(impliedDecimalHours(minutes, decimals)).toBe(expected);
      }),
    );
  });
});

describe('dates and names', () => {
  it('compacts ISO dates and splits months', () => {
    expect(compactDate('2026-03-02')).toBe('20260302');
    expect(() => compactDate('02/03/2026')).toThrow();
    expect(splitMonth('2026-03')).toEqual({ year: '2026', month: '03' });
    expect(() => splitMonth('2026-13')).toThrow();
  });

  it('tags a file with its month and version, or the two versions of a changes-only file', () => {
    expect(versionTag({ month: '2026-03', versionNumber: 2, baseVersionNumber: null })).toBe('2026-03-v2');
    expect(versionTag({ month: '2026-03', versionNumber: 3, baseVersionNumber: 1 })).toBe('2026-03-v1-v3-variazioni');
  });
});
