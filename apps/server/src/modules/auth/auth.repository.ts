import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { authSessions, oneTimeTokens, refreshTokens, userInfos, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(q: Queryable, email: string): Promise<UserRow | null> {
  const rows = await q
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return rows[0] ?? null;
}

export async function findUserById(q: Queryable, id: string): Promise<UserRow | null> {
  const rows = await q.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function findUserByFiscalCode(q: Queryable, fiscalCode: string): Promise<UserRow | null> {
  const rows = await q.select().from(users).where(eq(users.fiscalCode, fiscalCode)).limit(1);
  return rows[0] ?? null;
}

export async function insertSession(
  q: Queryable,
  values: { userId: string; rememberMe: boolean; client: string; userAgent: string | null; ip: string | null; expiresAt: Date },
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
    .where(and(eq(userInfos.userId, userId), eq(userInfos.enabled, true)))
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

export async function touchSession(q: Queryable, sessionId: string, now: Date, expiresAt?: Date) {
  await q
    .update(authSessions)
    .set({ lastSeenAt: now, ...(expiresAt ? { expiresAt } : {}) })
    .where(eq(authSessions.id, sessionId));
}

export async function insertOneTimeToken(
  q: Queryable,
  values: { userId: string; purpose: 'reset' | 'first_login'; tokenHash: string; expiresAt: Date },
) {
  await q.insert(oneTimeTokens).values(values);
}

/** A usable (unexpired, unused) token, locked so that two requests cannot both use it. */
export async function findUsableOneTimeToken(q: Queryable, purpose: 'reset' | 'first_login', tokenHash: string, now: Date) {
  const rows = await q
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
    .for('update')
    .limit(1);
  return rows[0] ?? null;
}

export async function useOneTimeTokens(q: Queryable, userId: string, purpose: 'reset' | 'first_login', now: Date) {
  await q
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt)));
}
