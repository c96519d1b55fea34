import { startUnreadFeed, type FeedMode, type FeedTiming, type UnreadFeedOptions } from './unread-feed';

/** What the tabs of one browser use to share one stream: Web Locks and BroadcastChannel (tests bring their own). */
export interface TabShareEnv {
  locks: {
    request(name: string, options: { signal: AbortSignal }, callback: () => Promise<void>): Promise<unknown>;
  };
  channel(name: string): TabChannel;
}

export interface TabChannel {
  postMessage(message: TabMessage): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  removeEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  close(): void;
}

/** What goes between the tabs: the leader's counts and modes (to everyone, or to the tab that just said hello). */
export type TabMessage =
  | { type: 'hello'; tab: string }
  | { type: 'count'; unread: number; from: FeedMode; to?: string }
  | { type: 'mode'; mode: FeedMode; to?: string };

/** The browser's Web Locks and BroadcastChannel, or null where either is missing (then every tab has its own feed). */
export function browserTabShare(): TabShareEnv | null {
  if (typeof navigator === 'undefined' || !navigator.locks || typeof BroadcastChannel === 'undefined') return null;
  const locks = navigator.locks;
  return {
    locks: { request: (name, options, callback) => locks.request(name, options, callback) },
    channel: (name) => new BroadcastChannel(name),
  };
}

function isMessage(data: unknown): data is TabMessage {
  return typeof data === 'object' && data !== null && typeof (data as { type?: unknown }).type === 'string';
}

/**
 * One live unread feed per browser, account and company (ADR 0021): the server caps streams per session (issue 30),
 * and a person with ten tabs open needs one. The tabs elect a leader with a Web Lock named after the key: the tab
 * holding it runs the feed (the stream, or polling) and posts every count and mode on a BroadcastChannel of the same
 * name; the others only listen, waiting for the lock. When the leader's tab closes (or it stops: a logout, another
 * company), the browser gives the lock to the next waiting tab, which starts the feed, so the count never stops for
 * long. A tab that joins says hello and the leader tells it, and only it, the last count. Where the browser has no
 * Web Locks or BroadcastChannel, every tab runs its own feed, as before. Returns the stop function.
 */
export function startSharedUnreadFeed(
  key: string,
  options: UnreadFeedOptions,
  env: TabShareEnv | null = browserTabShare(),
  timing?: FeedTiming,
): () => void {
  if (!env) return startUnreadFeed(options, timing);
  const name = `timbro:unread:${key}`;
  const tab = Math.random().toString(36).slice(2);
  const channel = env.channel(name);
  const stop = new AbortController();
  let leading = false;
  let lastCount: { unread: number; from: FeedMode } | null = null;
  let lastMode: FeedMode | null = null;

  const onMessage = ({ data }: { data: unknown }) => {
    if (!isMessage(data) || stop.signal.aborted) return;
    if (data.type === 'hello') {
      if (!leading) return;
      if (lastMode) channel.postMessage({ type: 'mode', mode: lastMode, to: data.tab });
      if (lastCount) channel.postMessage({ type: 'count', ...lastCount, to: data.tab });
      return;
    }
    // Only the leader's words count, and only those meant for everyone or for this tab.
    if (leading || (data.to !== undefined && data.to !== tab)) return;
    if (data.type === 'count') options.onCount(data.unread, data.from);
    else options.onMode?.(data.mode);
  };
  channel.addEventListener('message', onMessage);
  channel.postMessage({ type: 'hello', tab });

  env.locks
    .request(name, { signal: stop.signal }, async () => {
      if (stop.signal.aborted) return;
      leading = true;
      const stopFeed = startUnreadFeed(
        {
          ...options,
          onCount(unread, from) {
            if (stop.signal.aborted) return;
            lastCount = { unread, from };
            channel.postMessage({ type: 'count', unread, from });
            options.onCount(unread, from);
          },
          onMode(mode) {
            if (stop.signal.aborted) return;
            lastMode = mode;
            channel.postMessage({ type: 'mode', mode });
            options.onMode?.(mode);
          },
        },
        timing,
      );
      // The lock is held, and the feed runs, until this tab stops.
      await new Promise<void>((resolve) => stop.signal.addEventListener('abort', () => resolve(), { once: true }));
      stopFeed();
    })
    // Stopped while waiting for the lock: the request is withdrawn (AbortError).
    .catch(() => undefined);

  return () => {
    stop.abort();
    channel.removeEventListener('message', onMessage);
    channel.close();
  };
}
