import { RESET_TOKEN_TTL_MINUTES, generateCodiceFiscale } from '@timbro/shared';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { authSessions, oneTimeTokens, users } from '../src/db/schema';
import { randomToken, sha256 } from '../src/lib/tokens';
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
  refreshOnly,
  useTestContext,
  type Session,
  type TestContext,
} from './helpers';

/**
 * The auth module's passwords and links: the password reset, the first login of an invited person, one-time links
 * burning each other, and sign-up with its e-mail verification. Login, refresh and logout are in auth.routes.test.ts.
 */

let ctx: TestContext;
useTestContext((opened) => {
  ctx = opened;
});

const login = (username: string, password: string, extra: Record<string, unknown> = {}) =>
  ctx.post('/auth/login', { username, password, ...extra });

/** A user invited but without a password yet, with a first-login token valid for a day. */
const invitedUser = (email: string, firstName: string, lastName: string) =>
  buildInvitedAccount(ctx, email, firstName, lastName);

/** The token of the newest reset-password mail to `to`. */
async function resetTokenFromMail(to: string): Promise<string> {
  const mails = (await ctx.outbox(to)).filter((m) => m.template === 'reset-password');
  const m = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(mails[mails.length - 1]?.textBody ?? '');
  if (!m) throw new Error(`no reset-password mail to ${to}`);
  return m[1]!;
}

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
    const [stored] = await ctx.db
      .select()
      .from(oneTimeTokens)
      .where(eq(oneTimeTokens.tokenHash, sha256(token)));
    expect(stored).toMatchObject({ purpose: 'reset', userId: before.userId, usedAt: null });
    // The link lasts RESET_TOKEN_TTL_MINUTES (30) from the request.
    expect(RESET_TOKEN_TTL_MINUTES).toBe(30);
    const ttlMs = RESET_TOKEN_TTL_MINUTES * 60_000;
    expect(stored!.expiresAt.getTime()).toBeGreaterThanOrEqual(requestedAt + ttlMs - 1000);
    expect(stored!.expiresAt.getTime()).toBeLessThanOrEqual(answeredAt + ttlMs + 1000);

    const mismatch = await ctx.post(`/auth/new-password/${token}`, {
      password: newPassword,
      password_confirmation: 'AltraPassword-2026',
    });
    expectError(mismatch, 400, 'VALIDATION_FAILED');
    expect(fieldErrors(mismatch)).toEqual({ password_confirmation: 'Le password non corrispondono' });

    const short = await ctx.post(`/auth/new-password/${token}`, {
      password: 'corta123',
      password_confirmation: 'corta123',
    });
    expectError(short, 400, 'VALIDATION_FAILED');
    expect(fieldErrors(short)).toEqual({ password: 'La password deve contenere almeno 10 caratteri' });

    const missing = await ctx.post(`/auth/new-password/${token}`, {});
    expectError(missing, 400, 'VALIDATION_FAILED');
    expect(fieldErrors(missing)).toMatchObject({
      password: 'Inserisci la password',
      password_confirmation: 'Conferma la password',
    });

    // A reset link is not an invitation link.
    expectError(
      await ctx.post(`/auth/first-login/${token}`, { password: newPassword, password_confirmation: newPassword }),
      400,
      'TOKEN_INVALID',
    );

    const ok = await ctx.post(`/auth/new-password/${token}`, {
      password: newPassword,
      password_confirmation: newPassword,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: expect.stringMatching(/\S/) });

    // Existing sessions are over; the new password works and the old one no longer does.
    expectError(await ctx.get('/user', { session: before }), 401, 'UNAUTHENTICATED');
    expectError(
      await ctx.post('/auth/token/refresh', undefined, { session: refreshOnly(before) }),
      401,
      'UNAUTHENTICATED',
    );
    expect((await login(email, newPassword)).statusCode).toBe(200);
    expectError(await login(email, DEMO_PASSWORD), 401, 'INVALID_CREDENTIALS');
    // The user is told by e-mail.
    expect((await ctx.outbox(email)).map((m) => m.template)).toContain('password-changed');

    // The link works once.
    const again = await ctx.post(`/auth/new-password/${token}`, {
      password: 'AncoraUnaltra-2026',
      password_confirmation: 'AncoraUnaltra-2026',
    });
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
    const expired = await ctx.post(`/auth/new-password/${token}`, {
      password: 'Scaduta-2026-xx',
      password_confirmation: 'Scaduta-2026-xx',
    });
    expectError(expired, 400, 'TOKEN_INVALID');
    const [row] = await ctx.db
      .select({ usedAt: oneTimeTokens.usedAt })
      .from(oneTimeTokens)
      .where(eq(oneTimeTokens.tokenHash, sha256(token)));
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
    expectError(
      await ctx.post(`/auth/new-password/${token}`, { password, password_confirmation: password }),
      400,
      'TOKEN_INVALID',
    );

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
    expectError(
      await ctx.post(`/auth/first-login/${token}`, { password, password_confirmation: password }),
      400,
      'TOKEN_INVALID',
    );
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
    expect(
      (await ctx.post(`/auth/new-password/${reset}`, { password: first, password_confirmation: first })).statusCode,
    ).toBe(200);
    const stale = await ctx.post(`/auth/first-login/${invited.token}`, {
      password: 'DaInvito-2026!',
      password_confirmation: 'DaInvito-2026!',
    });
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
    expectError(
      await ctx.post(`/auth/new-password/${older}`, {
        password: 'Terza-2026!!',
        password_confirmation: 'Terza-2026!!',
      }),
      400,
      'TOKEN_INVALID',
    );

    // The old session is over: its refresh token and its access cookie answer 401.
    expectError(
      await ctx.post('/auth/token/refresh', undefined, { session: refreshOnly(old) }),
      401,
      'UNAUTHENTICATED',
    );
    expectError(await ctx.get('/user', { session: accessOnly(old) }), 401, 'UNAUTHENTICATED');
    const sessions = await ctx.db
      .select({ revokedAt: authSessions.revokedAt, reason: authSessions.revokedReason })
      .from(authSessions)
      .where(eq(authSessions.userId, invited.id));
    expect(sessions.length).toBeGreaterThan(0);
    for (const s of sessions) expect(s).toEqual({ revokedAt: expect.any(Date), reason: 'password_set' });
    expectError(await login(email, first), 401, 'INVALID_CREDENTIALS');
    expect((await login(email, password)).statusCode).toBe(200);
    const open = await ctx.db
      .select()
      .from(oneTimeTokens)
      .where(and(eq(oneTimeTokens.userId, invited.id), isNull(oneTimeTokens.usedAt)));
    expect(open).toEqual([]);
  });
});

describe('POST /auth/register', () => {
  const password = 'Candidato-2026';
  const fiscalCode = generateCodiceFiscale({
    lastName: 'Verdi',
    firstName: 'Giovanni',
    birthDate: '1994-07-19',
    sex: 'M',
    belfiore: 'F205',
  });
  const candidate = {
    first_name: 'Giovanni',
    last_name: 'Verdi',
    email: 'giovanni.verdi@example.it',
    fiscal_code: fiscalCode,
    password,
    password_confirmation: password,
  };

  it('creates a candidate and logs them in (no workspace roles)', async () => {
    const res = await ctx.post('/auth/register', {
      ...candidate,
      email: 'Giovanni.Verdi@Example.it',
      fiscal_code: fiscalCode.toLowerCase(),
    });
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
    const other = generateCodiceFiscale({
      lastName: 'Neri',
      firstName: 'Paola',
      birthDate: '1991-02-03',
      sex: 'F',
      belfiore: 'H501',
    });
    const res = await ctx.post('/auth/register', {
      ...candidate,
      email: 'Mario.Rossi@demo.timbro.it',
      fiscal_code: other,
    });
    const body = expectError(res, 409, 'CONFLICT');
    expect(res.headers['x-error-message']).toBe('UniqueConstraintViolation');
    expect(body.message).toBe('Questo indirizzo email è già in uso');
    expect(fieldErrors(res)).toEqual({ email: 'Questo indirizzo email è già in uso' });
  });

  it('refuses an invalid fiscal code (400); a fiscal code claimed by someone else is only a claim: no conflict, no oracle', async () => {
    const wrongCheck = fiscalCode.slice(0, 15) + (fiscalCode.endsWith('A') ? 'B' : 'A');
    const invalid = await ctx.post('/auth/register', {
      ...candidate,
      email: 'altro.candidato@example.it',
      fiscal_code: wrongCheck,
    });
    expectError(invalid, 400, 'VALIDATION_FAILED');
    expect(fieldErrors(invalid)).toEqual({ fiscal_code: 'Il codice fiscale non è valido' });

    // Someone signs up with Mario's fiscal code: the answer is the same as for any sign-up, Mario's account is untouched
    // and the squatter's code is an untrusted claim (it cannot be found, bound or trusted: ADR 0015).
    const [mario] = await ctx.db.select().from(users).where(eq(users.email, 'mario.rossi@demo.timbro.it'));
    const squat = await ctx.post('/auth/register', {
      ...candidate,
      email: 'altro.candidato@example.it',
      fiscal_code: mario!.fiscalCode,
    });
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
    const cf = generateCodiceFiscale({
      lastName: 'Rizzo',
      firstName: 'Ada',
      birthDate: '1990-03-04',
      sex: 'F',
      belfiore: 'H501',
    });
    const res = await ctx.post('/auth/register', {
      ...candidate,
      email,
      fiscal_code: cf,
      first_name: 'Ada',
      last_name: 'Rizzo',
    });
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
    const res = await ctx.post('/auth/register', {
      ...candidate,
      email: 'comune@example.it',
      password: 'password123',
      password_confirmation: 'password123',
    });
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
