import { CLIENT_HEADER, CLIENT_HEADER_APP_VALUE, CLIENT_HEADER_VALUE, RESET_TOKEN_TTL_MINUTES, generateCodiceFiscale, type User } from '@timbro/shared';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { authSessions, loginFailures, oneTimeTokens, rateLimits, refreshTokens, users } from '../src/db/schema';
import * as passwords from '../src/lib/passwords';
import { randomToken, sha256 } from '../src/lib/tokens';
import { loginDelaySeconds } from '../src/modules/auth/auth.service';
import {
  DEMO_PASSWORD,
  cookiesOf,
  createTestContext,
  expectError,
  fieldErrors,
  membershipOf,
  type Session,
  type TestContext,
} from './helpers';

/** Cookie names on plain http (the test config has PUBLIC_URL http://localhost:3000, so no __Host-/__Secure- prefix). */
const ACCESS = 'timbro_at';
const REFRESH = 'timbro_rt';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

/** The first message per field path (a field may carry more than one). */
function firstFieldErrors(res: LightMyRequestResponse): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of (res.json() as { errors?: { path: string; message: string }[] }).errors ?? []) out[e.path] ??= e.message;
  return out;
}

function cookieOf(res: LightMyRequestResponse, name: string) {
  return res.cookies.find((c) => c.name === name && c.value !== '');
}

function rawSetCookie(res: LightMyRequestResponse, name: string): string {
  const header = res.headers['set-cookie'];
  const list = Array.isArray(header) ? header : header ? [String(header)] : [];
  const found = list.find((h) => h.startsWith(`${name}=`) && !h.startsWith(`${name}=;`));
  if (!found) throw new Error(`no Set-Cookie for ${name}: ${JSON.stringify(list)}`);
  return found;
}

/** A session holding only the access cookie (so a test proves what the access token alone can do). */
function accessOnly(s: Session): Session {
  const part = s.cookie.split('; ').find((c) => c.startsWith(`${ACCESS}=`));
  if (!part) throw new Error(`no access cookie in ${s.cookie}`);
  return { ...s, cookie: part };
}

/** A session holding only the refresh cookie. */
function refreshOnly(s: Session): Session {
  const part = s.cookie.split('; ').find((c) => c.startsWith(`${REFRESH}=`));
  if (!part) throw new Error(`no refresh cookie in ${s.cookie}`);
  return { ...s, cookie: part };
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
async function invitedUser(email: string, firstName: string, lastName: string): Promise<{ id: string; token: string }> {
  const [invited] = await ctx.db.insert(users).values({ email, firstName, lastName, passwordHash: null }).returning({ id: users.id });
  const token = randomToken();
  await ctx.db.insert(oneTimeTokens).values({
    userId: invited!.id,
    purpose: 'first_login',
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + 24 * 3600 * 1000),
  });
  return { id: invited!.id, token };
}

/** The token of the newest reset-password mail to `to`. */
async function resetTokenFromMail(to: string): Promise<string> {
  const mails = (await ctx.outbox(to)).filter((m) => m.template === 'reset-password');
  const m = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(mails[mails.length - 1]?.textBody ?? '');
  if (!m) throw new Error(`no reset-password mail to ${to}`);
  return m[1]!;
}

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
      ['attendance_infos', 'email', 'email_verified', 'first_name', 'fiscal_code', 'id', 'language', 'last_name', 'pending_invitations', 'workspace_roles'].sort(),
    );
    expect(body).toMatchObject({
      id: await ctx.userId('admin@demo.timbro.it'),
      first_name: 'Anna',
      last_name: 'Bianchi',
      email: 'admin@demo.timbro.it',
      email_verified: true,
      pending_invitations: 0,
      language: 'it',
    });
    expect(body.fiscal_code).toMatch(/^[A-Z0-9]{16}$/);
    expect(body.workspace_roles).toEqual([
      { workspace_id: ctx.ws.demo, oimmei: false, admin: true, accountant: false, member: false, attendance_auto_approve_request: null },
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
      const persists = (c.maxAge !== undefined && c.maxAge > 0) || (c.expires !== undefined && c.expires.getTime() > now);
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
    expect(firstFieldErrors(blank)).toEqual({ username: "Inserisci l'indirizzo email", password: 'Inserisci la password' });

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
    expect(median(unknown), `unknown ${unknown.join(', ')} ms vs known ${known.join(', ')} ms`).toBeGreaterThanOrEqual(median(known) * 0.3);
  });

  it('refuses a disabled user (403 at login) and ends their open session at once', async () => {
    const email = 'sara.bruno@demo.timbro.it';
    const session = await ctx.login(email);
    expect((await ctx.get('/user', { session })).statusCode).toBe(200);

    await ctx.db.update(users).set({ enabled: false }).where(eq(users.id, session.userId));
    try {
      expectError(await ctx.get('/user', { session }), 401, 'UNAUTHENTICATED');
      expectError(await ctx.post('/auth/token/refresh', undefined, { session: refreshOnly(session) }), 401, 'UNAUTHENTICATED');
      const res = await login(email, DEMO_PASSWORD);
      expect(expectError(res, 403, 'FORBIDDEN').message).toBe('Il tuo account è disabilitato. Contatta l’amministratore.');
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
    const [row] = await ctx.db.select().from(rateLimits).where(eq(rateLimits.key, `login:ip:${remoteAddress}`));
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
    expect(await ctx.db.select().from(loginFailures).where(eq(loginFailures.key, `login:${email}:${attacker}`))).toEqual([]);
  });

  it('the wait doubles after the free failures and never exceeds 15 minutes', () => {
    expect([1, 5, 6, 7, 8, 10, 20, 40].map(loginDelaySeconds)).toEqual([0, 0, 1, 2, 4, 16, 900, 900]);
  });

  it('rejects a state-changing request without the X-Client header (403 CSRF_REJECTED)', async () => {
    const res = await ctx.post('/auth/login', { username: 'admin@demo.timbro.it', password: DEMO_PASSWORD }, { noClientHeader: true });
    expectError(res, 403, 'CSRF_REJECTED');
    expect(res.cookies.filter((c) => c.value !== '')).toEqual([]);

    // Also for a logged-in user: the logout is refused and the session stays.
    const session = await ctx.login('luca.romano@demo.timbro.it');
    expectError(await ctx.post('/auth/logout', undefined, { session, noClientHeader: true }), 403, 'CSRF_REJECTED');
    expectError(
      await ctx.post('/auth/logout', undefined, { session, headers: { [CLIENT_HEADER]: 'qualcosa-altro' }, noClientHeader: true }),
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
    expectError(await ctx.post('/auth/token/refresh', undefined, { headers: { 'sec-fetch-site': 'same-origin' } }), 401, 'UNAUTHENTICATED');
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
      await ctx.post('/auth/token/refresh', undefined, { session: { cookie: `${REFRESH}=${randomToken()}`, email: '', userId: '' } }),
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
    const cleared = res.cookies.filter((c) => c.value === '').map((c) => c.name).sort();
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
    const forged = { cookie: `${ACCESS}=v1.00000000-0000-0000-0000-000000000000.9999999999.abc`, email: '', userId: '' };
    expectError(await ctx.get('/user', { session: forged }), 401, 'UNAUTHENTICATED');
  });
});

describe('password reset: POST /auth/forgot-password and /auth/new-password/{token}', () => {
  const email = 'matteo.greco@demo.timbro.it';
  const newPassword = 'NuovaPassword-2026';

  async function lastResetToken(to: string): Promise<string> {
    const mails = (await ctx.outbox(to)).filter((m) => m.template === 'reset-password');
    const mail = mails[mails.length - 1];
    expect(mail).toBeDefined();
    const m = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail!.textBody);
    expect(m, mail!.textBody).not.toBeNull();
    return m![1]!;
  }

  it('validates the e-mail', async () => {
    expect(fieldErrors(expectErrorRes(await ctx.post('/auth/forgot-password', {}), 400))).toEqual({
      username: "Inserisci l'indirizzo email",
    });
    expect(fieldErrors(expectErrorRes(await ctx.post('/auth/forgot-password', { username: 'matteo' }), 400))).toEqual({
      username: 'Inserisci un indirizzo email valido',
    });
  });

  it('answers 404 with the spec text for an unknown user', async () => {
    const res = await ctx.post('/auth/forgot-password', { username: 'sconosciuto@demo.timbro.it' });
    const body = expectError(res, 404, 'NOT_FOUND');
    expect(body.message).toBe('Non è stato trovato nessun utente con queste credenziali');
    expect(await ctx.outbox('sconosciuto@demo.timbro.it')).toEqual([]);
  });

  it('sends a reset link and sets a new password with it', async () => {
    const before = await ctx.login(email);

    const requestedAt = Date.now();
    const res = await ctx.post('/auth/forgot-password', { username: email });
    const answeredAt = Date.now();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: expect.any(String) });
    const token = await lastResetToken(email);
    const mail = (await ctx.outbox(email)).find((m) => m.template === 'reset-password')!;
    expect(mail.textBody).toContain(`http://localhost:3000/reset-password/${token}`);
    // Only the hash is stored.
    const [stored] = await ctx.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.tokenHash, sha256(token)));
    expect(stored).toMatchObject({ purpose: 'reset', userId: before.userId, usedAt: null });
    // The link lasts RESET_TOKEN_TTL_MINUTES (30) from the request.
    expect(RESET_TOKEN_TTL_MINUTES).toBe(30);
    const ttlMs = RESET_TOKEN_TTL_MINUTES * 60_000;
    expect(stored!.expiresAt.getTime()).toBeGreaterThanOrEqual(requestedAt + ttlMs - 1000);
    expect(stored!.expiresAt.getTime()).toBeLessThanOrEqual(answeredAt + ttlMs + 1000);

    const mismatch = await ctx.post(`/auth/new-password/${token}`, { password: newPassword, password_confirmation: 'AltraPassword-2026' });
    expectError(mismatch, 400, 'VALIDATION_FAILED');
    expect(fieldErrors(mismatch)).toEqual({ password_confirmation: 'Le password non corrispondono' });

    const short = await ctx.post(`/auth/new-password/${token}`, { password: 'corta123', password_confirmation: 'corta123' });
    expectError(short, 400, 'VALIDATION_FAILED');
    expect(fieldErrors(short)).toEqual({ password: 'La password deve contenere almeno 10 caratteri' });

    const missing = await ctx.post(`/auth/new-password/${token}`, {});
    expectError(missing, 400, 'VALIDATION_FAILED');
    expect(fieldErrors(missing)).toMatchObject({ password: 'Inserisci la password', password_confirmation: 'Conferma la password' });

    // A reset link is not an invitation link.
    expectError(
      await ctx.post(`/auth/first-login/${token}`, { password: newPassword, password_confirmation: newPassword }),
      400,
      'TOKEN_INVALID',
    );

    const ok = await ctx.post(`/auth/new-password/${token}`, { password: newPassword, password_confirmation: newPassword });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: expect.stringMatching(/\S/) });

    // Existing sessions are over; the new password works and the old one no longer does.
    expectError(await ctx.get('/user', { session: before }), 401, 'UNAUTHENTICATED');
    expectError(await ctx.post('/auth/token/refresh', undefined, { session: refreshOnly(before) }), 401, 'UNAUTHENTICATED');
    expect((await login(email, newPassword)).statusCode).toBe(200);
    expectError(await login(email, DEMO_PASSWORD), 401, 'INVALID_CREDENTIALS');
    // The user is told by e-mail.
    expect((await ctx.outbox(email)).map((m) => m.template)).toContain('password-changed');

    // The link works once.
    const again = await ctx.post(`/auth/new-password/${token}`, { password: 'AncoraUnaltra-2026', password_confirmation: 'AncoraUnaltra-2026' });
    expectError(again, 400, 'TOKEN_INVALID');
    expect((await login(email, newPassword)).statusCode).toBe(200);
  });

  it('refuses an expired link (400)', async () => {
    const res = await ctx.post('/auth/forgot-password', { username: email });
    expect(res.statusCode).toBe(200);
    const token = await lastResetToken(email);
    const updated = await ctx.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.tokenHash, sha256(token)))
      .returning({ id: oneTimeTokens.id });
    expect(updated).toHaveLength(1);
    const expired = await ctx.post(`/auth/new-password/${token}`, { password: 'Scaduta-2026-xx', password_confirmation: 'Scaduta-2026-xx' });
    expectError(expired, 400, 'TOKEN_INVALID');
    const [row] = await ctx.db.select({ usedAt: oneTimeTokens.usedAt }).from(oneTimeTokens).where(eq(oneTimeTokens.tokenHash, sha256(token)));
    expect(row!.usedAt).toBeNull();
  });

  it('refuses a malformed or unknown token', async () => {
    const body = { password: newPassword, password_confirmation: newPassword };
    expectError(await ctx.post('/auth/new-password/corto', body), 400, 'VALIDATION_FAILED');
    expectError(await ctx.post(`/auth/new-password/${randomToken()}`, body), 400, 'TOKEN_INVALID');
  });
});

describe('POST /auth/first-login/{token}', () => {
  it('sets the first password of an invited user', async () => {
    const email = 'invitato.nuovo@demo.timbro.it';
    const invited = await invitedUser(email, 'Ivo', 'Invitato');
    const token = invited.token;
    const password = 'PrimoAccesso-2026';

    // Before: no password, no login.
    expectError(await login(email, password), 401, 'INVALID_CREDENTIALS');

    // An invitation link is not a reset link.
    expectError(await ctx.post(`/auth/new-password/${token}`, { password, password_confirmation: password }), 400, 'TOKEN_INVALID');

    const mismatch = await ctx.post(`/auth/first-login/${token}`, { password, password_confirmation: `${password}x` });
    expectError(mismatch, 400, 'VALIDATION_FAILED');
    expect(fieldErrors(mismatch)).toEqual({ password_confirmation: 'Le password non corrispondono' });

    const res = await ctx.post(`/auth/first-login/${token}`, { password, password_confirmation: password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: expect.stringMatching(/\S/) });

    const [row] = await ctx.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, invited.id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    const loggedIn = await login(email, password);
    expect(loggedIn.statusCode).toBe(200);
    expect(loggedIn.json().id).toBe(invited.id);

    // Used once only.
    expectError(await ctx.post(`/auth/first-login/${token}`, { password, password_confirmation: password }), 400, 'TOKEN_INVALID');
    const [tok] = await ctx.db
      .select({ usedAt: oneTimeTokens.usedAt })
      .from(oneTimeTokens)
      .where(and(eq(oneTimeTokens.userId, invited.id), eq(oneTimeTokens.purpose, 'first_login')))
      .orderBy(desc(oneTimeTokens.createdAt));
    expect(tok!.usedAt).not.toBeNull();
  });
});

describe('one-time links: a password set through any link burns the others, and ends every session', () => {
  it('after a reset the older invitation link is dead, and a second reset ends the open session', async () => {
    const email = 'invitato.sessioni@demo.timbro.it';
    const invited = await invitedUser(email, 'Irene', 'Sessioni');

    // The person got a password through a reset before using the invitation: the invitation link dies with it.
    expect((await ctx.post('/auth/forgot-password', { username: email })).statusCode).toBe(200);
    const reset = await resetTokenFromMail(email);
    const first = 'Reimpostata-2026!';
    expect((await ctx.post(`/auth/new-password/${reset}`, { password: first, password_confirmation: first })).statusCode).toBe(200);
    const stale = await ctx.post(`/auth/first-login/${invited.token}`, { password: 'DaInvito-2026!', password_confirmation: 'DaInvito-2026!' });
    expectError(stale, 400, 'TOKEN_INVALID');
    const old = await ctx.login(email, first);
    expect((await ctx.get('/user', { session: old })).statusCode).toBe(200);
    expect((await ctx.get('/user', { session: old })).json().email_verified).toBe(true);

    // Two reset links asked in a row: using the newer one kills the older one too.
    expect((await ctx.post('/auth/forgot-password', { username: email })).statusCode).toBe(200);
    const older = await resetTokenFromMail(email);
    expect((await ctx.post('/auth/forgot-password', { username: email })).statusCode).toBe(200);
    const newer = await resetTokenFromMail(email);
    expect(newer).not.toBe(older);
    const password = 'Seconda-2026!';
    const res = await ctx.post(`/auth/new-password/${newer}`, { password, password_confirmation: password });
    expect(res.statusCode, res.body).toBe(200);
    expectError(await ctx.post(`/auth/new-password/${older}`, { password: 'Terza-2026!!', password_confirmation: 'Terza-2026!!' }), 400, 'TOKEN_INVALID');

    // The old session is over: its refresh token and its access cookie answer 401.
    expectError(await ctx.post('/auth/token/refresh', undefined, { session: refreshOnly(old) }), 401, 'UNAUTHENTICATED');
    expectError(await ctx.get('/user', { session: accessOnly(old) }), 401, 'UNAUTHENTICATED');
    const sessions = await ctx.db
      .select({ revokedAt: authSessions.revokedAt, reason: authSessions.revokedReason })
      .from(authSessions)
      .where(eq(authSessions.userId, invited.id));
    expect(sessions.length).toBeGreaterThan(0);
    for (const s of sessions) expect(s).toEqual({ revokedAt: expect.any(Date), reason: 'password_set' });
    expectError(await login(email, first), 401, 'INVALID_CREDENTIALS');
    expect((await login(email, password)).statusCode).toBe(200);
    const open = await ctx.db.select().from(oneTimeTokens).where(and(eq(oneTimeTokens.userId, invited.id), isNull(oneTimeTokens.usedAt)));
    expect(open).toEqual([]);
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
    const res = await ctx.post('/auth/login', { username: email, password: DEMO_PASSWORD }, { noClientHeader: true, headers: { [CLIENT_HEADER]: CLIENT_HEADER_APP_VALUE } });
    expect(res.statusCode, res.body).toBe(200);
    const after = await record();
    expect(after.web).toBe(afterWeb.web);
    expect(after.app).not.toBeNull();
    expect(Date.parse(after.app!)).toBeGreaterThanOrEqual(startedAt - 1000);
    expect(Date.parse(after.app!)).toBeLessThanOrEqual(Date.now() + 1000);
    const sessions = await ctx.db.select({ client: authSessions.client }).from(authSessions).where(eq(authSessions.userId, await ctx.userId(email)));
    expect(sessions.map((x) => x.client).sort()).toEqual(['app', 'web']);
  });
});

describe('POST /auth/register', () => {
  const password = 'Candidato-2026';
  const fiscalCode = generateCodiceFiscale({ lastName: 'Verdi', firstName: 'Giovanni', birthDate: '1994-07-19', sex: 'M', belfiore: 'F205' });
  const candidate = {
    first_name: 'Giovanni',
    last_name: 'Verdi',
    email: 'giovanni.verdi@example.it',
    fiscal_code: fiscalCode,
    password,
    password_confirmation: password,
  };

  it('creates a candidate and logs them in (no workspace roles)', async () => {
    const res = await ctx.post('/auth/register', { ...candidate, email: 'Giovanni.Verdi@Example.it', fiscal_code: fiscalCode.toLowerCase() });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      first_name: 'Giovanni',
      last_name: 'Verdi',
      email: 'giovanni.verdi@example.it',
      fiscal_code: fiscalCode,
      workspace_roles: [],
      attendance_infos: [],
    });
    expect(cookieOf(res, ACCESS)!.httpOnly).toBe(true);
    expect(cookieOf(res, REFRESH)!.path).toBe('/api/v1/auth');

    const session: Session = { cookie: cookiesOf(res), email: body.email, userId: body.id };
    const me = await ctx.get('/user', { session });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual(body);
    expect(me.json().workspace_roles).toEqual([]);
    const list = await ctx.get('/workspace/list', { session });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([]);

    // The password is stored hashed, and the account logs in with it.
    const [row] = await ctx.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, body.id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect((await login(candidate.email, password)).statusCode).toBe(200);
  });

  it('refuses a duplicate e-mail: 409 with X-Error-Message UniqueConstraintViolation', async () => {
    const other = generateCodiceFiscale({ lastName: 'Neri', firstName: 'Paola', birthDate: '1991-02-03', sex: 'F', belfiore: 'H501' });
    const res = await ctx.post('/auth/register', { ...candidate, email: 'Mario.Rossi@demo.timbro.it', fiscal_code: other });
    const body = expectError(res, 409, 'CONFLICT');
    expect(res.headers['x-error-message']).toBe('UniqueConstraintViolation');
    expect(body.message).toBe('Questo indirizzo email è già in uso');
    expect(fieldErrors(res)).toEqual({ email: 'Questo indirizzo email è già in uso' });
  });

  it('refuses an invalid fiscal code (400); a fiscal code claimed by someone else is only a claim: no conflict, no oracle', async () => {
    const wrongCheck = fiscalCode.slice(0, 15) + (fiscalCode.endsWith('A') ? 'B' : 'A');
    const invalid = await ctx.post('/auth/register', { ...candidate, email: 'altro.candidato@example.it', fiscal_code: wrongCheck });
    expectError(invalid, 400, 'VALIDATION_FAILED');
    expect(fieldErrors(invalid)).toEqual({ fiscal_code: 'Il codice fiscale non è valido' });

    // Someone signs up with Mario's fiscal code: the answer is the same as for any sign-up, Mario's account is untouched
    // and the squatter's code is an untrusted claim (it cannot be found, bound or trusted: ADR 0015).
    const [mario] = await ctx.db.select().from(users).where(eq(users.email, 'mario.rossi@demo.timbro.it'));
    const squat = await ctx.post('/auth/register', { ...candidate, email: 'altro.candidato@example.it', fiscal_code: mario!.fiscalCode });
    expect(squat.statusCode, squat.body).toBe(200);
    expect(squat.body).not.toContain('Mario');
    const [squatter] = await ctx.db.select().from(users).where(eq(users.email, 'altro.candidato@example.it'));
    expect(squatter!.fiscalCodeVerifiedAt).toBeNull();
    expect(squatter!.emailVerifiedAt).toBeNull();
    const [after] = await ctx.db.select().from(users).where(eq(users.id, mario!.id));
    expect(after).toEqual(mario);
  });

  it('sends a verification link: the e-mail and then the fiscal code become trusted; the link works once', async () => {
    const email = 'verifica.candidato@example.it';
    const cf = generateCodiceFiscale({ lastName: 'Rizzo', firstName: 'Ada', birthDate: '1990-03-04', sex: 'F', belfiore: 'H501' });
    const res = await ctx.post('/auth/register', { ...candidate, email, fiscal_code: cf, first_name: 'Ada', last_name: 'Rizzo' });
    expect(res.statusCode).toBe(200);
    expect(res.json().email_verified).toBe(false);
    const mails = (await ctx.outbox(email)).filter((m) => m.template === 'verify-email');
    expect(mails).toHaveLength(1);
    const token = /\/verify-email\/([A-Za-z0-9_-]+)/.exec(mails[0]!.textBody)![1]!;
    const ok = await ctx.post(`/auth/verify-email/${token}`);
    expect(ok.statusCode, ok.body).toBe(200);
    const [row] = await ctx.db.select().from(users).where(eq(users.email, email));
    expect(row!.emailVerifiedAt).not.toBeNull();
    expect(row!.fiscalCodeVerifiedAt).not.toBeNull();
    expectError(await ctx.post(`/auth/verify-email/${token}`), 400, 'TOKEN_INVALID');
  });

  it('refuses a password from the list of common passwords', async () => {
    const res = await ctx.post('/auth/register', { ...candidate, email: 'comune@example.it', password: 'password123', password_confirmation: 'password123' });
    expectError(res, 400, 'VALIDATION_FAILED');
    expect(fieldErrors(res)).toEqual({ password: 'Questa password è tra le più usate: scegline una meno prevedibile' });
  });

  it('answers the field messages of the form', async () => {
    const res = await ctx.post('/auth/register', {});
    expectError(res, 400, 'VALIDATION_FAILED');
    expect(fieldErrors(res)).toMatchObject({
      first_name: 'Inserisci il nome',
      last_name: 'Inserisci il cognome',
      email: "Inserisci l'indirizzo email",
      fiscal_code: 'Inserisci il codice fiscale',
      password: 'Inserisci la password',
      password_confirmation: 'Conferma la password',
    });
  });
});

/** expectError without a code check, for the plain 400 body of a validation failure. */
function expectErrorRes(res: LightMyRequestResponse, status: number): LightMyRequestResponse {
  expectError(res, status, 'VALIDATION_FAILED');
  return res;
}
