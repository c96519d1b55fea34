import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE, WORKSPACE_HEADER } from '@timbro/shared';
import type { LightMyRequestResponse } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app';
import { loadConfig, REPO_ROOT, type Config } from '../src/config/env';
import { loggerOptions, redactTokens } from '../src/lib/logging';
import { randomToken } from '../src/lib/tokens';
import { employeeBody } from './factories';
import { createTestContext, DEMO_PASSWORD, type TestContext } from './helpers';

/**
 * Issue 30, item 6: no token ever reaches the log. A whole journey — invitation and first login, password reset,
 * e-mail change and its confirmation, the iCal feed, each link opened as the web page (the SPA shell) and as the API
 * call — runs on an app with the production logger at info, and the whole captured log is searched for every token
 * and cookie issued. Item 17: development logs at most one short line per request, and keeps errors.
 */

const NEW_PASSWORD = 'Password-Nuova-2026';
const SESSION_SECRET = 'request-log-test-signing-key-0123456789';

let ctx: TestContext;
let webDist: string;
const apps: App[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'timbro-log-web-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
});
afterAll(async () => {
  for (const app of apps) await app.close();
  fs.rmSync(webDist, { recursive: true, force: true });
  await ctx?.close();
});

function configFor(env: Record<string, string>): Config {
  return loadConfig({ JOBS: 'false', PUBLIC_URL: 'http://localhost:3000', SESSION_SECRET, ...env });
}

/** An app on the test database whose log lines (as written) land in `lines`, with `options` as its logger. */
async function loggedApp(config: Config, options: object, lines: string[]): Promise<App> {
  const app = await buildApp(
    { ...ctx.deps, config },
    { logger: { ...options, stream: { write: (s: string) => void lines.push(s) } }, webDist },
  );
  // A handler that fails with the URL in its message (a bug's error, a library's message).
  app.get('/api/v1/test/boom/first-login/:token', { config: { public: true } }, (request) => {
    throw new Error(`could not handle ${request.url}`);
  });
  await app.ready();
  apps.push(app);
  return app;
}

/** Logger options as `npm start` builds them, written to a stream instead of pino-pretty's worker. */
function withoutTransport(config: Config) {
  const { transport: _transport, ...rest } = loggerOptions(config) as { transport?: unknown };
  return rest;
}

interface Client {
  cookies: Map<string, string>;
}

/** A browser of sorts: keeps the cookies it is given (and remembers every value, to look for it in the log). */
function browser(app: App, issued: Set<string>) {
  const client: Client = { cookies: new Map() };
  const call = async (method: 'GET' | 'POST', url: string, body?: object, workspace?: string) => {
    const res: LightMyRequestResponse = await app.inject({
      method,
      url,
      headers: {
        [CLIENT_HEADER]: CLIENT_HEADER_VALUE,
        'x-auth-mode': 'cookie',
        cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(workspace ? { [WORKSPACE_HEADER]: workspace } : {}),
      },
      ...(body ? { payload: body } : {}),
    });
    for (const c of res.cookies) {
      if (c.value) {
        client.cookies.set(c.name, c.value);
        issued.add(c.value);
      } else client.cookies.delete(c.name);
    }
    return res;
  };
  return call;
}

/** The token of the newest link of `kind` mailed to `to`. */
async function mailedToken(to: string, kind: 'first-login' | 'reset-password' | 'verify-email'): Promise<string> {
  const mails = await ctx.outbox(to);
  const tokens = mails.flatMap((m) => [...m.textBody.matchAll(new RegExp(`/${kind}/([A-Za-z0-9_-]+)`, 'g'))]);
  const token = tokens.at(-1)?.[1];
  if (!token) throw new Error(`no ${kind} link mailed to ${to}`);
  return token;
}

describe('no token reaches the log (production logger, info)', () => {
  it.each([
    ['the production logger of `npm start`', (config: Config) => withoutTransport(config)],
    ['any logger given to the app (pino at info, nothing else)', () => ({ level: 'info' })],
  ])(
    'a whole journey through every link that carries a token leaves none of them, nor any cookie, in the log: %s',
    async (_name, options) => {
      const lines: string[] = [];
      const config = configFor({ NODE_ENV: 'production', LOG_LEVEL: 'info' });
      const app = await loggedApp(config, options(config), lines);
      const issued = new Set<string>();
      const ok = (res: LightMyRequestResponse) => {
        expect(res.statusCode, res.body).toBeLessThan(300);
        return res;
      };

      // The admin invites a person: a first-login link.
      const admin = browser(app, issued);
      ok(await admin('POST', '/api/v1/auth/login', { username: 'admin@demo.timbro.it', password: DEMO_PASSWORD }));
      const person = employeeBody();
      ok(await admin('POST', '/api/v1/admin/user', person, ctx.ws.demo));
      const firstLogin = await mailedToken(person.email, 'first-login');

      // The person opens it (the page, then the API call it makes), also a second time once used.
      const p = browser(app, issued);
      ok(await p('GET', `/first-login/${firstLogin}`));
      ok(await p('GET', '/assets/app-abc123.js'));
      const set = { password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD };
      ok(await p('POST', `/api/v1/auth/first-login/${encodeURIComponent(firstLogin)}`, set));
      expect((await p('POST', `/api/v1/auth/first-login/${firstLogin}`, set)).statusCode).toBeGreaterThanOrEqual(400);

      // A password reset.
      ok(await p('POST', '/api/v1/auth/forgot-password', { username: person.email }));
      const reset = await mailedToken(person.email, 'reset-password');
      ok(await p('GET', `/reset-password/${reset}?from=mail`));
      const again = { password: `${NEW_PASSWORD}!`, password_confirmation: `${NEW_PASSWORD}!` };
      ok(await p('POST', `/api/v1/auth/new-password/${reset}`, again));

      // The person signs in, changes their login e-mail and confirms the new one.
      ok(await p('POST', '/api/v1/auth/login', { username: person.email, password: `${NEW_PASSWORD}!` }));
      const newEmail = `cambiata.${randomUUID().slice(0, 8)}@example.it`;
      ok(
        await p('POST', '/api/v1/user/edit', {
          first_name: person.firstName,
          last_name: person.lastName,
          email: newEmail,
          current_password: `${NEW_PASSWORD}!`,
        }),
      );
      const verify = await mailedToken(newEmail, 'verify-email');
      ok(await p('GET', `/verify-email/${verify}`));
      ok(await p('POST', `/api/v1/auth/verify-email/${verify}`));

      // The calendar feed: made, read by a calendar app, and a wrong link tried.
      ok(await p('POST', '/api/v1/auth/login', { username: newEmail, password: `${NEW_PASSWORD}!` }));
      const made = ok(await p('POST', '/api/v1/member/work-shift/calendar-feed', {}, ctx.ws.demo));
      const feedUrl = new URL(made.json<{ url: string }>().url);
      const feed = /\/calendar\/([A-Za-z0-9_-]+)/.exec(feedUrl.pathname)![1]!;
      ok(await app.inject({ method: 'GET', url: feedUrl.pathname }));
      const wrongFeed = randomToken();
      expect((await app.inject({ method: 'GET', url: `/api/v1/calendar/${wrongFeed}.ics` })).statusCode).toBe(404);

      // A failure whose error message carries the URL.
      const boom = randomToken();
      expect((await app.inject({ method: 'GET', url: `/api/v1/test/boom/first-login/${boom}` })).statusCode).toBe(500);

      const log = lines.join('');
      const tokens = { firstLogin, reset, verify, feed, wrongFeed, boom };
      const found = [
        ...Object.entries(tokens).filter(([, t]) => log.includes(t)),
        ...[...issued].filter((c) => log.includes(c)).map((c) => ['cookie', c]),
      ];
      expect(found).toEqual([]);
      expect(issued.size).toBeGreaterThanOrEqual(6);
      // The log is still an access log: each request with its redacted path.
      for (const logged of [
        '/first-login/[redacted]',
        '/api/v1/auth/first-login/[redacted]',
        '/reset-password/[redacted]?from=mail',
        '/api/v1/auth/new-password/[redacted]',
        '/verify-email/[redacted]',
        '/api/v1/auth/verify-email/[redacted]',
        '/api/v1/calendar/[redacted].ics',
        '/api/v1/test/boom/first-login/[redacted]',
        '/assets/app-abc123.js',
      ])
        expect(log).toContain(`"${logged}"`);
      expect(log).toContain('could not handle /api/v1/test/boom/first-login/[redacted]');
      expect(lines.filter((l) => l.includes('"incoming request"')).length).toBeGreaterThanOrEqual(15);
    },
  );

  it('every route with a token parameter, and every web page with one, is redacted', () => {
    const routes = ctx.app.routeDeclarations.map((r) => r.url).filter((u) => /:[A-Za-z]*token/i.test(u));
    const paths = fs.readFileSync(path.join(REPO_ROOT, 'apps/web/src/config/paths.ts'), 'utf8');
    const pages = [...paths.matchAll(/'(\/[^']*:[A-Za-z]*token[^']*)'/gi)].map((m) => m[1]!);
    expect(routes.length).toBeGreaterThanOrEqual(4);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    const token = randomToken();
    const unredacted = [...routes, ...pages]
      .map((u) => u.replace(/:[A-Za-z]*token/gi, token).replace(/:[A-Za-z]+/g, randomUUID()))
      .flatMap((u) => [u, `${u}.ics`, `${u}?x=1`, `https://timbro.example.it${u}`])
      .filter((u) => redactTokens(u).includes(token));
    expect(unredacted).toEqual([]);
    // Other paths keep their ids (the log stays useful).
    const id = randomUUID();
    expect(redactTokens(`/api/v1/admin/user/${id}/detail`)).toBe(`/api/v1/admin/user/${id}/detail`);
    expect(redactTokens('/member/calendar')).toBe('/member/calendar');
  });

  it('the last net: a token in any field of any line written is redacted, except mail bodies printed on purpose', () => {
    const token = randomToken();
    const capture = (config: Config) => {
      const lines: string[] = [];
      const log = pino(withoutTransport(config), { write: (s: string) => void lines.push(s) });
      log.info({ link: `http://localhost:3000/first-login/${token}` }, 'something');
      log.warn(`opened /api/v1/calendar/${token}.ics`);
      log.error({ err: new Error(`failed at /reset-password/${token}`), url: `/verify-email/${token}` }, 'oops');
      return lines.join('');
    };
    const prod = capture(configFor({ NODE_ENV: 'production', LOG_LEVEL: 'info' }));
    expect(prod).not.toContain(token);
    expect(prod).toContain('/first-login/[redacted]');
    // Development on a local address prints queued mail bodies so a developer can follow their links (ADR 0014);
    // message strings, URLs and errors are still redacted there.
    const devConfig = configFor({ NODE_ENV: 'development', LOG_LEVEL: 'info' });
    expect(devConfig.printMailBodies).toBe(true);
    const dev = capture(devConfig);
    expect(dev.split(token).length - 1).toBe(1);
    expect(dev).toContain(`"link":"http://localhost:3000/first-login/${token}"`);
  });
});

describe('development logs quietly (issue 30, item 17)', () => {
  async function session(level: string) {
    const lines: string[] = [];
    const config = configFor({ NODE_ENV: 'development', LOG_LEVEL: level });
    const app = await loggedApp(config, withoutTransport(config), lines);
    const call = browser(app, new Set());
    let requests = 0;
    const run = async (method: 'GET' | 'POST', url: string, body?: object) => {
      requests++;
      return call(method, url, body, ctx.ws.demo);
    };
    await run('POST', '/api/v1/auth/login', { username: 'admin@demo.timbro.it', password: DEMO_PASSWORD });
    for (let i = 0; i < 20; i++) await run('GET', '/api/v1/user');
    await run('GET', '/api/v1/dashboard');
    await run('GET', '/dashboard');
    await run('GET', '/assets/app-abc123.js');
    await run('GET', '/api/v1/nothing-here');
    const boom = await run('GET', `/api/v1/test/boom/first-login/${randomToken()}`);
    expect(boom.statusCode).toBe(500);
    return { lines, requests };
  }

  it('at the default level a request that went well writes nothing; a failure still writes its error', async () => {
    const { lines, requests } = await session('info');
    console.info(
      `development log, ${requests} requests at info: ${lines.length} lines, ${lines.join('').length} bytes`,
    );
    const entries = lines.map((l) => JSON.parse(l) as { level: number; msg: string; err?: { stack?: string } });
    expect(entries.filter((e) => /incoming request|request completed/.test(e.msg))).toEqual([]);
    expect(entries.filter((e) => e.level < 50 && e.msg.startsWith('GET '))).toEqual([]);
    const errors = entries.filter((e) => e.level >= 50);
    expect(errors.map((e) => e.msg)).toContain('unexpected error');
    expect(
      errors.some((e) => e.err?.stack?.includes('could not handle /api/v1/test/boom/first-login/[redacted]')),
    ).toBe(true);
  });

  it('with LOG_LEVEL=debug: one short line per request', async () => {
    const { lines, requests } = await session('debug');
    const perRequest = lines
      .map((l) => JSON.parse(l) as { level: number; msg: string })
      .filter((e) => /^(GET|POST) \S+ \d{3} \d+ ms$/.test(e.msg));
    expect(perRequest.length).toBe(requests);
    expect(perRequest.every((e) => e.msg.length < 120)).toBe(true);
    expect(perRequest.map((e) => e.msg)).toContainEqual(expect.stringMatching(/^GET \/api\/v1\/user 200 \d+ ms$/));
  });
});
