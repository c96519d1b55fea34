import { statementWatchers, type Database, type Db } from '../db/client';
import { loadSessionActor, sessionLive, type Actor, type SessionClock } from './session-actor';

/**
 * The channel the database triggers of migration 0014 notify on, at the commit of any change to a session, an account,
 * a membership (user_infos) or a workspace: the payload is the account's id, or `*` for a workspace (all accounts).
 */
export const ACTOR_CHANNEL = 'timbro_actor';

/** Tables whose changes the triggers announce: a write to one of them by this process also empties the cache here. */
const WATCHED_WRITE =
  /^\s*(?:insert\s+into|update|delete\s+from)\s+"?(?:auth_sessions|users|user_infos|workspaces)"?\s/i;

interface Entry {
  actor: Actor;
  clock: SessionClock;
  storedAt: number;
}

export interface ActorCacheOptions {
  /** Most sessions held (the oldest stored goes first). */
  max?: number;
  /** A safety net: an entry is loaded again after this long, even if no change was announced. */
  maxAgeMs?: number;
}

/**
 * Who each session is, kept between requests (ADR 0026) — every logged-in request used to load its session and
 * memberships from the database (two statements), which made `GET /user` ~60× slower than the bare framework.
 *
 * Logout, disabling and role changes still apply at once, in every process:
 * - database triggers NOTIFY `timbro_actor` at the commit of any change to `auth_sessions`, `users`, `user_infos` or
 *   `workspaces` — whichever process, job or command wrote it — and every process LISTENs and drops what changed;
 * - a write to those tables by this process empties this process's cache the moment the statement is sent, so the
 *   writer's next request never waits for its own notification;
 * - a load that started before a change is not stored (a generation counter), so a stale answer is never kept;
 * - nothing is cached while the LISTEN connection is down (it is re-opened), and everything is dropped when it is
 *   up again (notifications may have been missed);
 * - expiry and idle time are checked on every use, from the session's own clock.
 */
export class ActorCache {
  private readonly entries = new Map<string, Entry>();
  private readonly byUser = new Map<string, Set<string>>();
  private generation = 0;
  private listening = false;
  private starting: Promise<void> | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  private stopped = false;
  private readonly max: number;
  private readonly maxAgeMs: number;
  readonly stats = { hits: 0, misses: 0, invalidations: 0 };

  constructor(
    private readonly database: Pick<Database, 'listen'>,
    opts: ActorCacheOptions = {},
  ) {
    this.max = opts.max ?? 10_000;
    this.maxAgeMs = opts.maxAgeMs ?? 5 * 60_000;
  }

  /** The session's actor: from the cache when valid, otherwise from the database (and then kept). */
  async load(db: Db, sessionId: string, now = new Date()): Promise<Actor | null> {
    this.start();
    const entry = this.entries.get(sessionId);
    if (entry) {
      if (this.listening && Date.now() - entry.storedAt < this.maxAgeMs && sessionLive(entry.clock, now)) {
        this.stats.hits++;
        // A copy: the request may note its active workspace on it.
        return { ...entry.actor };
      }
      this.drop(sessionId);
    }
    this.stats.misses++;
    const generation = this.generation;
    const loaded = await loadSessionActor(db, sessionId, now);
    if (!loaded) return null;
    if (this.listening && generation === this.generation) this.store(sessionId, loaded.actor, loaded.clock);
    return { ...loaded.actor };
  }

  /** A statement this process sends: a write to a watched table empties the cache here at once. */
  private readonly watch = (sql: string) => {
    if (WATCHED_WRITE.test(sql)) this.clear();
  };

  /** A notification: one account's sessions (its id), or everyone's (`*`). */
  invalidate(payload: string) {
    this.stats.invalidations++;
    if (payload === '*' || payload === '') {
      this.clear();
      return;
    }
    this.generation++;
    for (const sessionId of this.byUser.get(payload) ?? []) this.entries.delete(sessionId);
    this.byUser.delete(payload);
  }

  /** Sessions held (tests, health). */
  get size() {
    return this.entries.size;
  }

  /** Whether entries are being kept (the LISTEN is up). */
  get active() {
    return this.listening;
  }

  /** Starts listening (once; called by the first load). Resolves when the LISTEN is up, or has failed. */
  start(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    statementWatchers.add(this.watch);
    this.starting ??= this.database
      .listen(
        ACTOR_CHANNEL,
        (payload) => this.invalidate(payload),
        (up) => {
          this.clear();
          this.listening = up && !this.stopped;
        },
      )
      .then((unlisten) => {
        this.unlisten = unlisten;
        this.clear();
        this.listening = !this.stopped;
      })
      .catch(() => {
        // Without notifications nothing is cached; the next load tries again.
        this.starting = null;
      });
    return this.starting;
  }

  async stop() {
    this.stopped = true;
    statementWatchers.delete(this.watch);
    this.listening = false;
    this.clear();
    await this.starting;
    await this.unlisten?.();
  }

  private clear() {
    this.generation++;
    this.entries.clear();
    this.byUser.clear();
  }

  private store(sessionId: string, actor: Actor, clock: SessionClock) {
    if (this.entries.size >= this.max) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.drop(oldest);
    }
    this.entries.set(sessionId, { actor, clock, storedAt: Date.now() });
    let sessions = this.byUser.get(actor.userId);
    if (!sessions) this.byUser.set(actor.userId, (sessions = new Set()));
    sessions.add(sessionId);
  }

  private drop(sessionId: string) {
    const entry = this.entries.get(sessionId);
    if (!entry) return;
    this.entries.delete(sessionId);
    const sessions = this.byUser.get(entry.actor.userId);
    sessions?.delete(sessionId);
    if (sessions?.size === 0) this.byUser.delete(entry.actor.userId);
  }
}
