import { describe, expect, it } from 'vitest';
import { clockIn, formatClock, formatMinutes, formatQuantity, parseQuantity } from './format';

describe('formatMinutes (h:mm, the one format of attendance figures)', () => {
  it('hours unpadded, minutes padded', () => {
    expect(formatMinutes(0)).toBe('0:00');
    expect(formatMinutes(5)).toBe('0:05');
    expect(formatMinutes(60)).toBe('1:00');
    expect(formatMinutes(450)).toBe('7:30');
    expect(formatMinutes(480)).toBe('8:00');
  });

  it('month totals go past 24 hours', () => {
    expect(formatMinutes(168 * 60)).toBe('168:00');
    expect(formatMinutes(10_079)).toBe('167:59');
  });

  it('negative balances carry a true minus sign in front', () => {
    expect(formatMinutes(-90)).toBe('\u22121:30');
    expect(formatMinutes(-5)).toBe('\u22120:05');
    expect(formatMinutes(-90, { signed: true })).toBe('\u22121:30');
  });

  it('signed shows + on surpluses only (zero stays bare)', () => {
    expect(formatMinutes(30, { signed: true })).toBe('+0:30');
    expect(formatMinutes(0, { signed: true })).toBe('0:00');
  });

  it('rounds fractions of a minute', () => {
    expect(formatMinutes(59.6)).toBe('1:00');
    expect(formatMinutes(-0.4)).toBe('0:00');
  });
});

describe('clock helpers', () => {
  it('minutes after midnight as hh:mm', () => {
    expect(formatClock(540)).toBe('09:00');
    expect(formatClock(965)).toBe('16:05');
  });

  it('an instant in the workspace zone, not the device zone (tests run in UTC)', () => {
    expect(clockIn('2026-11-03T08:02:00Z', 'Europe/Rome')).toBe('09:02');
    expect(clockIn('2026-07-03T08:02:00Z', 'Europe/Rome')).toBe('10:02');
  });

  it('quantities: decimal comma in, localized out', () => {
    expect(parseQuantity('1,5')).toBe(1.5);
    expect(parseQuantity(' 2 ')).toBe(2);
    expect(parseQuantity('due')).toBeNaN();
    expect(formatQuantity(1.5, 'it')).toBe('1,5');
    expect(formatQuantity(2.175, 'en')).toBe('2.18');
  });
});
