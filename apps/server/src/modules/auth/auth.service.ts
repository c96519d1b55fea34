import {
  apiMsg,
  ErrorCode,
  ErrorHeaderValue,
  RESET_TOKEN_TTL_MINUTES,
  errorTexts,
  type LoginInput,
  type RegisterInput,
  type SetPasswordInput,
} from '@timbro/shared';
import type { Queryable } from '../../db/client';
import type { AppDeps } from '../../deps';
import { ipRateKey } from '../../lib/client-ip';
import { assertNotCommonPassword } from '../../lib/common-passwords';
import { ACCESS_TTL_SECONDS, REFRESH_TTL_REMEMBER_SECONDS, SESSION_TTL_SECONDS, idleSeconds } from '../../lib/cookies';
import { AppError } from '../../lib/errors';
import type { MailLogger } from '../../lib/mail';
import { notifyAccount } from '../notifications';
import { passwordChangedMail, resetPasswordMail } from './auth.mails';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/passwords';
import { refundRateLimit } from '../../lib/rate-limit';
import { randomToken, sha256, signAccessToken } from '../../lib/tokens';
import * as repo from './auth.repository';
import { issueEmailVerification } from './email-verification.service';
import {
  FORGOT_LIMITS,
  LOGIN_LIMITS,
  REGISTER_LIMITS,
  TOKEN_LIMITS,
  limit,
  loginDelaySeconds,
  rateLimited,
} from './auth.limits';

/** The limits are in auth.limits; tests and the docs read them from here too. */
export { FORGOT_LIMITS, LOGIN_LIMITS, REGISTER_LIMITS, TOKEN_LIMITS, loginDelaySeconds } from './auth.limits';

/** How long a just-rotated refresh token is tolerated (two tabs refreshing together share one cookie jar). */
const REFRESH_GRACE_MS = 10_000;

export interface ClientInfo {
  ip: string;
  userAgent: string | null;
  client: 'web' | 'app';
  /** The request carries a valid known-device token of the account it logs in to (lib/tokens.ts). */
  knownDevice?: boolean;
}

export interface IssuedSession {
  sessionId: string;
  access: string;
  refresh: string;
  rememberMe: boolean;
  refreshExpiresAt: Date;
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
  const access = signAccessToken(deps.keys, session.id, new Date(now.getTime() + ACCESS_TTL_SECONDS * 1000));
  return { sessionId: session.id, access, refresh, rememberMe, refreshExpiresAt };
}

/** POST /auth/login. Same answer and similar timing whether the e-mail exists or not. */
export async function login(
  deps: AppDeps,
  input: LoginInput,
  info: ClientInfo,
): Promise<IssuedSession & { userId: string }> {
  const ipKey = `login:ip:${ipRateKey(info.ip)}`;
  const failureKey = `login:${input.username}:${ipRateKey(info.ip)}`;
  const now = new Date();
  const previous = await repo.findLoginFailure(deps.db, failureKey);
  if (previous?.blockedUntil && previous.blockedUntil > now)
    throw rateLimited(Math.ceil((previous.blockedUntil.getTime() - now.getTime()) / 1000));
  await limit(deps.db, ipKey, LOGIN_LIMITS.perIp);
  if (!info.knownDevice)
    await limit(deps.db, `login:account:${input.username.trim().toLowerCase()}`, LOGIN_LIMITS.perAccount);

  const user = await repo.findUserByEmail(deps.db, input.username);
  const fail = async () => {
    await repo.recordLoginFailure(deps.db, failureKey, new Date(), (n) => {
      const wait = loginDelaySeconds(n);
      return wait > 0 ? new Date(Date.now() + wait * 1000) : null;
    });
    return new AppError(ErrorCode.INVALID_CREDENTIALS, apiMsg.auth.invalidCredentials);
  };
  if (!user || !user.passwordHash) {
    await burnPasswordCheck(input.password);
    throw await fail();
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) throw await fail();
  if (!user.enabled) throw new AppError(ErrorCode.FORBIDDEN, apiMsg.auth.accountDisabled);

  return deps.db.transaction(async (tx) => {
    // A successful login forgets this address's failures for the account and gives its IP attempt back, so an
    // office behind one address is not slowed down at clock-in time.
    await repo.clearLoginFailures(tx, failureKey);
    await refundRateLimit(tx, ipKey, LOGIN_LIMITS.perIp.windowSeconds);
    const at = new Date();
    await repo.recordLastLogin(tx, user.id, info.client, at);
    const issued = await issueSession(deps, tx, user.id, input.remember_me, info, at);
    return { ...issued, userId: user.id };
  });
}

/**
 * POST /auth/token/refresh: rotates the refresh token. A token that was already rotated (outside a short grace
 * window) means it was stolen or replayed: the whole session is revoked.
 */
export async function refresh(
  deps: AppDeps,
  token: string | undefined,
): Promise<(IssuedSession & { client: string }) | { graced: true }> {
  const expired = new AppError(ErrorCode.UNAUTHENTICATED, apiMsg.auth.sessionExpired);
  if (!token) throw expired;
  const now = new Date();
  const outcome = await deps.db.transaction(async (tx) => {
    const found = await repo.findRefreshToken(tx, sha256(token));
    if (!found) return 'invalid' as const;
    const { token: rt, session } = found;
    if (session.revokedAt || session.expiresAt <= now || rt.expiresAt <= now) return 'invalid' as const;
    if (now.getTime() - session.lastSeenAt.getTime() > idleSeconds(session.rememberMe) * 1000) {
      await repo.revokeSession(tx, session.id, 'idle_timeout');
      return 'invalid' as const;
    }
    const owner = await repo.findUserById(tx, session.userId);
    if (!owner?.enabled) return 'invalid' as const;
    if (rt.usedAt) {
      if (now.getTime() - rt.usedAt.getTime() <= REFRESH_GRACE_MS) return { graced: true as const };
      await repo.revokeSession(tx, session.id, 'refresh_token_reuse');
      return 'reuse' as const;
    }
    await repo.markRefreshTokenUsed(tx, rt.id, now);
    const nextRefresh = randomToken();
    // The session's absolute lifetime never moves: refreshing only proves activity (idle timeout).
    const refreshExpiresAt = session.expiresAt;
    await repo.insertRefreshToken(tx, session.id, sha256(nextRefresh), refreshExpiresAt);
    await repo.touchSession(tx, session.id, now);
    const access = signAccessToken(deps.keys, session.id, new Date(now.getTime() + ACCESS_TTL_SECONDS * 1000));
    return {
      sessionId: session.id,
      access,
      refresh: nextRefresh,
      rememberMe: session.rememberMe,
      refreshExpiresAt,
      client: session.client,
    };
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
  await limit(deps.db, `forgot:ip:${ipRateKey(ip)}`, FORGOT_LIMITS.perIp);
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
    await notifyAccount(
      tx,
      {
        type: 'account.password_reset',
        to: user,
        mail: resetPasswordMail(user.firstName, link, RESET_TOKEN_TTL_MINUTES),
      },
      log,
    );
  });
  await deps.triggerJob('mail-dispatch');
}

/**
 * POST /auth/new-password/{token} and /auth/first-login/{token}. Rate-limited per client address and the token
 * looked up by its hash BEFORE any password hashing (a flood of made-up tokens costs one indexed read each). Sets
 * the password, proves the e-mail (the link reached it), burns every outstanding one-time token of the account and
 * ends every session. A first login also accepts the invitation of the workspace that created the account.
 */
export async function setPasswordWithToken(
  deps: AppDeps,
  purpose: 'reset' | 'first_login',
  token: string,
  input: SetPasswordInput,
  ip: string,
  log: MailLogger,
): Promise<string> {
  await limit(deps.db, `set-password:ip:${ipRateKey(ip)}`, TOKEN_LIMITS.perIp);
  const invalid = new AppError(ErrorCode.TOKEN_INVALID, apiMsg.auth.linkInvalid);
  const tokenHash = sha256(token);
  if (!(await repo.findUsableOneTimeToken(deps.db, purpose, tokenHash, new Date(), false))) throw invalid;
  assertNotCommonPassword(input.password, 'password');
  const passwordHash = await hashPassword(input.password);
  const ok = await deps.db.transaction(async (tx) => {
    const now = new Date();
    const row = await repo.findUsableOneTimeToken(tx, purpose, tokenHash, now);
    if (!row) return false;
    const user = await repo.findUserById(tx, row.userId);
    if (!user) return false;
    await repo.setPasswordFromLink(tx, user.id, passwordHash, user.emailVerifiedAt ?? now, now);
    await repo.burnAllOneTimeTokens(tx, user.id, now);
    await repo.revokeUserSessions(tx, user.id, 'password_set');
    if (purpose === 'first_login') await deps.firstLogin.accepted(tx, user, now);
    await repo.trustFiscalCode(tx, user.id, now);
    if (purpose === 'reset')
      await notifyAccount(
        tx,
        { type: 'account.password_changed', to: user, mail: passwordChangedMail(user.firstName) },
        log,
      );
    return true;
  });
  if (!ok) throw invalid;
  await deps.triggerJob('mail-dispatch');
  return purpose === 'reset'
    ? 'Password aggiornata. Ora puoi accedere con la nuova password.'
    : 'Password impostata. Ora puoi accedere a Timbro.';
}

/**
 * POST /auth/register: a candidate signs up and is logged in (spec). The e-mail conflict is the spec's own message;
 * the fiscal code is only a claim (not unique, never a conflict: ADR 0015), trusted once the e-mail is verified
 * through the link of the welcome mail. Until then the account cannot accept invitations.
 */
export async function register(deps: AppDeps, input: RegisterInput, info: ClientInfo, log: MailLogger) {
  await limit(deps.db, `register:ip:${ipRateKey(info.ip)}`, REGISTER_LIMITS.perIp);
  assertNotCommonPassword(input.password, 'password');
  const passwordHash = await hashPassword(input.password);
  const result = await deps.db.transaction(async (tx) => {
    if (await repo.findUserByEmail(tx, input.email)) {
      throw new AppError(ErrorCode.CONFLICT, errorTexts.UniqueConstraintViolation, {
        headerValue: ErrorHeaderValue.UniqueConstraintViolation,
        errors: [{ path: 'email', message: errorTexts.UniqueConstraintViolation }],
      });
    }
    const now = new Date();
    const user = await repo.insertUser(tx, {
      email: input.email,
      passwordHash,
      firstName: input.first_name,
      lastName: input.last_name,
      fiscalCode: input.fiscal_code,
      ...(info.client === 'web' ? { lastLoginWebAt: now } : { lastLoginAppAt: now }),
    });
    await issueEmailVerification(deps, tx, user, log, true);
    const issued = await issueSession(deps, tx, user.id, false, info, now);
    return { ...issued, userId: user.id };
  });
  await deps.triggerJob('mail-dispatch');
  return result;
}
