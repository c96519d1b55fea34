import path from 'node:path';
import { createAdmin } from './cli-commands';
import { restoreBackupFile, writeBackupFile } from './lib/backup';
import { createStorage } from './lib/storage';
import { loadConfig } from './config/env';
import { seedDemo, demoLoginsText } from './seed';
import { openConfiguredDatabase } from './runtime';

const USAGE = `Usage: npm run cli -- <command>
  migrate                         apply the database migrations
  seed                            create the demo data (only on an empty database, never in production)
  create-admin --email E --first-name F --last-name L --fiscal-code CF
                                  create a platform operator and print a first-login link
  backup [--out FILE]             every table and every stored file in one file, readable by its owner only
                                  (default: DATA_DIR/backups/timbro-<date>.ndjson.gz, .enc when BACKUP_KEY
                                  encrypts it); no secrets, sessions or one-time links; on PostgreSQL the server
                                  may keep running, on PGlite stop it first (one process owns the data directory)
  restore --from FILE             into an empty, new database and file storage (a new DATA_DIR, or an empty
                                  PostgreSQL database with DATABASE_URL; needs a superuser there); an encrypted
                                  backup needs the BACKUP_KEY it was written with; every session ends`;

/** An option's value; a path is read from where the command was typed (npm runs the CLI in apps/server). */
function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}
const fromWhereTyped = (p: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), p);

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  const config = loadConfig();
  if (!command || !['migrate', 'seed', 'create-admin', 'backup', 'restore'].includes(command)) {
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
    } else if (command === 'backup') {
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const given = option(rest, '--out');
      const name = `timbro-${stamp}.ndjson.gz${config.backupKey ? '.enc' : ''}`;
      const out = given ? fromWhereTyped(given) : path.join(config.dataDir, 'backups', name);
      const s = await writeBackupFile(database.db, createStorage(config), out, { key: config.backupKey });
      const rows = Object.values(s.tables).reduce((a, b) => a + b, 0);
      console.log(
        `Backup written to ${out} (mode 0600, ${config.backupKey ? 'encrypted with BACKUP_KEY' : 'not encrypted: set BACKUP_KEY to encrypt it'}): ` +
          `${Object.keys(s.tables).length} tables, ${rows} rows, ${s.files} files (${s.fileBytes} bytes).` +
          (s.missingFiles.length ? ` Files without bytes (skipped): ${s.missingFiles.length}.` : ''),
      );
    } else if (command === 'restore') {
      const given = option(rest, '--from');
      if (!given) throw new Error('Say which backup: restore --from FILE');
      const from = fromWhereTyped(given);
      const s = await restoreBackupFile(database.db, createStorage(config), from, { key: config.backupKey });
      const rows = Object.values(s.tables).reduce((a, b) => a + b, 0);
      console.log(
        `Restored ${rows} rows in ${Object.keys(s.tables).length} tables and ${s.files} files from ${from}. ` +
          'No session was restored: everyone signs in again.',
      );
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
