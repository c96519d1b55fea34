import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { rateLimits } from '../db/schema';

export interface RateLimitResult {
  allowed: boolean;
  count: number;
  retryAfterSeconds: number;
}

/**
 * Fixed-window counter in the database, so every server process shares it. One upsert per call; old windows are
 * swept by the maintenance job.
 */
export async function consumeRateLimit(
  q: Queryable,
  key: string,
  limit: number,
  windowSeconds: number,
  now = new Date(),
): Promise<RateLimitResult> {
  const windowMs = windowSeconds * 1000;
  const start = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const rows = await q
    .insert(rateLimits)
    .values({ key, windowStart: start, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
    })
    .returning({ count: rateLimits.count });
  const count = rows[0]?.count ?? 1;
  const retryAfterSeconds = Math.max(1, Math.ceil((start.getTime() + windowMs - now.getTime()) / 1000));
  return { allowed: count <= limit, count, retryAfterSeconds };
}

/** Forgets a key's current window (e.g. the per-account login counter after a successful login). */
export async function resetRateLimit(q: Queryable, key: string): Promise<void> {
  await q.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
}

/** Gives one attempt back in the current window (e.g. a successful login does not count against its IP). */
export async function refundRateLimit(
  q: Queryable,
  key: string,
  windowSeconds: number,
  now = new Date(),
): Promise<void> {
  const windowMs = windowSeconds * 1000;
  const start = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  await q
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(sql`${rateLimits.key} = ${key} and ${rateLimits.windowStart} = ${start}`);
}

export async function sweepRateLimits(q: Queryable, olderThan: Date): Promise<void> {
  await q.delete(rateLimits).where(sql`${rateLimits.windowStart} < ${olderThan}`);
}
