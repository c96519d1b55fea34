import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { appMeta } from '../db/schema';

/**
 * When this installation first reached `key` (a release's first start, written once by whichever process gets there
 * first, kept in backups): the line between what an older release wrote and what this one writes.
 */
export async function firstSeen(q: Queryable, key: string, now = new Date()): Promise<Date> {
  await q
    .insert(appMeta)
    .values({ key, value: sql`to_jsonb(${now.toISOString()}::text)` })
    .onConflictDoNothing();
  const [row] = await q.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, key));
  return new Date(String(row?.value ?? now.toISOString()));
}
