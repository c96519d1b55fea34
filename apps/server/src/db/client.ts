import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';
import { acquireDirLock, type DirLock } from './lock';

export type Schema = typeof schema;
/** One handle type for both drivers: code never knows whether it runs on PGlite or PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything that can run a query: the database or an open transaction. */
export type Queryable = Db | Tx;

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Low-level SQL access used by pg-boss and health checks. */
export interface RawSql {
  query<T = Record<string, unknown>>(text: string, values?: unknown[]): Promise<{ rows: T[] }>;
  /** Several statements without parameters (DDL). */
  exec(text: string): Promise<void>;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL only: the connection URL (a second process, in tests, opens its own pool on it). */
  url?: string;
  raw: RawSql;
  /** Applies the migrations (of `folder`: the upgrade test applies an older release's set first). */
  migrate(folder?: string): Promise<void>;
  close(): Promise<void>;
  /**
   * LISTEN on a channel: `onMessage` gets each NOTIFY payload (sent by any process, delivered at the sender's commit).
   * On PostgreSQL one dedicated connection per process, reconnected after a failure; on PGlite the instance itself.
   * Returns the unsubscribe. `onState` hears when the PostgreSQL connection drops (false: notifications may be missed
   * until it is back) and when it is listening again (true).
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onState?: (up: boolean) => void,
  ): Promise<() => Promise<void>>;
  /** PGlite only: a tarball of the data directory (used to clone a migrated, seeded database in tests). */
  dumpDataDir?(): Promise<Blob | File>;
}

export interface OpenOptions {
  /** postgres:// URL; when null the embedded PGlite is used. */
  databaseUrl: string | null;
  /** PGlite data directory; null = in memory. */
  pgliteDir?: string | null;
  /** A PGlite data-dir tarball to start from (test clones). */
  loadDataDir?: Blob | File;
  poolMax?: number;
}

/**
 * Query observers (tests and benchmarks count the statements of an endpoint, e.g. to prove it has no N+1). Empty in
 * production: the logger then costs one size check per statement.
 */
export const queryObservers = new Set<(sql: string) => void>();
/** Watchers of every statement this process sends, in production too (the actor cache: plugins/actor-cache.ts). */
export const statementWatchers = new Set<(sql: string) => void>();
const queryLogger = {
  logQuery(query: string) {
    if (queryObservers.size > 0) for (const observe of queryObservers) observe(query);
    for (const watch of statementWatchers) watch(query);
  },
};

/** Opens the database: PostgreSQL through `pg` when a URL is given, otherwise PGlite (persisted when a dir is given). */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.poolMax ?? 10);
  return openPglite(opts.pgliteDir ?? null, opts.loadDataDir);
}

async function openPostgres(url: string, max: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max });
  // Dates stay strings (YYYY-MM-DD), as the API speaks them, on both drivers.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, { schema, logger: queryLogger }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    url,
    raw: {
      query: async (text, values) => {
        const r = await pool.query(text, values as unknown[] | undefined);
        return { rows: r.rows };
      },
      exec: async (text) => {
        await pool.query(text);
      },
    },
    migrate: async (folder = MIGRATIONS_DIR) => {
      // An advisory lock on one connection: several processes starting together migrate one at a time.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock(7215001)');
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder: folder });
      } finally {
        await client.query('select pg_advisory_unlock(7215001)').catch(() => undefined);
        client.release();
      }
    },
    listen: (channel, onMessage, onState) => listenPostgres(url, channel, onMessage, onState),
    close: async () => {
      await pool.end();
    },
  };
}

/**
 * One LISTEN connection for a channel, outside the pool (a pooled connection would be handed to others). When the
 * connection drops it is opened again after a pause, so a restarted PostgreSQL does not silence live updates.
 */
async function listenPostgres(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  onState?: (up: boolean) => void,
) {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;
  // After the first connection, each new one is a reconnection: listeners are told they are heard again.
  let reconnecting = false;
  const quoted = `"${channel.replace(/"/g, '""')}"`;
  // A failed attempt (PostgreSQL still down) schedules the next one.
  const scheduleRetry = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = null;
      if (!stopped) void connect().catch(scheduleRetry);
    }, 2000);
  };
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (n) => {
      if (n.channel === channel) onMessage(n.payload ?? '');
    });
    c.on('error', () => {
      if (client === c) {
        client = null;
        onState?.(false);
      }
      void c.end().catch(() => undefined);
      scheduleRetry();
    });
    await c.connect();
    await c.query(`LISTEN ${quoted}`);
    if (stopped) {
      await c.end().catch(() => undefined);
      return;
    }
    const again = reconnecting;
    client = c;
    reconnecting = true;
    if (again) onState?.(true);
  };
  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const c = client;
    client = null;
    await c?.end().catch(() => undefined);
  };
}

async function openPglite(dir: string | null, loadDataDir?: Blob | File): Promise<Database> {
  let lock: DirLock | null = null;
  if (dir) {
    fs.mkdirSync(dir, { recursive: true });
    lock = acquireDirLock(dir);
  }
  let client: PGlite;
  try {
    client = await PGlite.create(dir ? { dataDir: dir } : loadDataDir ? { loadDataDir } : {});
  } catch (err) {
    lock?.release();
    throw err;
  }
  const db = drizzlePglite(client, { schema, logger: queryLogger }) as unknown as Db;
  let closed = false;
  return {
    db,
    kind: 'pglite',
    raw: {
      query: async (text, values) => {
        const r = await client.query(text, values as unknown[] | undefined);
        return { rows: r.rows as never[] };
      },
      exec: async (text) => {
        await client.exec(text);
      },
    },
    migrate: async (folder = MIGRATIONS_DIR) => {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: folder });
    },
    listen: async (channel, onMessage) => {
      const unsubscribe = await client.listen(channel, onMessage);
      return async () => {
        if (!closed) await unsubscribe();
      };
    },
    dumpDataDir: async () => client.dumpDataDir('none'),
    close: async () => {
      if (closed) return;
      closed = true;
      try {
        if (dir) await client.exec('CHECKPOINT');
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

/** Exposes the PGlite instance for test cloning (dumpDataDir). */
export type { PGlite };
