import { randomUUID } from 'node:crypto';
import { type User } from '@timbro/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { employeeBody as employee } from './factories';
import {
  auditOf,
  editableUser,
  expectError,
  expectForeignRecordsHidden,
  fieldErrors,
  membershipIdOf,
  membershipOf,
  useDemoContext,
  userRecord,
  type DemoContext,
  type Session,
} from './helpers';

/**
 * The users module: editing a record (fields, roles, the login e-mail) and disabling or enabling people.
 * The list and records are in users.routes.test.ts, creating people in users.enrol.test.ts.
 */

let { ctx, admin, accountant, member, betaAdmin } = {} as DemoContext;
let operator: Session;

const { inDemo, asAdmin } = useDemoContext(async (d) => {
  ({ ctx, admin, accountant, member, betaAdmin } = d);
  operator = await ctx.login('operator@demo.timbro.it');
});
const infoId = (email: string, workspace = ctx.ws.demo) => membershipIdOf(ctx, email, workspace);
const getUser = (id: string) => userRecord(ctx, asAdmin(), id);

/** The body of POST /admin/user/{id} that keeps a record as it is. */
const editable = editableUser;

describe('POST /admin/user/{id} (update)', () => {
  it('401, 400 for a bad id, 403 for a member and the accountant, 404 for Beta’s people and unknown ids', async () => {
    const id = await infoId('luca.romano@demo.timbro.it');
    const luca = await getUser(id);
    const body = editable(luca);
    expectError(await ctx.post(`/admin/user/${id}`, body), 401, 'UNAUTHENTICATED');
    expectError(await ctx.post('/admin/user/abc', body, asAdmin()), 400, 'VALIDATION_FAILED');
    expectError(
      await ctx.post(`/admin/user/${id}`, { ...body, firstName: 'Lucone' }, inDemo(member)),
      403,
      'FORBIDDEN',
    );
    expectError(await ctx.post(`/admin/user/${id}`, {}, inDemo(member)), 403, 'FORBIDDEN');
    expectError(
      await ctx.post(`/admin/user/${id}`, { ...body, firstName: 'Lucone' }, inDemo(accountant)),
      403,
      'FORBIDDEN',
    );

    const valentinaId = await infoId('valentina.barbieri@beta.timbro.it', ctx.ws.beta);
    const valentina = (
      await ctx.get(`/admin/user/${valentinaId}`, { session: betaAdmin, workspace: ctx.ws.beta })
    ).json() as User;
    const foreignBody = { ...editable(valentina), phoneNumber: '02 9999 9999' };
    await expectForeignRecordsHidden(ctx, admin, ctx.ws.demo, [
      { method: 'POST', url: `/admin/user/${valentinaId}`, body: foreignBody },
    ]);
    // The operator may write in Demo, yet Beta's record is not there.
    await expectForeignRecordsHidden(ctx, operator, ctx.ws.demo, [
      { method: 'POST', url: `/admin/user/${valentinaId}`, body: foreignBody },
    ]);
    // The accountant may not write at all: the permission answers first, for any id.
    expectError(await ctx.post(`/admin/user/${valentinaId}`, foreignBody, inDemo(accountant)), 403, 'FORBIDDEN');
    expectError(await ctx.post(`/admin/user/${randomUUID()}`, body, asAdmin()), 404, 'NOT_FOUND');
    const after = (await ctx.get(`/admin/user/${valentinaId}`, { session: betaAdmin, workspace: ctx.ws.beta })).json();
    expect(after).toEqual(valentina);
    expect(await getUser(id)).toEqual(luca);
  });

  it('400 with the field messages; the fiscal code cannot change; the employee role cannot be removed', async () => {
    const id = await infoId('luca.romano@demo.timbro.it');
    const luca = await getUser(id);
    const body = editable(luca);
    const post = (patch: Record<string, unknown>) => ctx.post(`/admin/user/${id}`, { ...body, ...patch }, asAdmin());

    const empty = await ctx.post(`/admin/user/${id}`, {}, asAdmin());
    expectError(empty, 400, 'VALIDATION_FAILED');
    expect(fieldErrors(empty)).toEqual({
      firstName: 'Inserisci il nome',
      lastName: 'Inserisci il cognome',
      email: "Inserisci l'indirizzo email",
      roles: 'Seleziona almeno un ruolo',
    });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ firstName: ' ' }, 'firstName', 'Inserisci il nome'],
      [{ lastName: '' }, 'lastName', 'Inserisci il cognome'],
      [{ email: 'luca' }, 'email', 'Inserisci un indirizzo email valido'],
      [{ roles: [] }, 'roles', 'Seleziona almeno un ruolo'],
      [{ workEmail: null }, 'workEmail', "Inserisci l'email aziendale"],
      [{ pec: '' }, 'pec', 'Inserisci la PEC o l’email personale'],
      [{ iban: 'IT60X0542811101000000123457' }, 'iban', "L'IBAN non è valido"],
      [{ phoneNumber: '+39 12' }, 'phoneNumber', 'Il numero di telefono non è valido'],
      [{ birthday: '2099-01-01' }, 'birthday', 'La data di nascita non può essere nel futuro'],
      [{ groups: [randomUUID()] }, 'groups', 'Gruppo non trovato'],
      [{ fiscalCode: 'RSSMRA85D25F205X' }, 'fiscalCode', 'Il codice fiscale non si può modificare'],
      [{ fiscalCode: '' }, 'fiscalCode', 'Il codice fiscale non si può modificare'],
      [{ roles: ['accountant'] }, 'roles', 'Il ruolo dipendente non può essere rimosso una volta assegnato'],
      [{ roles: ['admin'] }, 'roles', 'Il ruolo dipendente non può essere rimosso una volta assegnato'],
    ];
    for (const [patch, path, message] of cases) {
      const res = await post(patch);
      expectError(res, 400, 'VALIDATION_FAILED');
      expect(fieldErrors(res), JSON.stringify(patch)).toEqual({ [path]: message });
    }
    expect(await getUser(id)).toEqual(luca);

    // The same fiscal code, however written, and no fiscal code at all are accepted.
    expect((await post({ fiscalCode: ` ${luca.fiscalCode!.toLowerCase()} ` })).statusCode).toBe(200);
    const { fiscalCode: _omitted, ...withoutCf } = body;
    expect((await ctx.post(`/admin/user/${id}`, withoutCf, asAdmin())).statusCode).toBe(200);
    expect((await getUser(id)).fiscalCode).toBe(luca.fiscalCode);
    // Adding a role keeps the employee role.
    const more = await post({ roles: ['accountant', 'member'] });
    expect(more.statusCode).toBe(200);
    expect(more.json().roles).toEqual(['accountant', 'member']);
    const back = await post({ roles: ['member'] });
    expect(back.json().roles).toEqual(['member']);
  });

  it('updates the record and the account, writes the changed fields to the audit trail', async () => {
    const id = await infoId('francesca.colombo@demo.timbro.it');
    const before = await getUser(id);
    const group = await ctx.post('/admin/group', { name: 'Contabilità' }, asAdmin());
    const gid = group.json().id as string;
    const res = await ctx.post(
      `/admin/user/${id}`,
      {
        ...editable(before),
        lastName: 'Colombo Neri',
        phoneNumber: '+39 02 1111 2222',
        homeAddress: '',
        groups: [gid, gid],
        attendanceAutoApproveRequest: 'admin_approval',
      },
      asAdmin(),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      ...before,
      lastName: 'Colombo Neri',
      phoneNumber: '+390211112222',
      homeAddress: null,
      groups: [{ id: gid, name: 'Contabilità' }],
      attendanceAutoApproveRequest: 'admin_approval',
    });
    expect(await getUser(id)).toEqual(res.json());
    const [entry] = await auditOf(ctx, res);
    expect(entry).toMatchObject({
      action: 'user.update',
      entityType: 'user',
      entityId: id,
      actorUserId: admin.userId,
      workspaceId: ctx.ws.demo,
    });
    expect(entry!.changes).toEqual({
      lastName: { from: 'Colombo', to: 'Colombo Neri' },
      phoneNumber: { from: before.phoneNumber, to: '+390211112222' },
      homeAddress: { from: before.homeAddress, to: null },
      attendanceAutoApproveRequest: { from: null, to: false },
      groups: { from: [], to: [gid] },
    });
  });

  it('the login e-mail of an activated account is the person’s: the admin cannot change it (400), the account is untouched', async () => {
    const id = await infoId('giulia.esposito@demo.timbro.it');
    const giulia = await getUser(id);
    expect(giulia.loginEmailEditable).toBe(false);
    const session = await ctx.login('giulia.esposito@demo.timbro.it');
    for (const email of ['Mario.Rossi@demo.timbro.it', 'giulia@attacker.example', 'admin@beta.timbro.it']) {
      const res = await ctx.post(`/admin/user/${id}`, { ...editable(giulia), email }, asAdmin());
      expectError(res, 400, 'VALIDATION_FAILED');
      expect(fieldErrors(res)).toEqual({
        email: 'L’email di accesso appartiene alla persona: può cambiarla solo dal suo profilo',
      });
    }
    // Same address, other case: not a change. Names are the workspace's own: they change, the account's do not.
    const same = await ctx.post(
      `/admin/user/${id}`,
      { ...editable(giulia), email: 'Giulia.Esposito@Demo.Timbro.it', firstName: 'Giulia Maria' },
      asAdmin(),
    );
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().firstName).toBe('Giulia Maria');
    const [account] = await ctx.db.select().from(users).where(eq(users.id, giulia.userId));
    expect(account).toMatchObject({ email: 'giulia.esposito@demo.timbro.it', firstName: 'Giulia' });
    expect((await ctx.get('/user', { session })).json().first_name).toBe('Giulia');
    await ctx.post(`/admin/user/${id}`, { ...editable(giulia) }, asAdmin());
  });

  it('a mistyped e-mail of a person never activated is corrected: the old link dies, a new one goes to the right address', async () => {
    const created = (
      await ctx.post(
        '/admin/user',
        employee({ email: 'refuso@exmaple.it', firstName: 'Rita', lastName: 'Refuso' }),
        asAdmin(),
      )
    ).json() as User;
    expect(created.loginEmailEditable).toBe(true);
    const oldLink = /\/first-login\/([A-Za-z0-9_-]+)/.exec((await ctx.outbox('refuso@exmaple.it'))[0]!.textBody)![1]!;
    const res = await ctx.post(
      `/admin/user/${created.id}`,
      { ...editable(created), email: 'refuso@example.it' },
      asAdmin(),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      email: 'refuso@example.it',
      userId: created.userId,
      invitationStatus: 'pending',
    });
    expectError(
      await ctx.post(`/auth/first-login/${oldLink}`, {
        password: 'Corretto-2026!',
        password_confirmation: 'Corretto-2026!',
      }),
      400,
      'TOKEN_INVALID',
    );
    const newLink = /\/first-login\/([A-Za-z0-9_-]+)/.exec((await ctx.outbox('refuso@example.it'))[0]!.textBody)![1]!;
    expect(
      (
        await ctx.post(`/auth/first-login/${newLink}`, {
          password: 'Corretto-2026!',
          password_confirmation: 'Corretto-2026!',
        })
      ).statusCode,
    ).toBe(200);
    expect(await getUser(created.id)).toMatchObject({ invitationStatus: 'accepted', loginEmailEditable: false });
    const [entry] = await auditOf(ctx, res);
    expect(entry!.changes).toEqual({ email: { from: 'refuso@exmaple.it', to: 'refuso@example.it' } });
  });

  it('the last enabled admin keeps the admin role; a disabled co-admin does not count', async () => {
    const anna = await infoId('admin@demo.timbro.it');
    const annaRecord = await getUser(anna);
    const drop = await ctx.post(`/admin/user/${anna}`, { ...editable(annaRecord), roles: ['accountant'] }, asAdmin());
    expectError(drop, 400, 'VALIDATION_FAILED');
    expect(fieldErrors(drop)).toEqual({ roles: 'Deve restare almeno un amministratore attivo' });

    const id = await infoId('davide.gallo@demo.timbro.it');
    const davide = await getUser(id);
    const promoted = await ctx.post(
      `/admin/user/${id}`,
      { ...editable(davide), roles: ['member', 'admin'] },
      asAdmin(),
    );
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json().roles).toEqual(['admin', 'member']);
    expect((await auditOf(ctx, promoted))[0]!.changes).toEqual({ isAdmin: { from: false, to: true } });
    expect((await ctx.post(`/admin/user/${id}/disable`, {}, asAdmin())).statusCode).toBe(200);
    const stillLast = await ctx.post(
      `/admin/user/${anna}`,
      { ...editable(annaRecord), roles: ['accountant'] },
      asAdmin(),
    );
    expect(fieldErrors(stillLast)).toEqual({ roles: 'Deve restare almeno un amministratore attivo' });
    // Enabled again, the co-admin can be demoted while Anna stays admin.
    expect((await ctx.post(`/admin/user/${id}/enable`, {}, asAdmin())).statusCode).toBe(200);
    const demoted = await ctx.post(`/admin/user/${id}`, { ...editable(davide), roles: ['member'] }, asAdmin());
    expect(demoted.statusCode).toBe(200);
    expect(demoted.json().roles).toEqual(['member']);
    expect((await getUser(anna)).roles).toEqual(['admin']);
  });
});

describe('POST /admin/user/{id}/enable and /disable', () => {
  it('401, 400, 403 for a member and the accountant, 404 for Beta’s people', async () => {
    const id = await infoId('chiara.marino@demo.timbro.it');
    for (const action of ['enable', 'disable']) {
      expectError(await ctx.post(`/admin/user/${id}/${action}`, {}), 401, 'UNAUTHENTICATED');
      expectError(await ctx.post(`/admin/user/x/${action}`, {}, asAdmin()), 400, 'VALIDATION_FAILED');
      expectError(await ctx.post(`/admin/user/${id}/${action}`, {}, inDemo(member)), 403, 'FORBIDDEN');
      expectError(await ctx.post(`/admin/user/${id}/${action}`, {}, inDemo(accountant)), 403, 'FORBIDDEN');
      expectError(await ctx.post(`/admin/user/${randomUUID()}/${action}`, {}, asAdmin()), 404, 'NOT_FOUND');
    }
    const beta = [
      await infoId('valentina.barbieri@beta.timbro.it', ctx.ws.beta),
      await infoId('admin@beta.timbro.it', ctx.ws.beta),
    ];
    const reqs = beta.flatMap((b) => [
      { method: 'POST' as const, url: `/admin/user/${b}/disable`, body: {} },
      { method: 'POST' as const, url: `/admin/user/${b}/enable`, body: {} },
    ]);
    await expectForeignRecordsHidden(ctx, admin, ctx.ws.demo, reqs);
    await expectForeignRecordsHidden(ctx, operator, ctx.ws.demo, reqs);
    expect((await membershipOf(ctx, 'valentina.barbieri@beta.timbro.it', ctx.ws.beta))!.enabled).toBe(true);
    expect((await membershipOf(ctx, 'admin@beta.timbro.it', ctx.ws.beta))!.enabled).toBe(true);
    expect((await getUser(id)).enabled).toBe(true);
  });

  it('refuses to disable yourself and the last enabled admin (409)', async () => {
    const anna = await infoId('admin@demo.timbro.it');
    const self = await ctx.post(`/admin/user/${anna}/disable`, {}, asAdmin());
    expect(expectError(self, 409, 'CONFLICT').message).toBe('Non puoi disabilitare te stesso');
    // The operator is not Anna, but Anna is Demo's only admin.
    const last = await ctx.post(`/admin/user/${anna}/disable`, {}, inDemo(operator));
    expect(expectError(last, 409, 'CONFLICT').message).toBe('Deve restare almeno un amministratore attivo');
    expect((await getUser(anna)).enabled).toBe(true);
  });

  it('a disabled person loses the workspace at once; enabling gives it back; both are audited', async () => {
    const id = await infoId('mario.rossi@demo.timbro.it');
    expect((await ctx.get('/workspace/list', { session: member })).json()).toEqual([
      expect.objectContaining({ id: ctx.ws.demo }),
    ]);
    expect((await ctx.get('/ajax/users', inDemo(member))).statusCode).toBe(200);

    const res = await ctx.post(`/admin/user/${id}/disable`, {}, asAdmin());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id, enabled: false });
    try {
      // Demo was Mario's only workspace: the same session ends on its very next request, its refresh token too.
      expectError(await ctx.get('/workspace/list', { session: member }), 401, 'UNAUTHENTICATED');
      expectError(await ctx.get('/ajax/users', inDemo(member)), 401, 'UNAUTHENTICATED');
      const refreshCookie = member.cookie.split('; ').find((c) => c.startsWith('timbro_rt='));
      expect(refreshCookie).toBeDefined();
      expectError(
        await ctx.post('/auth/token/refresh', undefined, { session: { ...member, cookie: refreshCookie! } }),
        401,
        'UNAUTHENTICATED',
      );
      // Signing in again gives a plain platform user without any workspace.
      const again = await ctx.login('mario.rossi@demo.timbro.it');
      const ws = await ctx.get('/workspace/list', { session: again });
      expect(ws.statusCode).toBe(200);
      expect(ws.json()).toEqual([]);
      expect(ws.headers['x-workspace-id']).toBeUndefined();
      expectError(await ctx.get('/workspace/list', inDemo(again)), 403, 'WORKSPACE_FORBIDDEN');
      expectError(await ctx.get('/ajax/users', inDemo(again)), 403, 'WORKSPACE_FORBIDDEN');
      expectError(await ctx.get('/ajax/users', { session: again }), 403, 'FORBIDDEN');
      expect((await ctx.get('/user', { session: again })).json().workspace_roles).toEqual([]);
      // Disabling twice changes nothing and writes no second entry.
      const twice = await ctx.post(`/admin/user/${id}/disable`, {}, asAdmin());
      expect(twice.statusCode).toBe(200);
      expect(await auditOf(ctx, twice)).toEqual([]);

      const [entry] = await auditOf(ctx, res);
      expect(entry).toMatchObject({ action: 'user.disable', entityId: id, actorUserId: admin.userId });
      expect(entry!.changes).toEqual({ enabled: { from: true, to: false } });
    } finally {
      const enabled = await ctx.post(`/admin/user/${id}/enable`, {}, asAdmin());
      expect(enabled.statusCode).toBe(200);
      expect(enabled.json().enabled).toBe(true);
      const [entry] = await auditOf(ctx, enabled);
      expect(entry).toMatchObject({ action: 'user.enable', entityId: id });
      expect(entry!.changes).toEqual({ enabled: { from: false, to: true } });
      member = await ctx.login('mario.rossi@demo.timbro.it');
    }
    const ws = await ctx.get('/workspace/list', inDemo(member));
    expect(ws.statusCode).toBe(200);
    expect(ws.json()).toEqual([expect.objectContaining({ id: ctx.ws.demo })]);
  });

  it('someone who keeps another workspace keeps the session: only the disabled workspace goes', async () => {
    // The consultant is accountant of both Demo and Beta.
    const id = await infoId('consulente@demo.timbro.it');
    const consultant = await ctx.login('consulente@demo.timbro.it');
    expect((await ctx.post(`/admin/user/${id}/disable`, {}, asAdmin())).statusCode).toBe(200);
    try {
      const ws = await ctx.get('/workspace/list', { session: consultant });
      expect(ws.statusCode).toBe(200);
      expect(ws.json()).toEqual([expect.objectContaining({ id: ctx.ws.beta })]);
      expectError(await ctx.get('/workspace/list', inDemo(consultant)), 403, 'WORKSPACE_FORBIDDEN');
      const refreshCookie = consultant.cookie.split('; ').find((c) => c.startsWith('timbro_rt='));
      expect(
        (await ctx.post('/auth/token/refresh', undefined, { session: { ...consultant, cookie: refreshCookie! } }))
          .statusCode,
      ).toBe(200);
    } finally {
      expect((await ctx.post(`/admin/user/${id}/enable`, {}, asAdmin())).statusCode).toBe(200);
    }
  });

  it('the operator may disable an admin when another admin stays', async () => {
    const id = await infoId('elena.costa@demo.timbro.it');
    const elena = await getUser(id);
    expect(
      (await ctx.post(`/admin/user/${id}`, { ...editable(elena), roles: ['admin', 'member'] }, asAdmin())).statusCode,
    ).toBe(200);
    const res = await ctx.post(`/admin/user/${id}/disable`, {}, inDemo(operator));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().enabled).toBe(false);
    const [entry] = await auditOf(ctx, res);
    expect(entry).toMatchObject({ action: 'user.disable', actorUserId: operator.userId });
    expect((await ctx.post(`/admin/user/${id}/enable`, {}, asAdmin())).statusCode).toBe(200);
  });
});
