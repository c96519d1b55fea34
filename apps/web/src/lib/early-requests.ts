import { buildQuery, type ApiResult, type QueryValue } from './api-client';
import { api } from './api';
import { paths } from '../config/paths';

/**
 * Requests started before the code that reads them has loaded (ADR 0025): right after the login, the landing page's data
 * leaves beside GET /user and GET /workspace/list, while the page's code still queues for the browser's six
 * connections; and when a logged-in page is opened directly (a reload, a bookmark), the session's two calls — and the
 * dashboard's figures on /dashboard — leave before React has even started (`startBootRequests`). The code that needs
 * the answer then takes it instead of asking again. Part of the entry (a few lines): the query client and the page's
 * query options are not on the login route.
 */
const early = new Map<string, { promise: Promise<ApiResult<unknown>>; at: number }>();

/** How long an early answer may wait for its reader: after that the reader asks afresh. */
const FRESH_MS = 10_000;

/** GET `path` now; the answer waits for `takeEarly(path)`. A failure waits too (the reader then asks again). */
export function startEarly(path: string) {
  const promise = api.get(path);
  promise.catch(() => undefined);
  early.set(path, { promise, at: Date.now() });
}

/** The whole answer (body, status, headers) of an early GET of `path`, once; undefined when none is there to use. */
export function takeEarlyResult<T>(path: string): Promise<ApiResult<T>> | undefined {
  const entry = early.get(path);
  early.delete(path);
  if (!entry || Date.now() - entry.at > FRESH_MS) return undefined;
  return entry.promise as Promise<ApiResult<T>>;
}

/** The body of an early GET of `path`, once (undefined when none was started, or it is too old to use). */
export function takeEarly<T>(path: string): Promise<T> | undefined {
  return takeEarlyResult<T>(path)?.then((res) => res.data);
}

/** Forgets every early answer (logout, another workspace). */
export function dropEarly() {
  early.clear();
}

/** My attendance record here (its `today` is the workspace's: the attendance pages wait for it to pick the month). */
export const CURRENT_INFO_PATH = '/attendance/user-info/current';
/** The pages that start with it: the attendance area and the employee's calendar. */
const ATTENDANCE_PAGES = /^\/(attendance\/|member\/calendar|admin\/attendance-calendar)/;

/** The timesheet's figures with the page's query: the path its query asks for, and takes an early answer by. */
export const timesheetPath = (query: Record<string, QueryValue>) =>
  `/attendance/attendance-data/timesheet${buildQuery(query)}`;

/**
 * The timesheet's first view (no filter, page or month in its address): the workspace's month, the first 25 people by
 * name — its figures once my attendance record says the workspace's today (the page would ask for the same then, after
 * its code and the grid's have loaded).
 */
function startTimesheet() {
  void early
    .get(CURRENT_INFO_PATH)
    ?.promise.then((res) => {
      const today = (res.data as { today?: unknown }).today;
      if (typeof today !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(today)) return;
      const [y, m] = today.split('-').map(Number) as [number, number];
      const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
      const month = today.slice(0, 7);
      startEarly(timesheetPath({ from: `${month}-01`, to: `${month}-${last}`, page: 1, per_page: 25 }));
    })
    .catch(() => undefined);
}

/** The pages of someone not signed in: no session to ask for there. */
const ANONYMOUS = /^\/(signin|signup|forget-password|reset-password\/|first-login\/|verify-email\/)/;

/**
 * At start, on a logged-in page opened directly: GET /user and GET /workspace/list at once, side by side (the session
 * provider takes them), GET /dashboard on the dashboard, my attendance record on the attendance pages and, once it has
 * answered, the timesheet's first view on the timesheet — for the company the workspace list is about to name as
 * current (without the header the server answers for the last used, or the first one), so the figures are those the
 * page shows. Someone whose session has ended gets the answers a later call would get (the provider then asks again
 * or shows the login page).
 */
export function startBootRequests(pathname: string, search = '') {
  if (ANONYMOUS.test(pathname)) return;
  startEarly('/user');
  startEarly('/workspace/list');
  if (pathname === '/dashboard') startEarly('/dashboard');
  if (ATTENDANCE_PAGES.test(pathname)) startEarly(CURRENT_INFO_PATH);
  if (pathname === paths.timesheet && !search) startTimesheet();
}
