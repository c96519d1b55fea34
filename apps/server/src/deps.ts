import type { Config } from './config/env';
import type { Database, Db } from './db/client';
import type { Queryable } from './db/client';
import type { FileStorage } from './lib/storage';
import type { SigningKeys } from './lib/tokens';
import type { LiveHub } from './modules/notifications/live';
import type { StreamRegistry } from './modules/notifications/stream-registry';
import type { ActorCache } from './plugins/actor-cache';

/** What modules receive from the composition root (app.ts). No module reaches for globals. */
export interface AppDeps {
  database: Database;
  db: Db;
  config: Config;
  /** The keys that sign access and device tokens (loaded once at start; lib/secrets.ts, ADR 0003). */
  keys: SigningKeys;
  /** Where uploaded files' bytes live (ADR 0019): local disk or an S3-compatible bucket; in memory in tests. */
  storage: FileStorage;
  /** Asks the job system to run a job soon (no-op when jobs are off, e.g. in most tests). */
  triggerJob(name: string): Promise<void>;
  /**
   * Schedules a job inside the caller's transaction (pg-boss `send` on the transaction's connection): a rollback
   * leaves no job. No-op when jobs are off; the job's own minute sweep is the guarantee either way.
   */
  scheduleJob(
    q: Queryable,
    name: string,
    data: object,
    opts: { startAfter: Date; singletonKey: string },
  ): Promise<void>;
  /** Live updates across processes (LISTEN/NOTIFY): the notification centre's streams. */
  live: LiveHub;
  /** The notification streams open in this process: their caps (429 beyond), lives and heartbeats (ADR 0020). */
  streams: StreamRegistry;
  /** Who each session is, kept between requests and emptied across processes on every change (ADR 0026). */
  actors: ActorCache;
}
