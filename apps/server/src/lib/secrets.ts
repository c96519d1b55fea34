import { eq } from 'drizzle-orm';
import { ConfigError, startupConfigProblem, type Config } from '../config/env';
import type { Db } from '../db/client';
import { appSecrets } from '../db/schema';
import { randomToken, signingKeys, type SigningKeys } from './tokens';

/**
 * The keys that sign access and device tokens (ADR 0003): SESSION_SECRET (required in production, refused otherwise
 * with a ConfigError naming it) and SESSION_SECRET_PREVIOUS after a rotation. Outside production, without
 * SESSION_SECRET, one key is generated once and kept in the database so that every process (and every restart) signs
 * with the same key; backups leave it out (lib/backup.ts), so a restored database makes a new one.
 */
export async function loadSigningKeys(
  db: Db,
  config: Pick<Config, 'isProduction' | 'sessionSecret' | 'sessionSecretPrevious'>,
): Promise<SigningKeys> {
  const problem = startupConfigProblem(config);
  if (problem) throw new ConfigError(problem);
  if (config.sessionSecret)
    return signingKeys(config.sessionSecret, config.sessionSecretPrevious ? [config.sessionSecretPrevious] : []);
  await db
    .insert(appSecrets)
    .values({ name: 'session', value: randomToken() + randomToken() })
    .onConflictDoNothing();
  const rows = await db.select().from(appSecrets).where(eq(appSecrets.name, 'session'));
  const value = rows[0]?.value;
  if (!value) throw new Error('session secret missing');
  return signingKeys(value);
}
