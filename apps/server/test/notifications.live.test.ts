import { WORKSPACE_HEADER } from '@timbro/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app';
import { loadConfig } from '../src/config/env';
import { openDatabase, type Database } from '../src/db/client';
import { groupMembers, groups, notifications } from '../src/db/schema';
import { workspaceScope } from '../src/db/scope';
import type { AppDeps } from '../src/deps';
import { startJobs } from '../src/lib/jobs';
import { MemoryStorage } from '../src/lib/storage/memory';
import { runAnnouncementJob } from '../src/modules/announcements/announcements.job';
import { notify } from '../src/modules/notifications/notify';
import { createDeps } from '../src/runtime';
import { createAnnouncement } from './announcement-forms';
import { buildEmployee } from './factories';
import { createTestContext, type Session, type TestContext } from './helpers';

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
let memberInfo: string;
const PASSWORD = 'Password1!x';

beforeAll(async () => {
  ctx = await createTestContext();
  base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const p = await buildEmployee(ctx, ctx.ws.demo, { password: PASSWORD });
  memberInfo = p.userInfoId;
  member = await ctx.login(p.email, PASSWORD);
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

describe('two processes on one PostgreSQL', () => {
  let other: { database: Database; deps: AppDeps; app: App; url: string } | null = null;
  beforeAll(async () => {
    if (ctx.deps.database.kind !== 'postgres') return;
    const database = await openDatabase({ databaseUrl: ctx.deps.database.url!, poolMax: 4 });
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      JOBS: 'false',
      PUBLIC_URL: 'http://localhost:3000',
    });
    const deps = await createDeps(config, database, { storage: new MemoryStorage() });
    const app = await buildApp(deps);
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    other = { database, deps, app, url };
  });
  afterAll(async () => {
    if (!other) return;
    await other.app.close();
    await other.deps.live.stop();
    await other.deps.actors.stop();
    await other.database.close();
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
