import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidCap } from './cap';

describe('isValidCap', () => {
  it('accepts five-digit strings, leading zeros included', () => {
    for (const cap of ['00184', '00010', '20121', '98168', '09170']) expect(isValidCap(cap)).toBe(true);
  });

  it('rejects other lengths, letters, spaces and non-ASCII digits', () => {
    for (const cap of ['', '0018', '001844', '2012a', ' 00184', '00184 ', '00 184', '-0184', '０１８４５', '1e345']) {
      expect(isValidCap(cap), JSON.stringify(cap)).toBe(false);
    }
  });

  it('rejects non-string input (numbers lose leading zeros)', () => {
    expect(isValidCap(20121 as unknown as string)).toBe(false);
  });

  it('property: every five-digit string is valid', () => {
    fc.assert(fc.property(fc.stringMatching(/^\d{5}$/), (cap) => isValidCap(cap)));
  });

  it('property: strings that are not exactly five ASCII digits are invalid', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 8 }).filter((s) => !/^[0-9]{5}$/.test(s)),
        (s) => !isValidCap(s),
      ),
    );
  });
});
