import {
  CLIENT_HEADER,
  CLIENT_HEADER_APP_VALUE,
  CLIENT_HEADER_VALUE,
  PERMISSIONS,
  generateCodiceFiscale,
  type User,
} from '@timbro/shared';
import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { authSessions, oneTimeTokens, users } from '../src/db/schema';
import * as passwords from '../src/lib/passwords';
import {
  cookiesOf,
  createTestContext,
  DEMO_PASSWORD,
  editableUser,
  expectError,
  fieldErrors,
  type Session,
  type TestContext,
} from './helpers';

/**
 * Issue 10, section 2 and 3: global accounts can never be taken over through a workspace, an unverified sign-up can
 * never block or capture a real enrolment, nothing leaks across tenants, and tokens and sessions behave (ADR 0015).
 */
let ctx: TestContext;
let admin: Session;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login('admin@demo.timbro.it');
});
afterAll(async () => ctx?.close());

const asAdmin = () => ({ session: admin, workspace: ctx.ws.demo });
let seq = 0;
function freshCf(lastName: string, firstName: string) {
  seq++;
  const month = String((seq % 12) + 1).padStart(2, '0');
  const day = String((Math.floor(seq / 12) % 28) + 1).padStart(2, '0');
  return generateCodiceFiscale({ lastName, firstName, birthDate: `1988-${month}-${day}`, sex: 'F', belfiore: 'L219' });
}
function employee(overrides: Record<string, unknown> = {}) {
  const n = ++seq;
  return {
    firstName: 'Ilaria',
    lastName: 'Nuova',
    email: `ilaria.nuova${n}@example.it`,
    fiscalCode: freshCf('Nuova', 'Ilaria'),
    roles: ['member'],
    workEmail: `ilaria.nuova${n}@demo.timbro.it`,
    pec: `ilaria.nuova${n}@pec.it`,
    ...overrides,
  };
}
const editable = editableUser;
async function resetTokenFromMail(to: string): Promise<string> {
  const mails = (await ctx.outbox(to)).filter((m) => m.template === 'reset-password');
  return /\/reset-password\/([A-Za-z0-9_-]+)/.exec(mails.at(-1)!.textBody)![1]!;
}

describe('the operator takeover chain (search-unbound → bind → change e-mail → reset) is closed', () => {
  it('a workspace admin can neither find, bind nor re-address the operator; the operator account is untouched', async () => {
    const [operator] = await ctx.db.select().from(users).where(eq(users.email, 'operator@demo.timbro.it'));
    // 1. search-unbound never finds platform accounts.
    const found = await ctx.get('/admin/user/search-unbound', {
      ...asAdmin(),
      query: { fiscal_code: operator!.fiscalCode! },
    });
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual([]);
    // 2. "Binding" by id is no longer a thing (the field is ignored); enrolling with the operator's e-mail only makes a
    //    pending record of the workspace that the operator can never accept.
    const created = await ctx.post(
      '/admin/user',
      employee({ email: 'operator@demo.timbro.it', fiscalCode: operator!.fiscalCode, bindUserId: operator!.id }),
      asAdmin(),
    );
    expect(created.statusCode, created.body).toBe(200);
    const record = created.json() as User;
    expect(record).toMatchObject({
      invitationStatus: 'pending',
      loginEmailEditable: false,
      firstName: 'Ilaria',
      lastLoginAt: { web: null, app: null },
    });
    // 3. The login e-mail cannot be changed by the workspace.
    const rename = await ctx.post(
      `/admin/user/${record.id}`,
      { ...editable(record), email: 'attacker@evil.example' },
      asAdmin(),
    );
    expectError(rename, 400, 'VALIDATION_FAILED');
    expect(fieldErrors(rename)).toEqual({
      email: 'L’email di accesso appartiene alla persona: può cambiarla solo dal suo profilo',
    });
    // 4. A reset for the attacker's address finds nobody; the operator logs in as before and never joined Demo.
    expectError(await ctx.post('/auth/forgot-password', { username: 'attacker@evil.example' }), 404, 'NOT_FOUND');
    const [after] = await ctx.db.select().from(users).where(eq(users.id, operator!.id));
    expect(after).toMatchObject({
      email: operator!.email,
      passwordHash: operator!.passwordHash,
      isOperator: true,
      fiscalCode: operator!.fiscalCode,
    });
    const op = await ctx.login('operator@demo.timbro.it');
    expect((await ctx.get('/user/invitations', { session: op })).json()).toEqual([]);
    expectError(await ctx.post(`/user/invitations/${record.id}/accept`, {}, { session: op }), 404, 'NOT_FOUND');
    expect(await ctx.outbox('operator@demo.timbro.it')).toEqual([]);
  });

  it('the admin never changes a global account’s password or operator flag through the employee record', async () => {
    const id = (await ctx.get('/admin/user', { ...asAdmin(), query: { search: 'mario.rossi' } })).json().items[0]
      .id as string;
    const mario = (await ctx.get(`/admin/user/${id}`, asAdmin())).json() as User;
    const [before] = await ctx.db.select().from(users).where(eq(users.id, mario.userId));
    const res = await ctx.post(
      `/admin/user/${id}`,
      {
        ...editable(mario),
        password: 'Presa-2026!!',
        isOperator: true,
        oimmei: true,
        passwordHash: 'x',
        userId: randomBytes(4).toString('hex'),
      },
      asAdmin(),
    );
    expect(res.statusCode, res.body).toBe(200);
    const [after] = await ctx.db.select().from(users).where(eq(users.id, mario.userId));
    expect(after).toEqual(before);
  });
});

describe('the squatting chain is closed: an unverified sign-up never blocks or captures a real enrolment', () => {
  it('a sign-up with the future employee’s fiscal code: the admin enrols the real person by e-mail and it just works', async () => {
    const cf = freshCf('Vittima', 'Vera');
    const attacker = await ctx.post('/auth/register', {
      first_name: 'Vera',
      last_name: 'Vittima',
      email: 'squatter@evil.example',
      fiscal_code: cf,
      password: 'Squatter-2026!',
      password_confirmation: 'Squatter-2026!',
    });
    expect(attacker.statusCode).toBe(200);
    const res = await ctx.post(
      '/admin/user',
      employee({ firstName: 'Vera', lastName: 'Vittima', email: 'vera.vittima@example.it', fiscalCode: cf }),
      asAdmin(),
    );
    expect(res.statusCode, res.body).toBe(200);
    const record = res.json() as User;
    const [victim] = await ctx.db.select().from(users).where(eq(users.email, 'vera.vittima@example.it'));
    expect(record.userId).toBe(victim!.id);
    expect(record.userId).not.toBe(attacker.json().id);
    // The attacker has no invitation; the victim's first-login link makes her a member.
    const squatter: Session = {
      cookie: cookiesOf(attacker),
      email: 'squatter@evil.example',
      userId: attacker.json().id,
    };
    expect((await ctx.get('/user/invitations', { session: squatter })).json()).toEqual([]);
    const link = /\/first-login\/([A-Za-z0-9_-]+)/.exec(
      (await ctx.outbox('vera.vittima@example.it'))[0]!.textBody,
    )![1]!;
    expect(
      (
        await ctx.post(`/auth/first-login/${link}`, {
          password: 'Vittima-2026!',
          password_confirmation: 'Vittima-2026!',
        })
      ).statusCode,
    ).toBe(200);
    const vera = await ctx.login('vera.vittima@example.it', 'Vittima-2026!');
    expect((await ctx.get('/user', { session: vera })).json().workspace_roles).toEqual([
      expect.objectContaining({ workspace_id: ctx.ws.demo, member: true }),
    ]);
    // The victim's code is trusted now; the squatter's unverified claim of it is dropped (their account stays).
    const [v] = await ctx.db.select().from(users).where(eq(users.id, victim!.id));
    expect(v!.fiscalCodeVerifiedAt).not.toBeNull();
    const [s] = await ctx.db.select().from(users).where(eq(users.id, squatter.userId));
    expect(s).toMatchObject({ fiscalCode: null, email: 'squatter@evil.example' });
  });

  it('a sign-up with the future employee’s e-mail cannot accept; the real owner resets the password and accepts', async () => {
    const email = 'futura.dipendente@example.it';
    const attacker = await ctx.post('/auth/register', {
      first_name: 'Falsa',
      last_name: 'Identità',
      email,
      fiscal_code: freshCf('Identita', 'Falsa'),
      password: 'Squatter-2026!',
      password_confirmation: 'Squatter-2026!',
    });
    expect(attacker.statusCode).toBe(200);
    const squatter: Session = { cookie: cookiesOf(attacker), email, userId: attacker.json().id };
    const res = await ctx.post(
      '/admin/user',
      employee({ firstName: 'Futura', lastName: 'Dipendente', email }),
      asAdmin(),
    );
    expect(res.statusCode, res.body).toBe(200);
    const record = res.json() as User;
    // The workspace shows its own names, not the sign-up's, and no activity.
    expect(record).toMatchObject({
      firstName: 'Futura',
      lastName: 'Dipendente',
      invitationStatus: 'pending',
      lastLoginAt: { web: null, app: null },
    });
    const invitations = (await ctx.get('/user/invitations', { session: squatter })).json();
    expect(invitations).toEqual([
      expect.objectContaining({
        id: record.id,
        workspace: { id: ctx.ws.demo, name: 'Demo S.r.l.' },
        roles: ['member'],
      }),
    ]);
    expect((await ctx.get('/user', { session: squatter })).json()).toMatchObject({
      email_verified: false,
      pending_invitations: 1,
    });
    const refused = await ctx.post(`/user/invitations/${record.id}/accept`, {}, { session: squatter });
    expect(expectError(refused, 409, 'CONFLICT').message).toBe(
      'Conferma prima il tuo indirizzo email: ti abbiamo inviato un link',
    );
    expect((await ctx.get('/user/invitations', { session: squatter })).json()).toHaveLength(1);

    // The real owner of the mailbox takes the account back; the squatter's session ends with the reset.
    expect((await ctx.post('/auth/forgot-password', { username: email })).statusCode).toBe(200);
    const token = await resetTokenFromMail(email);
    expect(
      (
        await ctx.post(`/auth/new-password/${token}`, {
          password: 'Proprietaria-2026!',
          password_confirmation: 'Proprietaria-2026!',
        })
      ).statusCode,
    ).toBe(200);
    expectError(await ctx.get('/user', { session: squatter }), 401, 'UNAUTHENTICATED');
    const owner = await ctx.login(email, 'Proprietaria-2026!');
    const accepted = await ctx.post(`/user/invitations/${record.id}/accept`, {}, { session: owner });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().workspace_roles).toEqual([
      expect.objectContaining({ workspace_id: ctx.ws.demo, member: true }),
    ]);
    expect((await ctx.get(`/admin/user/${record.id}`, asAdmin())).json() as User).toMatchObject({
      invitationStatus: 'accepted',
      lastLoginAt: { web: expect.any(String) },
    });
  });
});

describe('invitations: the account holder sees the company, then accepts or declines', () => {
  it('an existing account is invited, not bound: no access before accepting; decline keeps the company’s record, disabled', async () => {
    const paolo = await ctx.login('paolo.lombardi@beta.timbro.it');
    const res = await ctx.post(
      '/admin/user',
      employee({ firstName: 'Paolo', lastName: 'Lombardi', email: 'paolo.lombardi@beta.timbro.it' }),
      asAdmin(),
    );
    expect(res.statusCode, res.body).toBe(200);
    const record = res.json() as User;
    expect((await ctx.outbox('paolo.lombardi@beta.timbro.it')).map((m) => m.template)).toEqual([
      'workspace-invitation',
    ]);
    expectError(
      await ctx.get('/attendance/user-info/current', { session: paolo, workspace: ctx.ws.demo }),
      403,
      'WORKSPACE_FORBIDDEN',
    );
    // Beta cannot answer Demo's invitations, nor can anyone else.
    const mario = await ctx.login('mario.rossi@demo.timbro.it');
    expectError(await ctx.post(`/user/invitations/${record.id}/accept`, {}, { session: mario }), 404, 'NOT_FOUND');
    const declined = await ctx.post(`/user/invitations/${record.id}/decline`, {}, { session: paolo });
    expect(declined.statusCode).toBe(200);
    expect(declined.json().workspace_roles.map((r: { workspace_id: string }) => r.workspace_id)).toEqual([ctx.ws.beta]);
    expect((await ctx.get(`/admin/user/${record.id}`, asAdmin())).json()).toMatchObject({
      invitationStatus: 'declined',
      enabled: false,
    });
    expectError(await ctx.post(`/user/invitations/${record.id}/accept`, {}, { session: paolo }), 404, 'NOT_FOUND');
    // The workspace may invite again: the record is pending once more and the person may accept now.
    expectError(await ctx.post(`/admin/user/${record.id}/resend-invitation`, {}, asAdmin()), 409, 'CONFLICT');
    // The resend route: 403 for a member and the accountant, 404 from another workspace (the access table of ADR 0015).
    for (const email of ['mario.rossi@demo.timbro.it', 'consulente@demo.timbro.it']) {
      const who = await ctx.login(email);
      expectError(
        await ctx.post(`/admin/user/${record.id}/resend-invitation`, {}, { session: who, workspace: ctx.ws.demo }),
        403,
        'FORBIDDEN',
      );
    }
    const betaAdmin = await ctx.login('admin@beta.timbro.it');
    expectError(
      await ctx.post(`/admin/user/${record.id}/resend-invitation`, {}, { session: betaAdmin, workspace: ctx.ws.beta }),
      404,
      'NOT_FOUND',
    );
    await ctx.post(`/admin/user/${record.id}/enable`, {}, asAdmin());
    const resent = await ctx.post(`/admin/user/${record.id}/resend-invitation`, {}, asAdmin());
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json()).toMatchObject({ invitationStatus: 'pending', enabled: true });
    expect((await ctx.outbox('paolo.lombardi@beta.timbro.it')).map((m) => m.template)).toEqual([
      'workspace-invitation',
      'workspace-invitation',
    ]);
    const accepted = await ctx.post(`/user/invitations/${record.id}/accept`, {}, { session: paolo });
    expect(accepted.statusCode).toBe(200);
    expect(
      (await ctx.get('/attendance/user-info/current', { session: paolo, workspace: ctx.ws.demo })).statusCode,
    ).toBe(200);
  });

  it('deleting one’s account never deletes a company’s pending record: it stays with the company, declined', async () => {
    const email = 'cancellabile@example.it';
    const reg = await ctx.post('/auth/register', {
      first_name: 'Carla',
      last_name: 'Cancella',
      email,
      fiscal_code: freshCf('Cancella', 'Carla'),
      password: 'Cancella-2026!',
      password_confirmation: 'Cancella-2026!',
    });
    const session: Session = { cookie: cookiesOf(reg), email, userId: reg.json().id };
    const record = (
      await ctx.post('/admin/user', employee({ email, firstName: 'Carla', lastName: 'Cancella' }), asAdmin())
    ).json() as User;
    expect((await ctx.post('/user/immediately-delete', { password: 'Cancella-2026!' }, { session })).statusCode).toBe(
      200,
    );
    const kept = (await ctx.get(`/admin/user/${record.id}`, asAdmin())).json() as User;
    expect(kept).toMatchObject({ id: record.id, firstName: 'Carla', invitationStatus: 'declined', enabled: false });
    expect(kept.userId).not.toBe(session.userId);
  });
});

describe('oracles: no tenant and no anonymous caller learns names, e-mails, last logins or who has an account', () => {
  it('enrolling a person who has an account elsewhere answers exactly like enrolling a new person', async () => {
    const a = (
      await ctx.post(
        '/admin/user',
        employee({ email: 'valentina.barbieri@beta.timbro.it', firstName: 'Vale', lastName: 'B' }),
        asAdmin(),
      )
    ).json() as User;
    const b = (
      await ctx.post(
        '/admin/user',
        employee({ email: 'nessuno.ancora@example.it', firstName: 'Vale', lastName: 'B' }),
        asAdmin(),
      )
    ).json() as User;
    const shape = (u: User) => ({
      ...u,
      id: '',
      userId: '',
      email: '',
      fiscalCode: '',
      workEmail: '',
      pec: '',
      createdAt: '',
      loginEmailEditable: false,
    });
    expect(shape(a)).toEqual(shape(b));
    expect(a.lastLoginAt).toEqual({ web: null, app: null });
    expect(JSON.stringify(a)).not.toContain('Barbieri');
  });

  it('sign-up tells nothing about fiscal codes; only the spec’s e-mail conflict remains', async () => {
    const [mario] = await ctx.db.select().from(users).where(eq(users.email, 'mario.rossi@demo.timbro.it'));
    const body = {
      first_name: 'X',
      last_name: 'Y',
      fiscal_code: mario!.fiscalCode,
      password: 'Qualcosa-2026!',
      password_confirmation: 'Qualcosa-2026!',
    };
    const res = await ctx.post('/auth/register', { ...body, email: 'oracolo@example.it' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/Rossi|Mario|mario/);
  });

  it('employees look colleagues up by name only, without former staff', async () => {
    const mario = await ctx.login('mario.rossi@demo.timbro.it');
    const res = await ctx.get('/ajax/users', {
      session: mario,
      workspace: ctx.ws.demo,
      query: { include_disabled: 'true' },
    });
    expect(res.statusCode).toBe(200);
    const rows = res.json() as { id: string; name: string; enabled: boolean }[];
    expect(rows.every((r) => Object.keys(r).sort().join() === 'enabled,id,name' && r.enabled)).toBe(true);
  });
});

describe('/admin/* is for admins and accountants; members read through /attendance/ajax/*', () => {
  it('no /admin route grants a member, and a member is refused the admin reads but served the lookups', async () => {
    const adminRoutes = ctx.app.routeDeclarations.filter((r) => r.url.startsWith('/api/v1/admin/'));
    expect(adminRoutes.length).toBeGreaterThan(30);
    for (const r of adminRoutes) {
      expect(r.permission, `${r.method} ${r.url}`).not.toBe('public');
      expect(
        PERMISSIONS[r.permission as keyof typeof PERMISSIONS] as readonly string[],
        `${r.method} ${r.url}`,
      ).not.toContain('member');
      expect(
        PERMISSIONS[r.permission as keyof typeof PERMISSIONS] as readonly string[],
        `${r.method} ${r.url}`,
      ).not.toContain('user');
    }
    const mario = await ctx.login('mario.rossi@demo.timbro.it');
    const as = { session: mario, workspace: ctx.ws.demo };
    for (const url of [
      '/admin/holiday',
      '/admin/template-day',
      '/admin/template-week',
      '/admin/justification',
      `/admin/workspace/${ctx.ws.demo}`,
    ]) {
      expectError(await ctx.get(url, as), 403, 'FORBIDDEN');
    }
    for (const url of [
      '/attendance/ajax/template-days',
      '/attendance/ajax/template-weeks',
      '/attendance/ajax/justifications',
    ]) {
      expect((await ctx.get(url, as)).statusCode, url).toBe(200);
    }
    expect(
      (await ctx.get('/attendance/ajax/holidays', { ...as, query: { from: '2026-01-01', to: '2026-12-31' } }))
        .statusCode,
    ).toBe(200);
  });
});

describe('set-password links: looked up before hashing, rate-limited like login', () => {
  it('a flood of made-up tokens hashes no password and is cut at 30 per address', async () => {
    const hash = vi.spyOn(passwords, 'hashPassword');
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/v1/auth/${i % 2 ? 'first-login' : 'new-password'}/${randomBytes(32).toString('base64url')}`,
        remoteAddress: '10.77.0.1',
        headers: { [CLIENT_HEADER]: CLIENT_HEADER_VALUE },
        payload: { password: 'Qualsiasi-2026!', password_confirmation: 'Qualsiasi-2026!' },
      });
      statuses.push(res.statusCode);
    }
    expect(hash).not.toHaveBeenCalled();
    hash.mockRestore();
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
  });
});

describe('app-mode tokens and logout', () => {
  const loginAs = (headers: Record<string, string>, username = 'giulia.esposito@demo.timbro.it') =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers,
      payload: { username, password: DEMO_PASSWORD },
    });

  it('tokens come in headers only to a login made as the app; a cookie request never gets them', async () => {
    const web = await loginAs({ [CLIENT_HEADER]: CLIENT_HEADER_VALUE, 'x-auth-mode': 'app' });
    expect(web.statusCode).toBe(200);
    expect(web.headers['x-access-token']).toBeUndefined();
    expect(web.headers['x-refresh-token']).toBeUndefined();
    // The session's two cookies and the known-device cookie (lib/tokens.ts), nothing else.
    expect(web.cookies.map((c) => c.name).sort()).toEqual(['timbro_at', 'timbro_dev', 'timbro_rt']);

    const app = await loginAs({ [CLIENT_HEADER]: CLIENT_HEADER_APP_VALUE, 'x-auth-mode': 'app' });
    expect(app.statusCode).toBe(200);
    expect(app.cookies).toEqual([]);
    const access = app.headers['x-access-token'] as string;
    const refresh = app.headers['x-refresh-token'] as string;
    expect(access).toMatch(/^v2\./);
    expect(refresh.length).toBeGreaterThan(20);
    // The browser session asking in app mode with its cookie gets cookies, never header tokens.
    const cookieRefresh = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/token/refresh',
      headers: { [CLIENT_HEADER]: CLIENT_HEADER_APP_VALUE, 'x-auth-mode': 'app', cookie: cookiesOf(web) },
    });
    expect(cookieRefresh.statusCode).toBe(200);
    expect(cookieRefresh.headers['x-access-token']).toBeUndefined();
    // The app refreshes with its header token.
    const appRefresh = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/token/refresh',
      headers: { [CLIENT_HEADER]: CLIENT_HEADER_APP_VALUE, 'x-auth-mode': 'app', 'x-refresh-token': refresh },
    });
    expect(appRefresh.statusCode, appRefresh.body).toBe(200);
    const refresh2 = appRefresh.headers['x-refresh-token'] as string;
    const access2 = appRefresh.headers['x-access-token'] as string;
    expect(refresh2).not.toBe(refresh);
    // An app logout with X-Refresh-Token revokes that session: its access token stops working.
    const me = () =>
      ctx.app.inject({ method: 'GET', url: '/api/v1/user', headers: { authorization: `Bearer ${access2}` } });
    expect((await me()).statusCode).toBe(200);
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { [CLIENT_HEADER]: CLIENT_HEADER_APP_VALUE, 'x-refresh-token': refresh2 },
    });
    expect(out.statusCode).toBe(200);
    expect((await me()).statusCode).toBe(401);
  });
});

describe('sessions: absolute lifetime, idle timeout, and the person’s own list', () => {
  it('a browser session ends after 30 idle minutes; a remembered one keeps its absolute end on refresh', async () => {
    const session = await ctx.login('sara.bruno@demo.timbro.it');
    const live = await ctx.db
      .select()
      .from(authSessions)
      .where(and(eq(authSessions.userId, session.userId), isNull(authSessions.revokedAt)));
    expect(live.length).toBeGreaterThan(0);
    await ctx.db
      .update(authSessions)
      .set({ lastSeenAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(authSessions.userId, session.userId));
    expectError(await ctx.get('/user', { session }), 401, 'UNAUTHENTICATED');
    expectError(await ctx.post('/auth/token/refresh', undefined, { session }), 401, 'UNAUTHENTICATED');

    const remembered = await ctx.post('/auth/login', {
      username: 'sara.bruno@demo.timbro.it',
      password: DEMO_PASSWORD,
      remember_me: true,
    });
    const s2: Session = { cookie: cookiesOf(remembered), email: 'sara.bruno@demo.timbro.it', userId: session.userId };
    const remember = (
      await ctx.db
        .select()
        .from(authSessions)
        .where(and(eq(authSessions.userId, session.userId), isNull(authSessions.revokedAt)))
    ).find((r) => r.rememberMe)!;
    const end = remember.expiresAt.getTime();
    expect(end - Date.now()).toBeGreaterThan(29 * 24 * 3600_000);
    // Two hours idle is fine for a remembered session; the refresh does not move its absolute end.
    await ctx.db
      .update(authSessions)
      .set({ lastSeenAt: new Date(Date.now() - 2 * 3600_000) })
      .where(eq(authSessions.id, remember.id));
    const r = await ctx.post('/auth/token/refresh', undefined, { session: s2 });
    expect(r.statusCode, r.body).toBe(200);
    const [afterRefresh] = await ctx.db.select().from(authSessions).where(eq(authSessions.id, remember.id));
    expect(afterRefresh!.expiresAt.getTime()).toBe(end);
    // Past its absolute end it is over, however active.
    await ctx.db
      .update(authSessions)
      .set({ expiresAt: new Date(Date.now() - 1000), lastSeenAt: new Date() })
      .where(eq(authSessions.id, remember.id));
    expectError(
      await ctx.post('/auth/token/refresh', undefined, { session: { ...s2, cookie: cookiesOf(r) } }),
      401,
      'UNAUTHENTICATED',
    );
  });

  it('a person sees their sessions and ends one or all the others; never someone else’s', async () => {
    const a = await ctx.login('simone.fontana@demo.timbro.it');
    const b = await ctx.login('simone.fontana@demo.timbro.it');
    const c = await ctx.login('simone.fontana@demo.timbro.it');
    const list = (await ctx.get('/user/sessions', { session: a })).json() as {
      id: string;
      current: boolean;
      client: string;
    }[];
    expect(list.length).toBeGreaterThanOrEqual(3);
    expect(list.filter((s) => s.current)).toHaveLength(1);
    const others = list.filter((s) => !s.current);
    // Someone else cannot end Simone's sessions.
    const mario = await ctx.login('mario.rossi@demo.timbro.it');
    expectError(await ctx.post(`/user/sessions/${others[0]!.id}/revoke`, {}, { session: mario }), 404, 'NOT_FOUND');
    expect((await ctx.post(`/user/sessions/${others[0]!.id}/revoke`, {}, { session: a })).statusCode).toBe(200);
    expect(
      (await ctx.get('/user', { session: b })).statusCode + (await ctx.get('/user', { session: c })).statusCode,
    ).toBeGreaterThanOrEqual(601);
    expect((await ctx.post('/user/sessions/revoke-others', {}, { session: a })).statusCode).toBe(200);
    expectError(await ctx.get('/user', { session: b }), 401, 'UNAUTHENTICATED');
    expectError(await ctx.get('/user', { session: c }), 401, 'UNAUTHENTICATED');
    expect((await ctx.get('/user', { session: a })).statusCode).toBe(200);
    expect((await ctx.get('/user/sessions', { session: a })).json()).toHaveLength(1);
  });
});

describe('passwords: common ones refused, a maximum length', () => {
  it('change-password refuses a common password and one over 256 characters; a set-password link too', async () => {
    const session = await ctx.login('elena.costa@demo.timbro.it');
    const common = await ctx.post(
      '/user/change-password',
      { old_password: DEMO_PASSWORD, new_password: 'qwertyuiop123' },
      { session },
    );
    expectError(common, 400, 'VALIDATION_FAILED');
    expect(fieldErrors(common)).toEqual({
      new_password: 'Questa password è tra le più usate: scegline una meno prevedibile',
    });
    const long = await ctx.post(
      '/user/change-password',
      { old_password: DEMO_PASSWORD, new_password: 'x'.repeat(257) },
      { session },
    );
    expectError(long, 400, 'VALIDATION_FAILED');
    expect(fieldErrors(long)).toEqual({ new_password: 'La password può contenere al massimo 256 caratteri' });
    // A set-password link with a common password: refused, and the link still works afterwards.
    expect((await ctx.post('/auth/forgot-password', { username: 'elena.costa@demo.timbro.it' })).statusCode).toBe(200);
    const token = await resetTokenFromMail('elena.costa@demo.timbro.it');
    expectError(
      await ctx.post(`/auth/new-password/${token}`, {
        password: 'password1234',
        password_confirmation: 'password1234',
      }),
      400,
      'VALIDATION_FAILED',
    );
    const [tok] = await ctx.db
      .select()
      .from(oneTimeTokens)
      .where(and(eq(oneTimeTokens.purpose, 'reset'), isNull(oneTimeTokens.usedAt)));
    expect(tok).toBeDefined();
  });
});
