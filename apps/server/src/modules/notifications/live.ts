import type { Database } from '../../db/client';
import { LIVE_CHANNEL } from './notify';

type Listener = () => void;

/**
 * Live updates of the notification centre across processes (ADR 0020): every process LISTENs on one PostgreSQL
 * channel (PGlite: the instance's own), and the dispatcher's NOTIFY — sent at commit, by whichever process wrote the
 * notification — reaches the streams of that person open on any process. The LISTEN starts with the first stream and
 * holds one connection per process.
 */
export class LiveHub {
  private readonly listeners = new Map<string, Set<Listener>>();
  private starting: Promise<void> | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  private stopped = false;

  constructor(private readonly database: Pick<Database, 'listen'>) {}

  /** Calls `fn` whenever something new is told to this key (`<workspace>:<user info>`). Returns the unsubscribe. */
  async subscribe(key: string, fn: Listener): Promise<() => void> {
    await this.start();
    let set = this.listeners.get(key);
    if (!set) this.listeners.set(key, (set = new Set()));
    set.add(fn);
    return () => {
      set.delete(fn);
      if (set.size === 0) this.listeners.delete(key);
    };
  }

  /** How many streams are open (for tests and the health of a process). */
  get size() {
    let n = 0;
    for (const s of this.listeners.values()) n += s.size;
    return n;
  }

  private start() {
    if (this.stopped) return Promise.reject(new Error('live hub stopped'));
    this.starting ??= this.database
      .listen(LIVE_CHANNEL, (payload) => {
        for (const fn of this.listeners.get(payload) ?? []) fn();
      })
      .then((unlisten) => {
        this.unlisten = unlisten;
      })
      .catch((err: unknown) => {
        this.starting = null;
        throw err;
      });
    return this.starting;
  }

  async stop() {
    this.stopped = true;
    this.listeners.clear();
    await this.starting?.catch(() => undefined);
    await this.unlisten?.();
  }
}
