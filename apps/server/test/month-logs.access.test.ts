import { createHash, randomUUID } from 'node:crypto';
import { attMsg, inputMsg, monthMsg, msg, type MonthLog, type PayrollExport } from '@timbro/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, justifications, monthLogs, payrollExports, payrollSettings, userInfos } from '../src/db/schema';
import { todayIn } from '../src/lib/time';
import { runMonthCloseJob } from '../src/modules/month-logs/month-close.job';
import { monthLogRoutes } from '../src/modules/month-logs/month-logs.routes';
import { payrollExportRoutes } from '../src/modules/payroll-exports/payroll-exports.routes';
import { describeAccessTable, useAccessContext, type AccessRoute } from './access-table';
import { expectError, fieldErrors, type RequestOptions, type Session } from './helpers';

/**
 * Access to month closing and the payroll hand-off (issue 12), table-driven (access-table.ts): every route of the
 * month-logs and payroll-export modules; 401 without a session, 403 for the roles a route does not grant (the employee
 * everywhere but the consultant's cockpit, the labour consultant for reopening) before validation, the granted roles
 * get past the check, and another workspace's versions and files are not found — both ways: Demo's roles on Beta's
 * ids, and Beta's admin on Demo's ids, with nothing changed afterwards. Then the allowed roles really do each thing,
 * and every field error of these routes is checked in Italian.
 *
 * Months are computed from today in Europe/Rome: the demo seed has punches from the first of last month to yesterday.
 */

const t = useAccessContext();
const log = { info: () => undefined, error: () => undefined };

const shift = (ym: string, by: number) => {
  const [y, m] = ym.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1 + by, 1)).toISOString().slice(0, 7);
};
const thisMonth = todayIn('Europe/Rome').slice(0, 7);
const lastMonth = shift(thisMonth, -1);
const nextMonth = shift(thisMonth, 1);

/** Demo's records: last month's version (completed), one of two months ago, two failed ones, and one payroll file. */
const demo = { last: '', other: '', failed: '', failed2: '', exportId: '', exportSha: '' };
/** Beta's: last month's version (completed), a failed one, and one payroll file. */
const beta = { last: '', failed: '', exportId: '' };

const inDemo = (session: Session, query?: RequestOptions['query']): RequestOptions => ({
  session,
  workspace: t.ctx.ws.demo,
  ...(query ? { query } : {}),
});
const inBeta = (query?: RequestOptions['query']): RequestOptions => ({
  session: t.betaAdmin,
  workspace: t.ctx.ws.beta,
  ...(query ? { query } : {}),
});
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** Payroll codes for a whole workspace, straight in the database (as payroll-exports.routes.test.ts sets them). */
async function setPayrollCodes(workspaceId: string) {
  await t.ctx.db
    .insert(payrollSettings)
    .values({ workspaceId, companyCode: '145', branchCode: '1', workedCode: 'ORD', overtimeCode: 'STR' });
  await t.ctx.db.execute(
    sql`update ${userInfos} u set payroll_code = s.n::text
        from (select id, 100 + row_number() over (order by id) as n from ${userInfos} where workspace_id = ${workspaceId}) s
        where u.id = s.id`,
  );
  await t.ctx.db.execute(
    sql`update ${justifications} set payroll_code = left(regexp_replace(upper(code), '[^A-Z0-9]', '', 'g'), 3) where workspace_id = ${workspaceId}`,
  );
}

/** Demo's holiday type (FER), for a request in a closed month. */
async function holidayType(): Promise<string> {
  const [row] = await t.ctx.db
    .select({ id: justifications.id })
    .from(justifications)
    .where(and(eq(justifications.workspaceId, t.ctx.ws.demo), eq(justifications.code, 'FER')));
  return row!.id;
}

async function closeMonth(opts: RequestOptions, month: string): Promise<string> {
  const res = await t.ctx.post('/admin/month-log', { month, force: true }, opts);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as MonthLog).id;
}

async function exportVersion(opts: RequestOptions, id: string, profile: string): Promise<PayrollExport> {
  const res = await t.ctx.post(`/admin/month-log/${id}/export`, { profile }, opts);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PayrollExport;
}

beforeAll(async () => {
  const { ctx } = t;
  const admin = inDemo(t.sessions.admin);
  await setPayrollCodes(ctx.ws.demo);
  await setPayrollCodes(ctx.ws.beta);
  // Completed: Demo's last month and two months ago, Beta's last month.
  demo.last = await closeMonth(admin, lastMonth);
  demo.other = await closeMonth(admin, shift(thisMonth, -2));
  beta.last = await closeMonth(inBeta(), lastMonth);
  expect(await runMonthCloseJob(ctx.deps, log)).toBe(3);
  // Failed (an error before the write): Demo's three and four months ago, Beta's two months ago.
  demo.failed = await closeMonth(admin, shift(thisMonth, -3));
  demo.failed2 = await closeMonth(admin, shift(thisMonth, -4));
  beta.failed = await closeMonth(inBeta(), shift(thisMonth, -2));
  await runMonthCloseJob(ctx.deps, log, {
    beforeWrite: () => {
      throw new Error('disk full');
    },
  });
  const statuses = await ctx.db.select({ id: monthLogs.id, status: monthLogs.status }).from(monthLogs);
  const statusOf = (id: string) => statuses.find((s) => s.id === id)?.status;
  for (const id of [demo.last, demo.other, beta.last]) expect(statusOf(id)).toBe('completed');
  for (const id of [demo.failed, demo.failed2, beta.failed]) expect(statusOf(id)).toBe('failed');
  // One payroll file each.
  const file = await exportVersion(inDemo(t.sessions.accountant), demo.last, 'csv');
  demo.exportId = file.id;
  demo.exportSha = file.sha256;
  beta.exportId = (await exportVersion(inBeta(), beta.last, 'csv')).id;
});

const REOPEN = { reason: 'Il dipendente deve correggere le ferie' };
const ROUTES: AccessRoute[] = [
  {
    route: 'GET /admin/month-log',
    grants: ['admin', 'accountant'],
    call: () => ({ url: '/admin/month-log' }),
    probeStatus: 200,
  },
  {
    route: 'GET /admin/month-log/precheck',
    grants: ['admin', 'accountant'],
    call: () => ({ url: '/admin/month-log/precheck', query: { month: lastMonth } }),
    probeStatus: 200,
  },
  {
    route: 'POST /admin/month-log',
    grants: ['admin', 'accountant'],
    call: () => ({ url: '/admin/month-log', body: { month: shift(thisMonth, -5), force: true } }),
    probe: () => ({ url: '/admin/month-log', body: {} }),
    probeStatus: 400,
  },
  {
    route: 'GET /attendance/admin/month-log/latest',
    grants: ['admin', 'accountant'],
    call: () => ({ url: '/attendance/admin/month-log/latest' }),
    probeStatus: 200,
  },
  // The closed months are a lookup of the workspace (like /attendance/ajax/holidays): every role reads them, the
  // employee to see them on the calendar and the request form before trying (issue 30).
  {
    route: 'GET /attendance/ajax/closed-months',
    grants: ['admin', 'accountant', 'member'],
    call: () => ({ url: '/attendance/ajax/closed-months' }),
    probeStatus: 200,
  },
  {
    route: 'GET /admin/month-log/:id',
    grants: ['admin', 'accountant'],
    call: () => ({ url: `/admin/month-log/${demo.last}` }),
    probeStatus: 200,
    foreign: {
      as: 'accountant',
      call: () => ({ url: `/admin/month-log/${beta.last}` }),
      message: monthMsg.monthLogNotFound,
    },
  },
  {
    route: 'GET /admin/month-log/:id/changes',
    grants: ['admin', 'accountant'],
    call: () => ({ url: `/admin/month-log/${demo.last}/changes` }),
    probeStatus: 200,
    foreign: {
      as: 'accountant',
      call: () => ({ url: `/admin/month-log/${beta.last}/changes` }),
      message: monthMsg.monthLogNotFound,
    },
  },
  {
    route: 'GET /admin/month-log/:id/diff',
    grants: ['admin', 'accountant'],
    call: () => ({ url: `/admin/month-log/${demo.last}/diff` }),
    probeStatus: 200,
    foreign: {
      as: 'accountant',
      call: () => ({ url: `/admin/month-log/${beta.last}/diff` }),
      message: monthMsg.monthLogNotFound,
    },
  },
  {
    route: 'POST /admin/month-log/:id/retry',
    grants: ['admin', 'accountant'],
    call: () => ({ url: `/admin/month-log/${demo.failed}/retry`, body: {} }),
    probe: () => ({ url: '/admin/month-log/x/retry', body: {} }),
    probeStatus: 400,
    foreign: {
      as: 'admin',
      call: () => ({ url: `/admin/month-log/${beta.failed}/retry`, body: {} }),
      message: monthMsg.monthLogNotFound,
    },
  },
  {
    route: 'POST /admin/month-log/:id/reopen',
    grants: ['admin'],
    call: () => ({ url: `/admin/month-log/${demo.last}/reopen`, body: REOPEN }),
    probe: () => ({ url: `/admin/month-log/${demo.last}/reopen`, body: { reason: 'breve' } }),
    probeStatus: 400,
    foreign: {
      as: 'admin',
      call: () => ({ url: `/admin/month-log/${beta.last}/reopen`, body: REOPEN }),
      message: monthMsg.monthLogNotFound,
    },
  },
  {
    route: 'POST /admin/month-log/:id/export',
    grants: ['admin', 'accountant'],
    call: () => ({ url: `/admin/month-log/${demo.last}/export`, body: { profile: 'csv' } }),
    probe: () => ({ url: `/admin/month-log/${demo.last}/export`, body: { profile: 'pdf' } }),
    probeStatus: 400,
    foreign: {
      as: 'accountant',
      call: () => ({ url: `/admin/month-log/${beta.last}/export`, body: { profile: 'csv' } }),
      message: monthMsg.monthLogNotFound,
    },
  },
  {
    route: 'GET /admin/month-log/:id/exports',
    grants: ['admin', 'accountant'],
    call: () => ({ url: `/admin/month-log/${demo.last}/exports` }),
    probeStatus: 200,
    foreign: {
      as: 'accountant',
      call: () => ({ url: `/admin/month-log/${beta.last}/exports` }),
      message: monthMsg.monthLogNotFound,
    },
  },
  {
    route: 'GET /admin/payroll-export/:id/download',
    grants: ['admin', 'accountant'],
    call: () => ({ url: `/admin/payroll-export/${demo.exportId}/download` }),
    probeStatus: 200,
    foreign: {
      as: 'accountant',
      call: () => ({ url: `/admin/payroll-export/${beta.exportId}/download` }),
      message: monthMsg.exportNotFound,
    },
  },
  // The consultant's cockpit is open to every signed-in account: the service narrows it to the workspaces where the
  // account is accountant (an employee gets an empty list, see below).
  {
    route: 'GET /accountant/overview',
    grants: ['admin', 'accountant', 'member'],
    call: () => ({ url: '/accountant/overview', query: { month: lastMonth } }),
    probeStatus: 200,
  },
];

/** Everything of a workspace these routes could write: its versions, its files, and its audit rows. */
async function stateOf(workspaceId: string) {
  const { db } = t.ctx;
  return {
    logs: await db.select().from(monthLogs).where(eq(monthLogs.workspaceId, workspaceId)).orderBy(asc(monthLogs.id)),
    exports: await db
      .select({ id: payrollExports.id, sha256: payrollExports.sha256 })
      .from(payrollExports)
      .where(eq(payrollExports.workspaceId, workspaceId))
      .orderBy(asc(payrollExports.id)),
    audit: (
      await db
        .select({ n: sql<number>`count(*)::int` })
        .from(auditLog)
        .where(eq(auditLog.workspaceId, workspaceId))
    )[0]!.n,
  };
}

describeAccessTable(
  {
    module: 'month-logs and payroll-export',
    routes: ROUTES,
    ctx: () => t.ctx,
    sessions: () => t.sessions,
    plugins: [monthLogRoutes, payrollExportRoutes],
    routeCount: 14,
  },
  () => {
    it('nothing of the refused or foreign calls was written: versions and files are as the setup left them', async () => {
      const rows = await t.ctx.db.select().from(monthLogs);
      const row = (id: string) => rows.find((r) => r.id === id)!;
      // No version was added (the refused close of five months ago), none reopened, none retried.
      expect(rows).toHaveLength(6);
      for (const id of [demo.last, beta.last]) expect(row(id)).toMatchObject({ status: 'completed', reopenedAt: null });
      for (const id of [demo.failed, beta.failed])
        expect(row(id)).toMatchObject({ status: 'failed', error: monthMsg.failedGeneric });
      const files = await t.ctx.db.select({ id: payrollExports.id }).from(payrollExports);
      expect(files.map((f) => f.id).sort()).toEqual([demo.exportId, beta.exportId].sort());
    });

    it('Beta’s admin, working in Beta, does not find Demo’s versions and files, and changes nothing in Demo', async () => {
      const before = await stateOf(t.ctx.ws.demo);
      const calls: [method: 'GET' | 'POST', url: string, body: unknown, message: string][] = [
        ['GET', `/admin/month-log/${demo.last}`, undefined, monthMsg.monthLogNotFound],
        ['GET', `/admin/month-log/${demo.last}/changes`, undefined, monthMsg.monthLogNotFound],
        ['GET', `/admin/month-log/${demo.last}/diff`, undefined, monthMsg.monthLogNotFound],
        ['POST', `/admin/month-log/${demo.failed}/retry`, {}, monthMsg.monthLogNotFound],
        ['POST', `/admin/month-log/${demo.last}/reopen`, REOPEN, monthMsg.monthLogNotFound],
        ['POST', `/admin/month-log/${demo.last}/export`, { profile: 'csv' }, monthMsg.monthLogNotFound],
        ['GET', `/admin/month-log/${demo.last}/exports`, undefined, monthMsg.monthLogNotFound],
        ['GET', `/admin/payroll-export/${demo.exportId}/download`, undefined, monthMsg.exportNotFound],
      ];
      for (const [method, url, body, message] of calls) {
        const res = await t.ctx.request(method, url, body, inBeta());
        expect(expectError(res, 404, 'NOT_FOUND').message, `${method} ${url}`).toBe(message);
      }
      // A Demo version named as the base of Beta's own diff or file is no version of that month.
      const diff = await t.ctx.get(`/admin/month-log/${beta.last}/diff`, inBeta({ against: demo.last }));
      expectError(diff, 400, 'VALIDATION_FAILED');
      expect(fieldErrors(diff)).toEqual({ against: monthMsg.againstInvalid });
      const file = await t.ctx.post(
        `/admin/month-log/${beta.last}/export`,
        { profile: 'csv', changesSince: demo.last },
        inBeta(),
      );
      expectError(file, 400, 'VALIDATION_FAILED');
      expect(fieldErrors(file)).toEqual({ changesSince: monthMsg.againstInvalid });
      // Beta's lists and latest version never name Demo's.
      const list = await t.ctx.get('/admin/month-log', inBeta());
      expect(list.statusCode, list.body).toBe(200);
      const ids = (list.json().items as MonthLog[]).map((l) => l.id);
      expect(ids.sort()).toEqual([beta.last, beta.failed].sort());
      const latest = await t.ctx.get('/attendance/admin/month-log/latest', inBeta());
      expect([beta.last, beta.failed]).toContain((latest.json() as MonthLog).id);
      // Nor may Beta's admin step into Demo by naming its workspace.
      for (const url of [
        '/admin/month-log',
        `/admin/month-log/${demo.last}`,
        `/admin/month-log/${demo.failed}/retry`,
      ]) {
        const method = url.endsWith('/retry') ? 'POST' : 'GET';
        const res = await t.ctx.request(method, url, method === 'POST' ? {} : undefined, {
          session: t.betaAdmin,
          workspace: t.ctx.ws.demo,
        });
        expectError(res, 403, 'WORKSPACE_FORBIDDEN');
      }
      expect(await stateOf(t.ctx.ws.demo)).toEqual(before);
    });

    it('an unknown id reads exactly like a foreign one', async () => {
      const id = randomUUID();
      const admin = inDemo(t.sessions.admin);
      for (const url of [`/admin/month-log/${id}`, `/admin/month-log/${id}/diff`, `/admin/month-log/${id}/exports`])
        expect(expectError(await t.ctx.get(url, admin), 404, 'NOT_FOUND').message).toBe(monthMsg.monthLogNotFound);
      expect(
        expectError(await t.ctx.get(`/admin/payroll-export/${id}/download`, admin), 404, 'NOT_FOUND').message,
      ).toBe(monthMsg.exportNotFound);
      expect(
        expectError(await t.ctx.post(`/admin/month-log/${id}/reopen`, REOPEN, admin), 404, 'NOT_FOUND').message,
      ).toBe(monthMsg.monthLogNotFound);
    });
  },
);

describe('the granted roles do each thing', () => {
  it('the admin and the labour consultant read every version, its changes, diff, files and the latest', async () => {
    for (const role of ['admin', 'accountant'] as const) {
      const opts = inDemo(t.sessions[role]);
      const list = (await t.ctx.get('/admin/month-log', opts)).json();
      expect((list.items as MonthLog[]).map((l) => l.id)).toContain(demo.last);
      const detail = await t.ctx.get(`/admin/month-log/${demo.last}`, opts);
      expect(detail.json()).toMatchObject({ id: demo.last, month: lastMonth, status: 'completed', latest: true });
      expect(detail.json().employees.length).toBeGreaterThan(3);
      expect((await t.ctx.get(`/admin/month-log/${demo.last}/changes`, opts)).json()).toEqual([]);
      expect((await t.ctx.get(`/admin/month-log/${demo.last}/diff`, opts)).json()).toMatchObject({
        from: null,
        to: { id: demo.last, versionNumber: 1 },
        rows: [],
      });
      const files = (await t.ctx.get(`/admin/month-log/${demo.last}/exports`, opts)).json() as PayrollExport[];
      expect(files.map((f) => f.id)).toContain(demo.exportId);
      const dl = await t.ctx.get(`/admin/payroll-export/${demo.exportId}/download`, opts);
      expect(dl.statusCode).toBe(200);
      expect(sha(dl.rawPayload)).toBe(demo.exportSha);
      const check = await t.ctx.get('/admin/month-log/precheck', inDemo(t.sessions[role], { month: lastMonth }));
      expect(check.json()).toMatchObject({ month: lastMonth, employees: expect.any(Number) });
      const latest = await t.ctx.get('/attendance/admin/month-log/latest', opts);
      expect(latest.statusCode, latest.body).toBe(200);
      expect(latest.json()).toMatchObject({ id: expect.any(String), status: expect.any(String) });
    }
  });

  it('every role reads the workspace’s closed months, the lock’s own: completed, not failed, not another workspace’s', async () => {
    for (const role of ['member', 'admin', 'accountant'] as const) {
      const res = await t.ctx.get('/attendance/ajax/closed-months', inDemo(t.sessions[role]));
      expect(res.statusCode, res.body).toBe(200);
      // Last month and two months ago are closed; three and four months ago failed (still open).
      expect(res.json(), role).toEqual({ months: [shift(thisMonth, -2), lastMonth] });
    }
    const inBetaWorkspace = await t.ctx.get('/attendance/ajax/closed-months', inBeta());
    expect(inBetaWorkspace.json()).toEqual({ months: [lastMonth] });
    // What the employee is shown is what the lock refuses: a request in a listed month is a 409.
    const refused = await t.ctx.post(
      '/member/justification-request',
      {
        justificationId: await holidayType(),
        startDate: `${lastMonth}-01`,
        endDate: `${lastMonth}-28`,
        wholeDay: true,
      },
      inDemo(t.sessions.member),
    );
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toBe(attMsg.monthClosed);
  });

  it('both make payroll files from a completed version', async () => {
    const byAdmin = await exportVersion(inDemo(t.sessions.admin), demo.last, 'zucchetti');
    const byAccountant = await exportVersion(inDemo(t.sessions.accountant), demo.last, 'inaz');
    expect(byAdmin).toMatchObject({ profile: 'zucchetti', versionNumber: 1, createdBy: { name: expect.any(String) } });
    expect(byAccountant).toMatchObject({ profile: 'inaz', versionNumber: 1 });
    const files = (
      await t.ctx.get(`/admin/month-log/${demo.last}/exports`, inDemo(t.sessions.admin))
    ).json() as PayrollExport[];
    expect(files.map((f) => f.id)).toEqual([byAccountant.id, byAdmin.id, demo.exportId]);
  });

  it('both close a month and retry a failed version', async () => {
    const byAdmin = await closeMonth(inDemo(t.sessions.admin), shift(thisMonth, -5));
    const byAccountant = await closeMonth(inDemo(t.sessions.accountant), shift(thisMonth, -6));
    for (const [role, id] of [
      ['admin', demo.failed],
      ['accountant', demo.failed2],
    ] as const) {
      const res = await t.ctx.post(`/admin/month-log/${id}/retry`, {}, inDemo(t.sessions[role]));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id, status: 'waiting', error: null });
    }
    expect(await runMonthCloseJob(t.ctx.deps, log)).toBe(4);
    for (const id of [byAdmin, byAccountant, demo.failed, demo.failed2]) {
      const got = await t.ctx.get(`/admin/month-log/${id}`, inDemo(t.sessions.accountant));
      expect(got.json().status, id).toBe('completed');
    }
  });

  it('only the admin reopens (the labour consultant is refused), and Beta’s versions stay as they were', async () => {
    expectError(
      await t.ctx.post(`/admin/month-log/${demo.last}/reopen`, REOPEN, inDemo(t.sessions.accountant)),
      403,
      'FORBIDDEN',
    );
    const res = await t.ctx.post(`/admin/month-log/${demo.last}/reopen`, REOPEN, inDemo(t.sessions.admin));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: demo.last,
      reopenReason: REOPEN.reason,
      reopenedBy: { name: expect.any(String) },
    });
    const [betaLast] = await t.ctx.db.select().from(monthLogs).where(eq(monthLogs.id, beta.last));
    expect(betaLast).toMatchObject({ status: 'completed', reopenedAt: null });
    // Reopened, the month is no longer listed as closed for the employee; Beta's stays closed.
    const months = (await t.ctx.get('/attendance/ajax/closed-months', inDemo(t.sessions.member))).json().months;
    expect(months).not.toContain(lastMonth);
    expect(months).toContain(shift(thisMonth, -2));
    expect((await t.ctx.get('/attendance/ajax/closed-months', inBeta())).json()).toEqual({ months: [lastMonth] });
  });

  it('the cockpit: the consultant sees Demo’s version, an employee an empty list', async () => {
    const mine = await t.ctx.get('/accountant/overview', inDemo(t.sessions.accountant, { month: lastMonth }));
    expect(mine.statusCode, mine.body).toBe(200);
    const items = mine.json().items as { workspace: { id: string }; latest: { id: string } | null }[];
    expect(items.find((i) => i.workspace.id === t.ctx.ws.demo)?.latest?.id).toBe(demo.last);
    expect(items.find((i) => i.workspace.id === t.ctx.ws.beta)?.latest?.id).toBe(beta.last);
    const member = await t.ctx.get('/accountant/overview', inDemo(t.sessions.member, { month: lastMonth }));
    expect(member.json()).toEqual({ month: lastMonth, items: [] });
  });
});

describe('every field error of month closing and payroll export, in Italian', () => {
  const admin = () => inDemo(t.sessions.admin);
  const withQuery = (query: Record<string, string>) => inDemo(t.sessions.admin, query);

  async function expect400(res: Awaited<ReturnType<typeof t.ctx.get>>, errors: Record<string, string>, what: string) {
    expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
    expectError(res, 400, 'VALIDATION_FAILED');
    expect(fieldErrors(res), what).toEqual(errors);
  }

  it('the month of the pre-close check: format, missing, and not in the future', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ month: '2026-13' }, monthMsg.monthInvalid],
      [{ month: 'abc' }, monthMsg.monthInvalid],
      [{ month: '2026-1' }, monthMsg.monthInvalid],
      [{ month: '1969-12' }, monthMsg.monthInvalid],
      [{}, monthMsg.monthInvalid],
      [{ month: nextMonth }, monthMsg.monthInFuture],
    ];
    for (const [query, message] of cases)
      await expect400(
        await t.ctx.get('/admin/month-log/precheck', withQuery(query)),
        { month: message },
        JSON.stringify(query),
      );
  });

  it('closing: month format, missing, future, and force not a boolean — nothing is written', async () => {
    const before = await stateOf(t.ctx.ws.demo);
    const cases: [unknown, Record<string, string>][] = [
      [{ month: '2026-13', force: true }, { month: monthMsg.monthInvalid }],
      [{ month: 'abc', force: true }, { month: monthMsg.monthInvalid }],
      [{ month: 202601, force: true }, { month: monthMsg.monthInvalid }],
      [{ force: true }, { month: monthMsg.monthInvalid }],
      [{}, { month: monthMsg.monthInvalid }],
      [{ month: nextMonth, force: true }, { month: monthMsg.monthInFuture }],
      [{ month: lastMonth, force: 'yes' }, { force: msg.invalidValue }],
      [{ month: lastMonth, force: 'true' }, { force: msg.invalidValue }],
      [{ month: lastMonth, force: 1 }, { force: msg.invalidValue }],
      [
        { month: 'abc', force: 'yes' },
        { month: monthMsg.monthInvalid, force: msg.invalidValue },
      ],
    ];
    for (const [body, errors] of cases)
      await expect400(await t.ctx.post('/admin/month-log', body, admin()), errors, JSON.stringify(body));
    expect(await stateOf(t.ctx.ws.demo)).toEqual(before);
  });

  it('the list’s filters, and the cockpit’s month', async () => {
    const cases: [Record<string, string>, Record<string, string>][] = [
      [{ month: 'abc' }, { month: monthMsg.monthInvalid }],
      [{ month: '2026-13' }, { month: monthMsg.monthInvalid }],
      [{ status: 'closed' }, { status: msg.invalidValue }],
      [{ sort: 'name' }, { sort: msg.invalidValue }],
      [{ order: 'up' }, { order: msg.invalidValue }],
      [{ page: '0' }, { page: msg.invalidValue }],
      [{ per_page: '500' }, { per_page: msg.invalidValue }],
    ];
    for (const [query, errors] of cases)
      await expect400(await t.ctx.get('/admin/month-log', withQuery(query)), errors, JSON.stringify(query));
    for (const month of ['abc', '2026-13', '2026-1'])
      await expect400(
        await t.ctx.get('/accountant/overview', inDemo(t.sessions.accountant, { month })),
        { month: monthMsg.monthInvalid },
        month,
      );
  });

  it('ids in the path that are not uuids are a 400, never a 500', async () => {
    for (const bad of ['x', '123', 'not-a-uuid', `${randomUUID()}x`]) {
      const calls: ['GET' | 'POST', string, unknown][] = [
        ['GET', `/admin/month-log/${bad}`, undefined],
        ['GET', `/admin/month-log/${bad}/changes`, undefined],
        ['GET', `/admin/month-log/${bad}/diff`, undefined],
        ['POST', `/admin/month-log/${bad}/retry`, {}],
        ['POST', `/admin/month-log/${bad}/reopen`, REOPEN],
        ['POST', `/admin/month-log/${bad}/export`, { profile: 'csv' }],
        ['GET', `/admin/month-log/${bad}/exports`, undefined],
        ['GET', `/admin/payroll-export/${bad}/download`, undefined],
      ];
      for (const [method, url, body] of calls)
        await expect400(await t.ctx.request(method, url, body, admin()), { id: msg.invalidId }, `${method} ${url}`);
    }
  });

  it('the diff’s `against`: a uuid, and a completed version of the same month other than this one', async () => {
    const cases: [string, string][] = [
      ['x', msg.invalidId],
      ['123', msg.invalidId],
      [randomUUID(), monthMsg.againstInvalid],
      [demo.last, monthMsg.againstInvalid],
      [demo.other, monthMsg.againstInvalid],
      [beta.last, monthMsg.againstInvalid],
    ];
    for (const [against, message] of cases)
      await expect400(
        await t.ctx.get(`/admin/month-log/${demo.last}/diff`, withQuery({ against })),
        { against: message },
        against,
      );
  });

  it('the reopen reason: missing, blank, short, too long, or with control characters', async () => {
    const url = `/admin/month-log/${demo.other}/reopen`;
    const before = await stateOf(t.ctx.ws.demo);
    const cases: [unknown, string][] = [
      [{}, monthMsg.reopenReasonRequired],
      [{ reason: null }, monthMsg.reopenReasonRequired],
      [{ reason: 42 }, monthMsg.reopenReasonRequired],
      [{ reason: '' }, monthMsg.reopenReasonRequired],
      [{ reason: '     ' }, monthMsg.reopenReasonRequired],
      [{ reason: 'breve' }, monthMsg.reopenReasonRequired],
      [{ reason: '   123456789   ' }, monthMsg.reopenReasonRequired],
      [{ reason: 'x'.repeat(501) }, msg.tooLong(500)],
      [{ reason: `Correzione ${'a'.repeat(600)}` }, msg.tooLong(500)],
      [{ reason: 'Correzione\u0000 delle ferie' }, inputMsg.forbiddenCharacters],
      [{ reason: 'Correzione \u202Edelle ferie' }, inputMsg.forbiddenCharacters],
    ];
    for (const [body, message] of cases)
      await expect400(await t.ctx.post(url, body, admin()), { reason: message }, JSON.stringify(body).slice(0, 60));
    expect(await stateOf(t.ctx.ws.demo)).toEqual(before);
  });

  it('the export: profile missing or unknown, `changesSince` not a uuid or not a version of the same month', async () => {
    const url = `/admin/month-log/${demo.last}/export`;
    const before = await stateOf(t.ctx.ws.demo);
    const cases: [unknown, Record<string, string>][] = [
      [{}, { profile: monthMsg.profileInvalid }],
      [{ profile: '' }, { profile: monthMsg.profileInvalid }],
      [{ profile: 'pdf' }, { profile: monthMsg.profileInvalid }],
      [{ profile: 'CSV' }, { profile: monthMsg.profileInvalid }],
      [{ profile: 3 }, { profile: monthMsg.profileInvalid }],
      [{ profile: 'csv', changesSince: 'x' }, { changesSince: msg.invalidId }],
      [
        { profile: 'pdf', changesSince: 'x' },
        { profile: monthMsg.profileInvalid, changesSince: msg.invalidId },
      ],
      [{ profile: 'csv', changesSince: randomUUID() }, { changesSince: monthMsg.againstInvalid }],
      [{ profile: 'csv', changesSince: demo.last }, { changesSince: monthMsg.againstInvalid }],
      [{ profile: 'csv', changesSince: demo.other }, { changesSince: monthMsg.againstInvalid }],
      [{ profile: 'csv', changesSince: beta.last }, { changesSince: monthMsg.againstInvalid }],
    ];
    for (const [body, errors] of cases)
      await expect400(await t.ctx.post(url, body, admin()), errors, JSON.stringify(body));
    expect(await stateOf(t.ctx.ws.demo)).toEqual(before);
  });
});
