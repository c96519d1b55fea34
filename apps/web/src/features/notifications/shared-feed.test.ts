import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSharedUnreadFeed, type TabChannel, type TabMessage, type TabShareEnv } from './shared-feed';
import type { FeedMode } from './unread-feed';

/**
 * The browser's side of the tabs, in memory: one lock manager (a lock is granted to one holder at a time, the next
 * waiting request gets it when the holder's callback ends; a waiting request withdrawn by its signal rejects) and
 * broadcast channels (a message reaches every other open channel of the same name, never its sender), as Web Locks and
 * BroadcastChannel do between the tabs of one browser.
 */
function fakeBrowser() {
  const waiting = new Map<string, { callback: () => Promise<void>; done: (v: unknown) => void }[]>();
  const held = new Set<string>();
  const grant = (name: string) => {
    const next = waiting.get(name)?.shift();
    if (!next) return;
    held.add(name);
    void next.callback().finally(() => {
      held.delete(name);
      next.done(undefined);
      grant(name);
    });
  };
  const channels = new Set<{ name: string; listeners: Set<(e: { data: unknown }) => void>; open: boolean }>();
  const env: TabShareEnv = {
    locks: {
      request(name, { signal }, callback) {
        return new Promise((resolve, reject) => {
          const entry = { callback, done: resolve };
          const queue = waiting.get(name) ?? [];
          waiting.set(name, queue);
          queue.push(entry);
          signal.addEventListener('abort', () => {
            const i = queue.indexOf(entry);
            if (i < 0) return;
            queue.splice(i, 1);
            reject(new DOMException('withdrawn', 'AbortError'));
          });
          if (!held.has(name)) grant(name);
        });
      },
    },
    channel(name): TabChannel {
      const me = { name, listeners: new Set<(e: { data: unknown }) => void>(), open: true };
      channels.add(me);
      return {
        postMessage(message: TabMessage) {
          if (!me.open) throw new DOMException('closed', 'InvalidStateError');
          const data = structuredClone(message);
          for (const other of channels)
            if (other !== me && other.open && other.name === name)
              queueMicrotask(() => {
                if (other.open) for (const l of other.listeners) l({ data });
              });
        },
        addEventListener: (_type, listener) => void me.listeners.add(listener),
        removeEventListener: (_type, listener) => void me.listeners.delete(listener),
        close() {
          me.open = false;
          channels.delete(me);
        },
      };
    },
  };
  return env;
}

/** A stream body the test writes to, as the server would. */
function serverStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  const encoder = new TextEncoder();
  return { body, send: (text: string) => controller.enqueue(encoder.encode(text)) };
}
const unread = (n: number) => `event: unread\ndata: {"unread":${n}}\n\n`;

/** A tab of the browser running the shared feed for one account and company. */
function openTab(env: TabShareEnv, stream: ReturnType<typeof serverStream>, key = 'u1:ws1') {
  const told: [number, FeedMode][] = [];
  const modes: FeedMode[] = [];
  const openStream = vi.fn(async () => stream.body);
  const fetchCount = vi.fn(async () => 0);
  const stop = startSharedUnreadFeed(
    key,
    { openStream, fetchCount, onCount: (n, from) => told.push([n, from]), onMode: (m) => modes.push(m) },
    env,
  );
  return { told, modes, openStream, fetchCount, stop };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('one stream shared by the tabs of a browser', () => {
  it('the first tab leads and holds the only stream; the others get every count and mode from it', async () => {
    const env = fakeBrowser();
    const first = serverStream();
    const a = openTab(env, first);
    const b = openTab(env, serverStream());
    const c = openTab(env, serverStream());
    await vi.advanceTimersByTimeAsync(0);
    first.send(unread(2));
    await vi.advanceTimersByTimeAsync(0);
    first.send(unread(5));
    await vi.advanceTimersByTimeAsync(0);

    expect(a.openStream).toHaveBeenCalledTimes(1);
    expect(b.openStream).not.toHaveBeenCalled();
    expect(c.openStream).not.toHaveBeenCalled();
    for (const tab of [a, b, c]) {
      expect(tab.told).toEqual([
        [2, 'stream'],
        [5, 'stream'],
      ]);
      expect(tab.modes).toEqual(['stream']);
    }
    for (const tab of [a, b, c]) tab.stop();
  });

  it('when the leader closes, a waiting tab takes over with its own stream and relays to the rest', async () => {
    const env = fakeBrowser();
    const first = serverStream();
    const second = serverStream();
    const a = openTab(env, first);
    const b = openTab(env, second);
    const c = openTab(env, serverStream());
    await vi.advanceTimersByTimeAsync(0);
    first.send(unread(1));
    await vi.advanceTimersByTimeAsync(0);

    a.stop();
    await vi.advanceTimersByTimeAsync(0);
    expect(b.openStream).toHaveBeenCalledTimes(1);
    expect(c.openStream).not.toHaveBeenCalled();
    second.send(unread(4));
    await vi.advanceTimersByTimeAsync(0);
    expect(b.told.at(-1)).toEqual([4, 'stream']);
    expect(c.told.at(-1)).toEqual([4, 'stream']);
    expect(a.told).toEqual([[1, 'stream']]);

    // And again: the last tab left leads alone.
    b.stop();
    await vi.advanceTimersByTimeAsync(0);
    expect(c.openStream).toHaveBeenCalledTimes(1);
    c.stop();
  });

  it('a tab that opens later is told the last count at once, and only it', async () => {
    const env = fakeBrowser();
    const first = serverStream();
    const a = openTab(env, first);
    const b = openTab(env, serverStream());
    await vi.advanceTimersByTimeAsync(0);
    first.send(unread(3));
    await vi.advanceTimersByTimeAsync(0);

    const late = openTab(env, serverStream());
    await vi.advanceTimersByTimeAsync(0);
    expect(late.told).toEqual([[3, 'stream']]);
    expect(late.modes).toEqual(['stream']);
    expect(late.openStream).not.toHaveBeenCalled();
    // The others were not told the same count twice.
    expect(b.told).toEqual([[3, 'stream']]);
    for (const tab of [a, b, late]) tab.stop();
  });

  it('another account or company is another stream; without Web Locks every tab has its own', async () => {
    const env = fakeBrowser();
    const a = openTab(env, serverStream(), 'u1:ws1');
    const b = openTab(env, serverStream(), 'u1:ws2');
    await vi.advanceTimersByTimeAsync(0);
    expect(a.openStream).toHaveBeenCalledTimes(1);
    expect(b.openStream).toHaveBeenCalledTimes(1);
    a.stop();
    b.stop();

    const lone = vi.fn(async () => serverStream().body);
    const stop = startSharedUnreadFeed(
      'u1:ws1',
      { openStream: lone, fetchCount: async () => 0, onCount: () => undefined },
      null,
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(lone).toHaveBeenCalledTimes(1);
    stop();
  });
});
