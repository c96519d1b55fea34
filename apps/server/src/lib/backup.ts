// Longer than 300 lines: backup and restore are one file format read and written by the same code (the header, the
// table stream, the checksums, the refusals), which is how a restore is proved to read exactly what a backup wrote.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { PassThrough, type Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Queryable } from '../db/client';
import { BackupKeyError, decryptStream, encryptStream } from './backup-crypto';
import { MAIL_MAX_ATTEMPTS } from './mail';
import { SENSITIVE_MAIL_TEMPLATES } from './mail-templates';
import type { FileStorage, StoredObject } from './storage';

/**
 * Backup and restore (issue 17, `npm run cli -- backup` / `restore`): every table of the application's schema and
 * every stored file, in one portable file that goes from PGlite to PostgreSQL and back.
 *
 * The file is gzip of JSON lines: a header, then each table's rows as PostgreSQL's own JSON of the row
 * (`row_to_json`, restored by `json_populate_recordset`, so every type — dates, numerics, bytea, json — comes back
 * exactly, whatever the driver), then each file's bytes in chunks with its SHA-256. It is written while it is read
 * (bounded memory), from one REPEATABLE READ snapshot: a backup can be taken while the server runs. Jobs (pg-boss's
 * own schema) and the migration journal are not in it: the target is migrated first, the queues refill themselves.
 *
 * A backup is not a key to the live system (issue 30, item 5): it leaves out the signing secret, the sessions with
 * their refresh tokens, the one-time links, and the rate-limit and login-failure counters (EXCLUDED_TABLES), and the
 * bodies of e-mails that carried a one-time link; a restore therefore ends every session. The file is written 0600
 * and, with BACKUP_KEY, encrypted (lib/backup-crypto.ts). Password hashes (scrypt) stay: people sign in after a
 * restore. The calendar feeds stay too: only their SHA-256 is stored, no link can be rebuilt from it.
 */

const FORMAT = 'timbro-backup';
/** 2: the secrets, sessions, one-time tokens and counters are left out (a version 1 file is restored without them). */
const VERSION = 2;
const READABLE_VERSIONS = new Set([1, 2]);

/**
 * Tables a backup leaves out, and a restore skips when an older backup has them: what would open the live system
 * (the signing key stored when SESSION_SECRET is not set, the sessions, their refresh tokens, the one-time links of
 * first login, reset and e-mail confirmation) and what only counts attempts (rate limits, login failures).
 */
export const EXCLUDED_TABLES: ReadonlySet<string> = new Set([
  'app_secrets',
  'auth_sessions',
  'refresh_tokens',
  'one_time_tokens',
  'rate_limits',
  'login_failures',
]);

/** The body an e-mail with a one-time link has in a backup (its link would no longer work after a restore anyway). */
export const BACKUP_REDACTED_BODY = '[contenuto rimosso dal backup: conteneva un link personale]';

/**
 * Each row as JSON; for the outbox, the body of a mail with a one-time link is replaced, and one not yet sent is
 * marked given up (its token is not in the backup: sending it after a restore would only deliver a dead link).
 */
function rowJson(table: string): SQL {
  if (table !== 'mail_outbox') return sql`row_to_json(t)::text`;
  const sensitive = sql.join(
    [...SENSITIVE_MAIL_TEMPLATES].map((x) => sql`${x}`),
    sql`, `,
  );
  return sql`case when t.template in (${sensitive}) then (to_jsonb(t) || jsonb_build_object(
      'text_body', ${BACKUP_REDACTED_BODY}::text, 'html_body', null,
      'attempts', case when t.sent_at is null then greatest(t.attempts, ${MAIL_MAX_ATTEMPTS}::int) else t.attempts end,
      'last_error', case when t.sent_at is null then 'not sent: its link was left out of the backup' else t.last_error end
    ))::text else row_to_json(t)::text end`;
}
const ROW_BATCH = 1000;
const FILE_CHUNK = 512 * 1024;

interface Header {
  format: typeof FORMAT;
  version: number;
  createdAt: string;
  tables: string[];
  /** Tables of the database left out of the file (version 2). */
  excluded?: string[];
}

type Line =
  | Header
  | { t: string; rows: unknown[] }
  | { f: string; d: string }
  | { f: string; end: true; sha256: string; size: number };

export interface BackupSummary {
  tables: Record<string, number>;
  files: number;
  fileBytes: number;
  missingFiles: string[];
}

const ident = (name: string) => sql.raw(`"${name.replace(/"/g, '""')}"`);

/** The rows of a statement, on either driver. */
async function rowsOf<T>(q: Queryable, query: SQL): Promise<T[]> {
  const result = (await q.execute(query)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(result) ? result : (result.rows ?? []);
}

/** The application's tables (schema public), in a stable order. */
async function tableNames(q: Queryable): Promise<string[]> {
  const rows = await rowsOf<{ name: string }>(
    q,
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  return rows.map((x) => x.name);
}

export interface BackupOptions {
  /** BACKUP_KEY: encrypt the file (AES-256-GCM); at restore, the key to decrypt it. Null or absent: in clear. */
  key?: string | null;
}

/** Writes the backup to `out` (gzip of JSON lines; encrypted with `opts.key`). */
export async function backup(
  db: Db,
  storage: FileStorage,
  out: Writable,
  opts: BackupOptions = {},
): Promise<BackupSummary> {
  const summary: BackupSummary = { tables: {}, files: 0, fileBytes: 0, missingFiles: [] };
  const lines = new PassThrough();
  const written = opts.key
    ? pipeline(lines, createGzip(), encryptStream(opts.key), out)
    : pipeline(lines, createGzip(), out);
  const write = async (line: Line) => {
    if (!lines.write(`${JSON.stringify(line)}\n`)) await new Promise((r) => lines.once('drain', r));
  };
  try {
    await db.transaction(
      async (tx) => {
        await tx.execute(sql`set local time zone 'UTC'`);
        const all = await tableNames(tx);
        const tables = all.filter((t) => !EXCLUDED_TABLES.has(t));
        const excluded = all.filter((t) => EXCLUDED_TABLES.has(t));
        await write({ format: FORMAT, version: VERSION, createdAt: new Date().toISOString(), tables, excluded });
        for (const table of tables) {
          let count = 0;
          let after = '(0,0)';
          for (;;) {
            // Keyset on the physical row id: each batch starts where the last ended (no OFFSET rescans).
            const rows = await rowsOf<{ at: string; j: string }>(
              tx,
              sql`select ctid::text as at, ${rowJson(table)} as j from ${ident(table)} t where ctid > ${after}::tid order by ctid limit ${ROW_BATCH}`,
            );
            if (rows.length === 0) break;
            await write({ t: table, rows: rows.map((x) => JSON.parse(x.j) as unknown) });
            count += rows.length;
            after = rows.at(-1)!.at;
          }
          summary.tables[table] = count;
        }
        const files = await rowsOf<{ ws: string; id: string }>(
          tx,
          sql`select workspace_id::text as ws, id::text as id from files order by workspace_id, id`,
        );
        for (const { ws, id } of files) {
          const key = `${ws}/${id}`;
          if (!(await storage.exists(key))) {
            // A reserved upload whose bytes never arrived, or already removed: said in the summary.
            summary.missingFiles.push(key);
            continue;
          }
          const hash = createHash('sha256');
          let size = 0;
          for await (const chunk of await storage.get(key)) {
            const buf = chunk as Buffer;
            hash.update(buf);
            size += buf.length;
            for (let i = 0; i < buf.length; i += FILE_CHUNK)
              await write({ f: key, d: buf.subarray(i, i + FILE_CHUNK).toString('base64') });
          }
          await write({ f: key, end: true, sha256: hash.digest('hex'), size });
          summary.files++;
          summary.fileBytes += size;
        }
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  } finally {
    lines.end();
  }
  await written;
  return summary;
}

export class RestoreError extends Error {
  override name = 'RestoreError';
}

/**
 * Restores a backup (encrypted or not: `opts.key` decrypts it) into an empty, migrated database and its storage.
 * Refuses a database that already has data (a restore never merges). Rows of EXCLUDED_TABLES in an older backup are
 * skipped: no session, secret or one-time link survives a restore. Foreign keys and triggers are off while the rows
 * go in (`session_replication_role`, which needs a superuser on PostgreSQL), then serial counters are moved past the
 * restored ids. One transaction: a failed restore leaves the database empty (files it had written stay in the
 * storage: restore into a new one).
 */
export async function restore(
  db: Db,
  storage: FileStorage,
  input: Readable,
  opts: BackupOptions = {},
): Promise<BackupSummary> {
  try {
    return await restoreStream(db, storage, input, opts);
  } catch (err) {
    // A wrong or missing BACKUP_KEY, or encrypted bytes that do not authenticate: said as a restore error.
    if (err instanceof BackupKeyError) throw new RestoreError(err.message);
    throw err;
  }
}

async function restoreStream(
  db: Db,
  storage: FileStorage,
  input: Readable,
  opts: BackupOptions,
): Promise<BackupSummary> {
  const summary: BackupSummary = { tables: {}, files: 0, fileBytes: 0, missingFiles: [] };
  const gunzip = createGunzip();
  // Errors of any stage (a wrong key, a damaged file) reach the reader below through the gunzip stream.
  pipeline(input, decryptStream(opts.key ?? null), gunzip).catch(() => undefined);
  const reader = createInterface({ input: gunzip, crlfDelay: Infinity });
  const it = reader[Symbol.asyncIterator]();
  let header: Partial<Header> | null;
  try {
    const first = await it.next();
    header = first.done ? null : (JSON.parse(first.value) as Partial<Header>);
  } catch (err) {
    if (err instanceof BackupKeyError) throw err;
    header = null;
  }
  if (header?.format !== FORMAT || !READABLE_VERSIONS.has(header.version ?? 0))
    throw new RestoreError('Not a Timbro backup (or a newer format).');

  // The file being restored: its bytes stream into the storage as their lines arrive (bounded memory).
  let current: { key: string; body: PassThrough; stored: Promise<StoredObject> } | null = null;
  const open = (key: string) => {
    const body = new PassThrough();
    current = { key, body, stored: storage.put(key, body, { contentType: 'application/octet-stream' }) };
    return current;
  };
  await db.transaction(async (tx) => {
    const tables = await tableNames(tx);
    const unknown = header.tables!.filter((t) => !tables.includes(t) && !EXCLUDED_TABLES.has(t));
    if (unknown.length)
      throw new RestoreError(`The backup has tables this version does not know: ${unknown.join(', ')}.`);
    // The tables a backup leaves out may hold a started server's own rows (its generated key): they stay.
    for (const table of tables.filter((t) => !EXCLUDED_TABLES.has(t))) {
      const [r] = await rowsOf<{ has: boolean }>(tx, sql`select exists (select 1 from ${ident(table)}) as has`);
      if (r?.has)
        throw new RestoreError(`The database is not empty (table ${table}): restore into a new, migrated database.`);
    }
    await tx.execute(sql`set local time zone 'UTC'`);
    await tx.execute(sql`set local session_replication_role = replica`);
    for await (const raw of it) {
      if (!raw) continue;
      const line = JSON.parse(raw) as Line;
      if ('t' in line) {
        // An older backup (version 1) has them: no session, secret or one-time link survives a restore.
        if (EXCLUDED_TABLES.has(line.t)) continue;
        await tx.execute(
          sql`insert into ${ident(line.t)} select * from json_populate_recordset(null::${ident(line.t)}, ${JSON.stringify(line.rows)}::json)`,
        );
        summary.tables[line.t] = (summary.tables[line.t] ?? 0) + line.rows.length;
      } else if ('f' in line && 'd' in line) {
        const file = current?.key === line.f ? current : open(line.f);
        if (!file.body.write(Buffer.from(line.d, 'base64'))) await new Promise((r) => file.body.once('drain', r));
      } else if ('f' in line && 'end' in line) {
        // An empty file has no chunk lines.
        const file = current?.key === line.f ? current : open(line.f);
        file.body.end();
        const stored = await file.stored;
        current = null;
        if (stored.sha256 !== line.sha256 || stored.size !== line.size)
          throw new RestoreError(`The file ${line.f} does not match its checksum: the backup is damaged.`);
        summary.files++;
        summary.fileBytes += stored.size;
      }
    }
    // Serial counters past the restored ids.
    const serials = await rowsOf<{ t: string; c: string; s: string }>(
      tx,
      sql`select c.table_name as t, c.column_name as c, pg_get_serial_sequence(format('%I', c.table_name), c.column_name) as s from information_schema.columns c where c.table_schema = 'public' and pg_get_serial_sequence(format('%I', c.table_name), c.column_name) is not null`,
    );
    for (const { t, c, s } of serials) {
      await tx.execute(sql`select setval(${s}, coalesce((select max(${ident(c)}) from ${ident(t)}), 0) + 1, false)`);
    }
  });
  return summary;
}

/**
 * `npm run cli -- backup`: the backup in a new file readable by its owner alone (0600, in a folder made 0700), never
 * over an existing one; encrypted when `opts.key` (BACKUP_KEY) is given. A failed backup leaves no partial file.
 */
export async function writeBackupFile(
  db: Db,
  storage: FileStorage,
  file: string,
  opts: BackupOptions = {},
): Promise<BackupSummary> {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const out = fs.createWriteStream(file, { flags: 'wx', mode: 0o600 });
  await new Promise<void>((resolve, reject) => out.once('open', () => resolve()).once('error', reject));
  // The mode given at creation is narrowed by the umask, never widened; set it again in case the file system ignores it.
  fs.chmodSync(file, 0o600);
  try {
    return await backup(db, storage, out, opts);
  } catch (err) {
    fs.rmSync(file, { force: true });
    throw err;
  }
}

/** `npm run cli -- restore --from FILE`: `restore` from a file (decrypted with `opts.key` when it is encrypted). */
export async function restoreBackupFile(
  db: Db,
  storage: FileStorage,
  file: string,
  opts: BackupOptions = {},
): Promise<BackupSummary> {
  return restore(db, storage, fs.createReadStream(file), opts);
}

/** A checksum of every table (its rows' JSON, sorted) and of every stored file: equal before and after a round trip. */
export async function checksums(db: Db, storage: FileStorage): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  await db.transaction(
    async (tx) => {
      await tx.execute(sql`set local time zone 'UTC'`);
      for (const table of await tableNames(tx)) {
        const [r] = await rowsOf<{ n: number; h: string }>(
          tx,
          sql`select count(*)::int as n, coalesce(md5(string_agg(j, E'\n' order by j)), '') as h from (select row_to_json(t)::text as j from ${ident(table)} t) x`,
        );
        const { n, h } = r!;
        out[`table:${table}`] = `${n}:${h}`;
      }
      const files = await rowsOf<{ ws: string; id: string }>(
        tx,
        sql`select workspace_id::text as ws, id::text as id from files order by 1, 2`,
      );
      for (const { ws, id } of files) {
        const key = `${ws}/${id}`;
        if (!(await storage.exists(key))) continue;
        const hash = createHash('sha256');
        for await (const chunk of await storage.get(key)) hash.update(chunk as Buffer);
        out[`file:${key}`] = hash.digest('hex');
      }
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  return out;
}
