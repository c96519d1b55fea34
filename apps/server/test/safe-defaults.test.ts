import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { eq, inArray } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app';
import { ConfigError, demoSeedDecision, loadConfig } from '../src/config/env';
import { mailOutbox } from '../src/db/schema';
import {
  configureMailLogging,
  deliverPendingMail,
  enqueueMail,
  MAIL_MAX_ATTEMPTS,
  REDACTED_EXPIRED_BODY,
  REDACTED_SENT_BODY,
} from '../src/lib/mail';
import { SENSITIVE_MAIL_TEMPLATES } from '../src/lib/mail-templates';
import { passwordChangedMail, resetPasswordMail } from '../src/modules/auth/auth.mails';
import { invitationMail } from '../src/modules/users/invitation.mails';
import { startupBanner } from '../src/lib/startup-banner';
import { platformJobs } from '../src/runtime';
import { createTestContext, DEMO_PASSWORD, expectError, type TestContext } from './helpers';

/** The environment of the test apps (helpers.ts), to which each test adds what it checks. */
const BASE_ENV = { NODE_ENV: 'test', LOG_LEVEL: 'silent', JOBS: 'false', PUBLIC_URL: 'http://localhost:3000' };

let ctx: TestContext;
const extraApps: App[] = [];
const tempDirs: string[] = [];

/** Another app on the same database, with a different configuration (and optionally the web app of `webDist`). */
async function appWith(env: Record<string, string>, opts: { webDist?: string } = {}): Promise<App> {
  const app = await buildApp(
    { ...ctx.deps, config: loadConfig({ ...BASE_ENV, ...env }) },
    { webDist: opts.webDist ?? null },
  );
  app.get('/api/v1/test/ip', { config: { public: true } }, async (request) => ({ ip: request.ip }));
  await app.ready();
  extraApps.push(app);
  return app;
}

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  for (const app of extraApps) await app.close();
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
  await ctx?.close();
});

describe('demo data only on a local address', () => {
  const decide = (env: Record<string, string>) => {
    const config = loadConfig(env);
    const decision = demoSeedDecision(config);
    expect(config.seedDemo).toBe(decision.seed);
    return decision;
  };

  it('is created on a loopback PUBLIC_URL (localhost, 127.0.0.0/8, [::1]) without asking', () => {
    for (const url of [
      undefined,
      'http://localhost:3000',
      'http://127.0.0.1:8080',
      'http://127.4.5.6',
      'http://[::1]:3000',
    ]) {
      const d = decide(url ? { PUBLIC_URL: url } : {});
      expect(d, url).toMatchObject({ seed: true, warn: false });
    }
  });

  it('is refused on any other PUBLIC_URL unless SEED_DEMO=true is set, and the reason names both', () => {
    for (const url of [
      'https://timbro.example.it',
      'http://192.168.1.10:3000',
      'http://localhost.example.it',
      'http://[2001:db8::1]:3000',
    ]) {
      const d = decide({ PUBLIC_URL: url });
      expect(d.seed, url).toBe(false);
      expect(d.warn).toBe(true);
      expect(d.reason).toContain(url);
      expect(d.reason).toMatch(/not a local address/);
      expect(d.reason).toContain('SEED_DEMO=true');
      expect(d.reason.split('\n')).toHaveLength(1);
    }
    const forced = decide({ PUBLIC_URL: 'https://timbro.example.it', SEED_DEMO: 'true' });
    expect(forced).toMatchObject({ seed: true, warn: true });
    expect(forced.reason).toContain(DEMO_PASSWORD);
    expect(decide({ PUBLIC_URL: 'https://timbro.example.it' }).reason).toContain(DEMO_PASSWORD);
  });

  it('is never created in production, nor with SEED_DEMO=false', () => {
    expect(decide({ NODE_ENV: 'production' }).seed).toBe(false);
    expect(decide({ NODE_ENV: 'production', SEED_DEMO: 'true' })).toMatchObject({ seed: false, warn: true });
    expect(decide({ SEED_DEMO: 'false' })).toMatchObject({ seed: false, warn: false });
  });
});

describe('mail bodies in the log', () => {
  afterEach(() => configureMailLogging({ printBodies: false }));

  it('are printed only in development on a loopback PUBLIC_URL', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).printMailBodies).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', PUBLIC_URL: 'http://127.0.0.1:3000' }).printMailBodies).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', PUBLIC_URL: 'https://timbro.example.it' }).printMailBodies).toBe(
      false,
    );
    expect(loadConfig({ NODE_ENV: 'test' }).printMailBodies).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:3000' }).printMailBodies).toBe(false);
    expect(ctx.deps.config.printMailBodies).toBe(false);
  });

  it('a reset link never reaches the log when printing is off, even if the caller asks for the body', async () => {
    const calls: [object, string][] = [];
    const log = { info: (obj: object, msg: string) => void calls.push([obj, msg]) };
    const link = 'http://localhost:3000/reset-password/SECRET-TOKEN-123';
    await enqueueMail(ctx.db, { to: 'log-off@example.it', ...resetPasswordMail('Anna', link, 30) }, log, true);
    expect(calls).toHaveLength(1);
    expect(calls[0]![0]).toMatchObject({ to: 'log-off@example.it', template: 'reset-password' });
    expect(calls[0]![0]).not.toHaveProperty('body');
    expect(JSON.stringify(calls)).not.toContain('SECRET-TOKEN-123');

    // Development on a local address: the body (with its link) is there for the developer.
    configureMailLogging({ printBodies: true });
    await enqueueMail(ctx.db, { to: 'log-on@example.it', ...resetPasswordMail('Anna', link, 30) }, log);
    expect(calls[1]![0]).toHaveProperty('body');
    expect(JSON.stringify(calls[1])).toContain('SECRET-TOKEN-123');
  });
});

describe('one-time links leave the outbox', () => {
  function fakeTransport() {
    const sent: { to: string; text: string; html?: string }[] = [];
    const transport = {
      sendMail: async (m: { to: string; text: string; html?: string }) => void sent.push(m),
    } as unknown as Transporter;
    return { sent, transport };
  }
  const rowsTo = (to: string[]) => ctx.db.select().from(mailOutbox).where(inArray(mailOutbox.toAddress, to));

  it('the invitation and the reset templates are marked sensitive', () => {
    expect(SENSITIVE_MAIL_TEMPLATES.has(resetPasswordMail('A', 'x', 1).template)).toBe(true);
    expect(SENSITIVE_MAIL_TEMPLATES.has(invitationMail('A', 'W', 'x').template)).toBe(true);
    expect(SENSITIVE_MAIL_TEMPLATES.has(passwordChangedMail('A').template)).toBe(false);
  });

  it('a sent message with a one-time link keeps no body; the transport got the real one', async () => {
    const link = 'http://localhost:3000/reset-password/TOKEN-SENT-456';
    await enqueueMail(ctx.db, {
      to: 'reset-sent@example.it',
      ...resetPasswordMail('Anna', link, 30),
      html: `<a href="${link}">link</a>`,
    });
    await enqueueMail(ctx.db, { to: 'changed-sent@example.it', ...passwordChangedMail('Anna') });
    const { sent, transport } = fakeTransport();
    expect(await deliverPendingMail(ctx.db, transport, 'Timbro <no-reply@timbro.local>')).toBeGreaterThanOrEqual(2);

    const delivered = sent.find((m) => m.to === 'reset-sent@example.it');
    expect(delivered?.text).toContain('TOKEN-SENT-456');
    expect(delivered?.html).toContain('TOKEN-SENT-456');
    const rows = await rowsTo(['reset-sent@example.it', 'changed-sent@example.it']);
    const reset = rows.find((r) => r.toAddress === 'reset-sent@example.it')!;
    expect(reset.sentAt).toBeInstanceOf(Date);
    expect(reset.textBody).toBe(REDACTED_SENT_BODY);
    expect(reset.htmlBody).toBeNull();
    expect(JSON.stringify(rows)).not.toContain('TOKEN-SENT-456');
    // A message without a one-time link keeps its body.
    const changed = rows.find((r) => r.toAddress === 'changed-sent@example.it')!;
    expect(changed.sentAt).toBeInstanceOf(Date);
    expect(changed.textBody).toBe(passwordChangedMail('Anna').text);
  });

  it('housekeeping removes sensitive bodies older than 8 days: unsent ones are given up, recent ones kept', async () => {
    const daysAgo = (n: number) => new Date(Date.now() - n * 24 * 3600 * 1000);
    await enqueueMail(ctx.db, {
      to: 'old-unsent@example.it',
      ...invitationMail('Anna', 'Demo', 'http://localhost:3000/first-login/OLD-UNSENT'),
    });
    await enqueueMail(ctx.db, {
      to: 'recent-unsent@example.it',
      ...invitationMail('Anna', 'Demo', 'http://localhost:3000/first-login/RECENT'),
    });
    await enqueueMail(ctx.db, { to: 'old-changed@example.it', ...passwordChangedMail('Anna') });
    await ctx.db
      .update(mailOutbox)
      .set({ createdAt: daysAgo(9) })
      .where(inArray(mailOutbox.toAddress, ['old-unsent@example.it', 'old-changed@example.it']));
    await ctx.db
      .update(mailOutbox)
      .set({ createdAt: daysAgo(2) })
      .where(eq(mailOutbox.toAddress, 'recent-unsent@example.it'));
    // Sent before bodies were removed at sending.
    await ctx.db.insert(mailOutbox).values({
      toAddress: 'old-sent@example.it',
      template: 'reset-password',
      subject: 's',
      textBody: 'http://localhost:3000/reset-password/OLD-SENT',
      createdAt: daysAgo(10),
      sentAt: daysAgo(10),
      attempts: 1,
    });

    const housekeeping = platformJobs(ctx.deps).find((j) => j.name === 'housekeeping')!;
    await housekeeping.handler();

    const rows = await rowsTo([
      'old-unsent@example.it',
      'recent-unsent@example.it',
      'old-changed@example.it',
      'old-sent@example.it',
    ]);
    const by = (to: string) => rows.find((r) => r.toAddress === to)!;
    expect(by('old-unsent@example.it')).toMatchObject({
      textBody: REDACTED_EXPIRED_BODY,
      htmlBody: null,
      sentAt: null,
      attempts: MAIL_MAX_ATTEMPTS,
    });
    expect(by('old-sent@example.it').textBody).toBe(REDACTED_SENT_BODY);
    expect(by('recent-unsent@example.it').textBody).toContain('RECENT');
    expect(by('old-changed@example.it').textBody).toBe(passwordChangedMail('Anna').text);

    // The dispatcher never sends the stub of a given-up message.
    const { sent, transport } = fakeTransport();
    await deliverPendingMail(ctx.db, transport, 'x@y.it');
    expect(sent.map((m) => m.to)).not.toContain('old-unsent@example.it');
    expect(sent.map((m) => m.to)).toContain('recent-unsent@example.it');
  });
});

describe('Cache-Control: no-store on API answers with personal data', () => {
  it('GET /user, GET /admin/user, an XLSX export and an error answer no-store', async () => {
    const admin = await ctx.login('admin@demo.timbro.it');
    const user = await ctx.get('/user', { session: admin });
    expect(user.statusCode, user.body).toBe(200);
    expect(user.headers['cache-control']).toBe('no-store');
    const list = await ctx.get('/admin/user', { session: admin, workspace: ctx.ws.demo });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    const xlsx = await ctx.get('/admin/user/export', { session: admin, workspace: ctx.ws.demo });
    expect(xlsx.statusCode, xlsx.body.slice(0, 300)).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.headers['cache-control']).toBe('no-store');
    const anonymous = await ctx.get('/user');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['cache-control']).toBe('no-store');
  });

  it('leaves /health and /app-config alone', async () => {
    for (const url of ['/health', '/app-config']) {
      const res = await ctx.get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBeUndefined();
    }
  });
});

describe('API_DOCS', () => {
  it('defaults to on, off in production', () => {
    expect(loadConfig({}).apiDocs).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).apiDocs).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).apiDocs).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', API_DOCS: 'true' }).apiDocs).toBe(true);
    expect(loadConfig({ API_DOCS: 'false' }).apiDocs).toBe(false);
  });

  it('off: /api/docs and the OpenAPI JSON answer 404, the banner does not name the docs', async () => {
    const app = await appWith({ API_DOCS: 'false' });
    for (const url of ['/api/docs', '/api/docs/', '/api/docs/json', '/api/docs/yaml', '/api/docs/static/index.html']) {
      const res = await app.inject({ method: 'GET', url });
      expectError(res, 404, 'NOT_FOUND');
    }
    const banner = startupBanner({
      publicUrl: 'https://timbro.example.it',
      database: 'PostgreSQL',
      apiDocs: false,
      demoLogins: null,
    });
    expect(banner).toContain('Timbro is running on https://timbro.example.it');
    expect(banner).not.toContain('/api/docs');
    expect(banner).not.toContain('Demo logins');
  });

  it('on: both are served and the banner names them', async () => {
    const app = await appWith({ API_DOCS: 'true' });
    expect((await app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
    expect([200, 302]).toContain((await app.inject({ method: 'GET', url: '/api/docs' })).statusCode);
    const banner = startupBanner({
      publicUrl: 'http://localhost:3000',
      database: 'PGlite',
      apiDocs: true,
      demoLogins: 'Demo logins (…)',
    });
    expect(banner).toContain('API documentation: http://localhost:3000/api/docs');
    expect(banner).toContain('Demo logins (…)');
  });
});

describe('dotfiles of the web app', () => {
  it('are never served: a JSON 404, not the file nor the SPA shell', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'timbro-dist-'));
    tempDirs.push(dist);
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Timbro shell</title>');
    fs.writeFileSync(path.join(dist, '.secret'), 'SECRET-FILE');
    fs.writeFileSync(path.join(dist, '.env'), 'SESSION_SECRET=SECRET-ENV');
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
    fs.writeFileSync(path.join(dist, 'assets', '.hidden'), 'SECRET-HIDDEN');
    fs.mkdirSync(path.join(dist, '.git'));
    fs.writeFileSync(path.join(dist, '.git', 'config'), 'SECRET-GIT');
    const app = await appWith({}, { webDist: dist });

    for (const url of [
      '/.secret',
      '/.env',
      '/assets/.hidden',
      '/.git/config',
      '/.git/',
      '/%2eenv',
      '/assets/%2Ehidden',
      '/.well-known/x',
      '/.nothing',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expectError(res, 404, 'NOT_FOUND');
      expect(res.body, url).not.toContain('SECRET');
      expect(res.body, url).not.toContain('Timbro shell');
    }
    // The rest of the web app is unchanged: files, and the SPA shell for client-side routes.
    expect((await app.inject({ method: 'GET', url: '/assets/app.js' })).body).toBe('console.log(1)');
    const route = await app.inject({ method: 'GET', url: '/member/calendar' });
    expect(route.statusCode).toBe(200);
    expect(route.body).toContain('Timbro shell');
  });
});

describe('the web app’s files', () => {
  it('go compressed to browsers that accept it (the build’s brotli/gzip copies); hashed assets are cached for a year', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'timbro-dist-'));
    tempDirs.push(dist);
    const js = `export const x = ${JSON.stringify('Timbro '.repeat(400))};`;
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Timbro shell</title>');
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'assets', 'app-1a2b3c.js'), js);
    fs.writeFileSync(path.join(dist, 'assets', 'app-1a2b3c.js.br'), zlib.brotliCompressSync(js));
    fs.writeFileSync(path.join(dist, 'assets', 'app-1a2b3c.js.gz'), zlib.gzipSync(js));
    const app = await appWith({}, { webDist: dist });

    const br = await app.inject({
      method: 'GET',
      url: '/assets/app-1a2b3c.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(js);
    expect(br.rawPayload.length).toBeLessThan(js.length / 10);

    const gz = await app.inject({
      method: 'GET',
      url: '/assets/app-1a2b3c.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(js);

    const plain = await app.inject({ method: 'GET', url: '/assets/app-1a2b3c.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(js);

    // The shell is asked again every time (it names the hashed files of the current build).
    for (const url of ['/', '/member/calendar']) {
      const shell = await app.inject({ method: 'GET', url });
      expect(shell.body).toContain('Timbro shell');
      expect(shell.headers['cache-control']).not.toMatch(/immutable|max-age=[1-9]/);
    }
  });

  it('the service worker and the manifest are revalidated every time (a new version is found at the next start)', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'timbro-dist-'));
    tempDirs.push(dist);
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Timbro shell</title>');
    fs.writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("install", () => {});');
    fs.writeFileSync(path.join(dist, 'manifest.webmanifest'), JSON.stringify({ name: 'Timbro' }));
    const app = await appWith({}, { webDist: dist });

    const sw = await app.inject({ method: 'GET', url: '/sw.js' });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['content-type']).toMatch(/javascript/);
    expect(sw.headers['cache-control']).toBe('no-cache');
    const manifest = await app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
  });
});

describe('GET /health', () => {
  it('does not name the database kind to an anonymous caller', async () => {
    const res = await ctx.get('/health');
    expect(res.statusCode).toBe(200);
    const body = res.json() as { database: Record<string, unknown>; migrations: Record<string, unknown> };
    expect(body.database).toEqual({ reachable: true });
    expect(body.migrations).toMatchObject({ current: true });
    expect(res.body).not.toMatch(/pglite|postgres/i);
  });
});

describe('TRUST_PROXY', () => {
  it('takes a hop count or proxy addresses; "true" is refused with a message naming the variable', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/24,::1,loopback' }).trustProxy).toEqual([
      '10.0.0.1',
      '192.168.0.0/24',
      '::1',
      'loopback',
    ]);
    for (const bad of ['true', 'TRUE', 'yes']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY: .*X-Forwarded-For/);
    }
    for (const bad of ['proxy', '10.0.0.0/33', '10.0.0.1/', '1.2.3', '-1', '1.5']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });

  const XFF = { 'x-forwarded-for': '203.0.113.7, 198.51.100.2' };
  const ipOf = async (app: App, opts: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
    (
      await app.inject({
        method: 'GET',
        url: '/api/v1/test/ip',
        headers: opts.headers ?? XFF,
        ...(opts.remoteAddress ? { remoteAddress: opts.remoteAddress } : {}),
      })
    ).json().ip;

  it('unset: a spoofed X-Forwarded-For does not change the client address', async () => {
    const app = await appWith({});
    expect(await ipOf(app)).toBe('127.0.0.1');
    expect(await ipOf(app, { remoteAddress: '10.9.9.9' })).toBe('10.9.9.9');
  });

  it('a hop count: the address the outermost trusted proxy saw', async () => {
    expect(await ipOf(await appWith({ TRUST_PROXY: '1' }))).toBe('198.51.100.2');
    expect(await ipOf(await appWith({ TRUST_PROXY: '2' }))).toBe('203.0.113.7');
  });

  it('an address list: X-Forwarded-For is believed only from those addresses', async () => {
    const app = await appWith({ TRUST_PROXY: '127.0.0.1' });
    expect(await ipOf(app)).toBe('198.51.100.2');
    expect(await ipOf(app, { remoteAddress: '10.9.9.9' })).toBe('10.9.9.9');
    const cidr = await appWith({ TRUST_PROXY: '10.0.0.0/8, 198.51.100.2' });
    expect(await ipOf(cidr, { remoteAddress: '10.1.2.3' })).toBe('203.0.113.7');
    expect(await ipOf(cidr, { remoteAddress: '192.0.2.1' })).toBe('192.0.2.1');
  });
});
