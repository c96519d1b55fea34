import { parseArgs } from 'node:util';
import { INVITATION_TOKEN_TTL_HOURS, isValidCodiceFiscale, isValidEmail, normalizeCodiceFiscale } from '@timbro/shared';
import { sql } from 'drizzle-orm';
import type { Db } from './db/client';
import { oneTimeTokens, users } from './db/schema';
import { randomToken, sha256 } from './lib/tokens';

export interface CreateAdminResult {
  userId: string;
  email: string;
  /** The first-login link to hand to the operator. */
  link: string;
  /** What `npm run cli -- create-admin` prints. */
  message: string;
}

/**
 * `create-admin --email E --first-name F --last-name L --fiscal-code CF`: creates a platform operator without a
 * password and a first-login token (INVITATION_TOKEN_TTL_HOURS). Throws an Error with a message for the operator
 * on bad arguments or an e-mail already in use; nothing is written then.
 */
export async function createAdmin(db: Db, publicUrl: string, args: string[]): Promise<CreateAdminResult> {
  const { values } = parseArgs({
    args,
    options: {
      email: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      'fiscal-code': { type: 'string' },
    },
  });
  const email = values.email?.trim().toLowerCase() ?? '';
  const fiscalCode = normalizeCodiceFiscale(values['fiscal-code'] ?? '');
  if (!isValidEmail(email)) throw new Error('--email: a valid e-mail address is required');
  if (!isValidCodiceFiscale(fiscalCode)) throw new Error('--fiscal-code: a valid codice fiscale is required');
  if (!values['first-name'] || !values['last-name']) throw new Error('--first-name and --last-name are required');
  const token = randomToken();
  const userId = await db.transaction(async (tx) => {
    const existing = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${email}`);
    if (existing.length > 0) throw new Error(`A user with e-mail ${email} already exists.`);
    const [u] = await tx
      .insert(users)
      .values({ email, firstName: values['first-name']!, lastName: values['last-name']!, fiscalCode, isOperator: true })
      .returning();
    await tx.insert(oneTimeTokens).values({
      userId: u!.id,
      purpose: 'first_login',
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + INVITATION_TOKEN_TTL_HOURS * 3600 * 1000),
    });
    return u!.id;
  });
  const link = `${publicUrl}/first-login/${token}`;
  const message = `Operator ${email} created. Set the password within ${INVITATION_TOKEN_TTL_HOURS / 24} days at:\n${link}`;
  return { userId, email, link, message };
}
