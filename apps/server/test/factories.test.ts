import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildContract, buildEmployee, buildPunch, buildRequest } from './factories';
import { createTestContext, expectForeignRecordsHidden, type TestContext } from './helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

describe('test factories', () => {
  it('build an employee who logs in and works in their workspace only, with a contract, punches and a request', async () => {
    const e = await buildEmployee(ctx, ctx.ws.beta, { password: 'Fabbrica-2026!' });
    const other = await buildEmployee(ctx, ctx.ws.beta);
    expect(other.fiscalCode).not.toBe(e.fiscalCode);
    await buildContract(ctx, ctx.ws.beta, e.userInfoId, { startsAt: '2026-01-01' });
    await buildPunch(ctx, ctx.ws.beta, e.userInfoId, { date: '2026-03-02', time: '09:00', direction: 'in' });
    await buildPunch(ctx, ctx.ws.beta, e.userInfoId, { date: '2026-03-02', time: '17:00', direction: 'out' });
    const request = await buildRequest(ctx, ctx.ws.beta, e.userInfoId, {
      code: 'ROL',
      date: '2026-03-03',
      startsAtMinutes: 540,
      endsAtMinutes: 660,
      amount: 2,
    });

    const session = await ctx.login(e.email, 'Fabbrica-2026!');
    const me = await ctx.get('/user', { session });
    expect(me.json().workspace_roles).toEqual([expect.objectContaining({ workspace_id: ctx.ws.beta, member: true })]);
    const day = await ctx.get('/attendance/attendance-data', {
      session,
      workspace: ctx.ws.beta,
      query: { from: '2026-03-02', to: '2026-03-02' },
    });
    expect(day.statusCode, day.body).toBe(200);
    expect(day.json().users[0].days[0]).toMatchObject({ date: '2026-03-02', expected: 480, worked: 480, balance: 0 });
    const admin = await ctx.login('admin@beta.timbro.it');
    const listed = await ctx.get('/admin/user', {
      session: admin,
      workspace: ctx.ws.beta,
      query: { search: e.lastName },
    });
    expect(listed.json().items.map((u: { id: string }) => u.id)).toEqual([e.userInfoId]);
    // Demo's admin does not see Beta's factory records.
    const demoAdmin = await ctx.login('admin@demo.timbro.it');
    await expectForeignRecordsHidden(ctx, demoAdmin, ctx.ws.demo, [
      { method: 'GET', url: `/admin/user/${e.userInfoId}` },
    ]);
    expect(request.status).toBe('open');
  });
});
