import type { Config } from './config/env';
import type { Database, Db } from './db/client';
import type { Queryable } from './db/client';
import type { WorkspaceScope } from './db/scope';
import type { FileStorage } from './lib/storage';
import type { SigningKeys } from './lib/tokens';
import type { LiveHub } from './modules/notifications/live';
import type { StreamRegistry } from './modules/notifications/stream-registry';
import type { ActorCache } from './plugins/actor-cache';

/** What modules receive from the composition root (`runtime.createDeps`). No module reaches for globals. */
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
  /**
   * What a first login (a password set from the first-login link) does beyond the account, in its transaction: auth
   * asks, invitations answers — it accepts the invitation of the workspace that created the account. A port, filled
   * in `runtime.createDeps`, so that auth (below) never imports invitations (ADR 0029).
   */
  firstLogin: FirstLoginPort;
  /**
   * What a person loses with their access to a workspace, in the disabling transaction: users asks, the modules above
   * it answer (work-shifts: the personal calendar link dies). Filled in `runtime.createDeps` (ADR 0029).
   */
  accessEnded: AccessEndedPort;
}

/** See `AppDeps.accessEnded`. */
export interface AccessEndedPort {
  disabled(q: Queryable, scope: WorkspaceScope, userInfoId: string): Promise<void>;
}

/** See `AppDeps.firstLogin`. */
export interface FirstLoginPort {
  accepted(q: Queryable, user: { id: string; createdByWorkspaceId: string | null }, now: Date): Promise<void>;
}
