import { parseArgs } from 'node:util';
import { isValidCodiceFiscale, isValidEmail, normalizeCodiceFiscale } from '@timbro/shared';
import { sql } from 'drizzle-orm';
import { loadConfig } from './config/env';
import { seedDemo, demoLoginsText } from './seed';
import { oneTimeTokens, users } from './db/schema';
import { INVITATION_TOKEN_TTL_HOURS } from '@timbro/shared';
import { randomToken, sha256 } from './lib/tokens';
import { openConfiguredDatabase } from './runtime';

const USAGE = `Usage: npm run cli -- <command>
  migrate                         apply the database migrations
  seed                            create the demo data (only on an empty database, never in production)
  create-admin --email E --first-name F --last-name L --fiscal-code CF
                                  create a platform operator and print a first-login link`;

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  const config = loadConfig();
  if (!command || !['migrate', 'seed', 'create-admin'].includes(command)) {
    console.log(USAGE);
    process.exit(command ? 1 : 0);
  }
  const database = await openConfiguredDatabase(config);
  try {
    if (command === 'migrate') {
      console.log('Migrations applied.');
    } else if (command === 'seed') {
      if (config.isProduction) throw new Error('Demo data is never created in production.');
      const done = await seedDemo(database.db);
      console.log(done ? `Demo data created.\n${demoLoginsText()}` : 'The database already has data: nothing seeded.');
    } else {
      const { values } = parseArgs({
        args: rest,
        options: { email: { type: 'string' }, 'first-name': { type: 'string' }, 'last-name': { type: 'string' }, 'fiscal-code': { type: 'string' } },
      });
      const email = values.email?.trim().toLowerCase() ?? '';
      const fiscalCode = normalizeCodiceFiscale(values['fiscal-code'] ?? '');
      if (!isValidEmail(email)) throw new Error('--email: a valid e-mail address is required');
      if (!isValidCodiceFiscale(fiscalCode)) throw new Error('--fiscal-code: a valid codice fiscale is required');
      if (!values['first-name'] || !values['last-name']) throw new Error('--first-name and --last-name are required');
      const token = randomToken();
      await database.db.transaction(async (tx) => {
        const existing = await tx.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${email}`);
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
      });
      console.log(`Operator ${email} created. Set the password within ${INVITATION_TOKEN_TTL_HOURS / 24} days at:\n${config.publicUrl}/first-login/${token}`);
    }
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
