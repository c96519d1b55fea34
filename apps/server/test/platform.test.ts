import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseQueryString } from '../src/app';
import { ConfigError, loadConfig } from '../src/config/env';
import { acquireDirLock } from '../src/db/lock';
import { mailOutbox } from '../src/db/schema';
import { deliverPendingMail, enqueueMail } from '../src/lib/mail';
import { bareServer } from './access-table';
import { createTestContext, expectError, type TestContext } from './helpers';

/** Tables that are platform-wide on purpose (no workspace): anything else must carry workspace_id NOT NULL. */
const PLATFORM_TABLES = [
  'users',
  'auth_sessions',
  'refresh_tokens',
  'one_time_tokens',
  'mail_outbox',
  // The file storage's outbox (ADR 0019): storage keys to remove, swept for every workspace (the key starts with it).
  'file_deletions',
  'rate_limits',
  'login_failures',
  'app_secrets',
  'app_meta',
  'workspaces',
];

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    configure: (app) => {
      // Test-only routes, registered like any module route (with a permission declaration).
      app.get('/api/v1/test/boom', { config: { public: true } }, async () => {
        throw new Error('secret internal detail');
      });
      app.get(
        '/api/v1/test/echo',
        {
          config: { public: true },
          schema: { querystring: z.object({ exclude_ids: z.array(z.string()).optional(), q: z.string().optional() }) },
        },
        async (request) => request.query,
      );
    },
  });
});
afterAll(async () => {
  await ctx?.close();
});

describe('GET /health', () => {
  it('reports the database reachable and the migrations current', async () => {
    const res = await ctx.get('/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', migrations: { current: true }, database: { reachable: true } });
  });
});

describe('route permissions', () => {
  it('every API route declares its permission (a diff here is a security change to review)', async () => {
    const lines = ctx.app.routeDeclarations
      .filter((r) => !r.url.startsWith('/api/v1/test/'))
      .map((r) => `${r.method.padEnd(6)} ${r.url.padEnd(40)} ${r.permission}`)
      .sort();
    await expect(`${lines.join('\n')}\n`).toMatchFileSnapshot('./__snapshots__/route-permissions.txt');
  });

  it('every non-public route answers 401 without a session; every state-changing route 403 without X-Client, even logged in', async () => {
    const declared = ctx.app.routeDeclarations.filter((r) => !r.url.startsWith('/api/v1/test/'));
    expect(declared.length).toBeGreaterThan(50);
    // Path parameters become a random UUID (no record behind it); the pipeline answers before the body is validated
    // or a record is looked up, so an empty body and a missing record do not change the answer.
    const concrete = (url: string) => url.replace(/^\/api\/v1/, '').replace(/:[A-Za-z_]+/g, () => randomUUID());
    type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
    const unexpected: string[] = [];

    const guarded = declared.filter((r) => r.permission !== 'public');
    expect(guarded.length).toBeGreaterThan(40);
    for (const r of guarded) {
      const res = await ctx.request(r.method as Method, concrete(r.url), r.method === 'GET' ? undefined : {});
      if (res.statusCode !== 401 || res.json().code !== 'UNAUTHENTICATED')
        unexpected.push(`${r.method} ${r.url} → ${res.statusCode} ${res.body}`);
    }

    // A real session, in its workspace: only the missing X-Client header stops these. Public routes included
    // (login, logout, register, …): the CSRF check comes first for every state-changing request.
    const session = await ctx.login('admin@demo.timbro.it');
    const changing = declared.filter((r) => r.method !== 'GET');
    expect(changing.length).toBeGreaterThan(30);
    for (const r of changing) {
      expect(['POST', 'PUT', 'PATCH', 'DELETE'], `${r.method} ${r.url}`).toContain(r.method);
      const res = await ctx.request(
        r.method as Method,
        concrete(r.url),
        {},
        { session, workspace: ctx.ws.demo, noClientHeader: true },
      );
      if (res.statusCode !== 403 || res.json().code !== 'CSRF_REJECTED')
        unexpected.push(`${r.method} ${r.url} (no X-Client) → ${res.statusCode} ${res.body}`);
    }
    expect(unexpected).toEqual([]);
    // Nothing ran: the session survived POST /auth/logout and /user/immediately-delete, and still works.
    expect((await ctx.get('/user', { session })).statusCode).toBe(200);
  });

  it('a route that declares neither a permission nor public refuses to register', async () => {
    const app = await bareServer(ctx);
    expect(() => app.get('/api/v1/undeclared', async () => 'nope')).toThrow(/declares neither a permission nor public/);
    app.get('/api/v1/declared', { config: { permission: 'user:read' } }, async () => 'ok');
    await app.ready();
    await app.close();
  });
});

describe('OpenAPI document', () => {
  it('is served at /api/docs/json and lists every declared route', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toMatch(/^3\./);
    for (const r of ctx.app.routeDeclarations) {
      const p = r.url.replace(/:([A-Za-z_]+)/g, '{$1}');
      expect(doc.paths[p]?.[r.method.toLowerCase()], `${r.method} ${r.url}`).toBeDefined();
    }
    const ui = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });
});

describe('tenancy invariant', () => {
  it('every table except the platform ones has workspace_id NOT NULL', async () => {
    const tables = await ctx.deps.database.raw.query<{ table_name: string }>(
      `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    const cols = await ctx.deps.database.raw.query<{ table_name: string; is_nullable: string }>(
      `select table_name, is_nullable from information_schema.columns where table_schema = 'public' and column_name = 'workspace_id'`,
    );
    const tenant = new Map(cols.rows.map((c) => [c.table_name, c.is_nullable]));
    const offenders = tables.rows
      .map((t) => t.table_name)
      .filter((name) => !PLATFORM_TABLES.includes(name))
      .filter((name) => tenant.get(name) !== 'NO');
    expect(offenders).toEqual([]);
    expect(tenant.size).toBeGreaterThan(0);
  });
});

describe('errors', () => {
  it('an unexpected error answers 500 with a generic Italian text and the request id, never the detail', async () => {
    const res = await ctx.get('/test/boom');
    const body = expectError(res, 500, 'INTERNAL');
    expect(body.message).toBe('Si è verificato un errore');
    expect(res.body).not.toContain('secret internal detail');
    expect(res.body).not.toContain('at ');
    expect((body as { requestId?: string }).requestId).toBe(res.headers['x-request-id']);
  });

  it('an unknown API path answers a JSON 404', async () => {
    expectError(await ctx.get('/nothing/here'), 404, 'NOT_FOUND');
  });

  it('malformed JSON is a 400, not a 500', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json', 'x-client': 'timbro-web' },
      payload: '{"username": ',
    });
    expectError(res, 400, 'VALIDATION_FAILED');
  });

  it('a body over the size limit is a 413', async () => {
    const res = await ctx.post('/auth/login', { username: 'a@b.it', password: 'x'.repeat(3 * 1024 * 1024) });
    expectError(res, 413, 'PAYLOAD_TOO_LARGE');
  });
});

describe('query strings', () => {
  it('parse bracket arrays and repeated keys into arrays', () => {
    expect(parseQueryString('exclude_ids[]=a&exclude_ids[]=b&q=x')).toEqual({ exclude_ids: ['a', 'b'], q: 'x' });
    expect(parseQueryString('exclude_ids[]=a')).toEqual({ exclude_ids: ['a'] });
    expect(parseQueryString('k=1&k=2')).toEqual({ k: ['1', '2'] });
    const polluted = parseQueryString('__proto__[polluted]=1&constructor=x');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.keys(polluted)).toContain('constructor');
  });

  it('reach a route as arrays', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/test/echo?exclude_ids[]=a&exclude_ids[]=b&q=x' });
    expect(res.json()).toEqual({ exclude_ids: ['a', 'b'], q: 'x' });
    const encoded = await ctx.app.inject({ method: 'GET', url: '/api/v1/test/echo?exclude_ids%5B%5D=c' });
    expect(encoded.json()).toEqual({ exclude_ids: ['c'] });
  });
});

describe('configuration', () => {
  it('a bad value stops start-up with a message naming the variable', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x' })).toThrow(
      /PORT[\s\S]*DATABASE_URL|DATABASE_URL[\s\S]*PORT/,
    );
    expect(() => loadConfig({ SESSION_SECRET: 'short' })).toThrow(/SESSION_SECRET/);
  });

  it('defaults: port 3000, data under ./data, demo seeding outside production only', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.dataDir.endsWith(`${path.sep}data`)).toBe(true);
    expect(c.seedDemo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).seedDemo).toBe(false);
    expect(loadConfig({ PUBLIC_URL: 'https://timbro.example.it' }).cookieSecure).toBe(true);
  });
});

describe('PGlite directory lock', () => {
  it('refuses a directory held by a live process and takes over a stale lock', () => {
    const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'timbro-lock-')), 'pglite');
    const lock = acquireDirLock(dir);
    expect(() => acquireDirLock(dir)).toThrow(/in use by another Timbro process/);
    lock.release();
    const lockFile = path.join(path.dirname(dir), '.pglite.lock');
    fs.writeFileSync(lockFile, '999999999');
    const again = acquireDirLock(dir);
    expect(fs.readFileSync(lockFile, 'utf8')).toBe(String(process.pid));
    again.release();
    expect(fs.existsSync(lockFile)).toBe(false);
  });
});

describe('mail outbox', () => {
  it('queues in the transaction and the dispatcher delivers through SMTP transport', async () => {
    await ctx.db
      .transaction(async (tx) => {
        await enqueueMail(tx, { to: 'rollback@example.it', template: 't', subject: 's', text: 'x' });
        tx.rollback();
      })
      .catch(() => undefined);
    expect(await ctx.outbox('rollback@example.it')).toHaveLength(0);

    await enqueueMail(ctx.db, { to: 'dest@example.it', template: 't', subject: 'Oggetto', text: 'Testo' });
    const transport = nodemailer.createTransport({ jsonTransport: true });
    const sent = await deliverPendingMail(ctx.db, transport, 'Timbro <no-reply@timbro.local>');
    expect(sent).toBeGreaterThanOrEqual(1);
    const [row] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'dest@example.it'));
    expect(row?.sentAt).toBeInstanceOf(Date);
    expect(await deliverPendingMail(ctx.db, transport, 'x@y.it')).toBe(0);
  });
});

describe('GET /app-config', () => {
  it('is public and tells the web app its variant, languages and password rule', async () => {
    const res = await ctx.get('/app-config');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      theme_variant: 'active',
      password_min_length: 10,
      languages: ['it', 'en', 'fr', 'es', 'de', 'ru', 'ar', 'other'],
      default_language: 'it',
    });
  });
});
