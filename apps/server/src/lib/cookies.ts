import type { FastifyReply } from 'fastify';

export interface CookieNames {
  access: string;
  refresh: string;
}

/**
 * Session lifetimes (ADR 0015, ASVS 7.3.1/7.3.2). A session ends at its absolute lifetime whatever the activity, and
 * earlier when no refresh came within the idle timeout. Access tokens live 15 minutes and are checked against the
 * session row on every request.
 */
export const ACCESS_TTL_SECONDS = 15 * 60;
/** "Ricordami": 30 days at most, 7 days without use. */
export const REFRESH_TTL_REMEMBER_SECONDS = 30 * 24 * 3600;
export const REMEMBER_IDLE_SECONDS = 7 * 24 * 3600;
/** A browser session: 12 hours at most, 30 minutes without use. */
export const SESSION_TTL_SECONDS = 12 * 3600;
export const SESSION_IDLE_SECONDS = 30 * 60;

export function idleSeconds(rememberMe: boolean): number {
  return rememberMe ? REMEMBER_IDLE_SECONDS : SESSION_IDLE_SECONDS;
}
export const REFRESH_COOKIE_PATH = '/api/v1/auth';

/** `__Host-`/`__Secure-` prefixes need HTTPS; on plain http (local development) the plain names are used. */
export function cookieNames(secure: boolean): CookieNames {
  return secure
    ? { access: '__Host-timbro_at', refresh: '__Secure-timbro_rt' }
    : { access: 'timbro_at', refresh: 'timbro_rt' };
}

export function setAuthCookies(
  reply: FastifyReply,
  opts: { secure: boolean; access: string; refresh: string; rememberMe: boolean; refreshExpiresAt: Date },
) {
  const names = cookieNames(opts.secure);
  const base = { httpOnly: true, sameSite: 'lax' as const, secure: opts.secure };
  reply.setCookie(names.access, opts.access, {
    ...base,
    path: '/',
    ...(opts.rememberMe ? { maxAge: ACCESS_TTL_SECONDS } : {}),
  });
  reply.setCookie(names.refresh, opts.refresh, {
    ...base,
    sameSite: 'strict',
    path: REFRESH_COOKIE_PATH,
    ...(opts.rememberMe ? { expires: opts.refreshExpiresAt } : {}),
  });
}

/** The known-device cookie (lib/tokens.ts): only the login routes see it. */
export function deviceCookieName(secure: boolean): string {
  return secure ? '__Secure-timbro_dev' : 'timbro_dev';
}

export function setDeviceCookie(reply: FastifyReply, secure: boolean, token: string, maxAgeSeconds: number) {
  reply.setCookie(deviceCookieName(secure), token, {
    httpOnly: true,
    sameSite: 'strict',
    secure,
    path: REFRESH_COOKIE_PATH,
    maxAge: maxAgeSeconds,
  });
}

export function clearAuthCookies(reply: FastifyReply, secure: boolean) {
  const names = cookieNames(secure);
  reply.clearCookie(names.access, { path: '/', httpOnly: true, secure, sameSite: 'lax' });
  reply.clearCookie(names.refresh, { path: REFRESH_COOKIE_PATH, httpOnly: true, secure, sameSite: 'strict' });
}
