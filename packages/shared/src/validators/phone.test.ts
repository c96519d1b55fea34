import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidPhone, normalizePhone } from './phone';

describe('normalizePhone', () => {
  it('normalizes Italian landlines to E.164', () => {
    expect(normalizePhone('06 1234567')).toBe('+39061234567');
    expect(normalizePhone('+39 06 1234567')).toBe('+39061234567');
    expect(normalizePhone('0039 06 1234567')).toBe('+39061234567');
    expect(normalizePhone('(06) 123.45.67')).toBe('+39061234567');
    expect(normalizePhone('02/12345678')).toBe('+390212345678');
    expect(normalizePhone('+39 (0)2-1234-5678')).toBe('+390212345678');
    expect(normalizePhone('  0571 123456  ')).toBe('+390571123456');
  });

  it('enforces landline length 6-11 digits', () => {
    expect(normalizePhone('01234')).toBeNull();
    expect(normalizePhone('012345')).toBe('+39012345');
    expect(normalizePhone('01234567890')).toBe('+3901234567890');
    expect(normalizePhone('012345678901')).toBeNull();
  });

  it('normalizes Italian mobiles to E.164', () => {
    expect(normalizePhone('333 123 4567')).toBe('+393331234567');
    expect(normalizePhone('+39 333-123-4567')).toBe('+393331234567');
    expect(normalizePhone('0039.333.1234567')).toBe('+393331234567');
    expect(normalizePhone('(+39) 347 1234567')).toBe('+393471234567');
    expect(normalizePhone('333123456')).toBe('+39333123456');
  });

  it('enforces mobile length 9-10 digits', () => {
    expect(normalizePhone('33312345')).toBeNull();
    expect(normalizePhone('33312345678')).toBeNull();
    expect(normalizePhone('+39 33312345678')).toBeNull();
  });

  it('rejects Italian non-geographic numbers and short codes', () => {
    for (const s of [
      '800 123456',
      '803 116',
      '803116',
      '840 123456',
      '848 123456',
      '892 123',
      '899 123456',
      '112',
      '1xx',
      '119',
      '187',
      '+39 800 123456',
      '0039 899 123456',
      '+39 112',
      '+39 1 2345678',
    ]) {
      expect(normalizePhone(s), s).toBeNull();
    }
  });

  it('rejects numbers that are neither landline nor mobile', () => {
    for (const s of ['512345678', '712345678', '+39 5 12345678', '+39 00 1234567', '393331234567']) {
      expect(normalizePhone(s), s).toBeNull();
    }
  });

  it('accepts international E.164 numbers', () => {
    expect(normalizePhone('+44 20 7946 0958')).toBe('+442079460958');
    expect(normalizePhone('+1 (202) 555-0143')).toBe('+12025550143');
    expect(normalizePhone('0044 20 7946 0958')).toBe('+442079460958');
    expect(normalizePhone('+41 44 668 18 00')).toBe('+41446681800');
    expect(normalizePhone('+12345678')).toBe('+12345678'); // 8 digits
    expect(normalizePhone('+123456789012345')).toBe('+123456789012345'); // 15 digits
  });

  it('rejects malformed international numbers', () => {
    expect(normalizePhone('+1234567')).toBeNull(); // 7 digits
    expect(normalizePhone('+1234567890123456')).toBeNull(); // 16 digits
    expect(normalizePhone('+0123456789')).toBeNull(); // country code 0
    expect(normalizePhone('000123456789')).toBeNull();
    expect(normalizePhone('++39061234567')).toBeNull();
    expect(normalizePhone('+39+061234567')).toBeNull();
    expect(normalizePhone('06+1234567')).toBeNull();
  });

  it('rejects garbage', () => {
    for (const s of ['', ' ', '+', 'abc', '06 12a4567', '06 1234567 int. 2', '06_1234567', '333 1234567#']) {
      expect(normalizePhone(s), s).toBeNull();
    }
    expect(normalizePhone(3331234567 as unknown as string)).toBeNull();
  });

  it('property: output is always E.164 or null', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 25 }), (s) => {
        const out = normalizePhone(s);
        expect(out === null || /^\+[1-9]\d{7,14}$/.test(out)).toBe(true);
      }),
    );
  });

  it('property: normalization is idempotent', () => {
    const phoneLike = fc.stringMatching(/^(\+39 ?|0039 ?|\+44 ?)?[03]\d{2}[ .-]?\d{3,4}[ .-]?\d{0,4}$/);
    fc.assert(
      fc.property(phoneLike, (s) => {
        const out = normalizePhone(s);
        if (out !== null) expect(normalizePhone(out)).toBe(out);
      }),
    );
  });

  it('property: Italian mobiles in any format normalize to +39 and the digits', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^3\d{8,9}$/),
        fc.constantFrom('', '+39', '0039', '+39 ', '(+39) '),
        fc.constantFrom('', ' ', '.', '-'),
        (national, prefix, sep) => {
          const written = prefix + national.slice(0, 3) + sep + national.slice(3, 6) + sep + national.slice(6);
          expect(normalizePhone(written)).toBe(`+39${national}`);
          expect(isValidPhone(written)).toBe(true);
        },
      ),
    );
  });

  it('property: Italian landlines of 6-11 digits normalize to +39 and the digits', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^0[1-9]\d{4,9}$/), (national) => {
        expect(normalizePhone(national)).toBe(`+39${national}`);
      }),
    );
  });

  it('property: numbers starting with 1 or 8 are never accepted as Italian', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[18]\d{2,10}$/), fc.constantFrom('', '+39', '0039'), (national, prefix) => {
        expect(normalizePhone(prefix + national)).toBeNull();
      }),
    );
  });
});

describe('isValidPhone', () => {
  it('mirrors normalizePhone', () => {
    expect(isValidPhone('+39 06 1234567')).toBe(true);
    expect(isValidPhone('333 1234567')).toBe(true);
    expect(isValidPhone('+44 20 7946 0958')).toBe(true);
    expect(isValidPhone('800 123456')).toBe(false);
    expect(isValidPhone('')).toBe(false);
  });
});
