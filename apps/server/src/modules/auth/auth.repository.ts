import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { loginEmailIs } from '../../db/accounts';
import type { Queryable } from '../../db/client';
import { authSessions, loginFailures, oneTimeTokens, refreshTokens, userInfos, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(q: Queryable, email: string): Promise<UserRow | null> {
  const rows = await q.select().from(users).where(loginEmailIs(email)).limit(1);
  return rows[0] ?? null;
}

export async function findUserById(q: Queryable, id: string): Promise<UserRow | null> {
  const rows = await q.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0] ?? null;
}

export type OneTimePurpose = 'reset' | 'first_login' | 'verify_email';

/** A new account (sign-up). */
export async function insertUser(q: Queryable, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await q.insert(users).values(values).returning();
  return row!;
}

/** When the account last logged in, per client (web or app). */
export async function recordLastLogin(q: Queryable, userId: string, client: 'web' | 'app', at: Date) {
  await q
    .update(users)
    .set(client === 'web' ? { lastLoginWebAt: at } : { lastLoginAppAt: at })
    .where(eq(users.id, userId));
}

/** Sets the password through a link; the link reached the login e-mail, so that is verified too (if not already). */
export async function setPasswordFromLink(
  q: Queryable,
  userId: string,
  passwordHash: string,
  emailVerifiedAt: Date,
  now: Date,
) {
  await q.update(users).set({ passwordHash, emailVerifiedAt, updatedAt: now }).where(eq(users.id, userId));
}

export async function markEmailVerified(q: Queryable, userId: string, now: Date) {
  await q.update(users).set({ emailVerifiedAt: now, updatedAt: now }).where(eq(users.id, userId));
}

export async function insertSession(
  q: Queryable,
  values: {
    userId: string;
    rememberMe: boolean;
    client: string;
    userAgent: string | null;
    ip: string | null;
    expiresAt: Date;
  },
) {
  const [row] = await q.insert(authSessions).values(values).returning();
  return row!;
}

export async function insertRefreshToken(q: Queryable, sessionId: string, tokenHash: string, expiresAt: Date) {
  await q.insert(refreshTokens).values({ sessionId, tokenHash, expiresAt });
}

/** The refresh token with its session, locked for the rotation. */
export async function findRefreshToken(q: Queryable, tokenHash: string) {
  const rows = await q
    .select({ token: refreshTokens, session: authSessions })
    .from(refreshTokens)
    .innerJoin(authSessions, eq(authSessions.id, refreshTokens.sessionId))
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .for('update')
    .limit(1);
  return rows[0] ?? null;
}

export async function markRefreshTokenUsed(q: Queryable, id: string, now: Date) {
  await q.update(refreshTokens).set({ usedAt: now }).where(eq(refreshTokens.id, id));
}

export async function revokeSession(q: Queryable, sessionId: string, reason: string) {
  await q
    .update(authSessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
}

/** True when the user is the platform operator or still has an enabled membership in some workspace. */
export async function keepsPlatformAccess(q: Queryable, userId: string): Promise<boolean> {
  const [user] = await q.select({ isOperator: users.isOperator }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user || user.isOperator) return Boolean(user);
  const rows = await q
    .select({ id: userInfos.id })
    .from(userInfos)
    .where(and(eq(userInfos.userId, userId), eq(userInfos.enabled, true), eq(userInfos.invitationStatus, 'accepted')))
    .limit(1);
  return rows.length > 0;
}

/** Ends every session of a user, optionally keeping one (the caller's). */
export async function revokeUserSessions(q: Queryable, userId: string, reason: string, keepSessionId?: string) {
  await q
    .update(authSessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(
      and(
        eq(authSessions.userId, userId),
        isNull(authSessions.revokedAt),
        keepSessionId ? ne(authSessions.id, keepSessionId) : undefined,
      ),
    );
}

export async function touchSession(q: Queryable, sessionId: string, now: Date) {
  await q.update(authSessions).set({ lastSeenAt: now }).where(eq(authSessions.id, sessionId));
}

/** The live sessions of a person, newest activity first (profile page). */
export async function listLiveSessions(q: Queryable, userId: string, now: Date) {
  return q
    .select()
    .from(authSessions)
    .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt), gt(authSessions.expiresAt, now)))
    .orderBy(sql`${authSessions.lastSeenAt} desc`)
    .limit(100);
}

/** Ends one session of this person (false when it is not theirs or already ended). */
export async function revokeOwnSession(
  q: Queryable,
  userId: string,
  sessionId: string,
  reason: string,
): Promise<boolean> {
  const rows = await q
    .update(authSessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(authSessions.id, sessionId), eq(authSessions.userId, userId), isNull(authSessions.revokedAt)))
    .returning({ id: authSessions.id });
  return rows.length > 0;
}

export async function findLoginFailure(q: Queryable, key: string) {
  const rows = await q.select().from(loginFailures).where(eq(loginFailures.key, key)).limit(1);
  return rows[0] ?? null;
}

/** Counts one more failure and sets the wait before the next attempt (computed by the caller from the new count). */
export async function recordLoginFailure(
  q: Queryable,
  key: string,
  now: Date,
  blockedUntil: (failures: number) => Date | null,
) {
  const rows = await q
    .insert(loginFailures)
    .values({ key, failures: 1, lastFailureAt: now, blockedUntil: blockedUntil(1) })
    .onConflictDoUpdate({
      target: loginFailures.key,
      set: { failures: sql`${loginFailures.failures} + 1`, lastFailureAt: now },
    })
    .returning({ failures: loginFailures.failures });
  const failures = rows[0]?.failures ?? 1;
  if (failures > 1)
    await q
      .update(loginFailures)
      .set({ blockedUntil: blockedUntil(failures) })
      .where(eq(loginFailures.key, key));
  return failures;
}

export async function clearLoginFailures(q: Queryable, key: string) {
  await q.delete(loginFailures).where(eq(loginFailures.key, key));
}

export async function sweepLoginFailures(q: Queryable, olderThan: Date) {
  await q.delete(loginFailures).where(sql`${loginFailures.lastFailureAt} < ${olderThan}`);
}

export async function insertOneTimeToken(
  q: Queryable,
  values: { userId: string; purpose: OneTimePurpose; tokenHash: string; expiresAt: Date },
) {
  await q.insert(oneTimeTokens).values(values);
}

/**
 * A usable (unexpired, unused) token; `lock` takes a row lock so that two requests cannot both use it. Looked up by
 * its hash before any password hashing, so a flood of made-up tokens costs one indexed read each.
 */
export async function findUsableOneTimeToken(
  q: Queryable,
  purpose: OneTimePurpose,
  tokenHash: string,
  now: Date,
  lock = true,
) {
  const query = q
    .select()
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.tokenHash, tokenHash),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, now),
      ),
    )
    .limit(1);
  const rows = lock ? await query.for('update') : await query;
  return rows[0] ?? null;
}

export async function markOneTimeTokenUsed(q: Queryable, id: string, now: Date) {
  await q.update(oneTimeTokens).set({ usedAt: now }).where(eq(oneTimeTokens.id, id));
}

/**
 * Burns every outstanding one-time token of an account, whatever its purpose: after a password is set through any
 * link, after the login e-mail changes or is corrected, no older link may still work.
 */
export async function burnAllOneTimeTokens(q: Queryable, userId: string, now: Date) {
  await q
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(and(eq(oneTimeTokens.userId, userId), isNull(oneTimeTokens.usedAt)));
}

/**
 * Trusts the account's fiscal code (its e-mail was verified, or an admin of an accepted membership confirmed it),
 * unless another account already holds it trusted: then this one stays a claim. Once trusted, the same code claimed
 * by unverified accounts is dropped from them (their records and data stay; ADR 0015).
 */
export async function trustFiscalCode(q: Queryable, userId: string, now: Date) {
  const [account] = await q.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!account?.fiscalCode || account.fiscalCodeVerifiedAt) return;
  const holders = await q
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.fiscalCode, account.fiscalCode),
        ne(users.id, userId),
        sql`${users.fiscalCodeVerifiedAt} is not null`,
      ),
    )
    .limit(1);
  if (holders.length > 0) return;
  await q.update(users).set({ fiscalCodeVerifiedAt: now }).where(eq(users.id, userId));
  await q
    .update(users)
    .set({ fiscalCode: null, updatedAt: now })
    .where(and(eq(users.fiscalCode, account.fiscalCode), ne(users.id, userId), isNull(users.fiscalCodeVerifiedAt)));
}

/** The login e-mail (or other fields) of an account, e.g. a creating workspace correcting a never-activated address. */
export async function updateAccount(q: Queryable, id: string, patch: Partial<typeof users.$inferInsert>) {
  await q
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(users.id, id));
}

/** Removes an account (sessions and tokens cascade). */
export async function deleteAccount(q: Queryable, id: string) {
  await q.delete(users).where(eq(users.id, id));
}
