import { api } from './api';

/**
 * Requests started before the code that reads them has loaded (ADR 0025): right after the login, the landing page's data
 * leaves beside GET /user and GET /workspace/list, while the page's code still queues for the browser's six
 * connections. The page's query then takes the answer instead of asking again. Part of the entry (a few lines): the
 * query client and the page's query options are not on the login route.
 */
const early = new Map<string, { promise: Promise<unknown>; at: number }>();

/** How long an early answer may wait for its page: after that the page asks afresh. */
const FRESH_MS = 10_000;

/** GET `path` now; the answer waits for `takeEarly(path)`. A failure waits too (the page then asks again). */
export function startEarly(path: string) {
  const promise = api.get(path).then((res) => res.data);
  promise.catch(() => undefined);
  early.set(path, { promise, at: Date.now() });
}

/** The answer of an early GET of `path`, once (undefined when none was started, or it is too old to use). */
export function takeEarly<T>(path: string): Promise<T> | undefined {
  const entry = early.get(path);
  early.delete(path);
  if (!entry || Date.now() - entry.at > FRESH_MS) return undefined;
  return entry.promise as Promise<T>;
}

/** Forgets every early answer (logout, another workspace). */
export function dropEarly() {
  early.clear();
}
