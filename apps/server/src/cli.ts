import { createAdmin } from './cli-commands';
import { loadConfig } from './config/env';
import { seedDemo, demoLoginsText } from './seed';
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
      console.log((await createAdmin(database.db, config.publicUrl, rest)).message);
    }
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
