import { apiMsg, WORKSPACE_HEADER } from '@timbro/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env';
import { queryObservers } from '../src/db/client';
import { groupMembers, groups, notifications } from '../src/db/schema';
import { workspaceScope } from '../src/db/scope';
import type { AppDeps } from '../src/deps';
import { startJobs } from '../src/lib/jobs';
import { runAnnouncementJob } from '../src/modules/announcements/announcements.job';
import { notify } from '../src/modules/notifications/notify';
import { STREAM_LIMITS, StreamRegistry } from '../src/modules/notifications/stream-registry';
import { createAnnouncement } from './announcement-forms';
import { buildEmployee } from './factories';
import {
  secondProcess,
  stopProcess,
  type SecondProcess,
  createTestContext,
  type Session,
  type TestContext,
} from './helpers';

/**
 * Live updates and several processes (ADR 0020). The stream sends the unread count at once and again when something
 * is told — written by this process or by another one on the same PostgreSQL (LISTEN/NOTIFY). On PostgreSQL, a
 * second "process" (its own pool, LISTEN connection, app and job loop) shares the database: an announcement to 300
 * people processed by both loops at once tells each person exactly once, and the processing job is scheduled in the
 * save's transaction (a rollback leaves none).
 */

let ctx: TestContext;
let base: string;
let member: Session;
let memberEmail: string;
let memberInfo: string;
let colleague: Session;
const PASSWORD = 'Password1!x';

beforeAll(async () => {
  ctx = await createTestContext();
  base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const p = await buildEmployee(ctx, ctx.ws.demo, { password: PASSWORD });
  memberInfo = p.userInfoId;
  memberEmail = p.email;
  member = await ctx.login(p.email, PASSWORD);
  const q = await buildEmployee(ctx, ctx.ws.demo, { password: PASSWORD });
  colleague = await ctx.login(q.email, PASSWORD);
});
afterAll(async () => {
  await ctx?.close();
});

/** Reads `event: unread` counts from a stream until `until` says stop (or the time runs out). */
async function readCounts(url: string, cookie: string, until: (counts: number[]) => boolean, started?: () => void) {
  const ac = new AbortController();
  const timer = setTimeout(() => ac.abort(), 15_000);
  const res = await fetch(`${url}/api/v1/notification/stream`, {
    headers: { accept: 'text/event-stream', cookie, [WORKSPACE_HEADER]: ctx.ws.demo },
    signal: ac.signal,
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const counts: number[] = [];
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    while (!until(counts)) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let i;
      while ((i = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        const data = /^event: unread\ndata: (.*)$/m.exec(block);
        if (data) {
          counts.push(JSON.parse(data[1]!).unread as number);
          if (counts.length === 1) started?.();
        }
      }
    }
  } catch (err) {
    if (!ac.signal.aborted) throw err;
  } finally {
    clearTimeout(timer);
    ac.abort();
  }
  return counts;
}

const tellMember = (db: AppDeps['db'], title: string) =>
  db.transaction((tx) =>
    notify(
      tx,
      { scope: workspaceScope(ctx.ws.demo), publicUrl: 'http://localhost:3000' },
      {
        type: 'document.published',
        to: { userInfoIds: [memberInfo] },
        title,
        link: '/member/document',
        mail: () => ({ template: 't', subject: title, text: title }),
      },
    ),
  );

describe('the stream', () => {
  it('sends the unread count at once, then the new count as soon as something is told (no reload)', async () => {
    const counts = await readCounts(
      base,
      member.cookie,
      (c) => c.length >= 2,
      () => void tellMember(ctx.db, 'Primo'),
    );
    expect(counts[0]).toBe(0);
    expect(counts[1]).toBe(1);
  });

  it('a rolled-back notification sends nothing; the next one does', async () => {
    const counts = await readCounts(
      base,
      member.cookie,
      (c) => c.length >= 2,
      () =>
        void (async () => {
          await ctx.db
            .transaction(async (tx) => {
              await notify(
                tx,
                { scope: workspaceScope(ctx.ws.demo), publicUrl: 'http://localhost:3000' },
                {
                  type: 'document.published',
                  to: { userInfoIds: [memberInfo] },
                  title: 'Annullato',
                  mail: () => ({ template: 't', subject: 's', text: 't' }),
                },
              );
              throw new Error('rollback');
            })
            .catch(() => undefined);
          await tellMember(ctx.db, 'Secondo');
        })(),
    );
    expect(counts).toEqual([1, 2]);
  });

  it('a plain request is refused at once with an Italian message (no hanging stream)', async () => {
    const res = await fetch(`${base}/api/v1/notification/stream`, {
      headers: { cookie: member.cookie, [WORKSPACE_HEADER]: ctx.ws.demo },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe('Alcuni campi non sono validi');
  });
});

/** A stream held open: its answer, its reader (after the first count) and how to end it. */
async function holdStream(cookie: string) {
  const ac = new AbortController();
  const res = await fetch(`${base}/api/v1/notification/stream`, {
    headers: { accept: 'text/event-stream', cookie, [WORKSPACE_HEADER]: ctx.ws.demo },
    signal: ac.signal,
  });
  const end = () => ac.abort();
  if (res.status !== 200) return { res, end, text: async () => '', body: null };
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let seen = '';
  /** Reads until `until` holds on what arrived, or the stream ends (false then). */
  const readUntil = async (until: (text: string) => boolean) => {
    while (!until(seen)) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return false;
      seen += decoder.decode(value, { stream: true });
    }
    return true;
  };
  expect(await readUntil((t) => t.includes('event: unread'))).toBe(true);
  return { res, end, body: { readUntil, text: () => seen } };
}

/** Waits until the server has let go of every stream (a client's abort reaches it a moment later). */
async function settled(n = 0) {
  for (let i = 0; i < 200 && ctx.deps.streams.size !== n; i++) await new Promise((r) => setTimeout(r, 10));
  expect(ctx.deps.streams.size).toBe(n);
}

describe('the limits of the streams (issue 30)', () => {
  afterEach(() => {
    ctx.deps.streams.limits = { ...STREAM_LIMITS };
  });

  it('a session holds at most 4 streams: the 5th is a 429 with an Italian message; a closed one frees its place', async () => {
    const held = [];
    for (let i = 0; i < 4; i++) held.push(await holdStream(member.cookie));
    expect(held.map((h) => h.res.status)).toEqual([200, 200, 200, 200]);
    const refused = await holdStream(member.cookie);
    expect(refused.res.status).toBe(429);
    expect(refused.res.headers.get('retry-after')).toBe('60');
    expect(await refused.res.json()).toMatchObject({ code: 'RATE_LIMITED', message: apiMsg.streams.session(4) });
    held.pop()!.end();
    await settled(3);
    held.push(await holdStream(member.cookie));
    expect(held.at(-1)!.res.status).toBe(200);
    for (const h of held) h.end();
    await settled();
  });

  it('an account holds at most 8 streams, whatever its sessions', async () => {
    const sessions = [member, await ctx.login(memberEmail, PASSWORD), await ctx.login(memberEmail, PASSWORD)];
    const held = [];
    for (const s of sessions.slice(0, 2)) for (let i = 0; i < 4; i++) held.push(await holdStream(s.cookie));
    expect(held.every((h) => h.res.status === 200)).toBe(true);
    const refused = await holdStream(sessions[2]!.cookie);
    expect(refused.res.status).toBe(429);
    expect(await refused.res.json()).toMatchObject({ message: apiMsg.streams.user(8) });
    for (const h of held) h.end();
    await settled();
  });

  it('a process holds at most NOTIFICATION_STREAMS_MAX streams, everyone together', async () => {
    expect(loadConfig({ NODE_ENV: 'test', NOTIFICATION_STREAMS_MAX: '25' }).notificationStreamsMax).toBe(25);
    expect(loadConfig({ NODE_ENV: 'test' }).notificationStreamsMax).toBe(2000);
    expect(() => loadConfig({ NODE_ENV: 'test', NOTIFICATION_STREAMS_MAX: '0' })).toThrow(/NOTIFICATION_STREAMS_MAX/);
    ctx.deps.streams.limits = { ...ctx.deps.streams.limits, perProcess: 2 };
    const admin = await ctx.login('admin@demo.timbro.it');
    const held = [await holdStream(member.cookie), await holdStream(admin.cookie)];
    expect(held.map((h) => h.res.status)).toEqual([200, 200]);
    const refused = await holdStream(colleague.cookie);
    expect(refused.res.status).toBe(429);
    expect(await refused.res.json()).toMatchObject({ message: apiMsg.streams.process });
    for (const h of held) h.end();
    await settled();
  });

  it('the server ends a stream after its life; the place is given back', async () => {
    ctx.deps.streams.limits = { ...ctx.deps.streams.limits, maxLifeMs: 400, jitter: 0 };
    const started = Date.now();
    const held = await holdStream(member.cookie);
    // Reading on finds the end of the stream; a stream that never ends is cut by the client after 5 s, and fails.
    const cut = setTimeout(held.end, 5_000);
    expect(await held.body!.readUntil(() => false)).toBe(false);
    clearTimeout(cut);
    const lived = Date.now() - started;
    expect(lived).toBeGreaterThanOrEqual(350);
    expect(lived).toBeLessThan(5_000);
    await settled();
    held.end();
  });

  it('heartbeats check the session in the actor cache: no statement while nothing changes; a logout still ends the stream', async () => {
    ctx.deps.streams.limits = { ...ctx.deps.streams.limits, heartbeatMs: 40, jitter: 0 };
    const session = await ctx.login(memberEmail, PASSWORD);
    const held = await holdStream(session.cookie);
    expect(ctx.deps.actors.active).toBe(true);
    const statements: string[] = [];
    const watch = (sql: string) => void statements.push(sql);
    const hits = ctx.deps.actors.stats.hits;
    queryObservers.add(watch);
    try {
      const beats = () => held.body!.text().split(': beat').length - 1;
      expect(await held.body!.readUntil(() => beats() >= 8)).toBe(true);
      expect(statements).toEqual([]);
      expect(ctx.deps.actors.stats.hits - hits).toBeGreaterThanOrEqual(8);
    } finally {
      queryObservers.delete(watch);
    }
    const out = await ctx.post('/auth/logout', {}, { session });
    expect(out.statusCode, out.body).toBeLessThan(300);
    const ended = Date.now();
    expect(await held.body!.readUntil(() => false)).toBe(false);
    expect(Date.now() - ended).toBeLessThan(2_000);
    await settled();
    held.end();
  });

  it('heartbeats and lives are spread: ± the jitter around 25 s, up to the jitter less than 30 min', () => {
    const at = (r: number) => new StreamRegistry(STREAM_LIMITS, () => r);
    expect(at(0).nextBeatMs()).toBe(20_000);
    expect(at(0.5).nextBeatMs()).toBe(25_000);
    expect(at(1).nextBeatMs()).toBe(30_000);
    expect(at(0).lifeMs()).toBe(30 * 60_000);
    expect(at(1).lifeMs()).toBe(24 * 60_000);
  });
});

describe('two processes on one PostgreSQL', () => {
  let other: (SecondProcess & { url: string }) | null = null;
  beforeAll(async () => {
    if (ctx.deps.database.kind !== 'postgres') return;
    const started = await secondProcess(ctx);
    other = { ...started, url: await started.app.listen({ port: 0, host: '127.0.0.1' }) };
  });
  afterAll(async () => {
    if (other) await stopProcess(other);
  });

  it('a notification written by one process reaches a stream open on the other', async (t) => {
    if (!other) return t.skip();
    const o = other;
    const counts = await readCounts(
      o.url,
      member.cookie,
      (c) => c.length >= 2,
      () => void tellMember(ctx.db, 'Da un altro processo'),
    );
    expect(counts[1]).toBe(counts[0]! + 1);
  });

  it('300 recipients, two job loops at once: 300 notifications, each exactly once', async (t) => {
    if (!other) return t.skip();
    const [g] = await ctx.db.insert(groups).values({ workspaceId: ctx.ws.demo, name: 'Trecento' }).returning();
    const people = [];
    for (let i = 0; i < 300; i++) people.push(await buildEmployee(ctx, ctx.ws.demo));
    await ctx.db
      .insert(groupMembers)
      .values(people.map((p) => ({ workspaceId: ctx.ws.demo, groupId: g!.id, userInfoId: p.userInfoId })));
    const admin = await ctx.login('admin@demo.timbro.it');
    const sendAt = new Date(Date.now() + 60_000);
    const a = await createAnnouncement(ctx, admin, ctx.ws.demo, {
      sendAt: sendAt.toISOString(),
      audience: { groupIds: [g!.id] },
    });
    const at = () => new Date(sendAt.getTime() + 1000);
    const started = Date.now();
    const [x, y] = await Promise.all([
      runAnnouncementJob(ctx.deps, undefined, at),
      runAnnouncementJob(other!.deps, undefined, at),
    ]);
    const elapsed = Date.now() - started;
    expect(x + y).toBe(1);
    expect(elapsed).toBeLessThan(60_000);
    const rows = await ctx.db
      .select({ userInfoId: notifications.userInfoId, n: sql<number>`count(*)::int` })
      .from(notifications)
      .where(eq(notifications.link, `/member/announcement/${a.id}`))
      .groupBy(notifications.userInfoId);
    expect(rows).toHaveLength(300);
    expect(rows.every((r) => r.n === 1)).toBe(true);
    const members = new Set(people.map((p) => p.userInfoId));
    expect(rows.every((r) => members.has(r.userInfoId))).toBe(true);
    console.log(`[announcements] 300 recipients processed by two loops in ${elapsed} ms`);
  });

  it('the processing job is written in the save’s transaction: committed with it, gone with a rollback', async () => {
    const jobs = await startJobs(
      ctx.deps.database,
      [{ name: 'announcement-process', handler: async () => undefined }],
      {
        info: () => undefined,
        error: () => undefined,
      },
    );
    try {
      const startAfter = new Date(Date.now() + 3600_000);
      const count = async (key: string) =>
        (
          (await ctx.db.execute(
            sql`select count(*)::int as n from pgboss.job where singleton_key = ${key}`,
          )) as unknown as {
            rows: { n: number }[];
          }
        ).rows[0]!.n;
      await ctx.db.transaction((tx) =>
        jobs.sendIn(tx, 'announcement-process', { id: 'committed' }, { startAfter, singletonKey: 'ann:committed' }),
      );
      await ctx.db
        .transaction(async (tx) => {
          await jobs.sendIn(tx, 'announcement-process', { id: 'rolled' }, { startAfter, singletonKey: 'ann:rolled' });
          throw new Error('rollback');
        })
        .catch(() => undefined);
      expect(await count('ann:committed')).toBe(1);
      expect(await count('ann:rolled')).toBe(0);
    } finally {
      await jobs.stop();
    }
  });
});
