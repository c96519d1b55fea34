import type { Config } from './config/env';
import type { Database, Db } from './db/client';
import type { FileStorage } from './lib/storage';

/** What modules receive from the composition root (app.ts). No module reaches for globals. */
export interface AppDeps {
  database: Database;
  db: Db;
  config: Config;
  /** The signing secret (loaded once at start). */
  secret: string;
  /** Where uploaded files' bytes live (ADR 0019): local disk or an S3-compatible bucket; in memory in tests. */
  storage: FileStorage;
  /** Asks the job system to run a job soon (no-op when jobs are off, e.g. in most tests). */
  triggerJob(name: string): Promise<void>;
}
