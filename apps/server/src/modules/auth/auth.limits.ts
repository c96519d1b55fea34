import { apiMsg, ErrorCode } from '@timbro/shared';
import type { Queryable } from '../../db/client';
import { AppError } from '../../lib/errors';
import { consumeRateLimit } from '../../lib/rate-limit';

/**
 * Login limits (ASVS 6.1.1 / 6.3.1, ADR 0015), all checked before any password hashing:
 * - per account and client address, progressive delays: the first FREE failures cost nothing, then each failure
 *   doubles the wait before the next attempt from that address (1 s, 2 s, 4 s … at most 15 minutes). An attacker
 *   elsewhere never slows the real person down: there is no per-account lockout;
 * - per client address (IPv6: its /64), a window of failed attempts across accounts (credential stuffing);
 * - per account, from unknown devices, ten password checks a minute (an attack spread over many addresses).
 */
export const LOGIN_LIMITS = {
  freeFailures: 5,
  maxDelaySeconds: 15 * 60,
  perIp: { limit: 50, windowSeconds: 15 * 60 },
  /**
   * Password checks per account per minute from browsers not known to it, whatever their addresses (an attack
   * spread over many addresses): over it, a 429 before any hashing. The account's own known devices (a signed cookie
   * from an earlier login there) are not counted, so the real person still logs in during an attack.
   */
  perAccount: { limit: 10, windowSeconds: 60 },
} as const;
export const FORGOT_LIMITS = {
  perAccount: { limit: 5, windowSeconds: 3600 },
  perIp: { limit: 20, windowSeconds: 3600 },
} as const;
export const REGISTER_LIMITS = { perIp: { limit: 10, windowSeconds: 3600 } } as const;
/** Set-password and verification links: like login, per client address, before the token is even looked up. */
export const TOKEN_LIMITS = { perIp: { limit: 30, windowSeconds: 15 * 60 } } as const;

/** The wait after the n-th consecutive failure of one account from one address (0 while failures are free). */
export function loginDelaySeconds(failures: number): number {
  if (failures <= LOGIN_LIMITS.freeFailures) return 0;
  return Math.min(LOGIN_LIMITS.maxDelaySeconds, 2 ** (failures - LOGIN_LIMITS.freeFailures - 1));
}

export function rateLimited(retryAfterSeconds: number): AppError {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return new AppError(ErrorCode.RATE_LIMITED, apiMsg.auth.tooManyAttempts(minutes), {
    headers: { 'retry-after': String(retryAfterSeconds) },
  });
}

/** Counts one attempt against a rule; over it, a 429 with Retry-After. */
export async function limit(q: Queryable, key: string, rule: { limit: number; windowSeconds: number }) {
  const r = await consumeRateLimit(q, key, rule.limit, rule.windowSeconds);
  if (!r.allowed) throw rateLimited(r.retryAfterSeconds);
}
