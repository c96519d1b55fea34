import { afterEach, describe, expect, it, vi } from 'vitest';
import { timesheetQueryOptions } from '../features/attendance/api/get-timesheet';
import { monthRange } from '../features/attendance/calendar/month-grid';
import { fakeApi, json } from '../testing/fake-api';
import {
  CURRENT_INFO_PATH,
  dropEarly,
  startBootRequests,
  startEarly,
  takeEarly,
  takeEarlyResult,
  timesheetPath,
} from './early-requests';

afterEach(() => {
  vi.useRealTimers();
  dropEarly();
});

describe('early requests', () => {
  it('a started GET is taken once, with its answer, and not sent twice', async () => {
    const { calls } = fakeApi({ 'GET /dashboard': () => json(200, { today: '2026-11-27' }) });
    startEarly('/dashboard');
    await expect(takeEarly('/dashboard')).resolves.toEqual({ today: '2026-11-27' });
    expect(takeEarly('/dashboard')).toBeUndefined();
    expect(calls.filter((c) => c.path === '/dashboard')).toHaveLength(1);
  });

  it('nothing started, nothing taken; a failure reaches the taker (who then asks again)', async () => {
    expect(takeEarly('/dashboard')).toBeUndefined();
    fakeApi({ 'GET /dashboard': () => json(500, { code: 'INTERNAL', message: 'x' }) });
    startEarly('/dashboard');
    await expect(takeEarly('/dashboard')).rejects.toMatchObject({ status: 500 });
  });

  it('an answer older than ten seconds is not used; dropEarly forgets them all', () => {
    vi.useFakeTimers({ now: new Date('2026-11-27T09:00:00Z') });
    fakeApi({ 'GET /dashboard': () => json(200, {}) });
    startEarly('/dashboard');
    vi.setSystemTime(new Date('2026-11-27T09:00:11Z'));
    expect(takeEarly('/dashboard')).toBeUndefined();
    startEarly('/dashboard');
    dropEarly();
    expect(takeEarly('/dashboard')).toBeUndefined();
  });

  it('a logged-in page opened directly starts the session’s two calls (and the dashboard’s figures there); the anonymous pages nothing', async () => {
    const { calls } = fakeApi({
      'GET /user': () => json(200, { id: 'u1' }),
      'GET /workspace/list': () => json(200, [{ id: 'ws-demo' }], { 'x-workspace-id': 'ws-demo' }),
      'GET /dashboard': () => json(200, { today: '2026-12-01' }),
    });
    for (const path of [
      '/signin',
      '/signup',
      '/forget-password',
      '/reset-password/abc',
      '/first-login/abc',
      '/verify-email/abc',
    ])
      startBootRequests(path);
    expect(calls).toHaveLength(0);
    startBootRequests('/admin/user');
    expect(calls.map((c) => c.path).sort()).toEqual(['/user', '/workspace/list']);
    const list = await takeEarlyResult<{ id: string }[]>('/workspace/list');
    expect(list?.headers.get('x-workspace-id')).toBe('ws-demo');
    await expect(takeEarly('/user')).resolves.toEqual({ id: 'u1' });
    expect(takeEarly('/dashboard')).toBeUndefined();
    startBootRequests('/dashboard');
    await expect(takeEarly('/dashboard')).resolves.toEqual({ today: '2026-12-01' });
    expect(calls.filter((c) => c.path === '/dashboard')).toHaveLength(1);
  });

  it('the timesheet opened directly: its first view (the workspace’s month, page 1 of 25) once my record says today; not with filters in the address', async () => {
    const { calls } = fakeApi({
      'GET /user': () => json(200, { id: 'u1' }),
      'GET /workspace/list': () => json(200, [{ id: 'ws-demo' }]),
      [`GET ${CURRENT_INFO_PATH}`]: () => json(200, { today: '2028-02-10' }),
      'GET /attendance/attendance-data/timesheet': ({ query }) =>
        json(200, { from: query.get('from'), to: query.get('to'), page: query.get('page') }),
    });
    startBootRequests('/attendance/attendance-data/timesheet', '?month=2028-01');
    await vi.waitFor(() => expect(calls.map((c) => c.path)).toContain(CURRENT_INFO_PATH));
    await takeEarly(CURRENT_INFO_PATH);
    await new Promise((done) => setTimeout(done, 0));
    expect(calls.map((c) => c.path)).not.toContain('/attendance/attendance-data/timesheet');
    dropEarly();

    startBootRequests('/attendance/attendance-data/timesheet', '');
    const first = timesheetPath({ from: '2028-02-01', to: '2028-02-29', page: 1, per_page: 25 });
    await vi.waitFor(() => expect(calls.map((c) => c.path)).toContain('/attendance/attendance-data/timesheet'));
    expect(first).toBe('/attendance/attendance-data/timesheet?from=2028-02-01&to=2028-02-29&page=1&per_page=25');
    // The page's own query for that view (the month's range, page 1 of 25, no filter) takes it: no second request.
    const pageQuery = timesheetQueryOptions({ ...monthRange('2028-02'), page: 1, perPage: 25 });
    const answer = await pageQuery.queryFn!({ signal: new AbortController().signal } as never);
    expect(answer).toEqual({ from: '2028-02-01', to: '2028-02-29', page: '1' });
    expect(calls.filter((c) => c.path === '/attendance/attendance-data/timesheet')).toHaveLength(1);
  });
});
