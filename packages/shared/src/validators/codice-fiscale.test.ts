import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  codiceFiscaleCheckChar,
  decodeCodiceFiscale,
  generateCodiceFiscale,
  isValidCodiceFiscale,
  isValidNumericCodiceFiscale,
  italianCheckLetter,
  normalizeCodiceFiscale,
  numericCheckDigit,
} from './codice-fiscale';

const NOW = new Date(2025, 5, 15); // current 2-digit year = 25
const DIGITS = '0123456789';
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const OMOCODIA = 'LMNPQRSTUV';
/** Numeric positions (0-based), right-most first: the order omocodia uses. */
const NUMERIC_FROM_RIGHT = [14, 13, 12, 10, 9, 7, 6] as const;

/** Apply omocodia to the `level` right-most numeric positions and recompute the check char. */
function omocodicVariant(code: string, level: number): string {
  const chars = code.slice(0, 15).split('');
  for (const pos of NUMERIC_FROM_RIGHT.slice(0, level)) {
    const ch = chars[pos] ?? '';
    const digit = DIGITS.indexOf(ch);
    if (digit >= 0) chars[pos] = OMOCODIA.charAt(digit);
  }
  const first15 = chars.join('');
  return first15 + codiceFiscaleCheckChar(first15);
}

function withCheck(first15: string): string {
  return first15 + codiceFiscaleCheckChar(first15);
}

describe('normalizeCodiceFiscale', () => {
  it('trims, removes spaces and uppercases', () => {
    expect(normalizeCodiceFiscale('  rssmra 45d25 f205n \t')).toBe('RSSMRA45D25F205N');
  });
});

describe('codiceFiscaleCheckChar', () => {
  it('computes the guide vector', () => {
    expect(codiceFiscaleCheckChar('RSSMRA45D25F205')).toBe('N');
    expect(codiceFiscaleCheckChar('RSSMRA45D25F2L5')).toBe('Y');
  });

  it('rejects input that is not 15 characters of 0-9/A-Z', () => {
    expect(() => codiceFiscaleCheckChar('RSSMRA45D25F20')).toThrow(RangeError);
    expect(() => codiceFiscaleCheckChar('RSSMRA45D25F2055')).toThrow(RangeError);
    expect(() => codiceFiscaleCheckChar('rssmra45d25f205')).toThrow(RangeError);
    expect(() => codiceFiscaleCheckChar('RSSMRA45D25F20-')).toThrow(RangeError);
  });

  it('is shared with the generic italianCheckLetter', () => {
    expect(italianCheckLetter('RSSMRA45D25F205')).toBe('N');
    expect(() => italianCheckLetter('AB-')).toThrow(RangeError);
  });
});

describe('isValidCodiceFiscale', () => {
  it('accepts the guide vectors', () => {
    expect(isValidCodiceFiscale('RSSMRA45D25F205N')).toBe(true);
    expect(isValidCodiceFiscale('RSSMRA45D25F2L5Y')).toBe(true);
  });

  it('rejects a wrong check character', () => {
    expect(isValidCodiceFiscale('RSSMRA45D25F205X')).toBe(false);
    expect(isValidCodiceFiscale('RSSMRA45D25F2L5N')).toBe(false);
  });

  it('normalizes case and whitespace', () => {
    expect(isValidCodiceFiscale('rssmra45d25f205n')).toBe(true);
    expect(isValidCodiceFiscale(' RSS MRA 45D25 F205N ')).toBe(true);
  });

  it('rejects wrong lengths and characters', () => {
    expect(isValidCodiceFiscale('')).toBe(false);
    expect(isValidCodiceFiscale('RSSMRA45D25F205')).toBe(false);
    expect(isValidCodiceFiscale('RSSMRA45D25F205NN')).toBe(false);
    expect(isValidCodiceFiscale('RSSMRA45D25F205-')).toBe(false);
    expect(isValidCodiceFiscale('RSSMRA45D25F2O5N')).toBe(false);
    // 'ß' uppercases to 'SS': must not sneak a 15-character input through.
    expect(isValidCodiceFiscale('RßMRA45D25F205N')).toBe(false);
  });

  it('rejects layout errors even with a matching check character', () => {
    // Digit in the surname block.
    expect(isValidCodiceFiscale(withCheck('R5SMRA45D25F205'))).toBe(false);
    // Invalid month letters (F, G, I, ...).
    for (const m of 'FGIJKNOQUVWXYZ') {
      expect(isValidCodiceFiscale(withCheck(`RSSMRA45${m}25F205`))).toBe(false);
    }
    // Belfiore must start with a letter.
    expect(isValidCodiceFiscale(withCheck('RSSMRA45D252205'))).toBe(false);
    // Non-omocodia letter in a numeric position.
    expect(isValidCodiceFiscale(withCheck('RSSMRA4AD25F205'))).toBe(false);
    expect(isValidCodiceFiscale(withCheck('RSSMRA45D25F20W'))).toBe(false);
  });

  it('accepts every month letter', () => {
    for (const m of 'ABCDEHLMPRST') {
      expect(isValidCodiceFiscale(withCheck(`RSSMRA45${m}25F205`))).toBe(true);
    }
  });

  it('checks the day range 01-31 (men) and 41-71 (women)', () => {
    const valid = ['01', '31', '41', '71', '15', '55'];
    const invalid = ['00', '32', '39', '40', '72', '99'];
    for (const dd of valid) expect(isValidCodiceFiscale(withCheck(`RSSMRA45D${dd}F205`))).toBe(true);
    for (const dd of invalid) expect(isValidCodiceFiscale(withCheck(`RSSMRA45D${dd}F205`))).toBe(false);
  });

  it('checks the day range after undoing omocodia', () => {
    // Q = 4, R = 5: day 45 → valid woman; P = 3, P = 3: day 33 → invalid.
    expect(isValidCodiceFiscale(withCheck('RSSMRA45DQRF205'))).toBe(true);
    expect(isValidCodiceFiscale(withCheck('RSSMRA45DPPF205'))).toBe(false);
    expect(isValidCodiceFiscale(withCheck('RSSMRA45DLLF205'))).toBe(false);
  });

  it('rejects every same-class single-character change of the guide vector', () => {
    const code = 'RSSMRA45D25F205N';
    for (let pos = 0; pos < 15; pos++) {
      const original = code.charAt(pos);
      const alphabet = DIGITS.includes(original) ? DIGITS : LETTERS;
      for (const replacement of alphabet) {
        if (replacement === original) continue;
        const mutated = code.slice(0, pos) + replacement + code.slice(pos + 1);
        expect(isValidCodiceFiscale(mutated), mutated).toBe(false);
      }
    }
  });

  it('rejects non-string input at runtime', () => {
    expect(isValidCodiceFiscale(undefined as unknown as string)).toBe(false);
    expect(isValidCodiceFiscale(12345 as unknown as string)).toBe(false);
  });
});

describe('decodeCodiceFiscale', () => {
  it('decodes the guide vector and its omocodic variant', () => {
    const expected = { birthDate: '1945-04-25', sex: 'M', belfiore: 'F205' };
    expect(decodeCodiceFiscale('RSSMRA45D25F205N', { now: NOW })).toEqual(expected);
    expect(decodeCodiceFiscale('RSSMRA45D25F2L5Y', { now: NOW })).toEqual(expected);
  });

  it('decodes women (day + 40)', () => {
    expect(decodeCodiceFiscale(withCheck('BNCMRA90A41H501'), { now: NOW })).toEqual({
      birthDate: '1990-01-01',
      sex: 'F',
      belfiore: 'H501',
    });
    expect(decodeCodiceFiscale(withCheck('BNCMRA90T71H501'), { now: NOW })?.birthDate).toBe('1990-12-31');
  });

  it('chooses the century from the current 2-digit year', () => {
    expect(decodeCodiceFiscale(withCheck('RSSMRA25A01F205'), { now: NOW })?.birthDate).toBe('2025-01-01');
    expect(decodeCodiceFiscale(withCheck('RSSMRA26A01F205'), { now: NOW })?.birthDate).toBe('1926-01-01');
    expect(decodeCodiceFiscale(withCheck('RSSMRA00A01F205'), { now: NOW })?.birthDate).toBe('2000-01-01');
    expect(decodeCodiceFiscale(withCheck('RSSMRA99A01F205'), { now: NOW })?.birthDate).toBe('1999-01-01');
    expect(decodeCodiceFiscale(withCheck('RSSMRA26A01F205'), { now: new Date(2026, 0, 1) })?.birthDate).toBe(
      '2026-01-01',
    );
  });

  it('uses the real current date by default', () => {
    const yy = new Date().getFullYear() % 100;
    const code = withCheck(`RSSMRA${String(yy).padStart(2, '0')}A01F205`);
    expect(decodeCodiceFiscale(code)?.birthDate.slice(0, 2)).toBe('20');
  });

  it('decodes a foreign-born person (Z code)', () => {
    expect(decodeCodiceFiscale(withCheck('SMTJHN80M10Z404'), { now: NOW })).toEqual({
      birthDate: '1980-08-10',
      sex: 'M',
      belfiore: 'Z404',
    });
  });

  it('handles leap years and returns null for dates that do not exist', () => {
    expect(decodeCodiceFiscale(withCheck('RSSMRA00B29F205'), { now: NOW })?.birthDate).toBe('2000-02-29');
    expect(decodeCodiceFiscale(withCheck('RSSMRA84B69F205'), { now: NOW })?.birthDate).toBe('1984-02-29');
    expect(decodeCodiceFiscale(withCheck('RSSMRA85B29F205'), { now: NOW })).toBeNull();
    expect(decodeCodiceFiscale(withCheck('RSSMRA85B30F205'), { now: NOW })).toBeNull();
    expect(decodeCodiceFiscale(withCheck('RSSMRA85D31F205'), { now: NOW })).toBeNull();
  });

  it('returns null for invalid codes', () => {
    expect(decodeCodiceFiscale('RSSMRA45D25F205X')).toBeNull();
    expect(decodeCodiceFiscale('')).toBeNull();
  });
});

describe('generateCodiceFiscale', () => {
  it('reproduces the guide vector', () => {
    expect(
      generateCodiceFiscale({
        lastName: 'Rossi',
        firstName: 'Mario',
        birthDate: '1945-04-25',
        sex: 'M',
        belfiore: 'F205',
      }),
    ).toBe('RSSMRA45D25F205N');
  });

  it('applies the surname rules (consonants, then vowels, then X)', () => {
    const base = { firstName: 'Mario', birthDate: '1980-01-01', sex: 'M' as const, belfiore: 'H501' };
    const surname = (lastName: string): string => generateCodiceFiscale({ ...base, lastName }).slice(0, 3);
    expect(surname('Bianchi')).toBe('BNC');
    expect(surname('Rè')).toBe('REX');
    expect(surname('Fo')).toBe('FOX');
    expect(surname('Oe')).toBe('OEX');
    expect(surname('Ai')).toBe('AIX');
    expect(surname('U')).toBe('UXX');
    expect(surname("D'Angelo")).toBe('DNG');
    expect(surname('De Luca')).toBe('DLC');
    expect(surname('Nicolò-Nuñez')).toBe('NCL');
  });

  it('applies the first-name rules (1st, 3rd, 4th consonant when there are 4 or more)', () => {
    const base = { lastName: 'Rossi', birthDate: '1980-01-01', sex: 'M' as const, belfiore: 'H501' };
    const name = (firstName: string): string => generateCodiceFiscale({ ...base, firstName }).slice(3, 6);
    expect(name('Gianfranco')).toBe('GFR');
    expect(name('Alessandro')).toBe('LSN');
    expect(name('Mario')).toBe('MRA');
    expect(name('Luca')).toBe('LCU');
    expect(name('Ida')).toBe('DIA');
    expect(name('Eva')).toBe('VEA');
    expect(name('Io')).toBe('IOX');
    expect(name('Maria Teresa')).toBe('MTR');
    expect(name('Niccolò')).toBe('NCL');
    expect(name('Àlèssàndrò')).toBe('LSN');
  });

  it('encodes women with day + 40 and accepts lowercase belfiore', () => {
    const code = generateCodiceFiscale({
      lastName: 'Bianchi',
      firstName: 'Maria',
      birthDate: '1990-01-01',
      sex: 'F',
      belfiore: 'h501',
    });
    expect(code.slice(0, 15)).toBe('BNCMRA90A41H501');
    expect(isValidCodiceFiscale(code)).toBe(true);
  });

  it('throws on invalid input', () => {
    const ok = { lastName: 'Rossi', firstName: 'Mario', birthDate: '1980-01-01', sex: 'M' as const, belfiore: 'H501' };
    expect(() => generateCodiceFiscale({ ...ok, birthDate: '2023-02-29' })).toThrow(RangeError);
    expect(() => generateCodiceFiscale({ ...ok, birthDate: '1980-13-01' })).toThrow(RangeError);
    expect(() => generateCodiceFiscale({ ...ok, birthDate: '1980-00-10' })).toThrow(RangeError);
    expect(() => generateCodiceFiscale({ ...ok, birthDate: '1980-04-31' })).toThrow(RangeError);
    expect(() => generateCodiceFiscale({ ...ok, birthDate: '01/01/1980' })).toThrow(RangeError);
    expect(() => generateCodiceFiscale({ ...ok, belfiore: 'H50' })).toThrow(RangeError);
    expect(() => generateCodiceFiscale({ ...ok, belfiore: '1501' })).toThrow(RangeError);
    expect(() => generateCodiceFiscale({ ...ok, lastName: "' -" })).toThrow(RangeError);
    expect(() => generateCodiceFiscale({ ...ok, firstName: '' })).toThrow(RangeError);
    expect(() => generateCodiceFiscale({ ...ok, sex: 'X' as unknown as 'M' })).toThrow(RangeError);
  });
});

describe('isValidNumericCodiceFiscale', () => {
  it('accepts 11-digit codes with a correct check digit', () => {
    for (const code of ['00098090210', '01907990012', '07643520567']) {
      expect(isValidNumericCodiceFiscale(code)).toBe(true);
    }
    const body = '8012345678';
    expect(isValidNumericCodiceFiscale(body + numericCheckDigit(body))).toBe(true);
  });

  it('rejects wrong check digits, lengths, characters and all zeros', () => {
    expect(isValidNumericCodiceFiscale('00098090211')).toBe(false);
    expect(isValidNumericCodiceFiscale('0009809021')).toBe(false);
    expect(isValidNumericCodiceFiscale('000980902100')).toBe(false);
    expect(isValidNumericCodiceFiscale('0009809021A')).toBe(false);
    expect(isValidNumericCodiceFiscale('00000000000')).toBe(false);
    expect(isValidNumericCodiceFiscale('')).toBe(false);
  });

  it('numericCheckDigit rejects anything but 10 digits', () => {
    expect(numericCheckDigit('0009809021')).toBe('0');
    expect(() => numericCheckDigit('000980902')).toThrow(RangeError);
  });
});

// ---------------------------------------------------------------------------
// Property tests
// ---------------------------------------------------------------------------

const nameChar = fc.constantFrom(
  ...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyzàèéìòùÀÈÉÌÒÙçñäöü',
  ' ',
  "'",
  '-',
);
/** A name with at least one plain letter, plus accents and separators. */
const nameArb = fc
  .tuple(fc.constantFrom(...'BCDLMRSTAEIOU'.split('')), fc.array(nameChar, { maxLength: 20 }))
  .map(([first, rest]) => first + rest.join(''));

/** Birth dates whose century decodes unambiguously with NOW (1926–2025). */
const birthDateArb = fc
  .date({ min: new Date(Date.UTC(1926, 0, 1)), max: new Date(Date.UTC(2025, 11, 31)), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

const belfioreArb = fc
  .tuple(fc.constantFrom(...LETTERS.split('')), fc.integer({ min: 0, max: 999 }))
  .map(([letter, n]) => letter + String(n).padStart(3, '0'));

const personArb = fc.record({
  lastName: nameArb,
  firstName: nameArb,
  birthDate: birthDateArb,
  sex: fc.constantFrom<'M' | 'F'>('M', 'F'),
  belfiore: belfioreArb,
});

describe('codice fiscale properties', () => {
  it('generated codes are valid and decode back to birth date, sex and belfiore', () => {
    fc.assert(
      fc.property(personArb, (person) => {
        const code = generateCodiceFiscale(person);
        expect(code).toMatch(/^[A-Z]{6}\d{2}[A-Z]\d{2}[A-Z]\d{3}[A-Z]$/);
        expect(isValidCodiceFiscale(code)).toBe(true);
        expect(decodeCodiceFiscale(code, { now: NOW })).toEqual({
          birthDate: person.birthDate,
          sex: person.sex,
          belfiore: person.belfiore,
        });
      }),
      { numRuns: 500 },
    );
  });

  it('every omocodic variant (digits replaced from the right) stays valid and decodes the same', () => {
    fc.assert(
      fc.property(personArb, (person) => {
        const code = generateCodiceFiscale(person);
        const decoded = decodeCodiceFiscale(code, { now: NOW });
        for (let level = 1; level <= 7; level++) {
          const variant = omocodicVariant(code, level);
          expect(isValidCodiceFiscale(variant)).toBe(true);
          expect(decodeCodiceFiscale(variant, { now: NOW })).toEqual(decoded);
        }
        // Level 7 leaves no digit at all.
        expect(omocodicVariant(code, 7)).toMatch(/^[A-Z]{16}$/);
      }),
      { numRuns: 200 },
    );
  });

  it('changing one of the first 15 characters to another of the same class invalidates the code', () => {
    fc.assert(
      fc.property(
        personArb,
        fc.integer({ min: 0, max: 7 }),
        fc.integer({ min: 0, max: 14 }),
        fc.integer({ min: 1, max: 25 }),
        (person, level, pos, offset) => {
          const code = omocodicVariant(generateCodiceFiscale(person), level);
          const original = code.charAt(pos);
          const alphabet = DIGITS.includes(original) ? DIGITS : LETTERS;
          const step = 1 + ((offset - 1) % (alphabet.length - 1));
          const replacement = alphabet.charAt((alphabet.indexOf(original) + step) % alphabet.length);
          expect(replacement).not.toBe(original);
          const mutated = code.slice(0, pos) + replacement + code.slice(pos + 1);
          expect(isValidCodiceFiscale(mutated)).toBe(false);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('changing the check character invalidates the code', () => {
    fc.assert(
      fc.property(personArb, fc.integer({ min: 1, max: 25 }), (person, offset) => {
        const code = generateCodiceFiscale(person);
        const wrong = LETTERS.charAt((LETTERS.indexOf(code.charAt(15)) + offset) % 26);
        expect(isValidCodiceFiscale(code.slice(0, 15) + wrong)).toBe(false);
      }),
    );
  });

  it('numeric codes built with numericCheckDigit are valid, and any single-digit change is not', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{10}$/).filter((s) => s !== '0000000000'),
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 1, max: 9 }),
        (body, pos, delta) => {
          const code = body + numericCheckDigit(body);
          expect(isValidNumericCodiceFiscale(code)).toBe(true);
          const digit = (Number(code.charAt(pos)) + delta) % 10;
          const mutated = code.slice(0, pos) + String(digit) + code.slice(pos + 1);
          expect(isValidNumericCodiceFiscale(mutated)).toBe(false);
        },
      ),
    );
  });
});
