import {
  ErrorCode,
  ErrorHeaderValue,
  RESET_TOKEN_TTL_MINUTES,
  errorTexts,
  type LoginInput,
  type RegisterInput,
  type SetPasswordInput,
} from '@timbro/shared';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { ACCESS_TTL_SECONDS, REFRESH_TTL_REMEMBER_SECONDS, SESSION_TTL_SECONDS } from '../../lib/cookies';
import { AppError } from '../../lib/errors';
import { enqueueMail, type MailLogger } from '../../lib/mail';
import { passwordChangedMail, resetPasswordMail, welcomeMail } from '../../lib/mail-templates';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/passwords';
import { consumeRateLimit, refundRateLimit, resetRateLimit } from '../../lib/rate-limit';
import { randomToken, sha256, signAccessToken } from '../../lib/tokens';
import * as repo from './auth.repository';

/** Login limits (ASVS 6.1.1 / 6.3.1): checked before any password hashing; the lockout is soft (a window). */
export const LOGIN_LIMITS = {
  perAccount: { limit: 10, windowSeconds: 15 * 60 },
  perIp: { limit: 50, windowSeconds: 15 * 60 },
} as const;
export const FORGOT_LIMITS = { perAccount: { limit: 5, windowSeconds: 3600 }, perIp: { limit: 20, windowSeconds: 3600 } } as const;
export const REGISTER_LIMITS = { perIp: { limit: 10, windowSeconds: 3600 } } as const;

/** How long a just-rotated refresh token is tolerated (two tabs refreshing together share one cookie jar). */
const REFRESH_GRACE_MS = 10_000;

export interface ClientInfo {
  ip: string;
  userAgent: string | null;
  client: 'web' | 'app';
}

export interface IssuedSession {
  sessionId: string;
  access: string;
  refresh: string;
  rememberMe: boolean;
  refreshExpiresAt: Date;
}

function rateLimited(retryAfterSeconds: number): AppError {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return new AppError(ErrorCode.RATE_LIMITED, `Troppi tentativi. Riprova tra ${minutes} minut${minutes === 1 ? 'o' : 'i'}.`, {
    headers: { 'retry-after': String(retryAfterSeconds) },
  });
}

async function limit(q: Queryable, key: string, rule: { limit: number; windowSeconds: number }) {
  const r = await consumeRateLimit(q, key, rule.limit, rule.windowSeconds);
  if (!r.allowed) throw rateLimited(r.retryAfterSeconds);
}

/** Creates a session with its first refresh token and signs an access token. */
export async function issueSession(
  deps: AppDeps,
  q: Queryable,
  userId: string,
  rememberMe: boolean,
  info: ClientInfo,
  now = new Date(),
): Promise<IssuedSession> {
  const ttl = rememberMe ? REFRESH_TTL_REMEMBER_SECONDS : SESSION_TTL_SECONDS;
  const refreshExpiresAt = new Date(now.getTime() + ttl * 1000);
  const session = await repo.insertSession(q, {
    userId,
    rememberMe,
    client: info.client,
    userAgent: info.userAgent?.slice(0, 300) ?? null,
    ip: info.ip,
    expiresAt: refreshExpiresAt,
  });
  const refresh = randomToken();
  await repo.insertRefreshToken(q, session.id, sha256(refresh), refreshExpiresAt);
  const access = signAccessToken(deps.secret, session.id, new Date(now.getTime() + ACCESS_TTL_SECONDS * 1000));
  return { sessionId: session.id, access, refresh, rememberMe, refreshExpiresAt };
}

/** POST /auth/login. Same answer and similar timing whether the e-mail exists or not. */
export async function login(deps: AppDeps, input: LoginInput, info: ClientInfo): Promise<IssuedSession & { userId: string }> {
  const accountKey = `login:account:${input.username}`;
  const ipKey = `login:ip:${info.ip}`;
  await limit(deps.db, ipKey, LOGIN_LIMITS.perIp);
  await limit(deps.db, accountKey, LOGIN_LIMITS.perAccount);

  const user = await repo.findUserByEmail(deps.db, input.username);
  const invalid = new AppError(ErrorCode.INVALID_CREDENTIALS, 'Email o password non corretti');
  if (!user || !user.passwordHash) {
    await burnPasswordCheck(input.password);
    throw invalid;
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) throw invalid;
  if (!user.enabled) throw new AppError(ErrorCode.FORBIDDEN, 'Il tuo account è disabilitato. Contatta l’amministratore.');

  return deps.db.transaction(async (tx) => {
    // Only failures count: a successful login clears the account window and gives its IP attempt back, so an
    // office behind one address is not locked out at clock-in time.
    await resetRateLimit(tx, accountKey);
    await refundRateLimit(tx, ipKey, LOGIN_LIMITS.perIp.windowSeconds);
    const now = new Date();
    await tx
      .update(users)
      .set(info.client === 'web' ? { lastLoginWebAt: now } : { lastLoginAppAt: now })
      .where(eq(users.id, user.id));
    const issued = await issueSession(deps, tx, user.id, input.remember_me, info, now);
    return { ...issued, userId: user.id };
  });
}

/**
 * POST /auth/token/refresh: rotates the refresh token. A token that was already rotated (outside a short grace
 * window) means it was stolen or replayed: the whole session is revoked.
 */
export async function refresh(deps: AppDeps, token: string | undefined): Promise<IssuedSession | { graced: true }> {
  const expired = new AppError(ErrorCode.UNAUTHENTICATED, 'Sessione scaduta. Accedi di nuovo.');
  if (!token) throw expired;
  const now = new Date();
  const outcome = await deps.db.transaction(async (tx) => {
    const found = await repo.findRefreshToken(tx, sha256(token));
    if (!found) return 'invalid' as const;
    const { token: rt, session } = found;
    if (session.revokedAt || session.expiresAt <= now || rt.expiresAt <= now) return 'invalid' as const;
    const owner = await repo.findUserById(tx, session.userId);
    if (!owner?.enabled) return 'invalid' as const;
    if (rt.usedAt) {
      if (now.getTime() - rt.usedAt.getTime() <= REFRESH_GRACE_MS) return { graced: true as const };
      await repo.revokeSession(tx, session.id, 'refresh_token_reuse');
      return 'reuse' as const;
    }
    await repo.markRefreshTokenUsed(tx, rt.id, now);
    const nextRefresh = randomToken();
    const refreshExpiresAt = session.rememberMe ? new Date(now.getTime() + REFRESH_TTL_REMEMBER_SECONDS * 1000) : session.expiresAt;
    await repo.insertRefreshToken(tx, session.id, sha256(nextRefresh), refreshExpiresAt);
    await repo.touchSession(tx, session.id, now, refreshExpiresAt);
    const access = signAccessToken(deps.secret, session.id, new Date(now.getTime() + ACCESS_TTL_SECONDS * 1000));
    return { sessionId: session.id, access, refresh: nextRefresh, rememberMe: session.rememberMe, refreshExpiresAt };
  });
  if (outcome === 'invalid' || outcome === 'reuse') throw expired;
  return outcome;
}

/** POST /auth/logout: revokes the session of either cookie (idempotent). */
export async function logout(deps: AppDeps, sessionId: string | null, refreshToken: string | undefined) {
  await deps.db.transaction(async (tx) => {
    if (sessionId) await repo.revokeSession(tx, sessionId, 'logout');
    if (refreshToken) {
      const found = await repo.findRefreshToken(tx, sha256(refreshToken));
      if (found) await repo.revokeSession(tx, found.session.id, 'logout');
    }
  });
}

/** POST /auth/forgot-password: the spec wants a 404 for an unknown user. */
export async function forgotPassword(deps: AppDeps, email: string, ip: string, log: MailLogger) {
  await limit(deps.db, `forgot:ip:${ip}`, FORGOT_LIMITS.perIp);
  await limit(deps.db, `forgot:account:${email}`, FORGOT_LIMITS.perAccount);
  const user = await repo.findUserByEmail(deps.db, email);
  if (!user || !user.enabled) throw new AppError(ErrorCode.NOT_FOUND, errorTexts.forgotPasswordNotFound);
  const token = randomToken();
  await deps.db.transaction(async (tx) => {
    await repo.insertOneTimeToken(tx, {
      userId: user.id,
      purpose: 'reset',
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MINUTES * 60_000),
    });
    const link = `${deps.config.publicUrl}/reset-password/${token}`;
    await enqueueMail(tx, { to: user.email, ...resetPasswordMail(user.firstName, link, RESET_TOKEN_TTL_MINUTES) }, log, !deps.config.isProduction);
  });
  await deps.triggerJob('mail-dispatch');
}

/**
 * POST /auth/new-password/{token} and /auth/first-login/{token}: sets the password, burns the token (and any other
 * of the same purpose) and ends every session of the user.
 */
export async function setPasswordWithToken(
  deps: AppDeps,
  purpose: 'reset' | 'first_login',
  token: string,
  input: SetPasswordInput,
  log: MailLogger,
): Promise<string> {
  const passwordHash = await hashPassword(input.password);
  const ok = await deps.db.transaction(async (tx) => {
    const now = new Date();
    const row = await repo.findUsableOneTimeToken(tx, purpose, sha256(token), now);
    if (!row) return false;
    const user = await repo.findUserById(tx, row.userId);
    if (!user) return false;
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id));
    await repo.useOneTimeTokens(tx, user.id, purpose, now);
    await repo.revokeUserSessions(tx, user.id, 'password_set');
    if (purpose === 'reset') await enqueueMail(tx, { to: user.email, ...passwordChangedMail(user.firstName) }, log);
    return true;
  });
  if (!ok) throw new AppError(ErrorCode.TOKEN_INVALID, 'Il link non è valido o è scaduto. Richiedine uno nuovo.');
  await deps.triggerJob('mail-dispatch');
  return purpose === 'reset'
    ? 'Password aggiornata. Ora puoi accedere con la nuova password.'
    : 'Password impostata. Ora puoi accedere a Timbro.';
}

/** POST /auth/register: a candidate signs up and is logged in. */
export async function register(deps: AppDeps, input: RegisterInput, info: ClientInfo, log: MailLogger) {
  await limit(deps.db, `register:ip:${info.ip}`, REGISTER_LIMITS.perIp);
  const passwordHash = await hashPassword(input.password);
  return deps.db.transaction(async (tx) => {
    if (await repo.findUserByEmail(tx, input.email)) {
      throw new AppError(ErrorCode.CONFLICT, errorTexts.UniqueConstraintViolation, {
        headerValue: ErrorHeaderValue.UniqueConstraintViolation,
        errors: [{ path: 'email', message: errorTexts.UniqueConstraintViolation }],
      });
    }
    if (await repo.findUserByFiscalCode(tx, input.fiscal_code)) {
      throw new AppError(ErrorCode.CONFLICT, 'Questo codice fiscale è già registrato', {
        errors: [{ path: 'fiscal_code', message: 'Questo codice fiscale è già registrato' }],
      });
    }
    const now = new Date();
    const [user] = await tx
      .insert(users)
      .values({
        email: input.email,
        passwordHash,
        firstName: input.first_name,
        lastName: input.last_name,
        fiscalCode: input.fiscal_code,
        ...(info.client === 'web' ? { lastLoginWebAt: now } : { lastLoginAppAt: now }),
      })
      .returning();
    await enqueueMail(tx, { to: user!.email, ...welcomeMail(user!.firstName, deps.config.publicUrl) }, log);
    const issued = await issueSession(deps, tx, user!.id, false, info, now);
    return { ...issued, userId: user!.id };
  });
}
