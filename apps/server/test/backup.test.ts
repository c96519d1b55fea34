import { PassThrough, Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client';
import { backup, checksums, restore, RestoreError } from '../src/lib/backup';
import { MemoryStorage } from '../src/lib/storage/memory';
import { createTestContext, type Session, type TestContext } from './helpers';
import { png } from './upload-corpus';

/**
 * Backup and restore (issue 17): the demo company with files, backed up, restored into a new database and storage,
 * gives 0 mismatches — a checksum of every table and every file. On PGlite: PGlite → PGlite. In the PostgreSQL run:
 * PostgreSQL → PGlite → a new PostgreSQL database, the round trip of the issue.
 */

let ctx: TestContext;
let admin: Session;
const opened: Database[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login('admin@demo.timbro.it');
  // A file in the storage: the company's logo.
  const form = new FormData();
  form.append('file', new Blob([png()]), 'logo.png');
  const res = await ctx.request('POST', '/admin/file/logo', form, { session: admin, workspace: ctx.ws.demo });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(async () => {
  for (const d of opened) await d.close();
  await ctx.close();
});

async function toBuffer(run: (out: PassThrough) => Promise<unknown>) {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  await run(out);
  return Buffer.concat(chunks);
}

async function freshPglite() {
  const d = await openDatabase({ databaseUrl: null, pgliteDir: null });
  opened.push(d);
  await d.migrate();
  return d;
}

describe('backup and restore', () => {
  it('a round trip gives the same checksum for every table and every file; a non-empty target is refused', async () => {
    const before = await checksums(ctx.db, ctx.deps.storage);
    const tables = Object.keys(before).filter((k) => k.startsWith('table:'));
    const files = Object.keys(before).filter((k) => k.startsWith('file:'));
    expect(tables.length).toBeGreaterThan(30);
    expect(files.length).toBeGreaterThan(0);

    let summary: Awaited<ReturnType<typeof backup>> | undefined;
    const dump = await toBuffer(async (out) => {
      summary = await backup(ctx.db, ctx.deps.storage, out);
    });
    expect(summary!.files).toBe(files.length);

    // Into a new PGlite and a new storage.
    const target = await freshPglite();
    const storage = new MemoryStorage();
    const restored = await restore(target.db, storage, Readable.from(dump));
    expect(restored.tables).toEqual(Object.fromEntries(Object.entries(summary!.tables).filter(([, n]) => n > 0)));
    let after = await checksums(target.db, storage);
    const mismatches = Object.keys(before).filter((k) => before[k] !== after[k]);
    console.info(
      `Backup round trip (${ctx.deps.database.kind} → PGlite): ${tables.length} tables, ${files.length} files, ` +
        `${dump.length} bytes gzip, mismatches ${mismatches.length}`,
    );
    expect(mismatches).toEqual([]);
    expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());

    // On PostgreSQL: from that PGlite into a new PostgreSQL database, and compare again.
    if (ctx.deps.database.kind === 'postgres') {
      const name = `timbro_restore_${Date.now()}`;
      await ctx.deps.database.raw.query(`create database ${name}`);
      const url = new URL(ctx.deps.database.url!);
      url.pathname = `/${name}`;
      const pg = await openDatabase({ databaseUrl: url.toString(), poolMax: 2 });
      opened.push(pg);
      await pg.migrate();
      const pgStorage = new MemoryStorage();
      const again = await toBuffer((out) => backup(target.db, storage, out));
      await restore(pg.db, pgStorage, Readable.from(again));
      after = await checksums(pg.db, pgStorage);
      const pgMismatches = Object.keys(before).filter((k) => before[k] !== after[k]);
      console.info(`Backup round trip PGlite → PostgreSQL: mismatches ${pgMismatches.length}`);
      expect(pgMismatches).toEqual([]);
    }

    // A restore never merges: the target now has data.
    await expect(restore(target.db, storage, Readable.from(dump))).rejects.toBeInstanceOf(RestoreError);
  });

  it('refuses what is not a backup, and a damaged file (its checksum), leaving the database empty', async () => {
    const target = await freshPglite();
    const { gzipSync } = await import('node:zlib');
    await expect(restore(target.db, new MemoryStorage(), Readable.from(gzipSync('{"hello":1}\n')))).rejects.toThrow(
      /Not a Timbro backup/,
    );
    const dump = await toBuffer((out) => backup(ctx.db, ctx.deps.storage, out));
    const { gunzipSync } = await import('node:zlib');
    const lines = gunzipSync(dump).toString('utf8').split('\n');
    const damaged = lines.map((l) =>
      l.includes('"sha256"') ? l.replace(/"sha256":"[0-9a-f]{4}/, '"sha256":"0000') : l,
    );
    await expect(restore(target.db, new MemoryStorage(), Readable.from(gzipSync(damaged.join('\n'))))).rejects.toThrow(
      /does not match its checksum/,
    );
    const sums = await checksums(target.db, new MemoryStorage());
    expect(Object.entries(sums).filter(([k, v]) => k.startsWith('table:') && !v.startsWith('0:'))).toEqual([]);
  });
});
