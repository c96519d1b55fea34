import { attMsg, monthMsg, type MonthLog, type MonthLogDetail, type Precheck } from '@timbro/shared';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { monthLogLines, monthLogs, monthLogSheets } from '../src/db/schema';
import { todayIn } from '../src/lib/time';
import { runMonthCloseJob, SimulatedCrash } from '../src/modules/month-logs/month-close.job';
import { buildContract, buildEmployee, buildPunch, justificationId } from './factories';
import {
  auditOf,
  coldStatements,
  contractLedger,
  expectError,
  fieldErrors,
  membershipOf,
  useDemoContext,
  type DemoContext,
} from './helpers';

/**
 * Month closing (issue 12): the pre-close check, versions made by the job, the lock for employees, the admin's changes
 * after a close, regeneration and its diff, reopening, and crash safety. The demo has punches from the first of last
 * month to yesterday, so "last month" is a whole month of data whatever day the suite runs.
 */

let { ctx, admin, accountant, member: mario, betaAdmin } = {} as DemoContext;
let marioId: string;
const log = { info: () => undefined, error: () => undefined };

const today = todayIn('Europe/Rome');
const shift = (ym: string, by: number) => {
  const [y, m] = ym.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + by, 1));
  return d.toISOString().slice(0, 7);
};
const thisMonth = today.slice(0, 7);
const lastMonth = shift(thisMonth, -1);
const twoAgo = shift(thisMonth, -2);
const nextMonth = shift(thisMonth, 1);

/** Working days of Mario in last month, in order (set in beforeAll). */
let dayA: string, dayB: string, dayC: string, dayD: string;

/** Mario asks for a whole day of holiday (FER) on `date`. */
const askHoliday = async (date: string) =>
  ctx.post(
    '/member/justification-request',
    { date, justificationId: await justificationId(ctx, ctx.ws.demo, 'FER'), wholeDay: true },
    inDemo(mario),
  );

async function close(month: string, force = true, session = admin) {
  return ctx.post('/admin/month-log', { month, force }, inDemo(session));
}
async function closeAndRun(month: string): Promise<MonthLog> {
  const res = await close(month);
  expect(res.statusCode, res.body).toBe(200);
  await runMonthCloseJob(ctx.deps, log);
  const got = await ctx.get(`/admin/month-log/${res.json().id}`, inDemo(admin));
  expect(got.statusCode, got.body).toBe(200);
  return got.json();
}
const lineCount = async (id: string) =>
  (
    await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(monthLogLines)
      .where(eq(monthLogLines.monthLogId, id))
  )[0]!.n;

/** A permanent contract from six months ago with a monthly accrual of 2 days of leave. */
async function contractFor(e: { userInfoId: string }) {
  const body = {
    type: 'fixed',
    workerType: 'employee',
    startsAt: `${shift(thisMonth, -6)}-01`,
    permanent: true,
    justificationAccruals: [{ justificationId: await justificationId(ctx, ctx.ws.demo, 'FER'), monthlyIncrease: 2 }],
    timeSlots: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, startsAtMinutes: 540, endsAtMinutes: 1020 })),
  };
  const created = await ctx.post(`/admin/user/${e.userInfoId}/contract`, body, inDemo(admin));
  expect(created.statusCode, created.body).toBe(200);
  return { contractId: created.json().id as string, body };
}
let early: Awaited<ReturnType<typeof contractFor>>;

const { inDemo } = useDemoContext(async (d) => {
  ({ ctx, admin, accountant, member: mario, betaAdmin } = d);
  marioId = (await membershipOf(ctx, 'mario.rossi@demo.timbro.it', ctx.ws.demo))!.id;
  // Four of Mario's working days in the second half of last month (days he entered and left): which dates they are
  // depends on the weekdays of the month before the one the suite runs in.
  const worked = await ctx.get(
    `/admin/user/${marioId}/punch`,
    inDemo(admin, { from: `${lastMonth}-15`, to: `${lastMonth}-28` }),
  );
  // Complete days only: as many exits as entries (the demo's forgotten exit leaves one day without its last exit).
  const balance = new Map<string, number>();
  for (const p of worked.json() as { localDate: string; direction: 'in' | 'out' }[])
    balance.set(p.localDate, (balance.get(p.localDate) ?? 0) + (p.direction === 'in' ? 1 : -1));
  const days = [...balance]
    .filter(([, n]) => n === 0)
    .map(([d]) => d)
    .sort();
  expect(days.length).toBeGreaterThanOrEqual(4);
  [dayA, dayB, dayC, dayD] = days as [string, string, string, string];
  early = await contractFor(await buildEmployee(ctx, ctx.ws.demo));
});

describe('access', () => {
  it('needs a session, refuses members, and hides another workspace’s versions', async () => {
    expect((await ctx.get('/admin/month-log', { workspace: ctx.ws.demo })).statusCode).toBe(401);
    expectError(await ctx.get('/admin/month-log', inDemo(mario)), 403, 'FORBIDDEN');
    expectError(await close(lastMonth, true, mario), 403, 'FORBIDDEN');
    expectError(await ctx.get('/attendance/admin/month-log/latest', inDemo(mario)), 403, 'FORBIDDEN');
    const res = await ctx.get('/attendance/admin/month-log/latest', inDemo(accountant));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toBeNull();
  });
});

describe('the pre-close check', () => {
  it('validates the month: format and not in the future', async () => {
    let res = await ctx.get('/admin/month-log/precheck', inDemo(admin, { month: '2026-13' }));
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res).month).toBe(monthMsg.monthInvalid);
    res = await ctx.get('/admin/month-log/precheck', inDemo(admin, { month: nextMonth }));
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res).month).toBe(monthMsg.monthInFuture);
    res = await close(nextMonth);
    expect(res.statusCode).toBe(400);
  });

  it('lists the open requests, the missing codes, and refuses to close without confirmation', async () => {
    const filed = await askHoliday(dayA);
    expect(filed.statusCode, filed.body).toBe(200);
    const res = await ctx.get('/admin/month-log/precheck', inDemo(accountant, { month: lastMonth }));
    expect(res.statusCode, res.body).toBe(200);
    const check = res.json() as Precheck;
    expect(check.employees).toBeGreaterThan(3);
    const open = check.items.find((i) => i.kind === 'open_requests' && i.userInfo?.id === marioId);
    expect(open?.dates).toContain(dayA);
    expect(check.items.some((i) => i.kind === 'company_code_missing')).toBe(true);
    expect(check.items.some((i) => i.kind === 'employee_code_missing')).toBe(true);
    expect(check.problems).toBe(check.items.reduce((n, i) => n + i.count, 0));

    const refused = await close(lastMonth, false);
    expect(refused.statusCode).toBe(409);
    expect(fieldErrors(refused).force).toBe(monthMsg.precheckNotConfirmed);
    expect(await ctx.db.select().from(monthLogs)).toHaveLength(0);
    // The employee's request is withdrawn again: the rest of the suite closes a month without it.
    await ctx.del(`/member/justification-request/${filed.json().items[0].id}`, inDemo(mario));
  });
});

describe('closing a month', () => {
  let v1: MonthLogDetail;

  it('makes one version through the job; a second close while it waits is a 409', async () => {
    const res = await close(lastMonth);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'waiting', versionNumber: 1, forced: true, month: lastMonth });
    const again = await Promise.all([close(lastMonth), close(lastMonth, true, accountant)]);
    for (const r of again) {
      expect(r.statusCode).toBe(409);
      expect(r.json().message).toBe(monthMsg.alreadyRunning);
    }
    const audit = await auditOf(ctx, res);
    expect(audit).toMatchObject([{ action: 'month-log.close', changes: { force: true, version: 1 } }]);

    expect(await runMonthCloseJob(ctx.deps, log)).toBe(1);
    const got = await ctx.get(`/admin/month-log/${res.json().id}`, inDemo(accountant));
    v1 = got.json();
    expect(v1).toMatchObject({ status: 'completed', versionNumber: 1, latest: true, changesSince: 0, forced: true });
    // The check the version stores is the one of the data it froze (the demo has forgotten exits).
    expect(v1.problems).toBeGreaterThan(0);
    expect(v1.progressDone).toBe(v1.progressTotal);
    expect(v1.employees.length).toBeGreaterThan(3);
    const rossi = v1.employees.find((e) => e.userInfoId === marioId)!;
    expect(rossi.totals.worked).toBeGreaterThan(0);
    expect(await lineCount(v1.id)).toBeGreaterThan(v1.employees.length);

    const latest = await ctx.get('/attendance/admin/month-log/latest', inDemo(admin));
    expect(latest.json()).toMatchObject({ id: v1.id, status: 'completed' });
    const list = await ctx.get('/admin/month-log', inDemo(admin));
    expect(list.json()).toMatchObject({ total: 1, items: [{ id: v1.id, createdBy: { name: expect.any(String) } }] });
    expectError(
      await ctx.get(`/admin/month-log/${v1.id}`, { session: betaAdmin, workspace: ctx.ws.beta }),
      404,
      'NOT_FOUND',
    );
  });

  it('locks the month for employees; the admin still corrects, and the version says it changed since', async () => {
    const fer = await justificationId(ctx, ctx.ws.demo, 'FER');
    const day = dayC;
    const refused = await askHoliday(dayB);
    expect(refused.statusCode).toBe(409);
    // The admin removes Mario's exit of day C, then files a day of leave there.
    const punches = await ctx.get(`/admin/user/${marioId}/punch`, inDemo(admin, { from: day, to: day }));
    expect(punches.statusCode, punches.body).toBe(200);
    const exit = (punches.json() as { id: string; direction: string }[]).find((p) => p.direction === 'out')!;
    const removed = await ctx.request('DELETE', `/admin/punch/${exit.id}`, { reason: 'Uscita errata' }, inDemo(admin));
    expect(removed.statusCode, removed.body).toBe(200);
    const byAdmin = await ctx.post(
      '/admin/justification-request',
      { date: day, justificationId: fer, wholeDay: true, userInfoIds: [marioId] },
      inDemo(admin),
    );
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    const got = (await ctx.get(`/admin/month-log/${v1.id}`, inDemo(admin))).json();
    expect(got.changesSince).toBe(2);
    const changes = (await ctx.get(`/admin/month-log/${v1.id}/changes`, inDemo(admin))).json();
    expect(changes).toMatchObject([
      { date: day, entityType: 'justification-request', action: 'request.create', userInfo: { id: marioId } },
      { date: day, entityType: 'punch', action: 'punch.delete', userInfo: { id: marioId } },
    ]);
    // The frozen version did not move: day C still has its exit and no leave.
    const [sheet] = await ctx.db
      .select()
      .from(monthLogSheets)
      .where(and(eq(monthLogSheets.monthLogId, v1.id), eq(monthLogSheets.userInfoId, marioId)));
    const frozen = (sheet!.days as { date: string; anomalies: string[]; justifications: { id: string }[] }[]).find(
      (d) => d.date === day,
    )!;
    expect(frozen.anomalies).toEqual([]);
    expect(frozen.justifications).toEqual([]);
  });

  it('regenerates as version 2 and keeps 1; the diff lists exactly the changed lines; no change gives an empty diff', async () => {
    const v2 = await closeAndRun(lastMonth);
    expect(v2).toMatchObject({ versionNumber: 2, status: 'completed', changesSince: 0 });
    const old = (await ctx.get(`/admin/month-log/${v1.id}`, inDemo(admin))).json();
    expect(old).toMatchObject({ status: 'completed', latest: false });
    const d = (await ctx.get(`/admin/month-log/${v2.id}/diff`, inDemo(accountant))).json();
    expect(d.from).toMatchObject({ id: v1.id, versionNumber: 1 });
    const fer = await justificationId(ctx, ctx.ws.demo, 'FER');
    const ferRow = d.rows.find((r: { item: string }) => r.item === fer);
    expect(ferRow).toMatchObject({ userInfo: { id: marioId }, date: dayC, before: 0 });
    expect(ferRow.after).toBeGreaterThan(0);
    expect(
      d.rows.every((r: { userInfo: { id: string }; date: string }) => r.userInfo.id === marioId && r.date === dayC),
    ).toBe(true);

    const v3 = await closeAndRun(lastMonth);
    const empty = (await ctx.get(`/admin/month-log/${v3.id}/diff`, inDemo(admin))).json();
    expect(empty).toMatchObject({ from: { versionNumber: 2 }, to: { versionNumber: 3 }, rows: [] });
    const against = await ctx.get(`/admin/month-log/${v3.id}/diff`, inDemo(admin, { against: v3.id }));
    expect(fieldErrors(against).against).toBe(monthMsg.againstInvalid);
  });

  it('reopens for employees only as an admin, with a reason kept in the audit log', async () => {
    const latest = (await ctx.get('/attendance/admin/month-log/latest', inDemo(admin))).json() as MonthLog;
    expectError(
      await ctx.post(`/admin/month-log/${latest.id}/reopen`, { reason: 'Correzione ferie' }, inDemo(accountant)),
      403,
      'FORBIDDEN',
    );
    const short = await ctx.post(`/admin/month-log/${latest.id}/reopen`, { reason: 'breve' }, inDemo(admin));
    expect(fieldErrors(short).reason).toBe(monthMsg.reopenReasonRequired);
    const res = await ctx.post(
      `/admin/month-log/${latest.id}/reopen`,
      { reason: 'Il dipendente deve correggere le ferie' },
      inDemo(admin),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      reopenReason: 'Il dipendente deve correggere le ferie',
      reopenedBy: { name: expect.any(String) },
    });
    expect((await auditOf(ctx, res))[0]).toMatchObject({
      action: 'month-log.reopen',
      changes: { reason: 'Il dipendente deve correggere le ferie' },
    });
    const again = await ctx.post(
      `/admin/month-log/${latest.id}/reopen`,
      { reason: 'Il dipendente deve correggere' },
      inDemo(admin),
    );
    expect(again.statusCode).toBe(409);
    const filed = await askHoliday(dayD);
    expect(filed.statusCode, filed.body).toBe(200);
  });
});

describe('crash safety', () => {
  it('a process that dies before the write leaves no partial version; the next run takes it over and completes it', async () => {
    const res = await close(twoAgo);
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().id as string;
    await expect(
      runMonthCloseJob(ctx.deps, log, {
        beforeWrite: () => {
          throw new SimulatedCrash('kill -9');
        },
      }),
    ).rejects.toBeInstanceOf(SimulatedCrash);
    let row = (await ctx.db.select().from(monthLogs).where(eq(monthLogs.id, id)))[0]!;
    expect(row.status).toBe('in_progress');
    expect(await lineCount(id)).toBe(0);
    // A live heartbeat is left alone; a stale one is taken over.
    expect(await runMonthCloseJob(ctx.deps, log)).toBe(0);
    await ctx.db
      .update(monthLogs)
      .set({ heartbeatAt: new Date(Date.now() - 5 * 60_000) })
      .where(eq(monthLogs.id, id));
    expect(await runMonthCloseJob(ctx.deps, log)).toBe(1);
    row = (await ctx.db.select().from(monthLogs).where(eq(monthLogs.id, id)))[0]!;
    expect(row).toMatchObject({ status: 'completed', attempts: 2 });
    const sheets = await ctx.db.select().from(monthLogSheets).where(eq(monthLogSheets.monthLogId, id));
    expect(sheets.length).toBeGreaterThan(3);
  });

  it('an error marks the version failed with a readable reason; retry runs it again', async () => {
    const res = await close(shift(thisMonth, -3));
    const id = res.json().id as string;
    await runMonthCloseJob(ctx.deps, log, {
      beforeWrite: () => {
        throw new Error('disk full');
      },
    });
    let got = (await ctx.get(`/admin/month-log/${id}`, inDemo(admin))).json();
    expect(got).toMatchObject({ status: 'failed', error: monthMsg.failedGeneric });
    expect(await lineCount(id)).toBe(0);
    const retried = await ctx.post(`/admin/month-log/${id}/retry`, {}, inDemo(accountant));
    expect(retried.json()).toMatchObject({ status: 'waiting', error: null });
    expect((await ctx.post(`/admin/month-log/${id}/retry`, {}, inDemo(admin))).statusCode).toBe(409);
    await runMonthCloseJob(ctx.deps, log);
    got = (await ctx.get(`/admin/month-log/${id}`, inDemo(admin))).json();
    expect(got.status).toBe('completed');
  });
});

describe('performance shape', () => {
  it('closes a month with a number of statements that does not grow with the employees', async () => {
    const count = async () => {
      const res = await close(shift(thisMonth, -4));
      expect(res.statusCode, res.body).toBe(200);
      const { statements } = await coldStatements(ctx, () => runMonthCloseJob(ctx.deps, log));
      return statements.filter((s) => !/^update "month_logs" set "progress_done"/.test(s)).length;
    };
    const before = await count();
    for (let k = 0; k < 6; k++) {
      const e = await buildEmployee(ctx, ctx.ws.demo);
      await buildContract(ctx, ctx.ws.demo, e.userInfoId, { startsAt: `${shift(thisMonth, -6)}-01` });
      await buildPunch(ctx, ctx.ws.demo, e.userInfoId, {
        date: `${shift(thisMonth, -4)}-10`,
        time: '09:00',
        direction: 'in',
      });
      await buildPunch(ctx, ctx.ws.demo, e.userInfoId, {
        date: `${shift(thisMonth, -4)}-10`,
        time: '17:00',
        direction: 'out',
      });
    }
    const after = await count();
    expect(after).toBe(before);
  });
});

describe('closed months stay frozen', () => {
  it('a change of a contract’s monthly increase leaves the accruals of closed months as they were', async () => {
    // Closed by now: two, three and four months ago (last month was reopened above). The contract was made before.
    const fer = await justificationId(ctx, ctx.ws.demo, 'FER');
    const ledger = async (id: string) =>
      Object.fromEntries((await contractLedger(ctx, id)).map((r) => [r.period, r.amount] as const));
    expect((await ledger(early.contractId))[twoAgo]).toBe(2);
    const changed = await ctx.post(
      `/admin/contract/${early.contractId}`,
      { ...early.body, justificationAccruals: [{ justificationId: fer, monthlyIncrease: 3 }] },
      inDemo(admin),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    const after = await ledger(early.contractId);
    for (const k of [2, 3, 4]) expect(after[shift(thisMonth, -k)], `${k} months ago`).toBe(2);
    expect(after[lastMonth]).toBe(3);
    expect(after[shift(thisMonth, -5)]).toBe(3);

    // A contract made now books nothing in the closed months: corrections there go into an open month (ADR 0018).
    const late = await contractFor(await buildEmployee(ctx, ctx.ws.demo));
    const booked = await ledger(late.contractId);
    expect(Object.keys(booked)).not.toContain(twoAgo);
    expect(booked[lastMonth]).toBe(2);
  });
});

describe('an early close of the current month', () => {
  it('is a deliberate choice (the check says the month is not over) and stops the employees’ clock-ins', async () => {
    const check = (await ctx.get('/admin/month-log/precheck', inDemo(admin, { month: thisMonth }))).json() as Precheck;
    expect(check.items[0]).toMatchObject({ kind: 'month_not_over', count: 1 });
    await closeAndRun(thisMonth);
    const res = await ctx.post('/member/clock', { direction: 'in' }, inDemo(mario));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(attMsg.monthClosed);
  });
});
