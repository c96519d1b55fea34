import { describe, expect, it } from 'vitest';
import { formatAmount } from './format';

// The unit's text as the catalogs write it: "{{value}} gg" / "{{value}} يوم".
const t = ((key: string, { value }: { value: string }) =>
  key.endsWith('.day') ? `${value} gg` : `${value} h`) as unknown as Parameters<typeof formatAmount>[3];

describe('formatAmount', () => {
  it('Italian: the sign before the digits, as typed', () => {
    expect(formatAmount(1.5, 'day', 'it', t, true)).toBe('+1,5 gg');
    expect(formatAmount(-2, 'hour', 'it', t, true)).toBe('-2 h');
    expect(formatAmount(2.166, 'day', 'it', t)).toBe('2,17 gg');
  });

  it('Arabic: a signed number in a left-to-right isolate, so that its sign stays before its digits', () => {
    expect(formatAmount(1.5, 'day', 'ar', t, true)).toBe('\u2066+1.5\u2069 gg');
    expect(formatAmount(-1, 'hour', 'ar', t, true)).toBe('\u2066-1\u2069 h');
    expect(formatAmount(1.5, 'day', 'ar', t)).toBe('1.5 gg');
  });
});
