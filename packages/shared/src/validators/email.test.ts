import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidEmail } from './email';

describe('isValidEmail', () => {
  it('accepts ordinary and PEC addresses', () => {
    for (const s of [
      'mario.rossi@example.it',
      'a@b.co',
      "o'connor@example.com",
      'user+tag@sub.example.co.uk',
      'UPPER.Case@Example.IT',
      'azienda@pec.it',
      'studio.rossi@legalmail.it',
      'protocollo@pec.comune.milano.it',
      'x@xn--citt-4qa.it',
      'first_last-1@my-company.it',
      "!#$%&'*+/=?^_`{|}~-@example.org",
      'a@1.example.com',
    ]) {
      expect(isValidEmail(s), s).toBe(true);
    }
  });

  it('rejects addresses without exactly one @', () => {
    for (const s of ['', 'plain', 'example.it', 'a@@b.it', 'a@b@c.it', '@b.it', 'a@']) {
      expect(isValidEmail(s), s).toBe(false);
    }
  });

  it('rejects bad local parts', () => {
    for (const s of [
      '.a@b.it',
      'a.@b.it',
      'a..b@c.it',
      'a b@c.it',
      '"quoted"@b.it',
      'a(comment)@b.it',
      'mário@b.it',
      'a,b@c.it',
    ]) {
      expect(isValidEmail(s), s).toBe(false);
    }
  });

  it('rejects bad domains', () => {
    for (const s of [
      'a@b',
      'a@localhost',
      'a@-b.it',
      'a@b-.it',
      'a@b.-it',
      'a@.b.it',
      'a@b.it.',
      'a@b..it',
      'a@b.123',
      'a@[127.0.0.1]',
      'a@127.0.0.1',
      'a@città.it',
      'a@b_c.it',
      'a@b.it ',
      ' a@b.it',
    ]) {
      expect(isValidEmail(s), s).toBe(false);
    }
  });

  it('enforces 64 characters for the local part and 63 per label', () => {
    expect(isValidEmail(`${'a'.repeat(64)}@b.it`)).toBe(true);
    expect(isValidEmail(`${'a'.repeat(65)}@b.it`)).toBe(false);
    expect(isValidEmail(`a@${'b'.repeat(63)}.it`)).toBe(true);
    expect(isValidEmail(`a@${'b'.repeat(64)}.it`)).toBe(false);
  });

  it('enforces 254 characters in total', () => {
    const domain = (last: number): string => `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(last)}.it`;
    const at254 = `${'x'.repeat(64)}@${domain(58)}`;
    const at255 = `${'x'.repeat(64)}@${domain(59)}`;
    expect(at254).toHaveLength(254);
    expect(isValidEmail(at254)).toBe(true);
    expect(at255).toHaveLength(255);
    expect(isValidEmail(at255)).toBe(false);
  });

  it('rejects non-string input', () => {
    expect(isValidEmail(undefined as unknown as string)).toBe(false);
  });

  it('property: simple generated addresses are valid', () => {
    const part = fc.stringMatching(/^[a-z0-9]{1,20}$/);
    fc.assert(
      fc.property(part, part, fc.stringMatching(/^[a-z]{2,6}$/), (local, host, tld) => {
        expect(isValidEmail(`${local}@${host}.${tld}`)).toBe(true);
      }),
    );
  });

  it('property: anything with whitespace or without an @ is invalid', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (s) => {
        if (/\s/.test(s) || !s.includes('@')) expect(isValidEmail(s)).toBe(false);
      }),
    );
  });
});
