import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  signAccessToken,
  signDeviceToken,
  signingKeys,
  verifyAccessTokenCached,
  verifyDeviceToken,
} from '../src/lib/tokens';

const SECRET = signingKeys('s'.repeat(48));
const OTHER = signingKeys('o'.repeat(48));
const SESSION = '3105251c-45a6-4368-822c-4985e784b153';

describe('access tokens, remembered once verified', () => {
  it('a valid token passes, again from memory; only with the secret it was checked with; not past its end', () => {
    const now = new Date('2026-11-27T10:00:00Z');
    const token = signAccessToken(SECRET, SESSION, new Date(now.getTime() + 15 * 60_000));
    expect(verifyAccessTokenCached(SECRET, token, now)).toEqual({ sessionId: SESSION });
    expect(verifyAccessTokenCached(SECRET, token, now)).toEqual({ sessionId: SESSION });
    expect(verifyAccessTokenCached(OTHER, token, now)).toBeNull();
    expect(verifyAccessTokenCached(SECRET, token, new Date(now.getTime() + 16 * 60_000))).toBeNull();
  });

  it('a forged or altered token never passes', () => {
    const now = new Date('2026-11-27T10:00:00Z');
    const token = signAccessToken(SECRET, SESSION, new Date(now.getTime() + 60_000));
    const [v, kid, , exp, sig] = token.split('.');
    const otherSession = [v, kid, '00000000-0000-4000-8000-000000000000', exp, sig].join('.');
    const later = [v, kid, SESSION, String(Number(exp) + 3600), sig].join('.');
    const otherKid = [v, OTHER.current.kid, SESSION, exp, sig].join('.');
    for (const t of [otherSession, later, otherKid, `${token}x`, 'v1.x.y.z', 'v2.a.b.c.d'])
      expect(verifyAccessTokenCached(SECRET, t, now)).toBeNull();
  });
});

describe('signing keys carry an id so the key can rotate (issue 30, ADR 0003)', () => {
  const now = new Date('2026-11-27T10:00:00Z');
  const exp = new Date(now.getTime() + 15 * 60_000);

  it('a token names the key that signed it; the id is derived from the key and reveals nothing of it', () => {
    const token = signAccessToken(SECRET, SESSION, exp);
    const [version, kid] = token.split('.');
    expect(version).toBe('v2');
    expect(kid).toBe(SECRET.current.kid);
    expect(kid).toMatch(/^[A-Za-z0-9_-]{8}$/);
    expect(SECRET.current.kid).not.toBe(OTHER.current.kid);
    expect(token).not.toContain('ssss');
  });

  it('after a rotation the previous key still verifies its tokens until they expire; new ones use the current key', () => {
    const before = signAccessToken(OTHER, SESSION, exp);
    const rotated = signingKeys('n'.repeat(48), ['o'.repeat(48)]);
    expect(verifyAccessTokenCached(rotated, before, now)).toEqual({ sessionId: SESSION });
    expect(verifyAccessTokenCached(rotated, before, new Date(exp.getTime() + 1000))).toBeNull();

    const after = signAccessToken(rotated, SESSION, exp);
    expect(after.split('.')[1]).toBe(rotated.current.kid);
    expect(verifyAccessTokenCached(rotated, after, now)).toEqual({ sessionId: SESSION });
    // A server still on the old key alone does not accept the new key's tokens, and once the previous key is
    // dropped its tokens stop verifying (even those remembered as verified).
    expect(verifyAccessTokenCached(OTHER, after, now)).toBeNull();
    expect(verifyAccessTokenCached(signingKeys('n'.repeat(48)), before, now)).toBeNull();
  });

  it('a token whose key id is known but whose signature is another key’s is refused', () => {
    const rotated = signingKeys('n'.repeat(48), ['o'.repeat(48)]);
    const payload = `v2.${rotated.current.kid}.${SESSION}.${Math.floor(exp.getTime() / 1000)}`;
    const forged = `${payload}.${createHmac('sha256', 'o'.repeat(48)).update(payload).digest('base64url')}`;
    expect(verifyAccessTokenCached(rotated, forged, now)).toBeNull();
  });

  it('the tokens of earlier releases (v1, no key id) are no longer accepted', () => {
    const exp1 = Math.floor(exp.getTime() / 1000);
    const payload = `v1.${SESSION}.${exp1}`;
    const v1 = `${payload}.${createHmac('sha256', 's'.repeat(48)).update(payload).digest('base64url')}`;
    expect(verifyAccessTokenCached(SECRET, v1, now)).toBeNull();
  });
});

describe('known-device tokens', () => {
  it('belong to one account (its login e-mail, any case) and one secret, for a year', () => {
    const at = new Date('2026-11-27T10:00:00Z');
    const token = signDeviceToken(SECRET, 'Mario.Rossi@demo.timbro.it', at);
    expect(token).not.toContain('mario');
    expect(verifyDeviceToken(SECRET, token, 'mario.rossi@demo.timbro.it', at)).toBe(true);
    expect(verifyDeviceToken(SECRET, token, 'anna@demo.timbro.it', at)).toBe(false);
    expect(verifyDeviceToken(OTHER, token, 'mario.rossi@demo.timbro.it', at)).toBe(false);
    expect(verifyDeviceToken(SECRET, token, 'mario.rossi@demo.timbro.it', new Date('2027-11-28T10:00:00Z'))).toBe(
      false,
    );
    expect(verifyDeviceToken(SECRET, undefined, 'mario.rossi@demo.timbro.it', at)).toBe(false);
  });

  it('still verify with the previous key after a rotation', () => {
    const at = new Date('2026-11-27T10:00:00Z');
    const token = signDeviceToken(OTHER, 'mario.rossi@demo.timbro.it', at);
    const rotated = signingKeys('n'.repeat(48), ['o'.repeat(48)]);
    expect(verifyDeviceToken(rotated, token, 'mario.rossi@demo.timbro.it', at)).toBe(true);
    expect(verifyDeviceToken(signingKeys('n'.repeat(48)), token, 'mario.rossi@demo.timbro.it', at)).toBe(false);
  });
});
