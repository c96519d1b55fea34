import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE, WORKSPACE_HEADER } from '@timbro/shared';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { workspaces } from '../src/db/schema';
import { workspaceScope } from '../src/db/scope';
import type { FileStorage } from '../src/lib/storage';
import { LocalDiskStorage } from '../src/lib/storage/local-disk';
import { S3Storage } from '../src/lib/storage/s3';
import { notify } from '../src/modules/notifications/notify';
import { buildEmployee } from './factories';
import { createTestContext, type Session, type TestContext } from './helpers';
import { png } from './upload-corpus';

/**
 * Two server processes on one PostgreSQL (issue 17; PostgreSQL run of `.ci/run` only): this test's app is process A,
 * and a real second OS process — `src/main.ts`, as `npm start` runs it — is process B, sharing the database and the
 * file storage — one local directory, then an S3-compatible bucket. A session, its logout, the per-account login
 * budget, a live notification and an uploaded file all cross from one process to the other.
 */

const onPostgres = !!process.env.TEST_DATABASE_URL;
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

/**
 * The file storage both processes share: one local directory (processes on one machine), or an S3-compatible bucket
 * (processes on several machines) — a real S3 API server (s3rver) on 127.0.0.1 that this file starts and stops.
 */
type Shared = { storage: FileStorage; env: Record<string, string>; close: () => Promise<void> };
const STORAGES: [string, (tmp: string) => Promise<Shared>][] = [
  [
    'one local directory',
    async (tmp) => ({
      storage: new LocalDiskStorage(path.join(tmp, 'files')),
      env: { FILE_STORAGE: 'local' },
      close: async () => {},
    }),
  ],
  [
    'an S3-compatible bucket',
    async (tmp) => {
      const server = new S3rver({
        address: '127.0.0.1',
        port: 0,
        silent: true,
        directory: path.join(tmp, 's3'),
        configureBuckets: [{ name: 'timbro-two', configs: [] }],
      });
      const { port } = await server.run();
      const endpoint = `http://127.0.0.1:${port}`;
      const storage = new S3Storage({
        bucket: 'timbro-two',
        region: 'us-east-1',
        endpoint,
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        forcePathStyle: true,
        prefix: 'timbro/',
      });
      return {
        storage,
        env: {
          FILE_STORAGE: 's3',
          S3_BUCKET: 'timbro-two',
          S3_ENDPOINT: endpoint,
          S3_ACCESS_KEY_ID: 'S3RVER',
          S3_SECRET_ACCESS_KEY: 'S3RVER',
          S3_PREFIX: 'timbro/',
        },
        close: async () => {
          storage.destroy();
          await server.close();
        },
      };
    },
  ],
];

describe.skipIf(!onPostgres).each(STORAGES)('two server processes on one PostgreSQL, files in %s', (_name, share) => {
  let ctx: TestContext;
  let tmp: string;
  let shared: Shared | null = null;
  let child: ChildProcess | null = null;
  let b = '';
  let member: Session;
  let memberInfo: string;

  const onB = (url: string, cookie: string, init: RequestInit = {}) =>
    fetch(`${b}/api/v1${url}`, {
      ...init,
      headers: { cookie, [WORKSPACE_HEADER]: ctx.ws.demo, ...(init.headers as Record<string, string> | undefined) },
    });

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'timbro-two-'));
    shared = await share(tmp);
    ctx = await createTestContext({ storage: shared.storage });
    const port = await freePort();
    b = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: {
        ...process.env,
        ...shared.env,
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
    const p = await buildEmployee(ctx, ctx.ws.demo, { password: PASSWORD });
    memberInfo = p.userInfoId;
    member = await ctx.login(p.email, PASSWORD);
  }, 90_000);

  afterAll(async () => {
    if (child) {
      const exited = new Promise((r) => child!.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    await ctx?.close();
    await shared?.close();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
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
    const { id, sha256, size } = up.json() as { id: string; sha256: string; size: number };
    // The company's square logo (what the logo route serves).
    await ctx.db.update(workspaces).set({ squareLogoFileId: id }).where(eq(workspaces.id, ctx.ws.demo));
    const res = await onB(`/workspace/logo/${id}`, admin.cookie);
    expect(res.status).toBe(200);
    // The bytes stored at upload, exactly: a PNG made anew from the uploaded one (issue 30), read through the other process.
    const served = Buffer.from(await res.arrayBuffer());
    expect(served.length).toBe(size);
    expect(createHash('sha256').update(served).digest('hex')).toBe(sha256);
    expect(served.subarray(0, 8).equals(bytes.subarray(0, 8))).toBe(true);
  });

  it('a file uploaded through B is read through A', async () => {
    const admin = await ctx.login('admin@demo.timbro.it');
    const form = new FormData();
    const bytes = png();
    form.append('file', new Blob([bytes]), 'logo-b.png');
    const up = await onB('/admin/file/logo', admin.cookie, {
      method: 'POST',
      body: form,
      headers: { [CLIENT_HEADER]: CLIENT_HEADER_VALUE },
    });
    expect(up.status, await up.clone().text()).toBe(200);
    const { id, sha256, size } = (await up.json()) as { id: string; sha256: string; size: number };
    await ctx.db.update(workspaces).set({ squareLogoFileId: id }).where(eq(workspaces.id, ctx.ws.demo));
    const res = await ctx.get(`/workspace/logo/${id}`, { session: admin, workspace: ctx.ws.demo });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBe(size);
    expect(createHash('sha256').update(res.rawPayload).digest('hex')).toBe(sha256);
    expect(res.rawPayload.subarray(0, 8).equals(bytes.subarray(0, 8))).toBe(true);
  });
});
