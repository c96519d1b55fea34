import { type User } from '@timbro/shared';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, mailOutbox, userInfos } from '../src/db/schema';
import { employeeBody as employee } from './factories';
import {
  editableUser,
  expectError,
  fieldErrors,
  listUsers,
  membershipIdOf,
  useDemoContext,
  userRecord,
  type DemoContext,
  type Session,
} from './helpers';

/**
 * The audit module's route: the admin reads the active workspace's trail, and refused writes leave none.
 * (Its access table is in audit.access.test.ts; what each module writes to the trail is in its own route tests.)
 */

let { ctx, admin, accountant, member, betaAdmin } = {} as DemoContext;

const { inDemo, asAdmin } = useDemoContext(async (d) => {
  ({ ctx, admin, accountant, member, betaAdmin } = d);
  // A trail in both workspaces before the tests write theirs: a group each.
  for (const [session, workspace, name] of [
    [admin, ctx.ws.demo, 'Gruppo Demo per il registro'],
    [betaAdmin, ctx.ws.beta, 'Gruppo Beta per utenti'],
  ] as const) {
    const group = await ctx.post('/admin/group', { name }, { session, workspace });
    expect(group.statusCode, group.body).toBe(200);
  }
});
const infoId = (email: string, workspace = ctx.ws.demo) => membershipIdOf(ctx, email, workspace);
const list = (query: Record<string, string> = {}, session: Session = admin) => listUsers(ctx, inDemo(session), query);
const getUser = (id: string): Promise<User> => userRecord(ctx, asAdmin(), id);
/** The body of POST /admin/user/{id} that keeps a record as it is. */
const editable = editableUser;

describe('GET /admin/audit', () => {
  it('401, 403 for a member and for the accountant, 400 for a bad filter', async () => {
    expectError(await ctx.get('/admin/audit'), 401, 'UNAUTHENTICATED');
    expectError(await ctx.get('/admin/audit', inDemo(member)), 403, 'FORBIDDEN');
    expectError(await ctx.get('/admin/audit', inDemo(accountant)), 403, 'FORBIDDEN');
    const bad = await ctx.get('/admin/audit', inDemo(admin, { entity_type: 'payroll' }));
    expectError(bad, 400, 'VALIDATION_FAILED');
    expect(fieldErrors(bad)).toEqual({ entity_type: 'Valore non valido' });
  });

  it('the admin reads the trail of the active workspace, newest first, filtered by entity', async () => {
    const id = await infoId('simone.fontana@demo.timbro.it');
    const simone = await getUser(id);
    const upd = await ctx.post(`/admin/user/${id}`, { ...editable(simone), birthplace: 'Mestre' }, asAdmin());
    expect(upd.statusCode).toBe(200);
    expect((await ctx.post(`/admin/user/${id}/disable`, {}, asAdmin())).statusCode).toBe(200);
    expect((await ctx.post(`/admin/user/${id}/enable`, {}, asAdmin())).statusCode).toBe(200);

    const res = await ctx.get('/admin/audit', inDemo(admin, { entity_type: 'user', entity_id: id }));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total: 3, page: 1, perPage: 50 });
    expect(body.items.map((e: { action: string }) => e.action)).toEqual(['user.enable', 'user.disable', 'user.update']);
    expect(body.items[2]).toEqual({
      id: expect.any(Number),
      action: 'user.update',
      entityType: 'user',
      entityId: id,
      actor: { id: admin.userId, name: 'Anna Bianchi' },
      changes: { birthplace: { from: 'Venezia', to: 'Mestre' } },
      createdAt: expect.any(String),
    });

    const all = (await ctx.get('/admin/audit', inDemo(admin, { per_page: '200' }))).json();
    const [count] = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(eq(auditLog.workspaceId, ctx.ws.demo));
    expect(all.total).toBe(count!.n);
    const ids = (all.items as { id: number }[]).map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    // Beta's entries stay in Beta.
    const betaEntries = await ctx.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(eq(auditLog.workspaceId, ctx.ws.beta));
    expect(betaEntries.length).toBeGreaterThan(0);
    expect(ids.some((i) => betaEntries.some((b) => b.id === i))).toBe(false);
    const paged = (await ctx.get('/admin/audit', inDemo(admin, { per_page: '2', page: '2' }))).json();
    expect(paged.items.map((e: { id: number }) => e.id)).toEqual(ids.slice(2, 4));
    // The Beta admin sees Beta's trail only.
    const beta = (await ctx.get('/admin/audit', { session: betaAdmin, workspace: ctx.ws.beta })).json();
    expect(beta.total).toBe(betaEntries.length);
  });

  it('no audit entry and no mail for refused writes', async () => {
    const [{ n: before }] = (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(auditLog)) as [{ n: number }];
    const [{ n: mailsBefore }] = (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox)) as [
      { n: number },
    ];
    await ctx.post('/admin/user', employee({ email: 'mario.rossi@demo.timbro.it' }), asAdmin());
    await ctx.post('/admin/user', employee({ pec: null }), asAdmin());
    await ctx.post(`/admin/user/${await infoId('admin@demo.timbro.it')}/disable`, {}, asAdmin());
    const [{ n: after }] = (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(auditLog)) as [{ n: number }];
    const [{ n: mailsAfter }] = (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox)) as [
      { n: number },
    ];
    expect(after).toBe(before);
    expect(mailsAfter).toBe(mailsBefore);
    const infos = await ctx.db
      .select({ id: userInfos.id })
      .from(userInfos)
      .where(and(eq(userInfos.workspaceId, ctx.ws.demo)));
    expect(infos.length).toBe((await list()).total);
  });
});
