import { WORKSPACE_HEADER, type CurrentUser } from '@timbro/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { userInfos } from '../src/db/schema';
import { SESSION_IDLE_SECONDS } from '../src/lib/cookies';
import { buildEmployee } from './factories';
import {
  secondProcess,
  stopProcess,
  type SecondProcess,
  createTestContext,
  statementsOf,
  type Session,
  type TestContext,
} from './helpers';

/**
 * The actor cache (ADR 0026): who a session is, kept between requests, and forgotten at once when the session, the
 * account, a membership or a workspace changes — through this process's own statements, and through the database's
 * notifications for changes made anywhere else (another process, a job, a command, a hand-written SQL statement).
 */

let ctx: TestContext;
const PASSWORD = 'Password1!x';

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

async function me(s: Session) {
  return ctx.get('/user', { session: s });
}

async function person() {
  const p = await buildEmployee(ctx, ctx.ws.demo, { password: PASSWORD });
  return { ...p, session: await ctx.login(p.email, PASSWORD) };
}

/** Waits (≤ 2 s) until `check` holds: a notification from the database arrives a moment after the commit. */
async function eventually(check: () => Promise<boolean>) {
  const started = Date.now();
  while (Date.now() - started < 2000) {
    if (await check()) return Date.now() - started;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error('not within 2 s');
}

/**
 * Waits until the notifications of every change committed so far have reached the cache: a marker sent now arrives
 * after them (PostgreSQL delivers a channel's notifications in commit order), and an unknown payload drops nothing.
 */
async function settled() {
  const marker = `settle-${Math.random().toString(36).slice(2)}`;
  const heard = vi.spyOn(ctx.deps.actors, 'invalidate');
  try {
    await ctx.db.execute(sql`select pg_notify('timbro_actor', ${marker})`);
    await eventually(async () => heard.mock.calls.some(([payload]) => payload === marker));
  } finally {
    heard.mockRestore();
  }
}

describe('the actor cache', () => {
  it('a second request of the same session reads no session or membership from the database', async () => {
    await ctx.deps.actors.start();
    const p = await person();
    // The login's own writes are announced a moment after their commit (on PostgreSQL, through another connection):
    // a notification arriving after the first load would rightly drop it.
    await settled();
    await me(p.session);
    const again = await statementsOf(() => me(p.session));
    expect(again).toEqual([]);
    expect(ctx.deps.actors.active).toBe(true);
  });

  it('logout applies at once: the cached session is refused on the next request', async () => {
    const p = await person();
    expect((await me(p.session)).statusCode).toBe(200);
    expect((await ctx.post('/auth/logout', undefined, { session: p.session })).statusCode).toBe(200);
    expect((await me(p.session)).statusCode).toBe(401);
  });

  it('disabling the person applies at once (their only company: their sessions end)', async () => {
    const p = await person();
    const admin = await ctx.login('admin@demo.timbro.it');
    expect((await me(p.session)).statusCode).toBe(200);
    const res = await ctx.post(
      `/admin/user/${p.userInfoId}/disable`,
      {},
      {
        session: admin,
        headers: { [WORKSPACE_HEADER]: ctx.ws.demo },
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    const after = await ctx.get('/attendance/user-info/current', {
      session: p.session,
      headers: { [WORKSPACE_HEADER]: ctx.ws.demo },
    });
    expect(after.statusCode).toBe(401);
    expect((await me(p.session)).statusCode).toBe(401);
  });

  it('a role given by this process applies at once', async () => {
    const p = await person();
    const roles = async () => ((await me(p.session)).json() as CurrentUser).workspace_roles[0]!;
    expect(await roles()).toMatchObject({ admin: false, member: true });
    await ctx.db
      .update(userInfos)
      .set({ isAdmin: true })
      .where(and(eq(userInfos.id, p.userInfoId), eq(userInfos.workspaceId, ctx.ws.demo)));
    expect(await roles()).toMatchObject({ admin: true, member: true });
  });

  it('a change this process did not make (another process, a command) is heard from the database', async () => {
    const p = await person();
    const name = async () => ((await me(p.session)).json() as CurrentUser).first_name;
    expect(await name()).toBe(p.firstName);
    // Raw SQL, not through this process's query builder: only the trigger's NOTIFY can tell the cache.
    await ctx.deps.database.raw.query(`update users set first_name = 'Rinominata' where id = $1`, [p.userId]);
    await eventually(async () => (await name()) === 'Rinominata');
    await ctx.deps.database.raw.query(`update auth_sessions set revoked_at = now() where user_id = $1`, [p.userId]);
    await eventually(async () => (await me(p.session)).statusCode === 401);
  });

  it('a disabled workspace is forgotten for everyone (one notification for all)', async () => {
    const p = await person();
    const roles = async () => ((await me(p.session)).json() as CurrentUser).workspace_roles.length;
    expect(await roles()).toBe(1);
    await ctx.deps.database.raw.query(`update workspaces set disabled_at = now() where id = $1`, [ctx.ws.demo]);
    try {
      await eventually(async () => (await roles()) === 0);
    } finally {
      await ctx.deps.database.raw.query(`update workspaces set disabled_at = null where id = $1`, [ctx.ws.demo]);
    }
    await eventually(async () => (await roles()) === 1);
  });

  it('an idle or expired session is refused even while cached; a load overtaken by a change is not kept', async () => {
    const p = await person();
    expect((await me(p.session)).statusCode).toBe(200);
    const sessionId = /v2\.[A-Za-z0-9_-]+\.([0-9a-f-]{36})\./.exec(p.session.cookie)![1]!;
    const later = new Date(Date.now() + (SESSION_IDLE_SECONDS + 60) * 1000);
    expect(await ctx.deps.actors.load(ctx.db, sessionId, later)).toBeNull();

    ctx.deps.actors.invalidate('*');
    const loading = ctx.deps.actors.load(ctx.db, sessionId);
    ctx.deps.actors.invalidate(p.userId);
    expect(await loading).not.toBeNull();
    expect(ctx.deps.actors.size).toBe(0);
  });
});

describe('two processes on one PostgreSQL', () => {
  let other: SecondProcess | null = null;
  beforeAll(async () => {
    if (ctx.deps.database.kind !== 'postgres') return;
    const started = await secondProcess(ctx);
    await started.app.ready();
    other = started;
  });
  afterAll(async () => {
    if (other) await stopProcess(other);
  });

  it('logout and a role change in one process apply in the other within milliseconds', async (t) => {
    if (!other) return t.skip();
    const o = other;
    const p = await person();
    const onOther = () =>
      o.app.inject({
        method: 'GET',
        url: '/api/v1/user',
        headers: { cookie: p.session.cookie, 'x-auth-mode': 'cookie' },
      });
    expect((await onOther()).statusCode).toBe(200);
    await o.deps.actors.start();
    expect((await onOther()).statusCode).toBe(200);
    expect(o.deps.actors.size).toBeGreaterThan(0);

    await ctx.db.update(userInfos).set({ isAccountant: true }).where(eq(userInfos.id, p.userInfoId));
    const roleMs = await eventually(
      async () => ((await onOther()).json() as CurrentUser).workspace_roles[0]?.accountant === true,
    );
    expect((await ctx.post('/auth/logout', undefined, { session: p.session })).statusCode).toBe(200);
    const logoutMs = await eventually(async () => (await onOther()).statusCode === 401);
    expect(roleMs).toBeLessThan(1000);
    expect(logoutMs).toBeLessThan(1000);
  });
});
