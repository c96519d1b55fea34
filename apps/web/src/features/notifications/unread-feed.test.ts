import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FEED_TIMING, startUnreadFeed, type FeedMode } from './unread-feed';

/** A stream body the test writes to, as the server would. */
function serverStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const cancelled = vi.fn();
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
    cancel: cancelled,
  });
  const encoder = new TextEncoder();
  return {
    body,
    cancelled,
    send: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
  };
}
const unread = (n: number) => `event: unread\ndata: {"unread":${n}}\n\n`;

function feed(openStream: (signal: AbortSignal) => Promise<ReadableStream<Uint8Array>>, counts: number[] = [7]) {
  const told: [number, FeedMode][] = [];
  const modes: FeedMode[] = [];
  let poll = 0;
  const fetchCount = vi.fn(async () => counts[Math.min(poll++, counts.length - 1)]!);
  const stop = startUnreadFeed({
    openStream,
    fetchCount,
    onCount: (n, from) => told.push([n, from]),
    onMode: (m) => modes.push(m),
  });
  return { told, modes, fetchCount, stop };
}

const refused = (): Promise<ReadableStream<Uint8Array>> => Promise.reject(new Error('503'));

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the unread feed', () => {
  it('tells every count of the stream, heartbeats aside; a connection that ends after a count is opened again', async () => {
    const first = serverStream();
    const second = serverStream();
    const openStream = vi.fn().mockResolvedValueOnce(first.body).mockResolvedValueOnce(second.body);
    const { told, modes, fetchCount, stop } = feed(openStream);
    await vi.advanceTimersByTimeAsync(0);
    first.send('retry: 5000\n\n');
    first.send(unread(2));
    await vi.advanceTimersByTimeAsync(0);
    expect(told).toEqual([[2, 'stream']]);
    expect(modes).toEqual(['stream']);
    first.send(': beat\n\n');
    first.send(unread(3));
    await vi.advanceTimersByTimeAsync(0);
    expect(told).toEqual([
      [2, 'stream'],
      [3, 'stream'],
    ]);
    first.end();
    await vi.advanceTimersByTimeAsync(FEED_TIMING.retryDelaysMs[0]!);
    expect(openStream).toHaveBeenCalledTimes(2);
    second.send(unread(3));
    await vi.advanceTimersByTimeAsync(0);
    expect(told.at(-1)).toEqual([3, 'stream']);
    expect(fetchCount).not.toHaveBeenCalled();
    stop();
    expect(second.cancelled).toHaveBeenCalled();
  });

  it('retries a failing stream with growing waits, then polls every 60 s, and tries the stream again every 5 polls', async () => {
    const later = serverStream();
    const openStream = vi.fn(refused);
    const { told, modes, fetchCount, stop } = feed(openStream, [4, 4, 5]);
    await vi.advanceTimersByTimeAsync(0);
    expect(openStream).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(openStream).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(openStream).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(openStream).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(10_000);
    // The fourth failure in a row: polling, at once.
    expect(openStream).toHaveBeenCalledTimes(4);
    expect(modes).toEqual(['polling']);
    expect(fetchCount).toHaveBeenCalledTimes(1);
    expect(told).toEqual([[4, 'polling']]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchCount).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(told.map(([n]) => n)).toEqual([4, 4, 5]);
    await vi.advanceTimersByTimeAsync(3 * 60_000 - 1);
    expect(openStream).toHaveBeenCalledTimes(4);
    // After the fifth poll's wait, the stream again; this time it answers, and the polls stop.
    openStream.mockImplementationOnce(() => Promise.resolve(later.body));
    await vi.advanceTimersByTimeAsync(1);
    expect(openStream).toHaveBeenCalledTimes(5);
    later.send(unread(6));
    await vi.advanceTimersByTimeAsync(0);
    expect(modes).toEqual(['polling', 'stream']);
    expect(told.at(-1)).toEqual([6, 'stream']);
    const polls = fetchCount.mock.calls.length;
    for (let i = 0; i < 5; i += 1) {
      later.send(': beat\n\n');
      await vi.advanceTimersByTimeAsync(25_000);
    }
    expect(fetchCount).toHaveBeenCalledTimes(polls);
    expect(openStream).toHaveBeenCalledTimes(5);
    stop();
  });

  it('a stream that opens but says nothing (a buffering proxy) is a failure after 15 s; one that goes silent is dropped', async () => {
    const silent = serverStream();
    const chatty = serverStream();
    const openStream = vi.fn().mockResolvedValueOnce(silent.body).mockResolvedValueOnce(chatty.body);
    const { told, stop } = feed(openStream);
    await vi.advanceTimersByTimeAsync(FEED_TIMING.firstEventTimeoutMs - 1);
    expect(silent.cancelled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(silent.cancelled).toHaveBeenCalled();
    // A failure: the first wait, then the next try.
    await vi.advanceTimersByTimeAsync(FEED_TIMING.retryDelaysMs[0]!);
    expect(openStream).toHaveBeenCalledTimes(2);
    chatty.send(unread(1));
    await vi.advanceTimersByTimeAsync(FEED_TIMING.idleTimeoutMs - 1);
    chatty.send(': beat\n\n');
    await vi.advanceTimersByTimeAsync(FEED_TIMING.idleTimeoutMs - 1);
    expect(chatty.cancelled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(chatty.cancelled).toHaveBeenCalled();
    expect(told).toEqual([[1, 'stream']]);
    stop();
  });

  it('stop ends the stream and every wait: nothing is called afterwards', async () => {
    const openStream = vi.fn(refused);
    const { fetchCount, stop } = feed(openStream);
    await vi.advanceTimersByTimeAsync(0);
    stop();
    await vi.advanceTimersByTimeAsync(30 * 60_000);
    expect(openStream).toHaveBeenCalledTimes(1);
    expect(fetchCount).not.toHaveBeenCalled();
  });
});
