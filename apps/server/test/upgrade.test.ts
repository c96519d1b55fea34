import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { MIGRATIONS_DIR, openDatabase, type Database } from '../src/db/client';
import { checksums, restore } from '../src/lib/backup';
import { MemoryStorage } from '../src/lib/storage/memory';
import { stopProcess, testDeps } from './helpers';

/**
 * Upgrade (issue 17): a release's data migrates cleanly to this one. The fixture is the demo data of the schema of
 * migration 0014 (`fixtures/upgrade/release-0014.ndjson.gz`, made with `npm run cli -- backup` on 2026-11-27). The
 * test builds that release's database — its own migrations only, 0000–0014 — loads the data, then runs every migration
 * of this release on it: the data is all there afterwards, and the app on it logs the demo admin in and lists people.
 * Add a fixture per release; never edit one.
 */

const FIXTURE = path.join(import.meta.dirname, 'fixtures/upgrade/release-0014.ndjson.gz');
const RELEASE_MIGRATIONS = 15; // 0000 … 0014
const opened: Database[] = [];
const dirs: string[] = [];

afterAll(async () => {
  for (const d of opened) await d.close();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

/** A migrations folder with only the first `count` migrations (the release's own). */
function releaseMigrations(count: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'timbro-release-'));
  dirs.push(dir);
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  const entries = journal.entries.filter((e) => e.idx < count);
  fs.mkdirSync(path.join(dir, 'meta'));
  fs.writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const e of entries) fs.copyFileSync(path.join(MIGRATIONS_DIR, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  return dir;
}

describe('upgrade from the previous release', () => {
  it('release 0014’s data, migrated to this release: every row kept, the app works on it', async () => {
    const database = await openDatabase({ databaseUrl: null, pgliteDir: null });
    opened.push(database);
    await database.migrate(releaseMigrations(RELEASE_MIGRATIONS));
    const storage = new MemoryStorage();
    const loaded = await restore(database.db, storage, fs.createReadStream(FIXTURE));
    const before = await checksums(database.db, storage);

    await database.migrate();

    const after = await checksums(database.db, storage);
    const count = (v: string | undefined) => Number((v ?? '0:').split(':')[0]);
    // Every table of the release keeps its rows (a later migration may add columns, hence counts, not hashes).
    const lost = Object.keys(before).filter((k) => count(after[k]) < count(before[k]));
    expect(lost).toEqual([]);
    expect(Object.values(loaded.tables).reduce((a, b) => a + b, 0)).toBeGreaterThan(4000);

    const deps = await testDeps(database, storage);
    const app = await buildApp(deps);
    try {
      const login = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        headers: { 'x-client': 'timbro-web', 'content-type': 'application/json' },
        payload: { username: 'admin@demo.timbro.it', password: 'Timbro2026!' },
      });
      expect(login.statusCode, login.body).toBe(200);
      const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
      const people = await app.inject({ method: 'GET', url: '/api/v1/admin/user', headers: { cookie } });
      expect(people.statusCode, people.body).toBe(200);
      expect((people.json() as { total: number }).total).toBeGreaterThan(10);
    } finally {
      await stopProcess({ app, deps });
    }
  });
});
