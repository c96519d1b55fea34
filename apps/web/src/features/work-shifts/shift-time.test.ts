import { describe, expect, it } from 'vitest';
import { formatClock, formatMinutes, formatShiftRange, isOvernight, parseClock, spanMinutes } from './shift-time';

describe('shift times', () => {
  it('formats a range with an en dash, the night one included', () => {
    expect(formatShiftRange({ startMinutes: 1320, endMinutes: 360 })).toBe('22:00–06:00');
    expect(formatShiftRange({ startMinutes: 480, endMinutes: 1020 })).toBe('08:00–17:00');
    expect(formatShiftRange({ startMinutes: 1080, endMinutes: 1440 })).toBe('18:00–24:00');
  });

  it('tells an overnight shift: its end at or before its start', () => {
    expect(isOvernight({ startMinutes: 1320, endMinutes: 360 })).toBe(true);
    expect(isOvernight({ startMinutes: 1200, endMinutes: 0 })).toBe(true);
    expect(isOvernight({ startMinutes: 480, endMinutes: 1020 })).toBe(false);
    // 24:00 is the end of the same day, not the next one.
    expect(isOvernight({ startMinutes: 1080, endMinutes: 1440 })).toBe(false);
  });

  it('measures the nominal span across midnight', () => {
    expect(spanMinutes({ startMinutes: 1320, endMinutes: 360 })).toBe(480);
    expect(spanMinutes({ startMinutes: 480, endMinutes: 1020 })).toBe(540);
    expect(spanMinutes({ startMinutes: 1080, endMinutes: 1440 })).toBe(360);
  });

  it('writes durations in hours and minutes, with the units given', () => {
    expect(formatMinutes(450)).toBe('7 h 30 min');
    expect(formatMinutes(480)).toBe('8 h');
    expect(formatMinutes(45)).toBe('45 min');
    expect(formatMinutes(0)).toBe('0 min');
    expect(formatMinutes(90, { hours: 'ч', minutes: 'мин' })).toBe('1 ч 30 мин');
  });

  it('reads and writes clock times', () => {
    expect(formatClock(540)).toBe('09:00');
    expect(parseClock('9:05')).toBe(545);
    expect(parseClock('24:00')).toBe(1440);
    expect(parseClock('24:30')).toBeNull();
    expect(parseClock('12:60')).toBeNull();
    expect(parseClock('')).toBeNull();
  });
});
