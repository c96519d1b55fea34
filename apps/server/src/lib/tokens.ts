import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A random URL-safe token with 256 bits of entropy. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/**
 * Access tokens are `v1.<sessionId>.<expiresAtSeconds>.<hmac>`. The signature proves we issued it; every request
 * still loads the session row, so logout, disabling and revocation take effect at once.
 */
export function signAccessToken(secret: string, sessionId: string, expiresAt: Date): string {
  const exp = Math.floor(expiresAt.getTime() / 1000);
  const payload = `v1.${sessionId}.${exp}`;
  const sig = createHmac('sha256', secret).update(payload).digest('base64url');
  return `${payload}.${sig}`;
}

/**
 * Access tokens already verified, with their session and end: a token is sent with every request of its 15 minutes,
 * and its HMAC was a tenth of a cached request's time (`bench:user-ratio`). Keyed by the whole token, valid only for
 * the secret it was checked with; bounded (the oldest checked leaves first); the end is checked on every use. Logout
 * and revocation are the session's business (the actor cache), not the token's.
 */
const verified = new Map<string, { secret: string; sessionId: string; expMs: number }>();
const VERIFIED_MAX = 20_000;

/** `verifyAccessToken`, remembering tokens that passed. */
export function verifyAccessTokenCached(secret: string, token: string, now = new Date()): { sessionId: string } | null {
  const key = token;
  const hit = verified.get(key);
  if (hit && hit.secret === secret) {
    if (hit.expMs > now.getTime()) return { sessionId: hit.sessionId };
    verified.delete(key);
    return null;
  }
  const ok = verifyAccessToken(secret, token, now);
  if (ok) {
    if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
    verified.set(key, { secret, sessionId: ok.sessionId, expMs: Number(token.split('.')[2]) * 1000 });
  }
  return ok;
}

export function verifyAccessToken(secret: string, token: string, now = new Date()): { sessionId: string } | null {
  const parts = token.split('.');
  if (parts.length !== 4 || parts[0] !== 'v1') return null;
  const [, sessionId, expRaw, sig] = parts as [string, string, string, string];
  const expected = createHmac('sha256', secret).update(`v1.${sessionId}.${expRaw}`).digest();
  let given: Buffer;
  try {
    given = Buffer.from(sig, 'base64url');
  } catch {
    return null;
  }
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const exp = Number(expRaw);
  if (!Number.isFinite(exp) || exp * 1000 <= now.getTime()) return null;
  if (!/^[0-9a-f-]{36}$/.test(sessionId)) return null;
  return { sessionId };
}

/**
 * A known-device token (OWASP "device cookies", ADR 0015): set after a successful login, it names the account (a hash
 * of its login e-mail, never the e-mail) and when it was issued, signed. A login carrying one for the same account is
 * not counted against the account's budget of password checks, so an attack on the account from elsewhere does not
 * lock the real person out of their own browser.
 */
export const DEVICE_TOKEN_TTL_SECONDS = 365 * 24 * 3600;

const accountTag = (email: string) =>
  createHash('sha256').update(email.trim().toLowerCase()).digest('base64url').slice(0, 22);

export function signDeviceToken(secret: string, email: string, issuedAt = new Date()): string {
  const payload = `d1.${accountTag(email)}.${Math.floor(issuedAt.getTime() / 1000)}`;
  return `${payload}.${createHmac('sha256', secret).update(payload).digest('base64url')}`;
}

/** Whether `token` is a valid, unexpired device token of the account with this login e-mail. */
export function verifyDeviceToken(secret: string, token: string | undefined, email: string, now = new Date()): boolean {
  if (!token || token.length > 200) return false;
  const parts = token.split('.');
  if (parts.length !== 4 || parts[0] !== 'd1') return false;
  const [, tag, issuedRaw, sig] = parts as [string, string, string, string];
  const expected = createHmac('sha256', secret).update(`d1.${tag}.${issuedRaw}`).digest();
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  const issued = Number(issuedRaw);
  if (!Number.isFinite(issued) || (issued + DEVICE_TOKEN_TTL_SECONDS) * 1000 <= now.getTime()) return false;
  return tag === accountTag(email);
}
