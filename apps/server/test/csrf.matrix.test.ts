import { API_BASE_PATH, CLIENT_HEADER, CLIENT_HEADER_VALUE, WORKSPACE_HEADER } from '@timbro/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type Session, type TestContext } from './helpers';

/**
 * CSRF over every state-changing route (issue 17), generated from the app's own route table — a new POST, PUT or DELETE
 * is in the matrix the moment it is declared. Each is sent by a logged-in admin, in the admin's workspace, four ways a
 * page of another site could try: without `X-Client`, as a `text/plain` form post, with `Sec-Fetch-Site: cross-site`,
 * and with a foreign `Origin`. Every one must be refused (403 CSRF_REJECTED) before anything else happens; the figure
 * is accepted = 0. A few harmless routes are sent correctly too, to show the refusals are the CSRF check's doing.
 */

let ctx: TestContext;
let admin: Session;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login('admin@demo.timbro.it');
});
afterAll(async () => {
  await ctx.close();
});

const ID = '00000000-0000-4000-8000-000000000000';
const fill = (url: string) =>
  url.replace(/:([A-Za-z]+)/g, (_m, name: string) => (/token/i.test(name) ? 'x'.repeat(43) : ID));

type Attempt = { name: string; headers: Record<string, string>; payload?: string };
const attempts: Attempt[] = [
  { name: 'no X-Client', headers: { 'content-type': 'application/json' }, payload: '{}' },
  // What an HTML form can send without a preflight: no custom header, a "simple" content type.
  { name: 'text/plain form post', headers: { 'content-type': 'text/plain' }, payload: 'a=b' },
  {
    name: 'Sec-Fetch-Site: cross-site',
    headers: {
      [CLIENT_HEADER]: CLIENT_HEADER_VALUE,
      'sec-fetch-site': 'cross-site',
      'content-type': 'application/json',
    },
    payload: '{}',
  },
  {
    name: 'foreign Origin',
    headers: {
      [CLIENT_HEADER]: CLIENT_HEADER_VALUE,
      origin: 'https://evil.example',
      'content-type': 'application/json',
    },
    payload: '{}',
  },
  {
    name: 'Origin null (sandboxed frame)',
    headers: { [CLIENT_HEADER]: CLIENT_HEADER_VALUE, origin: 'null', 'content-type': 'application/json' },
    payload: '{}',
  },
];

describe('CSRF matrix: every state-changing route', () => {
  it('refuses every cross-site attempt on every POST, PUT and DELETE (accepted = 0)', async () => {
    const routes = ctx.app.routeDeclarations.filter((r) => r.method !== 'GET' && r.url.startsWith(API_BASE_PATH));
    expect(routes.length).toBeGreaterThan(100);
    const accepted: string[] = [];
    let sent = 0;
    for (const r of routes) {
      for (const a of attempts) {
        const res = await ctx.app.inject({
          method: r.method as 'POST',
          url: fill(r.url),
          headers: { cookie: admin.cookie, 'x-auth-mode': 'cookie', [WORKSPACE_HEADER]: ctx.ws.demo, ...a.headers },
          payload: a.payload,
        });
        sent++;
        if (res.statusCode !== 403 || (res.json() as { code?: string }).code !== 'CSRF_REJECTED')
          accepted.push(`${r.method} ${r.url} (${a.name}): ${res.statusCode}`);
      }
    }
    console.info(
      `CSRF matrix: ${routes.length} state-changing routes × ${attempts.length} attempts = ${sent}, accepted ${accepted.length}`,
    );
    expect(accepted).toEqual([]);
    // The admin's session survived every attempt (logout and account deletion were among the routes).
    expect((await ctx.get('/user', { session: admin })).statusCode).toBe(200);
  });

  it('the same calls from the app itself pass the check (the refusals are the CSRF check’s)', async () => {
    for (const origin of [undefined, 'http://localhost:3000', 'http://localhost:80']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `${API_BASE_PATH}/admin/group`,
        headers: {
          cookie: admin.cookie,
          'x-auth-mode': 'cookie',
          [WORKSPACE_HEADER]: ctx.ws.demo,
          [CLIENT_HEADER]: CLIENT_HEADER_VALUE,
          'sec-fetch-site': 'same-origin',
          ...(origin ? { origin } : {}),
        },
        payload: {},
      });
      // Past the check: the empty body fails validation.
      expect(res.statusCode, `${origin}: ${res.body}`).toBe(400);
    }
  });

  it('GET routes are never refused for their headers (a link opened from another site still reads)', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `${API_BASE_PATH}/user`,
      headers: { cookie: admin.cookie, 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(200);
  });
});
