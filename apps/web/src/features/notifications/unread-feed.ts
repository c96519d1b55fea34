import { createSseParser } from './sse';

export type FeedMode = 'stream' | 'polling';

export interface UnreadFeedOptions {
  /** Opens GET /notification/stream: the body as it arrives; rejects when the call fails. */
  openStream(signal: AbortSignal): Promise<ReadableStream<Uint8Array>>;
  /** GET /notification/unread-count (the fallback). */
  fetchCount(signal: AbortSignal): Promise<number>;
  /** Every count told: by the stream (each `unread` event) or by a poll. */
  onCount(unread: number, from: FeedMode): void;
  /** The feed switched between the stream and polling. */
  onMode?(mode: FeedMode): void;
}

/** How the feed waits, retries and gives up on the stream (tests pass shorter ones). */
export interface FeedTiming {
  /** The waits before reconnecting after the 1st, 2nd… failure in a row (the last one repeats). */
  retryDelaysMs: readonly number[];
  /** After this many failures in a row the feed polls instead. */
  maxStreamFailures: number;
  pollIntervalMs: number;
  /** While polling, the stream is tried again after this many polls. */
  streamRetryEveryPolls: number;
  /** The server sends the count as soon as the stream opens: none by then (a buffering proxy) is a failure. */
  firstEventTimeoutMs: number;
  /** The server comments every 25 s: nothing at all for this long is a dead connection. */
  idleTimeoutMs: number;
}

export const FEED_TIMING: FeedTiming = {
  retryDelaysMs: [1_000, 3_000, 10_000, 30_000],
  maxStreamFailures: 4,
  pollIntervalMs: 60_000,
  streamRetryEveryPolls: 5,
  firstEventTimeoutMs: 15_000,
  idleTimeoutMs: 60_000,
};

/** The count of an `unread` event's data (`{"unread": n}`), or null when it is not one. */
function countOf(data: string): number | null {
  try {
    const value = (JSON.parse(data) as { unread?: unknown } | null)?.unread;
    return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null;
  } catch {
    return null;
  }
}

/**
 * The live unread count of the notification centre: the server-sent events of /notification/stream, read with fetch
 * (EventSource cannot send the workspace header). A connection that delivered its count and then ended (a restart, a
 * proxy's timeout) is opened again after the first wait; one that failed is retried after a growing wait; after
 * `maxStreamFailures` failures in a row the feed polls /notification/unread-count every `pollIntervalMs` instead,
 * and tries the stream again every `streamRetryEveryPolls` polls. Returns the stop function (aborts everything).
 */
export function startUnreadFeed(options: UnreadFeedOptions, timing: FeedTiming = FEED_TIMING): () => void {
  const stop = new AbortController();
  const stopped = () => stop.signal.aborted;
  let mode: FeedMode | null = null;
  const setMode = (next: FeedMode) => {
    if (next === mode) return;
    mode = next;
    options.onMode?.(next);
  };

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (stopped()) return resolve();
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        stop.signal.removeEventListener('abort', done);
        resolve();
      }
      stop.signal.addEventListener('abort', done);
    });

  /** One connection: 'ended' when it delivered a count before ending, 'failed' otherwise. */
  async function connect(): Promise<'ended' | 'failed'> {
    const connection = new AbortController();
    const abort = () => connection.abort();
    stop.signal.addEventListener('abort', abort);
    let watchdog: ReturnType<typeof setTimeout> | undefined;
    const arm = (ms: number) => {
      clearTimeout(watchdog);
      watchdog = setTimeout(abort, ms);
    };
    let told = false;
    let reader: ReadableStreamDefaultReader<Uint8Array> | null = null;
    // A read that waits on the network ends when the connection is aborted (the fetch's body errors; a body that
    // ignores the signal is cancelled).
    const cancel = () => void reader?.cancel().catch(() => undefined);
    connection.signal.addEventListener('abort', cancel);
    try {
      arm(timing.firstEventTimeoutMs);
      const body = await options.openStream(connection.signal);
      reader = body.getReader();
      if (connection.signal.aborted) cancel();
      const decoder = new TextDecoder();
      const parser = createSseParser();
      for (;;) {
        const { done, value } = await reader.read();
        if (done || connection.signal.aborted) break;
        for (const event of parser.push(decoder.decode(value, { stream: true }))) {
          const unread = event.event === 'unread' ? countOf(event.data) : null;
          if (unread === null) continue;
          told = true;
          setMode('stream');
          options.onCount(unread, 'stream');
        }
        // Before the first count the deadline stands; after it, any line (a heartbeat too) proves the line alive.
        if (told) arm(timing.idleTimeoutMs);
      }
    } catch {
      // A refused or failed call, a dropped connection, an abort: the outcome says what comes next.
    } finally {
      clearTimeout(watchdog);
      stop.signal.removeEventListener('abort', abort);
      connection.abort();
    }
    return told ? 'ended' : 'failed';
  }

  /** Polls until the stream is due another try (or the feed stops). */
  async function poll() {
    setMode('polling');
    for (let n = 1; !stopped(); n += 1) {
      try {
        const unread = await options.fetchCount(stop.signal);
        if (!stopped()) options.onCount(unread, 'polling');
      } catch {
        // The next poll will tell.
      }
      await sleep(timing.pollIntervalMs);
      if (n % timing.streamRetryEveryPolls === 0) return;
    }
  }

  void (async () => {
    let failures = 0;
    while (!stopped()) {
      const outcome = await connect();
      if (stopped()) return;
      if (outcome === 'ended') {
        // Not a failure, but never a tight loop either (a proxy that closes every connection at once).
        failures = 0;
        await sleep(timing.retryDelaysMs[0] ?? 0);
        continue;
      }
      failures += 1;
      if (failures >= timing.maxStreamFailures) {
        await poll();
        // One more failed try sends the feed straight back to polling.
        failures = timing.maxStreamFailures - 1;
        continue;
      }
      const delays = timing.retryDelaysMs;
      await sleep(delays[Math.min(failures, delays.length) - 1] ?? 0);
    }
  })();

  return () => stop.abort();
}
