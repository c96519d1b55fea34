import { apiMsg, ErrorCode } from '@timbro/shared';
import { AppError } from '../../lib/errors';

/**
 * How many notification streams may be open, and how long each lives (ADR 0020). The web shares one stream between
 * the tabs of a browser (ADR 0021), so a person needs one per browser and company: 4 per session and 8 per account
 * leave room for a few companies and devices, and stop one session from holding thousands.
 */
export interface StreamLimits {
  perSession: number;
  perUser: number;
  /** The whole process (NOTIFICATION_STREAMS_MAX). */
  perProcess: number;
  /** A stream is ended by the server after this long at most (the client reconnects at once). */
  maxLifeMs: number;
  /** The comment that keeps proxies from closing an idle line, and the session check that goes with it. */
  heartbeatMs: number;
  /**
   * Spread, as a share: each heartbeat waits `heartbeatMs` ± this share, each life is `maxLifeMs` less up to this
   * share, so streams opened together do not beat, check and reconnect together.
   */
  jitter: number;
}

export const STREAM_LIMITS: StreamLimits = {
  perSession: 4,
  perUser: 8,
  perProcess: 2_000,
  maxLifeMs: 30 * 60_000,
  heartbeatMs: 25_000,
  jitter: 0.2,
};

/** A Retry-After for a refused stream: the client retries after 1, 3, 10 s, then polls every minute. */
const RETRY_AFTER_SECONDS = 60;

interface Place {
  sessionId: string;
  userId: string;
  close: () => void;
}

/** The streams open in this process: their caps, and their ends when the server closes. */
export class StreamRegistry {
  private readonly open = new Set<Place>();
  private readonly bySession = new Map<string, number>();
  private readonly byUser = new Map<string, number>();

  constructor(
    /** Read at every admission: tests shorten them. */
    public limits: StreamLimits = STREAM_LIMITS,
    private readonly random: () => number = Math.random,
  ) {}

  /**
   * Takes a place for a new stream of this session, or refuses with a 429 saying which cap was reached. Synchronous,
   * so two streams opened at once cannot both take the last place. `release` gives the place back (once).
   */
  admit(sessionId: string, userId: string, close: () => void): { release(): void } {
    const refusal =
      this.open.size >= this.limits.perProcess
        ? apiMsg.streams.process
        : (this.bySession.get(sessionId) ?? 0) >= this.limits.perSession
          ? apiMsg.streams.session(this.limits.perSession)
          : (this.byUser.get(userId) ?? 0) >= this.limits.perUser
            ? apiMsg.streams.user(this.limits.perUser)
            : null;
    if (refusal)
      throw new AppError(ErrorCode.RATE_LIMITED, refusal, { headers: { 'retry-after': String(RETRY_AFTER_SECONDS) } });
    const place: Place = { sessionId, userId, close };
    this.open.add(place);
    bump(this.bySession, sessionId, 1);
    bump(this.byUser, userId, 1);
    return {
      release: () => {
        if (!this.open.delete(place)) return;
        bump(this.bySession, sessionId, -1);
        bump(this.byUser, userId, -1);
      },
    };
  }

  /** How many streams are open here (tests, the health of a process). */
  get size() {
    return this.open.size;
  }

  /** The wait before a stream's next heartbeat: `heartbeatMs` ± the jitter. */
  nextBeatMs(): number {
    const { heartbeatMs, jitter } = this.limits;
    return Math.round(heartbeatMs * (1 + jitter * (2 * this.random() - 1)));
  }

  /** How long a new stream lives: `maxLifeMs` less up to the jitter. */
  lifeMs(): number {
    const { maxLifeMs, jitter } = this.limits;
    return Math.round(maxLifeMs * (1 - jitter * this.random()));
  }

  /** Ends every open stream (the server is closing: a hijacked reply would otherwise hold the close). */
  closeAll() {
    for (const place of [...this.open]) place.close();
  }
}

function bump(counts: Map<string, number>, key: string, by: number) {
  const n = (counts.get(key) ?? 0) + by;
  if (n > 0) counts.set(key, n);
  else counts.delete(key);
}
