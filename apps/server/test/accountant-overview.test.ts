import type { AccountantOverview } from '@timbro/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '../src/lib/time';
import { runMonthCloseJob } from '../src/modules/month-logs/month-close.job';
import { buildRequest } from './factories';
import { createTestContext, membershipOf, type Session, type TestContext } from './helpers';

/** The consultant's cockpit (issue 12): one month across every company where the account is accountant. */

let ctx: TestContext;
let accountant: Session;
let admin: Session;
let mario: Session;
const log = { info: () => undefined, error: () => undefined };
const [y, m] = todayIn('Europe/Rome').split('-').map(Number) as [number, number];
const lastMonth = new Date(Date.UTC(y, m - 2, 1)).toISOString().slice(0, 7);

beforeAll(async () => {
  ctx = await createTestContext();
  accountant = await ctx.login('consulente@demo.timbro.it');
  admin = await ctx.login('admin@demo.timbro.it');
  mario = await ctx.login('mario.rossi@demo.timbro.it');
});
afterAll(async () => {
  await ctx?.close();
});

describe('GET /accountant/overview', () => {
  it('lists the companies where the account is accountant, with the month’s version, open requests and changes', async () => {
    expect((await ctx.get('/accountant/overview')).statusCode).toBe(401);
    const empty = await ctx.get('/accountant/overview', { session: mario, query: { month: lastMonth } });
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json()).toEqual({ month: lastMonth, items: [] });
    const bad = await ctx.get('/accountant/overview', { session: accountant, query: { month: '2026-1' } });
    expect(bad.statusCode).toBe(400);

    const marioId = (await membershipOf(ctx, 'mario.rossi@demo.timbro.it', ctx.ws.demo))!.id;
    await buildRequest(ctx, ctx.ws.demo, marioId, { date: `${lastMonth}-09`, status: 'open' });
    const closed = await ctx.post(
      '/admin/month-log',
      { month: lastMonth, force: true },
      { session: admin, workspace: ctx.ws.demo },
    );
    expect(closed.statusCode, closed.body).toBe(200);
    await runMonthCloseJob(ctx.deps, log);

    const res = await ctx.get('/accountant/overview', { session: accountant, query: { month: lastMonth } });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as AccountantOverview;
    const workspaces = body.items.map((i) => i.workspace.id);
    expect(workspaces).toContain(ctx.ws.demo);
    const demo = body.items.find((i) => i.workspace.id === ctx.ws.demo)!;
    expect(demo).toMatchObject({
      latest: { id: closed.json().id, versionNumber: 1, status: 'completed', reopened: false },
      pendingRequests: 1,
      changesSince: 0,
      exports: 0,
    });
    for (const other of body.items.filter((i) => i.workspace.id !== ctx.ws.demo)) expect(other.latest).toBeNull();
    // Only companies where the account is accountant: never one where it is not.
    for (const id of workspaces) {
      const record = await membershipOf(ctx, 'consulente@demo.timbro.it', id);
      expect(record?.isAccountant, id).toBe(true);
    }
    const adminView = (await ctx.get('/accountant/overview', { session: admin })).json() as AccountantOverview;
    expect(adminView.items.map((i) => i.workspace.id)).not.toContain(ctx.ws.demo);
  });
});
