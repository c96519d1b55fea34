import { CLIENT_HEADER, CLIENT_HEADER_APP_VALUE, CLIENT_HEADER_VALUE, type User } from '@timbro/shared';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { authSessions, loginFailures, rateLimits, refreshTokens, users } from '../src/db/schema';
import * as passwords from '../src/lib/passwords';
import { randomToken, sha256 } from '../src/lib/tokens';
import { loginDelaySeconds } from '../src/modules/auth/auth.service';
import { buildInvitedAccount } from './factories';
import {
  ACCESS_COOKIE as ACCESS,
  DEMO_PASSWORD,
  REFRESH_COOKIE as REFRESH,
  accessOnly,
  cookieOf,
  cookiesOf,
  expectError,
  fieldErrors,
  membershipOf,
  refreshOnly,
  useTestContext,
  type Session,
  type TestContext,
} from './helpers';

/**
 * The auth module's sessions: login (cookies, limits, CSRF), token refresh, logout, the last login per client.
 * Passwords, one-time links and sign-up are in auth.links.test.ts.
 */

let ctx: TestContext;
useTestContext((opened) => {
  ctx = opened;
});

function rawSetCookie(res: LightMyRequestResponse, name: string): string {
  const header = res.headers['set-cookie'];
  const list = Array.isArray(header) ? header : header ? [String(header)] : [];
  const found = list.find((h) => h.startsWith(`${name}=`) && !h.startsWith(`${name}=;`));
  if (!found) throw new Error(`no Set-Cookie for ${name}: ${JSON.stringify(list)}`);
  return found;
}

function refreshTokenOf(s: Session): string {
  return refreshOnly(s).cookie.slice(REFRESH.length + 1);
}

function sessionFrom(res: LightMyRequestResponse, prev: Session): Session {
  return { ...prev, cookie: cookiesOf(res) };
}

const login = (username: string, password: string, extra: Record<string, unknown> = {}) =>
  ctx.post('/auth/login', { username, password, ...extra });

/** A user invited but without a password yet, with a first-login token valid for a day. */
const invitedUser = (email: string, firstName: string, lastName: string) =>
  buildInvitedAccount(ctx, email, firstName, lastName);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Fixed windows of 15 minutes: when a window is about to end, wait for the next one so 11 attempts share one. */
async function awaitFreshRateWindow() {
  const windowMs = 15 * 60 * 1000;
  const left = windowMs - (Date.now() % windowMs);
  if (left < 10_000) await new Promise((r) => setTimeout(r, left + 200));
}

describe('POST /auth/login', () => {
  it('logs in: 200 with the spec user shape and HttpOnly, SameSite session cookies', async () => {
    const res = await login('admin@demo.timbro.it', DEMO_PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(
      [
        'attendance_infos',
        'disabled_workspaces',
        'email',
        'email_verified',
        'first_name',
        'fiscal_code',
        'id',
        'is_operator',
        'language',
        'last_name',
        'pending_invitations',
        'workspace_roles',
      ].sort(),
    );
    expect(body).toMatchObject({
      id: await ctx.userId('admin@demo.timbro.it'),
      first_name: 'Anna',
      last_name: 'Bianchi',
      email: 'admin@demo.timbro.it',
      email_verified: true,
      pending_invitations: 0,
      language: 'it',
      is_operator: false,
      disabled_workspaces: [],
    });
    expect(body.fiscal_code).toMatch(/^[A-Z0-9]{16}$/);
    expect(body.workspace_roles).toEqual([
      {
        workspace_id: ctx.ws.demo,
        oimmei: false,
        admin: true,
        accountant: false,
        member: false,
        attendance_auto_approve_request: null,
      },
    ]);
    expect(body.attendance_infos).toEqual([
      {
        workspace_id: ctx.ws.demo,
        user_info_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        enabled: true,
        workspace_attendance_auto_approve_request: false,
        time_zone: 'Europe/Rome',
      },
    ]);
    expect(res.body).not.toMatch(/password|hash/i);

    const access = cookieOf(res, ACCESS)!;
    const refresh = cookieOf(res, REFRESH)!;
    expect(access).toBeDefined();
    expect(refresh).toBeDefined();
    expect(access.httpOnly).toBe(true);
    expect(refresh.httpOnly).toBe(true);
    expect(access.sameSite).toMatch(/^(lax|strict)$/i);
    expect(refresh.sameSite).toMatch(/^(lax|strict)$/i);
    expect(rawSetCookie(res, ACCESS)).toMatch(/;\s*HttpOnly/i);
    expect(rawSetCookie(res, ACCESS)).toMatch(/;\s*SameSite=(Lax|Strict)/i);
    expect(rawSetCookie(res, REFRESH)).toMatch(/;\s*HttpOnly/i);
    expect(rawSetCookie(res, REFRESH)).toMatch(/;\s*SameSite=(Lax|Strict)/i);
    expect(access.path).toBe('/');
    expect(refresh.path).toBe('/api/v1/auth');
    // remember_me defaults to false: session cookies (no Max-Age, no Expires).
    for (const c of [access, refresh]) {
      expect(c.maxAge).toBeUndefined();
      expect(c.expires).toBeUndefined();
    }

    // The cookies are a working session.
    const me = await ctx.get('/user', { session: { cookie: cookiesOf(res), email: body.email, userId: body.id } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual(body);
  });

  it('remember_me=true gives persistent cookies, remember_me=false session cookies', async () => {
    const persistent = await login('admin@demo.timbro.it', DEMO_PASSWORD, { remember_me: true });
    expect(persistent.statusCode).toBe(200);
    const now = Date.now();
    for (const name of [ACCESS, REFRESH]) {
      const c = cookieOf(persistent, name)!;
      const persists =
        (c.maxAge !== undefined && c.maxAge > 0) || (c.expires !== undefined && c.expires.getTime() > now);
      expect(persists, `${name} should be persistent: ${rawSetCookie(persistent, name)}`).toBe(true);
      expect(rawSetCookie(persistent, name)).toMatch(/;\s*(Max-Age=\d+|Expires=)/i);
    }
    // The access cookie lives as long as the access token (15 minutes); the refresh cookie 30 days.
    expect(cookieOf(persistent, ACCESS)!.maxAge).toBe(15 * 60);
    const refreshExpires = cookieOf(persistent, REFRESH)!.expires!.getTime();
    expect(refreshExpires).toBeGreaterThan(now + 30 * 24 * 3600 * 1000 - 60_000);
    expect(refreshExpires).toBeLessThan(now + 30 * 24 * 3600 * 1000 + 60_000);

    const transient = await login('admin@demo.timbro.it', DEMO_PASSWORD, { remember_me: false });
    expect(transient.statusCode).toBe(200);
    for (const name of [ACCESS, REFRESH]) {
      const c = cookieOf(transient, name)!;
      expect(c.maxAge, name).toBeUndefined();
      expect(c.expires, name).toBeUndefined();
      expect(rawSetCookie(transient, name)).not.toMatch(/Max-Age|Expires/i);
    }
  });

  it('answers every validation message in Italian', async () => {
    const empty = await ctx.post('/auth/login', {});
    expectError(empty, 400, 'VALIDATION_FAILED');
    expect(fieldErrors(empty)).toEqual({ username: "Inserisci l'indirizzo email", password: 'Inserisci la password' });

    // A blank e-mail: the required message comes first for the field (zod also appends the "valid" message).
    const blank = await login('   ', '');
    expectError(blank, 400, 'VALIDATION_FAILED');
    expect(fieldErrors(blank)).toEqual({
      username: "Inserisci l'indirizzo email",
      password: 'Inserisci la password',
    });

    const invalid = await login('non-una-email', DEMO_PASSWORD);
    expectError(invalid, 400, 'VALIDATION_FAILED');
    expect(fieldErrors(invalid)).toEqual({ username: 'Inserisci un indirizzo email valido' });
  });

  it('gives the same 401 body for a wrong password and an unknown e-mail', async () => {
    const wrong = await login('admin@demo.timbro.it', 'Sbagliata2026!');
    const unknown = await login('nessuno@demo.timbro.it', DEMO_PASSWORD);
    const wrongBody = expectError(wrong, 401, 'INVALID_CREDENTIALS');
    expectError(unknown, 401, 'INVALID_CREDENTIALS');
    expect(unknown.json()).toEqual(wrongBody);
    expect(wrongBody.message).toBe('Email o password non corretti');
    expect(wrong.cookies.filter((c) => c.value !== '')).toEqual([]);
    expect(unknown.cookies.filter((c) => c.value !== '')).toEqual([]);
  });

  it('spends a dummy password check for an unknown e-mail and for an account without a password', async () => {
    // auth.service calls burnPasswordCheck/verifyPassword through the module's live bindings, so a spy on the
    // module namespace sees the calls (and, unlike vi.mock, still runs the real argon2 work).
    const burn = vi.spyOn(passwords, 'burnPasswordCheck');
    const verify = vi.spyOn(passwords, 'verifyPassword');
    try {
      expectError(await login('nessuno.tempo@demo.timbro.it', 'Qualsiasi-2026!'), 401, 'INVALID_CREDENTIALS');
      expect(burn).toHaveBeenCalledTimes(1);
      expect(burn).toHaveBeenLastCalledWith('Qualsiasi-2026!');
      expect(verify).not.toHaveBeenCalled();

      const invited = 'senza.password@demo.timbro.it';
      await invitedUser(invited, 'Sergio', 'Senzapassword');
      const noPassword = await login(invited, 'Qualsiasi-2026!');
      expectError(noPassword, 401, 'INVALID_CREDENTIALS');
      expect(noPassword.json()).toEqual((await login('nessuno.tempo@demo.timbro.it', 'x')).json());
      expect(burn).toHaveBeenCalledTimes(3);
      expect(verify).not.toHaveBeenCalled();

      // A known account with a wrong password does the real check instead.
      burn.mockClear();
      expectError(await login('martina.rinaldi@demo.timbro.it', 'Sbagliata2026!'), 401, 'INVALID_CREDENTIALS');
      expect(burn).not.toHaveBeenCalled();
      expect(verify).toHaveBeenCalledTimes(1);
    } finally {
      burn.mockRestore();
      verify.mockRestore();
    }

    // And the dummy check costs about as much as a real one (loose bound: the machine is shared).
    const timed = async (email: string) => {
      const t = performance.now();
      expectError(await login(email, 'Sbagliata2026!'), 401, 'INVALID_CREDENTIALS');
      return performance.now() - t;
    };
    const unknown: number[] = [];
    const known: number[] = [];
    for (let i = 0; i < 3; i++) {
      unknown.push(await timed(`nessuno.tempo${i}@demo.timbro.it`));
      known.push(await timed('martina.rinaldi@demo.timbro.it'));
    }
    expect(median(unknown), `unknown ${unknown.join(', ')} ms vs known ${known.join(', ')} ms`).toBeGreaterThanOrEqual(
      median(known) * 0.3,
    );
  });

  it('refuses a disabled user (403 at login) and ends their open session at once', async () => {
    const email = 'sara.bruno@demo.timbro.it';
    const session = await ctx.login(email);
    expect((await ctx.get('/user', { session })).statusCode).toBe(200);

    await ctx.db.update(users).set({ enabled: false }).where(eq(users.id, session.userId));
    try {
      expectError(await ctx.get('/user', { session }), 401, 'UNAUTHENTICATED');
      expectError(
        await ctx.post('/auth/token/refresh', undefined, { session: refreshOnly(session) }),
        401,
        'UNAUTHENTICATED',
      );
      const res = await login(email, DEMO_PASSWORD);
      expect(expectError(res, 403, 'FORBIDDEN').message).toBe(
        'Il tuo account è disabilitato. Contatta l’amministratore.',
      );
      expect(res.cookies.filter((c) => c.value !== '')).toEqual([]);
      // A wrong password does not reveal that the account exists and is disabled.
      expectError(await login(email, 'Sbagliata2026!'), 401, 'INVALID_CREDENTIALS');
    } finally {
      await ctx.db.update(users).set({ enabled: true }).where(eq(users.id, session.userId));
    }
  });

  it('per IP only failures count: successful logins give their attempt back; 50 failures from one address lock it', async () => {
    await awaitFreshRateWindow();
    const remoteAddress = '10.9.8.7';
    const attempt = (username: string, password: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        remoteAddress,
        headers: { [CLIENT_HEADER]: CLIENT_HEADER_VALUE, 'x-auth-mode': 'cookie' },
        payload: { username, password },
      });
    for (const email of ['sara.bruno@demo.timbro.it', 'elena.costa@demo.timbro.it', 'simone.fontana@demo.timbro.it']) {
      expect((await attempt(email, DEMO_PASSWORD)).statusCode).toBe(200);
    }
    const [row] = await ctx.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `login:ip:${remoteAddress}`));
    expect(row?.count).toBe(0);
    // Failures spread over many unknown accounts: the per-IP limit (50) stops the 51st.
    for (let i = 1; i <= 50; i++) {
      expect((await attempt(`nessuno${i}@example.it`, 'x')).statusCode).toBe(401);
    }
    const blocked = await attempt('sara.bruno@demo.timbro.it', DEMO_PASSWORD);
    expectError(blocked, 429, 'RATE_LIMITED');
    expect(blocked.headers['retry-after']).toBeDefined();
  });

  it('an attacker cannot lock a real user out: progressive delays per account and address, never per account alone', async () => {
    await awaitFreshRateWindow();
    const attempt = (remoteAddress: string, username: string, password: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        remoteAddress,
        headers: { [CLIENT_HEADER]: CLIENT_HEADER_VALUE },
        payload: { username, password },
      });
    const email = 'davide.gallo@demo.timbro.it';
    const attacker = '10.20.30.40';
    // 30 wrong passwords in a row from one address: the first five are free, the sixth starts a wait (1 s, then
    // doubling) and every attempt during a wait is refused before any password is evaluated.
    const statuses: number[] = [];
    for (let i = 1; i <= 30; i++) statuses.push((await attempt(attacker, email, `Sbagliata-${i}-2026`)).statusCode);
    const evaluated = statuses.filter((s) => s === 401).length;
    expect(statuses.slice(0, 6)).toEqual([401, 401, 401, 401, 401, 401]);
    expect(evaluated).toBeLessThanOrEqual(7);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(23);
    const waiting = await attempt(attacker, email.toUpperCase(), DEMO_PASSWORD);
    const body = expectError(waiting, 429, 'RATE_LIMITED');
    expect(body.message).toMatch(/^Troppi tentativi\. Riprova tra \d+ minut[oi]\.$/);
    const retryAfter = Number(waiting.headers['retry-after']);
    expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 15 * 60).toBe(true);
    expect(waiting.cookies.filter((c) => c.value !== '')).toEqual([]);

    // The real person, from their own address, logs in at once with the right password.
    expect((await attempt('10.1.1.1', email, DEMO_PASSWORD)).statusCode).toBe(200);
    // Another person from the attacker's address is not slowed either (the key is account + address).
    expect((await attempt(attacker, 'elena.costa@demo.timbro.it', DEMO_PASSWORD)).statusCode).toBe(200);
    // Once the wait is over, the right password works from the attacker's address too and forgets the failures.
    await ctx.db.update(loginFailures).set({ blockedUntil: new Date(Date.now() - 1000) });
    expect((await attempt(attacker, email, DEMO_PASSWORD)).statusCode).toBe(200);
    expect(
      await ctx.db
        .select()
        .from(loginFailures)
        .where(eq(loginFailures.key, `login:${email}:${attacker}`)),
    ).toEqual([]);
  });

  it('the wait doubles after the free failures and never exceeds 15 minutes', () => {
    expect([1, 5, 6, 7, 8, 10, 20, 40].map(loginDelaySeconds)).toEqual([0, 0, 1, 2, 4, 16, 900, 900]);
  });

  it('rejects a state-changing request without the X-Client header (403 CSRF_REJECTED)', async () => {
    const res = await ctx.post(
      '/auth/login',
      { username: 'admin@demo.timbro.it', password: DEMO_PASSWORD },
      { noClientHeader: true },
    );
    expectError(res, 403, 'CSRF_REJECTED');
    expect(res.cookies.filter((c) => c.value !== '')).toEqual([]);

    // Also for a logged-in user: the logout is refused and the session stays.
    const session = await ctx.login('luca.romano@demo.timbro.it');
    expectError(await ctx.post('/auth/logout', undefined, { session, noClientHeader: true }), 403, 'CSRF_REJECTED');
    expectError(
      await ctx.post('/auth/logout', undefined, {
        session,
        headers: { [CLIENT_HEADER]: 'qualcosa-altro' },
        noClientHeader: true,
      }),
      403,
      'CSRF_REJECTED',
    );
    expect((await ctx.get('/user', { session })).statusCode).toBe(200);
    // Safe methods do not need it.
    expect((await ctx.get('/user', { session, noClientHeader: true })).statusCode).toBe(200);
  });

  it('rejects a cross-site request (Sec-Fetch-Site: cross-site → 403)', async () => {
    const res = await ctx.post(
      '/auth/login',
      { username: 'admin@demo.timbro.it', password: DEMO_PASSWORD },
      { headers: { 'sec-fetch-site': 'cross-site' } },
    );
    expectError(res, 403, 'CSRF_REJECTED');
    expect(res.cookies.filter((c) => c.value !== '')).toEqual([]);
    // Same-origin requests pass the check (this one then fails for lack of a refresh cookie).
    expectError(
      await ctx.post('/auth/token/refresh', undefined, { headers: { 'sec-fetch-site': 'same-origin' } }),
      401,
      'UNAUTHENTICATED',
    );
  });
});

describe('POST /auth/token/refresh', () => {
  it('rotates the refresh token: new cookies, and the new access cookie works', async () => {
    const s0 = await ctx.login('francesca.colombo@demo.timbro.it');
    const res = await ctx.post('/auth/token/refresh', undefined, { session: refreshOnly(s0) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: expect.any(String) });
    const access = cookieOf(res, ACCESS);
    const refresh = cookieOf(res, REFRESH);
    expect(access).toBeDefined();
    expect(refresh).toBeDefined();
    expect(refresh!.path).toBe('/api/v1/auth');
    expect(refresh!.httpOnly).toBe(true);
    expect(access!.httpOnly).toBe(true);
    expect(refresh!.value).not.toBe(refreshTokenOf(s0));

    const s1 = sessionFrom(res, s0);
    const me = await ctx.get('/user', { session: accessOnly(s1) });
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(s0.userId);

    // The new refresh token rotates again.
    const again = await ctx.post('/auth/token/refresh', undefined, { session: refreshOnly(s1) });
    expect(again.statusCode).toBe(200);
    expect(cookieOf(again, REFRESH)!.value).not.toBe(refreshTokenOf(s1));
  });

  it('answers 401 without a refresh cookie (and for an unknown token)', async () => {
    expectError(await ctx.post('/auth/token/refresh'), 401, 'UNAUTHENTICATED');
    expectError(
      await ctx.post('/auth/token/refresh', undefined, {
        session: { cookie: `${REFRESH}=${randomToken()}`, email: '', userId: '' },
      }),
      401,
      'UNAUTHENTICATED',
    );
  });

  it('reuse of an already rotated token outside the grace window → 401 and the whole session is revoked', async () => {
    const s0 = await ctx.login('alessandro.ricci@demo.timbro.it');
    const oldToken = refreshTokenOf(s0);
    const rotated = await ctx.post('/auth/token/refresh', undefined, { session: refreshOnly(s0) });
    expect(rotated.statusCode).toBe(200);
    const s1 = sessionFrom(rotated, s0);
    expect((await ctx.get('/user', { session: accessOnly(s1) })).statusCode).toBe(200);

    // The old token was used a minute ago (beyond the grace window).
    const updated = await ctx.db
      .update(refreshTokens)
      .set({ usedAt: new Date(Date.now() - 60_000) })
      .where(eq(refreshTokens.tokenHash, sha256(oldToken)))
      .returning({ id: refreshTokens.id });
    expect(updated).toHaveLength(1);

    const replay = await ctx.post('/auth/token/refresh', undefined, { session: refreshOnly(s0) });
    expectError(replay, 401, 'UNAUTHENTICATED');
    expect(replay.cookies.filter((c) => c.value !== '')).toEqual([]);

    // The whole session is gone: the newest access cookie and the newest refresh token stop working.
    expectError(await ctx.get('/user', { session: accessOnly(s1) }), 401, 'UNAUTHENTICATED');
    expectError(await ctx.get('/user', { session: accessOnly(s0) }), 401, 'UNAUTHENTICATED');
    expectError(await ctx.post('/auth/token/refresh', undefined, { session: refreshOnly(s1) }), 401, 'UNAUTHENTICATED');
    const [row] = await ctx.db
      .select({ revokedAt: authSessions.revokedAt, reason: authSessions.revokedReason })
      .from(authSessions)
      .innerJoin(refreshTokens, eq(refreshTokens.sessionId, authSessions.id))
      .where(eq(refreshTokens.tokenHash, sha256(oldToken)));
    expect(row!.revokedAt).not.toBeNull();
  });

  it('a second use within the grace window answers 200 without new cookies', async () => {
    const s0 = await ctx.login('chiara.marino@demo.timbro.it');
    const first = await ctx.post('/auth/token/refresh', undefined, { session: refreshOnly(s0) });
    expect(first.statusCode).toBe(200);
    const s1 = sessionFrom(first, s0);

    const second = await ctx.post('/auth/token/refresh', undefined, { session: refreshOnly(s0) });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ message: expect.any(String) });
    expect(second.headers['set-cookie']).toBeUndefined();
    expect(second.cookies).toEqual([]);

    // The session survives: the cookies of the first rotation still work.
    expect((await ctx.get('/user', { session: accessOnly(s1) })).statusCode).toBe(200);
    expect((await ctx.post('/auth/token/refresh', undefined, { session: refreshOnly(s1) })).statusCode).toBe(200);
  });
});

describe('POST /auth/logout', () => {
  it('revokes the session: the old access cookie and the old refresh token answer 401', async () => {
    const s = await ctx.login('simone.fontana@demo.timbro.it');
    expect((await ctx.get('/user', { session: s })).statusCode).toBe(200);
    const res = await ctx.post('/auth/logout', undefined, { session: s });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: expect.any(String) });
    // The cookies are cleared.
    const cleared = res.cookies
      .filter((c) => c.value === '')
      .map((c) => c.name)
      .sort();
    expect(cleared).toEqual([ACCESS, REFRESH].sort());

    expectError(await ctx.get('/user', { session: accessOnly(s) }), 401, 'UNAUTHENTICATED');
    expectError(await ctx.post('/auth/token/refresh', undefined, { session: refreshOnly(s) }), 401, 'UNAUTHENTICATED');
  });
});

describe('unauthenticated reads', () => {
  it('GET /user and GET /workspace/list without a session → 401', async () => {
    expectError(await ctx.get('/user'), 401, 'UNAUTHENTICATED');
    expectError(await ctx.get('/workspace/list'), 401, 'UNAUTHENTICATED');
    // A forged access cookie is no session either.
    const forged = {
      cookie: `${ACCESS}=v1.00000000-0000-0000-0000-000000000000.9999999999.abc`,
      email: '',
      userId: '',
    };
    expectError(await ctx.get('/user', { session: forged }), 401, 'UNAUTHENTICATED');
  });
});

describe('last login per client', () => {
  it('an app login records lastLoginAt.app and leaves lastLoginAt.web as it was', async () => {
    const email = 'federico.moretti@demo.timbro.it';
    const admin = await ctx.login('admin@demo.timbro.it');
    const info = await membershipOf(ctx, email, ctx.ws.demo);
    const record = async () => {
      const res = await ctx.get(`/admin/user/${info!.id}`, { session: admin, workspace: ctx.ws.demo });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as User).lastLoginAt;
    };

    await ctx.login(email); // from the web (X-Client: timbro-web)
    const afterWeb = await record();
    expect(afterWeb.web).not.toBeNull();
    expect(afterWeb.app).toBeNull();

    // The mobile app sends X-Client: timbro-app (accepted by the CSRF check like the web's value).
    const startedAt = Date.now();
    const res = await ctx.post(
      '/auth/login',
      { username: email, password: DEMO_PASSWORD },
      { noClientHeader: true, headers: { [CLIENT_HEADER]: CLIENT_HEADER_APP_VALUE } },
    );
    expect(res.statusCode, res.body).toBe(200);
    const after = await record();
    expect(after.web).toBe(afterWeb.web);
    expect(after.app).not.toBeNull();
    expect(Date.parse(after.app!)).toBeGreaterThanOrEqual(startedAt - 1000);
    expect(Date.parse(after.app!)).toBeLessThanOrEqual(Date.now() + 1000);
    const sessions = await ctx.db
      .select({ client: authSessions.client })
      .from(authSessions)
      .where(eq(authSessions.userId, await ctx.userId(email)));
    expect(sessions.map((x) => x.client).sort()).toEqual(['app', 'web']);
  });
});
