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
