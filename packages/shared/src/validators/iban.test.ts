import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidIban, italianIbanCinIsValid, normalizeIban } from './iban';

const VECTOR = 'IT60X0542811101000000123456';

/** Reference check digits computed with BigInt (independent of the digit-by-digit implementation). */
function checkDigits(country: string, bban: string): string {
  const numeric = (bban + country + '00').replace(/[A-Z]/g, (ch) => String(ch.charCodeAt(0) - 55));
  return String(98n - (BigInt(numeric) % 97n)).padStart(2, '0');
}

function makeIban(country: string, bban: string): string {
  return country + checkDigits(country, bban) + bban;
}

describe('normalizeIban', () => {
  it('trims, removes spaces and uppercases', () => {
    expect(normalizeIban(' it60 x054 2811 1010 0000 0123 456 ')).toBe(VECTOR);
  });
});

describe('isValidIban', () => {
  it('accepts the guide vector, also in printed form', () => {
    expect(isValidIban(VECTOR)).toBe(true);
    expect(isValidIban('IT60 X054 2811 1010 0000 0123 456')).toBe(true);
    expect(isValidIban('it60x0542811101000000123456')).toBe(true);
  });

  it('rejects the 61 variant of the guide vector', () => {
    expect(isValidIban('IT61X0542811101000000123456')).toBe(false);
  });

  it('rejects any single-digit change of the guide vector', () => {
    for (let pos = 2; pos < VECTOR.length; pos++) {
      const ch = VECTOR.charAt(pos);
      if (!/\d/.test(ch)) continue;
      for (let d = 0; d <= 9; d++) {
        if (String(d) === ch) continue;
        const mutated = VECTOR.slice(0, pos) + String(d) + VECTOR.slice(pos + 1);
        expect(isValidIban(mutated), mutated).toBe(false);
      }
    }
  });

  it('enforces the Italian layout and length', () => {
    expect(isValidIban(VECTOR.slice(0, 26))).toBe(false);
    expect(isValidIban(VECTOR + '0')).toBe(false);
    // CIN must be a letter: a digit there fails even with recomputed check digits.
    expect(isValidIban(makeIban('IT', '10542811101000000123456'))).toBe(false);
    // ABI/CAB must be digits.
    expect(isValidIban(makeIban('IT', 'X05428A1101000000123456'))).toBe(false);
    // Account number may be alphanumeric.
    expect(isValidIban(makeIban('IT', 'X0542811101CC0000123456'))).toBe(true);
  });

  it('accepts well-known examples from other countries', () => {
    for (const iban of [
      'DE89370400440532013000',
      'GB82WEST12345698765432',
      'FR1420041010050500013M02606',
      'NL91ABNA0417164300',
      'BE68539007547034',
      'CH9300762011623852957',
      'AT611904300234573201',
      'ES9121000418450200051332',
    ]) {
      expect(isValidIban(iban), iban).toBe(true);
    }
  });

  it('enforces the length table for known countries', () => {
    // Valid mod-97 but the wrong length for the country.
    expect(isValidIban(makeIban('DE', '3704004405320130001'))).toBe(false);
    expect(isValidIban(makeIban('DE', '370400440532013000'))).toBe(true);
    expect(isValidIban(makeIban('FR', '2004101005050001302606'))).toBe(false);
    expect(isValidIban(makeIban('SM', 'X0542811101000000123456'))).toBe(true);
  });

  it('accepts lengths 15-34 for countries not in the table', () => {
    expect(isValidIban(makeIban('QQ', '12345678901'))).toBe(true); // 15
    expect(isValidIban(makeIban('QQ', '1234567890'))).toBe(false); // 14
    expect(isValidIban(makeIban('QQ', 'A'.repeat(30)))).toBe(true); // 34
    expect(isValidIban(makeIban('QQ', 'A'.repeat(31)))).toBe(false); // 35
  });

  it('rejects check digits 00, 01 and 99 even when mod-97 equals 1', () => {
    // Find a BBAN whose check digits are 02 or 98: then 99 or 01 also give mod-97 = 1.
    let found = 0;
    for (let n = 0; found < 2 && n < 10000; n++) {
      const bban = `ABCD${String(n).padStart(10, '0')}`;
      const cd = checkDigits('QQ', bban);
      if (cd === '02') {
        expect(isValidIban(`QQ02${bban}`)).toBe(true);
        expect(isValidIban(`QQ99${bban}`)).toBe(false);
        found++;
      } else if (cd === '98') {
        expect(isValidIban(`QQ98${bban}`)).toBe(true);
        expect(isValidIban(`QQ01${bban}`)).toBe(false);
        found++;
      }
    }
    expect(found).toBe(2);
    expect(isValidIban('IT00X0542811101000000123456')).toBe(false);
  });

  it('rejects malformed input', () => {
    for (const s of [
      '',
      'IT',
      '60X0542811101000000123456IT',
      'IT6OX0542811101000000123456',
      'IT60X0542811101000000123456!',
      'IT60-X054-2811-1010-0000-0123-456',
      '1T60X0542811101000000123456',
      'ITßX0542811101000000123456',
    ]) {
      expect(isValidIban(s), s).toBe(false);
    }
    expect(isValidIban(null as unknown as string)).toBe(false);
  });

  it('property: IBANs with correctly computed check digits are valid (unknown country, 15-34 chars)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9A-Z]{11,30}$/), (bban) => {
        expect(isValidIban(makeIban('QQ', bban))).toBe(true);
      }),
    );
  });

  it('property: Italian IBANs built from random ABI/CAB/account are valid', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Z]\d{10}[0-9A-Z]{12}$/), (bban) => {
        expect(isValidIban(makeIban('IT', bban))).toBe(true);
      }),
    );
  });

  it('property: a single same-class substitution in the BBAN is detected', () => {
    const DIGITS = '0123456789';
    const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    fc.assert(
      fc.property(
        fc.stringMatching(/^[0-9A-Z]{11,30}$/),
        fc.nat(),
        fc.integer({ min: 1, max: 25 }),
        (bban, rawPos, offset) => {
          const iban = makeIban('QQ', bban);
          const pos = 4 + (rawPos % bban.length);
          const original = iban.charAt(pos);
          const alphabet = DIGITS.includes(original) ? DIGITS : LETTERS;
          const step = 1 + ((offset - 1) % (alphabet.length - 1));
          const replacement = alphabet.charAt((alphabet.indexOf(original) + step) % alphabet.length);
          const mutated = iban.slice(0, pos) + replacement + iban.slice(pos + 1);
          expect(isValidIban(mutated)).toBe(false);
        },
      ),
    );
  });
});

describe('italianIbanCinIsValid', () => {
  it('accepts the CIN of the guide vector (X)', () => {
    expect(italianIbanCinIsValid(VECTOR)).toBe(true);
    expect(italianIbanCinIsValid('it60 x054 2811 1010 0000 0123 456')).toBe(true);
  });

  it('rejects any other CIN letter', () => {
    for (const letter of 'ABCDEFGHIJKLMNOPQRSTUVWYZ') {
      expect(italianIbanCinIsValid(`IT60${letter}0542811101000000123456`), letter).toBe(false);
    }
  });

  it('detects a wrong ABI/CAB/account even when mod-97 check digits were recomputed', () => {
    const tampered = makeIban('IT', 'X0542811101000000123457');
    expect(isValidIban(tampered)).toBe(true);
    expect(italianIbanCinIsValid(tampered)).toBe(false);
  });

  it('returns false for non-Italian or malformed input', () => {
    expect(italianIbanCinIsValid('DE89370400440532013000')).toBe(false);
    expect(italianIbanCinIsValid('SM60X0542811101000000123456')).toBe(false);
    expect(italianIbanCinIsValid('IT60X054281110100000012345')).toBe(false);
    expect(italianIbanCinIsValid('')).toBe(false);
  });
});
