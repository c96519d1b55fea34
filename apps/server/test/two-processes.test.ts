import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE, WORKSPACE_HEADER } from '@timbro/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { workspaces } from '../src/db/schema';
import { workspaceScope } from '../src/db/scope';
import { LocalDiskStorage } from '../src/lib/storage/local-disk';
import { notify } from '../src/modules/notifications/notify';
import { buildEmployee } from './factories';
import { createTestContext, type Session, type TestContext } from './helpers';
import { png } from './upload-corpus';

/**
 * Two server processes on one PostgreSQL (issue 17; PostgreSQL run of `.ci/run` only): this test's app is process A,
 * and a real second OS process — `src/main.ts`, as `npm start` runs it — is process B, sharing the database and the
 * file storage directory. A session, its logout, the per-account login budget, a live notification and an uploaded
 * file all cross from one process to the other.
 */

const onPostgres = !!process.env.TEST_DATABASE_URL;
let ctx: TestContext;
let tmp: string;
let child: ChildProcess | null = null;
let b = '';
const PASSWORD = 'Password1!x';

async function freePort() {
  return new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

async function eventually(check: () => Promise<boolean>, ms = 3000) {
  const started = Date.now();
  while (Date.now() - started < ms) {
    if (await check()) return Date.now() - started;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`not within ${ms} ms`);
}

beforeAll(async () => {
  if (!onPostgres) return;
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'timbro-two-'));
  ctx = await createTestContext({ storage: new LocalDiskStorage(path.join(tmp, 'files')) });
  const port = await freePort();
  b = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: {
      ...process.env,
      DATABASE_URL: ctx.deps.database.url!,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: tmp,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      JOBS: 'false',
      SEED_DEMO: 'false',
      PUBLIC_URL: `http://localhost:${port}`,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await eventually(async () => {
    try {
      return (await fetch(`${b}/api/v1/health`)).ok;
    } catch {
      return false;
    }
  }, 60_000);
}, 90_000);

afterAll(async () => {
  if (child) {
    const exited = new Promise((r) => child!.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
  await ctx?.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

const onB = (url: string, cookie: string, init: RequestInit = {}) =>
  fetch(`${b}/api/v1${url}`, {
    ...init,
    headers: { cookie, [WORKSPACE_HEADER]: ctx.ws.demo, ...(init.headers as Record<string, string> | undefined) },
  });

describe.skipIf(!onPostgres)('two server processes on one PostgreSQL', () => {
  let member: Session;
  let memberInfo: string;
  beforeAll(async () => {
    const p = await buildEmployee(ctx, ctx.ws.demo, { password: PASSWORD });
    memberInfo = p.userInfoId;
    member = await ctx.login(p.email, PASSWORD);
  });

  it('a session opened on A works on B; its logout on A is refused on B within a second', async () => {
    const p = await buildEmployee(ctx, ctx.ws.demo, { password: PASSWORD });
    const s = await ctx.login(p.email, PASSWORD);
    expect((await onB('/user', s.cookie)).status).toBe(200);
    expect((await ctx.post('/auth/logout', undefined, { session: s })).statusCode).toBe(200);
    const ms = await eventually(async () => (await onB('/user', s.cookie)).status === 401, 1000);
    console.info(`Two processes: logout on A refused on B after ${ms} ms`);
  });

  it('the per-account login budget is one, whichever process counts', async () => {
    const p = await buildEmployee(ctx, ctx.ws.demo, { password: PASSWORD });
    for (let i = 0; i < 10; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        remoteAddress: `203.0.113.${i + 1}`,
        headers: { [CLIENT_HEADER]: CLIENT_HEADER_VALUE, 'content-type': 'application/json' },
        payload: { username: p.email, password: `Sbagliata-${i}` },
      });
      expect(res.statusCode).toBe(401);
    }
    const onOther = await fetch(`${b}/api/v1/auth/login`, {
      method: 'POST',
      headers: { [CLIENT_HEADER]: CLIENT_HEADER_VALUE, 'content-type': 'application/json' },
      body: JSON.stringify({ username: p.email, password: PASSWORD }),
    });
    expect(onOther.status).toBe(429);
  });

  it('a notification written by A reaches a stream open on B', async () => {
    const ac = new AbortController();
    const res = await onB('/notification/stream', member.cookie, {
      headers: { accept: 'text/event-stream' },
      signal: ac.signal,
    });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const counts = () =>
      [...text.matchAll(/event: unread\ndata: (.*)/g)].map((m) => JSON.parse(m[1]!).unread as number);
    try {
      while (counts().length < 1) text += decoder.decode((await reader.read()).value, { stream: true });
      await ctx.db.transaction((tx) =>
        notify(
          tx,
          { scope: workspaceScope(ctx.ws.demo), publicUrl: 'http://localhost:3000' },
          {
            type: 'document.published',
            to: { userInfoIds: [memberInfo] },
            title: 'Da A',
            link: '/member/document',
            mail: () => ({ template: 't', subject: 'Da A', text: 'Da A' }),
          },
        ),
      );
      while (counts().length < 2) text += decoder.decode((await reader.read()).value, { stream: true });
    } finally {
      ac.abort();
    }
    expect(counts()[1]).toBe(counts()[0]! + 1);
  });

  it('a file uploaded through A is read through B (the shared storage)', async () => {
    const admin = await ctx.login('admin@demo.timbro.it');
    const form = new FormData();
    const bytes = png();
    form.append('file', new Blob([bytes]), 'logo.png');
    const up = await ctx.request('POST', '/admin/file/logo', form, { session: admin, workspace: ctx.ws.demo });
    expect(up.statusCode, up.body).toBe(200);
    const id = (up.json() as { id: string }).id;
    // The company's square logo (what the logo route serves).
    await ctx.db.update(workspaces).set({ squareLogoFileId: id }).where(eq(workspaces.id, ctx.ws.demo));
    const res = await onB(`/workspace/logo/${id}`, admin.cookie);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
  });
});
