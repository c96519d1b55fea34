import { describe, expect, it } from 'vitest';
import { signAccessToken, signDeviceToken, verifyAccessTokenCached, verifyDeviceToken } from '../src/lib/tokens';

const SECRET = 's'.repeat(48);
const OTHER = 'o'.repeat(48);
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
    const parts = token.split('.');
    const otherSession = [parts[0], '00000000-0000-4000-8000-000000000000', parts[2], parts[3]].join('.');
    const later = [parts[0], parts[1], String(Number(parts[2]) + 3600), parts[3]].join('.');
    for (const t of [otherSession, later, `${token}x`, 'v1.x.y.z'])
      expect(verifyAccessTokenCached(SECRET, t, now)).toBeNull();
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
});
