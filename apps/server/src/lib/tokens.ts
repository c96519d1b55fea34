import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A random URL-safe token with 256 bits of entropy. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/**
 * A signing key and its id (ADR 0003). The id is derived from the key (8 characters of a SHA-256 of it: 48 bits,
 * nothing an attacker can turn back into the key), so rotating needs no second variable to name it.
 */
export interface SigningKey {
  kid: string;
  secret: string;
}

/** The key new tokens are signed with, and the previous ones whose tokens still verify until they expire. */
export interface SigningKeys {
  current: SigningKey;
  previous: readonly SigningKey[];
}

export function signingKey(secret: string): SigningKey {
  return { kid: createHash('sha256').update(`timbro-kid:${secret}`).digest('base64url').slice(0, 8), secret };
}

/** The key set of SESSION_SECRET and SESSION_SECRET_PREVIOUS (a previous key equal to the current one is ignored). */
export function signingKeys(current: string, previous: readonly string[] = []): SigningKeys {
  const cur = signingKey(current);
  return { current: cur, previous: previous.filter((p) => p !== current).map(signingKey) };
}

function keyById(keys: SigningKeys, kid: string): SigningKey | null {
  if (keys.current.kid === kid) return keys.current;
  return keys.previous.find((k) => k.kid === kid) ?? null;
}

const hmac = (secret: string, payload: string) => createHmac('sha256', secret).update(payload).digest();

/**
 * Access tokens are `v2.<kid>.<sessionId>.<expiresAtSeconds>.<hmac>`: signed with the current key, whose id they name,
 * so that after a rotation the tokens of the previous key still verify until they expire (15 minutes). The signature
 * proves we issued it; every request still loads the session row, so logout, disabling and revocation take effect at
 * once. (The `v1` tokens of earlier releases, without a key id, are no longer accepted: the client refreshes once.)
 */
export function signAccessToken(keys: SigningKeys, sessionId: string, expiresAt: Date): string {
  const exp = Math.floor(expiresAt.getTime() / 1000);
  const payload = `v2.${keys.current.kid}.${sessionId}.${exp}`;
  return `${payload}.${hmac(keys.current.secret, payload).toString('base64url')}`;
}

/**
 * Access tokens already verified, with their session and end: a token is sent with every request of its 15 minutes,
 * and its HMAC was a tenth of a cached request's time (`bench:user-ratio`). Keyed by the whole token, valid only while
 * the key it was checked with is still one of the keys; bounded (the oldest checked leaves first); the end is checked
 * on every use. Logout and revocation are the session's business (the actor cache), not the token's.
 */
const verified = new Map<string, { secret: string; sessionId: string; expMs: number }>();
const VERIFIED_MAX = 20_000;

/** `verifyAccessToken`, remembering tokens that passed. */
export function verifyAccessTokenCached(
  keys: SigningKeys,
  token: string,
  now = new Date(),
): { sessionId: string } | null {
  const hit = verified.get(token);
  if (hit) {
    const key = keyById(keys, token.split('.')[1] ?? '');
    if (key && key.secret === hit.secret) {
      if (hit.expMs > now.getTime()) return { sessionId: hit.sessionId };
      verified.delete(token);
      return null;
    }
  }
  const ok = verifyAccessToken(keys, token, now);
  if (ok) {
    if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
    verified.set(token, { secret: ok.secret, sessionId: ok.sessionId, expMs: Number(token.split('.')[3]) * 1000 });
  }
  return ok ? { sessionId: ok.sessionId } : null;
}

export function verifyAccessToken(
  keys: SigningKeys,
  token: string,
  now = new Date(),
): { sessionId: string; secret: string } | null {
  const parts = token.split('.');
  if (parts.length !== 5 || parts[0] !== 'v2') return null;
  const [, kid, sessionId, expRaw, sig] = parts as [string, string, string, string, string];
  const key = keyById(keys, kid);
  if (!key) return null;
  const expected = hmac(key.secret, `v2.${kid}.${sessionId}.${expRaw}`);
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const exp = Number(expRaw);
  if (!Number.isFinite(exp) || exp * 1000 <= now.getTime()) return null;
  if (!/^[0-9a-f-]{36}$/.test(sessionId)) return null;
  return { sessionId, secret: key.secret };
}

/**
 * A known-device token (OWASP "device cookies", ADR 0015): set after a successful login, it names the account (a hash
 * of its login e-mail, never the e-mail) and when it was issued, signed with the current key. A login carrying one for
 * the same account is not counted against the account's budget of password checks, so an attack on the account from
 * elsewhere does not lock the real person out of their own browser. It verifies with the current or a previous key
 * (a year-long cookie outlives a rotation; it is renewed at the next login).
 */
export const DEVICE_TOKEN_TTL_SECONDS = 365 * 24 * 3600;

const accountTag = (email: string) =>
  createHash('sha256').update(email.trim().toLowerCase()).digest('base64url').slice(0, 22);

export function signDeviceToken(keys: SigningKeys, email: string, issuedAt = new Date()): string {
  const payload = `d1.${accountTag(email)}.${Math.floor(issuedAt.getTime() / 1000)}`;
  return `${payload}.${hmac(keys.current.secret, payload).toString('base64url')}`;
}

/** Whether `token` is a valid, unexpired device token of the account with this login e-mail. */
export function verifyDeviceToken(
  keys: SigningKeys,
  token: string | undefined,
  email: string,
  now = new Date(),
): boolean {
  if (!token || token.length > 200) return false;
  const parts = token.split('.');
  if (parts.length !== 4 || parts[0] !== 'd1') return false;
  const [, tag, issuedRaw, sig] = parts as [string, string, string, string];
  const given = Buffer.from(sig, 'base64url');
  const signed = [keys.current, ...keys.previous].some((key) => {
    const expected = hmac(key.secret, `d1.${tag}.${issuedRaw}`);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!signed) return false;
  const issued = Number(issuedRaw);
  if (!Number.isFinite(issued) || (issued + DEVICE_TOKEN_TTL_SECONDS) * 1000 <= now.getTime()) return false;
  return tag === accountTag(email);
}
