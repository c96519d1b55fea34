import { generateCodiceFiscale } from '@timbro/shared';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { authSessions, userInfos, users } from '../src/db/schema';
import {
  DEMO_PASSWORD,
  cookiesOf,
  expectError,
  fieldErrors,
  useTestContext,
  type Session,
  type TestContext,
} from './helpers';

let ctx: TestContext;
useTestContext((opened) => {
  ctx = opened;
});

function clearedCookies(res: LightMyRequestResponse): string[] {
  return res.cookies
    .filter((c) => c.value === '')
    .map((c) => c.name)
    .sort();
}

const login = (username: string, password: string) => ctx.post('/auth/login', { username, password });

describe('POST /user/edit', () => {
  it('changes the names; GET /user reflects it and the session stays', async () => {
    const session = await ctx.login('giulia.esposito@demo.timbro.it');
    const res = await ctx.post(
      '/user/edit',
      {
        first_name: '  Giulia Maria ',
        last_name: 'Esposito Ferri',
        email: 'giulia.esposito@demo.timbro.it',
        language: 'en',
      },
      { session },
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-auth-status']).toBeUndefined();
    expect(res.json()).toMatchObject({
      id: session.userId,
      first_name: 'Giulia Maria',
      last_name: 'Esposito Ferri',
      email: 'giulia.esposito@demo.timbro.it',
      language: 'en',
    });
    // Still a member of Demo: the roles come along.
    expect(res.json().workspace_roles).toEqual([expect.objectContaining({ workspace_id: ctx.ws.demo, member: true })]);

    const me = await ctx.get('/user', { session });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual(res.json());
  });

  it('the same e-mail in other letter case is no change (no logout)', async () => {
    const session = await ctx.login('giulia.esposito@demo.timbro.it');
    const res = await ctx.post(
      '/user/edit',
      { first_name: 'Giulia', last_name: 'Esposito', email: 'Giulia.Esposito@DEMO.timbro.it' },
      { session },
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-auth-status']).toBeUndefined();
    expect(res.json()).toMatchObject({
      first_name: 'Giulia',
      last_name: 'Esposito',
      email: 'giulia.esposito@demo.timbro.it',
      language: 'en',
    });
    expect((await ctx.get('/user', { session })).statusCode).toBe(200);
  });

  it('an e-mail change answers 200 with X-Auth-Status: LoggedOut and ends every session', async () => {
    const oldEmail = 'luca.romano@demo.timbro.it';
    const newEmail = 'luca.romano.nuovo@demo.timbro.it';
    const session = await ctx.login(oldEmail);
    const other = await ctx.login(oldEmail);

    // Without the current password, or with a wrong one, nothing changes.
    const without = await ctx.post(
      '/user/edit',
      { first_name: 'Luca', last_name: 'Romano', email: newEmail },
      { session },
    );
    expectError(without, 400, 'VALIDATION_FAILED');
    expect(fieldErrors(without)).toEqual({
      current_password: 'Per cambiare l’email di accesso inserisci la password attuale',
    });
    const wrong = await ctx.post(
      '/user/edit',
      { first_name: 'Luca', last_name: 'Romano', email: newEmail, current_password: 'Sbagliata-2026' },
      { session },
    );
    expectError(wrong, 400, 'WRONG_PASSWORD');
    expect(fieldErrors(wrong)).toEqual({ current_password: 'La password attuale non è corretta' });
    expect((await ctx.get('/user', { session })).json().email).toBe(oldEmail);
    // An outstanding reset link of the old address must die with the change.
    expect((await ctx.post('/auth/forgot-password', { username: oldEmail })).statusCode).toBe(200);
    const resetLink = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(
      (await ctx.outbox(oldEmail)).filter((m) => m.template === 'reset-password').at(-1)!.textBody,
    )![1]!;

    const res = await ctx.post(
      '/user/edit',
      { first_name: 'Luca', last_name: 'Romano', email: newEmail, current_password: DEMO_PASSWORD },
      { session },
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-auth-status']).toBe('LoggedOut');
    expect(res.json()).toMatchObject({ email_verified: false });
    // The old address is told; the new one gets a confirmation link; the old reset link is dead.
    expect((await ctx.outbox(oldEmail)).map((m) => m.template)).toContain('email-changed');
    expect((await ctx.outbox(newEmail)).map((m) => m.template)).toEqual(['verify-email']);
    expectError(
      await ctx.post(`/auth/new-password/${resetLink}`, {
        password: 'Rubata-2026!!',
        password_confirmation: 'Rubata-2026!!',
      }),
      400,
      'TOKEN_INVALID',
    );
    expect(res.json()).toMatchObject({ id: session.userId, email: newEmail, first_name: 'Luca', last_name: 'Romano' });
    expect(clearedCookies(res)).toEqual(['timbro_at', 'timbro_rt']);

    expectError(await ctx.get('/user', { session }), 401, 'UNAUTHENTICATED');
    expectError(await ctx.get('/user', { session: other }), 401, 'UNAUTHENTICATED');
    expectError(await ctx.post('/auth/token/refresh', undefined, { session }), 401, 'UNAUTHENTICATED');

    const [row] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, session.userId));
    expect(row!.email).toBe(newEmail);
    // The new e-mail is the login now.
    expect((await login(newEmail, DEMO_PASSWORD)).statusCode).toBe(200);
    expectError(await login(oldEmail, DEMO_PASSWORD), 401, 'INVALID_CREDENTIALS');
  });

  it('refuses an e-mail already in use: 409 with X-Error-Message UniqueConstraintViolation', async () => {
    const session = await ctx.login('francesca.colombo@demo.timbro.it');
    for (const email of ['admin@demo.timbro.it', 'Admin@Demo.Timbro.IT']) {
      const res = await ctx.post(
        '/user/edit',
        { first_name: 'Francesca', last_name: 'Colombo', email, current_password: DEMO_PASSWORD },
        { session },
      );
      const body = expectError(res, 409, 'CONFLICT');
      expect(res.headers['x-error-message']).toBe('UniqueConstraintViolation');
      expect(body.message).toBe('Questo indirizzo email è già in uso');
      expect(fieldErrors(res)).toEqual({ email: 'Questo indirizzo email è già in uso' });
      expect(res.headers['x-auth-status']).toBeUndefined();
    }
    // Nothing changed and the session is intact.
    const me = await ctx.get('/user', { session });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe('francesca.colombo@demo.timbro.it');
  });

  it('answers the validation messages in Italian', async () => {
    const session = await ctx.login('chiara.marino@demo.timbro.it');
    const missing = await ctx.post('/user/edit', {}, { session });
    expectError(missing, 400, 'VALIDATION_FAILED');
    expect(fieldErrors(missing)).toEqual({
      first_name: 'Inserisci il nome',
      last_name: 'Inserisci il cognome',
      email: "Inserisci l'indirizzo email",
    });

    const blank = await ctx.post('/user/edit', { first_name: '   ', last_name: '', email: '' }, { session });
    expectError(blank, 400, 'VALIDATION_FAILED');
    expect(fieldErrors(blank)).toEqual({
      first_name: 'Inserisci il nome',
      last_name: 'Inserisci il cognome',
      email: "Inserisci l'indirizzo email",
    });

    const invalid = await ctx.post(
      '/user/edit',
      { first_name: 'Chiara', last_name: 'Marino', email: 'chiara.marino@', language: 'klingon' },
      { session },
    );
    expectError(invalid, 400, 'VALIDATION_FAILED');
    expect(fieldErrors(invalid)).toEqual({
      email: 'Inserisci un indirizzo email valido',
      language: 'Lingua non supportata',
    });

    const tooLong = await ctx.post(
      '/user/edit',
      { first_name: 'x'.repeat(101), last_name: 'Marino', email: 'chiara.marino@demo.timbro.it' },
      { session },
    );
    expectError(tooLong, 400, 'VALIDATION_FAILED');
    expect(fieldErrors(tooLong)).toEqual({ first_name: 'Massimo 100 caratteri' });

    const me = await ctx.get('/user', { session });
    expect(me.json()).toMatchObject({
      first_name: 'Chiara',
      last_name: 'Marino',
      email: 'chiara.marino@demo.timbro.it',
    });
  });

  it('needs a session (401)', async () => {
    expectError(
      await ctx.post('/user/edit', { first_name: 'A', last_name: 'B', email: 'a@b.it' }),
      401,
      'UNAUTHENTICATED',
    );
  });
});

describe('POST /user/change-password', () => {
  const email = 'alessandro.ricci@demo.timbro.it';
  const newPassword = 'CambiataOra-2026';
  let session: Session;

  beforeAll(async () => {
    session = await ctx.login(email);
  });

  it('refuses a wrong current password: 400 with X-Error-Message WrongPassword', async () => {
    const res = await ctx.post(
      '/user/change-password',
      { old_password: 'NonQuella-2026', new_password: newPassword },
      { session },
    );
    const body = expectError(res, 400, 'WRONG_PASSWORD');
    expect(res.headers['x-error-message']).toBe('WrongPassword');
    expect(body.message).toBe('La password attuale non è corretta');
    expect(fieldErrors(res)).toEqual({ old_password: 'La password attuale non è corretta' });
    // Unchanged: the old password still logs in.
    expect((await login(email, DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a new password shorter than 10 characters, and missing fields', async () => {
    const short = await ctx.post(
      '/user/change-password',
      { old_password: DEMO_PASSWORD, new_password: 'Corta-123' },
      { session },
    );
    expectError(short, 400, 'VALIDATION_FAILED');
    expect(fieldErrors(short)).toEqual({ new_password: 'La password deve contenere almeno 10 caratteri' });

    const missing = await ctx.post('/user/change-password', {}, { session });
    expectError(missing, 400, 'VALIDATION_FAILED');
    expect(fieldErrors(missing)).toEqual({
      old_password: 'Inserisci la password attuale',
      new_password: 'Inserisci la nuova password',
    });

    const blank = await ctx.post('/user/change-password', { old_password: '', new_password: '' }, { session });
    expectError(blank, 400, 'VALIDATION_FAILED');
    expect(fieldErrors(blank)).toEqual({
      old_password: 'Inserisci la password attuale',
      new_password: 'Inserisci la nuova password',
    });
  });

  it('changes the password: this session stays, the other sessions end, the new password logs in', async () => {
    const other = await ctx.login(email);
    const res = await ctx.post(
      '/user/change-password',
      { old_password: DEMO_PASSWORD, new_password: newPassword },
      { session },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: expect.stringMatching(/\S/) });
    expect(res.headers['x-auth-status']).toBeUndefined();

    expect((await ctx.get('/user', { session })).statusCode).toBe(200);
    // The current session also keeps its refresh token.
    const refreshed = await ctx.post('/auth/token/refresh', undefined, { session });
    expect(refreshed.statusCode).toBe(200);
    expect((await ctx.get('/user', { session: { ...session, cookie: cookiesOf(refreshed) } })).statusCode).toBe(200);

    expectError(await ctx.get('/user', { session: other }), 401, 'UNAUTHENTICATED');
    expectError(await ctx.post('/auth/token/refresh', undefined, { session: other }), 401, 'UNAUTHENTICATED');

    expect((await login(email, newPassword)).statusCode).toBe(200);
    expectError(await login(email, DEMO_PASSWORD), 401, 'INVALID_CREDENTIALS');
    expect((await ctx.outbox(email)).map((m) => m.template)).toContain('password-changed');
  });

  it('needs a session (401)', async () => {
    expectError(
      await ctx.post('/user/change-password', { old_password: DEMO_PASSWORD, new_password: newPassword }),
      401,
      'UNAUTHENTICATED',
    );
  });
});

describe('POST /user/immediately-delete', () => {
  async function expectCannotDelete(email: string) {
    const session = await ctx.login(email);
    const res = await ctx.post('/user/immediately-delete', { password: DEMO_PASSWORD }, { session });
    const body = expectError(res, 409, 'CANNOT_DELETE_USER');
    expect(res.headers['x-error-message']).toBe('CannotDeleteUser');
    expect(body.message).toBe('Questo profilo non può essere eliminato');
    expect(res.headers['x-auth-status']).toBeUndefined();
    // The account and the session are untouched.
    expect((await ctx.get('/user', { session })).statusCode).toBe(200);
    expect(await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, session.userId))).toHaveLength(1);
  }

  it('refuses a member with an employee record (409 CannotDeleteUser)', async () => {
    await expectCannotDelete('mario.rossi@demo.timbro.it');
  });

  it('refuses the last admin of a workspace (admin@beta.timbro.it)', async () => {
    await expectCannotDelete('admin@beta.timbro.it');
  });

  it('refuses the only platform operator', async () => {
    await expectCannotDelete('operator@demo.timbro.it');
  });

  it('an admin with an enabled co-admin may leave; a disabled co-admin does not count', async () => {
    const [coAdmin] = await ctx.db
      .insert(users)
      .values({ email: 'coadmin@beta.timbro.it', firstName: 'Cora', lastName: 'Admin' })
      .returning({ id: users.id });
    const [membership] = await ctx.db
      .insert(userInfos)
      .values({
        workspaceId: ctx.ws.beta,
        userId: coAdmin!.id,
        firstName: 'Cora',
        lastName: 'Admin',
        isAdmin: true,
        enabled: false,
      })
      .returning({ id: userInfos.id });
    // Co-admin membership disabled: admin@beta is still the last enabled admin.
    await expectCannotDelete('admin@beta.timbro.it');
    // Co-admin membership enabled but the co-admin's account disabled: still the last.
    await ctx.db.update(userInfos).set({ enabled: true }).where(eq(userInfos.id, membership!.id));
    await ctx.db.update(users).set({ enabled: false }).where(eq(users.id, coAdmin!.id));
    await expectCannotDelete('admin@beta.timbro.it');

    await ctx.db.update(users).set({ enabled: true }).where(eq(users.id, coAdmin!.id));
    const session = await ctx.login('admin@beta.timbro.it');
    const res = await ctx.post('/user/immediately-delete', { password: DEMO_PASSWORD }, { session });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-auth-status']).toBe('LoggedOut');
    expectError(await ctx.get('/user', { session }), 401, 'UNAUTHENTICATED');
    expect(
      await ctx.db.select({ id: userInfos.id }).from(userInfos).where(eq(userInfos.userId, session.userId)),
    ).toEqual([]);
    // Now the co-admin is the last admin of Beta.
    const [left] = await ctx.db
      .select({ id: userInfos.id })
      .from(userInfos)
      .where(and(eq(userInfos.workspaceId, ctx.ws.beta), eq(userInfos.isAdmin, true)));
    expect(left!.id).toBe(membership!.id);
  });

  it('an accountant without employee records may delete the profile', async () => {
    const session = await ctx.login('consulente@demo.timbro.it');
    // The password is asked first: missing or wrong, nothing happens.
    const missing = await ctx.post('/user/immediately-delete', {}, { session });
    expectError(missing, 400, 'VALIDATION_FAILED');
    expect(fieldErrors(missing)).toEqual({ password: 'Inserisci la password per eliminare il profilo' });
    expectError(
      await ctx.post('/user/immediately-delete', { password: 'Sbagliata-2026' }, { session }),
      400,
      'WRONG_PASSWORD',
    );
    expect((await ctx.get('/user', { session })).statusCode).toBe(200);
    const res = await ctx.post('/user/immediately-delete', { password: DEMO_PASSWORD }, { session });
    expect(res.statusCode).toBe(200);
    expectError(await ctx.get('/user', { session }), 401, 'UNAUTHENTICATED');
    expectError(await login('consulente@demo.timbro.it', DEMO_PASSWORD), 401, 'INVALID_CREDENTIALS');
  });

  it('deletes a freshly registered candidate; afterwards they cannot log in', async () => {
    const password = 'Candidata-2026';
    const email = 'sofia.leone@example.it';
    const reg = await ctx.post('/auth/register', {
      first_name: 'Sofia',
      last_name: 'Leone',
      email,
      fiscal_code: generateCodiceFiscale({
        lastName: 'Leone',
        firstName: 'Sofia',
        birthDate: '1999-10-04',
        sex: 'F',
        belfiore: 'L219',
      }),
      password,
      password_confirmation: password,
    });
    expect(reg.statusCode).toBe(200);
    const session: Session = { cookie: cookiesOf(reg), email, userId: reg.json().id };
    expect((await ctx.get('/user', { session })).statusCode).toBe(200);

    const res = await ctx.post('/user/immediately-delete', { password }, { session });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: expect.stringMatching(/\S/) });
    expect(res.headers['x-auth-status']).toBe('LoggedOut');
    expect(clearedCookies(res)).toEqual(['timbro_at', 'timbro_rt']);

    expectError(await ctx.get('/user', { session }), 401, 'UNAUTHENTICATED');
    expectError(await login(email, password), 401, 'INVALID_CREDENTIALS');
    expect(await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, session.userId))).toEqual([]);
    expect(
      await ctx.db.select({ id: authSessions.id }).from(authSessions).where(eq(authSessions.userId, session.userId)),
    ).toEqual([]);
  });

  it('needs a session (401)', async () => {
    expectError(await ctx.post('/user/immediately-delete'), 401, 'UNAUTHENTICATED');
  });
});

describe('POST /user/language', () => {
  it('remembers the interface language; an unknown language is a 400 with an Italian message', async () => {
    const session = await ctx.login('giulia.esposito@demo.timbro.it');
    const bad = await ctx.post('/user/language', { language: 'xx' }, { session });
    expect(bad.statusCode).toBe(400);
    expect(fieldErrors(bad).language).toBe('Lingua non supportata');
    const ok = await ctx.post('/user/language', { language: 'ar' }, { session });
    expect(ok.statusCode).toBe(200);
    expect((await ctx.get('/user', { session })).json().language).toBe('ar');
    expect((await ctx.post('/user/language', { language: 'it' })).statusCode).toBe(401);
  });
});
