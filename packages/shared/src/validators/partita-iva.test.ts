import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { numericCheckDigit } from './codice-fiscale';
import { isValidPartitaIva } from './partita-iva';

/** Build a P.IVA with a correct check digit from a 7-digit progressive and a 3-digit office code. */
function build(progressive: string, office: string): string {
  const body = progressive + office;
  return body + numericCheckDigit(body);
}

describe('isValidPartitaIva', () => {
  it('accepts the guide vectors', () => {
    expect(isValidPartitaIva('00098090210')).toBe(true);
    expect(isValidPartitaIva('01907990012')).toBe(true);
    expect(isValidPartitaIva('07643520567')).toBe(true);
  });

  it('rejects a wrong check digit', () => {
    expect(isValidPartitaIva('00098090211')).toBe(false);
    expect(isValidPartitaIva('01907990013')).toBe(false);
    expect(isValidPartitaIva('07643520560')).toBe(false);
  });

  it('rejects all zeros even though the checksum passes', () => {
    expect(numericCheckDigit('0000000000')).toBe('0');
    expect(isValidPartitaIva('00000000000')).toBe(false);
  });

  it('checks the office code (positions 8-10)', () => {
    const accepted = ['001', '050', '099', '100', '120', '121', '888', '999'];
    const rejected = ['000', '101', '119', '122', '200', '500', '887', '998'];
    for (const office of accepted) expect(isValidPartitaIva(build('1234567', office)), office).toBe(true);
    for (const office of rejected) expect(isValidPartitaIva(build('1234567', office)), office).toBe(false);
  });

  it('rejects wrong lengths, prefixes, separators and non-digits', () => {
    expect(isValidPartitaIva('')).toBe(false);
    expect(isValidPartitaIva('0009809021')).toBe(false);
    expect(isValidPartitaIva('000980902100')).toBe(false);
    expect(isValidPartitaIva('IT00098090210')).toBe(false);
    expect(isValidPartitaIva('000 9809 0210')).toBe(false);
    expect(isValidPartitaIva(' 00098090210')).toBe(false);
    expect(isValidPartitaIva('0009809021O')).toBe(false);
    expect(isValidPartitaIva(98090210 as unknown as string)).toBe(false);
  });

  it('property: numbers built with a valid office code and check digit are valid', () => {
    const officeArb = fc.oneof(
      fc.integer({ min: 1, max: 100 }).map((n) => String(n).padStart(3, '0')),
      fc.constantFrom('120', '121', '888', '999'),
    );
    fc.assert(
      fc.property(fc.stringMatching(/^\d{7}$/), officeArb, (progressive, office) => {
        expect(isValidPartitaIva(build(progressive, office))).toBe(true);
      }),
    );
  });

  it('property: any single-digit change of a valid number is rejected', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{7}$/),
        fc.integer({ min: 1, max: 100 }),
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 1, max: 9 }),
        (progressive, office, pos, delta) => {
          const valid = build(progressive, String(office).padStart(3, '0'));
          const digit = (Number(valid.charAt(pos)) + delta) % 10;
          const mutated = valid.slice(0, pos) + String(digit) + valid.slice(pos + 1);
          expect(isValidPartitaIva(mutated)).toBe(false);
        },
      ),
    );
  });
});
