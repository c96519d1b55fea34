import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { appSecrets } from '../db/schema';
import { randomToken } from './tokens';

/**
 * The signing secret: from SESSION_SECRET when set, otherwise generated once and kept in the database so that every
 * process (and every restart) signs with the same key.
 */
export async function loadSessionSecret(db: Db, configured: string | null): Promise<string> {
  if (configured) return configured;
  await db
    .insert(appSecrets)
    .values({ name: 'session', value: randomToken() + randomToken() })
    .onConflictDoNothing();
  const rows = await db.select().from(appSecrets).where(eq(appSecrets.name, 'session'));
  const value = rows[0]?.value;
  if (!value) throw new Error('session secret missing');
  return value;
}
