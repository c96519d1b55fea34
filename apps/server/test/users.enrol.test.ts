import { randomUUID } from 'node:crypto';
import { codiceFiscaleCheckChar, generateCodiceFiscale, type User } from '@timbro/shared';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { demoIban } from '../src/seed';
import { employeeBody as employee } from './factories';
import {
  auditOf,
  expectError,
  expectWriteRefused,
  fieldErrors,
  listUsers,
  useDemoContext,
  userRecord,
  type DemoContext,
  type Session,
} from './helpers';

/**
 * The users module: creating (enrolling) people, and finding the workspace's own records that are not active members.
 * The list and records are in users.routes.test.ts, editing and enabling in users.update.test.ts.
 */

let { ctx, admin, accountant, member, betaAdmin } = {} as DemoContext;

const { inDemo, asAdmin } = useDemoContext((d) => ({ ctx, admin, accountant, member, betaAdmin } = d));
const list = (query: Record<string, string> = {}, session: Session = admin) => listUsers(ctx, inDemo(session), query);
const getUser = (id: string) => userRecord(ctx, asAdmin(), id);

async function countUsers(): Promise<number> {
  const [row] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(users);
  return row!.n;
}

describe('POST /admin/user (create)', () => {
  it('401 without a session, 403 for a member and for the accountant (before validation)', async () => {
    await expectWriteRefused(ctx, '/admin/user', employee(), [member, accountant], ctx.ws.demo);
  });

  it('400 with every Italian field message; nothing is written', async () => {
    const before = await countUsers();
    const post = (body: unknown) => ctx.post('/admin/user', body, asAdmin());

    const empty = await post({});
    expectError(empty, 400, 'VALIDATION_FAILED');
    expect(fieldErrors(empty)).toEqual({
      firstName: 'Inserisci il nome',
      lastName: 'Inserisci il cognome',
      email: "Inserisci l'indirizzo email",
      fiscalCode: 'Inserisci il codice fiscale',
      roles: 'Seleziona almeno un ruolo',
    });

    const good = generateCodiceFiscale({
      lastName: 'Prova',
      firstName: 'Piero',
      birthDate: '1980-01-15',
      sex: 'M',
      belfiore: 'F205',
    });
    const wrongCheck = good.slice(0, 15) + (good.endsWith('A') ? 'B' : 'A');
    const day32 = `${good.slice(0, 9)}32${good.slice(11, 15)}`;
    const badDay = day32 + codiceFiscaleCheckChar(day32);
    const monthZ = `${good.slice(0, 8)}Z${good.slice(9, 15)}`;
    const badMonth = monthZ + codiceFiscaleCheckChar(monthZ);
    const future = new Date(Date.now() + 2 * 86400_000).toISOString().slice(0, 10);
    const badIban = demoIban(7).slice(0, 26) + String((Number(demoIban(7).slice(26)) + 1) % 10);

    const cases: [Record<string, unknown>, string, string][] = [
      [{ firstName: '' }, 'firstName', 'Inserisci il nome'],
      [{ firstName: '   ' }, 'firstName', 'Inserisci il nome'],
      [{ firstName: 'x'.repeat(101) }, 'firstName', 'Massimo 100 caratteri'],
      [{ lastName: '' }, 'lastName', 'Inserisci il cognome'],
      [{ lastName: null }, 'lastName', 'Inserisci il cognome'],
      [{ email: '' }, 'email', "Inserisci l'indirizzo email"],
      [{ email: 'nuova@' }, 'email', 'Inserisci un indirizzo email valido'],
      [{ email: 'nuova assunta@example.it' }, 'email', 'Inserisci un indirizzo email valido'],
      [{ fiscalCode: '' }, 'fiscalCode', 'Inserisci il codice fiscale'],
      [{ fiscalCode: '   ' }, 'fiscalCode', 'Inserisci il codice fiscale'],
      [{ fiscalCode: 'ABC' }, 'fiscalCode', 'Il codice fiscale non è valido'],
      [{ fiscalCode: wrongCheck }, 'fiscalCode', 'Il codice fiscale non è valido'],
      [{ fiscalCode: badDay }, 'fiscalCode', 'Il codice fiscale non è valido'],
      [{ fiscalCode: badMonth }, 'fiscalCode', 'Il codice fiscale non è valido'],
      [{ fiscalCode: '01907990012' }, 'fiscalCode', 'Il codice fiscale non è valido'],
      [{ roles: [] }, 'roles', 'Seleziona almeno un ruolo'],
      [{ roles: 'member' }, 'roles', 'Seleziona almeno un ruolo'],
      [{ roles: ['capo'] }, 'roles.0', 'Valore non valido'],
      [{ workEmail: null }, 'workEmail', "Inserisci l'email aziendale"],
      [{ workEmail: '' }, 'workEmail', "Inserisci l'email aziendale"],
      [{ workEmail: 'lavoro@' }, 'workEmail', 'Inserisci un indirizzo email valido'],
      [{ pec: undefined }, 'pec', 'Inserisci la PEC o l’email personale'],
      [{ pec: '  ' }, 'pec', 'Inserisci la PEC o l’email personale'],
      [{ pec: 'pec.it' }, 'pec', 'Inserisci un indirizzo email valido'],
      [{ iban: 'IT00X0000000000000000000000' }, 'iban', "L'IBAN non è valido"],
      [{ iban: badIban }, 'iban', "L'IBAN non è valido"],
      [{ iban: 'DE89370400440532013001' }, 'iban', "L'IBAN non è valido"],
      [{ phoneNumber: '12' }, 'phoneNumber', 'Il numero di telefono non è valido'],
      [{ phoneNumber: '800 123 456' }, 'phoneNumber', 'Il numero di telefono non è valido'],
      [{ phoneNumber: 'chiamami' }, 'phoneNumber', 'Il numero di telefono non è valido'],
      [{ birthday: future }, 'birthday', 'La data di nascita non può essere nel futuro'],
      [{ birthday: '1990-02-30' }, 'birthday', 'Data non valida (formato AAAA-MM-GG)'],
      [{ birthday: '25/04/1985' }, 'birthday', 'Data non valida (formato AAAA-MM-GG)'],
      [{ groups: ['gruppo'] }, 'groups.0', 'Identificativo non valido'],
      [{ attendanceAutoApproveRequest: 'a volte' }, 'attendanceAutoApproveRequest', 'Valore non valido'],
      [{ homeAddress: 'x'.repeat(301) }, 'homeAddress', 'Massimo 300 caratteri'],
    ];
    for (const [patch, path, message] of cases) {
      const res = await post(employee(patch));
      expectError(res, 400, 'VALIDATION_FAILED');
      expect(fieldErrors(res), JSON.stringify(patch)).toEqual({ [path]: message });
    }

    // Work e-mail and PEC are checked for everyone, but required only for employees.
    const notMember = await post(employee({ roles: ['accountant'], workEmail: 'x', pec: 'y' }));
    expectError(notMember, 400, 'VALIDATION_FAILED');
    expect(fieldErrors(notMember)).toEqual({
      workEmail: 'Inserisci un indirizzo email valido',
      pec: 'Inserisci un indirizzo email valido',
    });

    // A member without both: both messages at once.
    const both = await post(employee({ workEmail: undefined, pec: undefined, phoneNumber: '1', iban: 'IT1' }));
    expectError(both, 400, 'VALIDATION_FAILED');
    expect(fieldErrors(both)).toEqual({
      workEmail: "Inserisci l'email aziendale",
      pec: 'Inserisci la PEC o l’email personale',
      phoneNumber: 'Il numero di telefono non è valido',
      iban: "L'IBAN non è valido",
    });

    // Groups must be groups of this workspace.
    const unknownGroup = await post(employee({ groups: [randomUUID()] }));
    expectError(unknownGroup, 400, 'VALIDATION_FAILED');
    expect(fieldErrors(unknownGroup)).toEqual({ groups: 'Gruppo non trovato' });
    const betaGroup = await ctx.post(
      '/admin/group',
      { name: 'Gruppo Beta per utenti' },
      { session: betaAdmin, workspace: ctx.ws.beta },
    );
    expect(betaGroup.statusCode).toBe(200);
    const foreignGroup = await post(employee({ groups: [betaGroup.json().id] }));
    expectError(foreignGroup, 400, 'VALIDATION_FAILED');
    expect(fieldErrors(foreignGroup)).toEqual({ groups: 'Gruppo non trovato' });

    expect(await countUsers()).toBe(before);
    expect((await list()).total).toBe(15);
  });

  it('creates an employee: normalized fields, invitation e-mail whose first-login link works, audit entry', async () => {
    const group = await ctx.post('/admin/group', { name: 'Nuovi assunti' }, asAdmin());
    const gid = group.json().id as string;
    const cf = generateCodiceFiscale({
      lastName: 'Ferrari',
      firstName: 'Lucia',
      birthDate: '1990-05-12',
      sex: 'F',
      belfiore: 'F205',
    });
    const iban = demoIban(99);
    const res = await ctx.post(
      '/admin/user',
      {
        firstName: '  Lucia ',
        lastName: 'Ferrari',
        email: 'Lucia.Ferrari@Example.IT',
        fiscalCode: ` ${cf.slice(0, 8).toLowerCase()} ${cf.slice(8)} `,
        roles: ['member', 'member'],
        workEmail: 'Lucia.Ferrari@Demo.Timbro.it',
        pec: 'lucia.ferrari@pec.it',
        phoneNumber: '347 123 4567',
        homeAddress: 'Via Roma 1, Milano',
        iban: iban.toLowerCase().replace(/(.{4})/g, '$1 '),
        birthday: '1990-05-12',
        birthplace: 'Milano',
        groups: [gid],
        attendanceAutoApproveRequest: 'automatic',
      },
      asAdmin(),
    );
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json() as User;
    expect(created).toEqual({
      id: expect.any(String),
      userId: expect.any(String),
      email: 'lucia.ferrari@example.it',
      fiscalCode: cf,
      firstName: 'Lucia',
      lastName: 'Ferrari',
      roles: ['member'],
      enabled: true,
      invitationPending: true,
      lastLoginAt: { web: null, app: null },
      attendanceAutoApproveRequest: 'automatic',
      workEmail: 'lucia.ferrari@demo.timbro.it',
      phoneNumber: '+393471234567',
      pec: 'lucia.ferrari@pec.it',
      homeAddress: 'Via Roma 1, Milano',
      iban,
      birthday: '1990-05-12',
      birthplace: 'Milano',
      groups: [{ id: gid, name: 'Nuovi assunti' }],
      invitationStatus: 'pending',
      loginEmailEditable: true,
      createdAt: expect.any(String),
    });
    expect(await getUser(created.id)).toEqual(created);
    const listed = await list({ sort: 'createdAt', order: 'desc', per_page: '1' });
    expect(listed.total).toBe(16);
    expect(listed.items[0]!.id).toBe(created.id);

    // One account, no password yet, created by this workspace.
    const accounts = await ctx.db.select().from(users).where(eq(users.fiscalCode, cf));
    expect(accounts).toHaveLength(1);
    expect(accounts[0]!.passwordHash).toBeNull();
    expect(accounts[0]!.createdByWorkspaceId).toBe(ctx.ws.demo);

    // Audit.
    const [entry] = await auditOf(ctx, res);
    expect(entry).toMatchObject({
      workspaceId: ctx.ws.demo,
      actorUserId: admin.userId,
      action: 'user.create',
      entityType: 'user',
      entityId: created.id,
    });
    expect(entry!.changes).toEqual({ roles: ['member'], groups: [gid], email: 'lucia.ferrari@example.it' });

    // Invitation with a first-login link.
    const mails = await ctx.outbox('lucia.ferrari@example.it');
    expect(mails.map((m) => m.template)).toEqual(['invitation']);
    expect(mails[0]!.subject).toContain('Demo S.r.l.');
    expect(mails[0]!.textBody).toContain('Ciao Lucia');
    const m = /http:\/\/localhost:3000\/first-login\/([A-Za-z0-9_-]+)/.exec(mails[0]!.textBody);
    expect(m, mails[0]!.textBody).not.toBeNull();
    const token = m![1]!;
    const password = 'PrimoAccesso-Lucia-1';
    const first = await ctx.post(`/auth/first-login/${token}`, { password, password_confirmation: password });
    expect(first.statusCode, first.body).toBe(200);
    const lucia = await ctx.login('lucia.ferrari@example.it', password);
    expect(lucia.userId).toBe(created.userId);
    const ws = await ctx.get('/workspace/list', { session: lucia });
    expect(ws.json()).toEqual([expect.objectContaining({ id: ctx.ws.demo, name: 'Demo S.r.l.' })]);
    const me = await ctx.get('/user', { session: lucia });
    expect(me.json().workspace_roles).toEqual([
      expect.objectContaining({ workspace_id: ctx.ws.demo, member: true, admin: false }),
    ]);
    // The new employee is a member: no access to the admin list.
    expectError(await ctx.get('/admin/user', { session: lucia }), 403, 'FORBIDDEN');
    expect(await getUser(created.id)).toMatchObject({
      invitationPending: false,
      invitationStatus: 'accepted',
      loginEmailEditable: false,
    });
    // The link works once.
    expectError(
      await ctx.post(`/auth/first-login/${token}`, { password, password_confirmation: password }),
      400,
      'TOKEN_INVALID',
    );
  });

  it('accepts an omocodic fiscal code and an accountant without employee fields', async () => {
    const base = generateCodiceFiscale({
      lastName: 'Omonimo',
      firstName: 'Oreste',
      birthDate: '1977-07-07',
      sex: 'M',
      belfiore: 'H501',
    });
    // Position 15 (a digit of the Belfiore code) replaced by its omocodia letter, check character recomputed.
    const first15 = base.slice(0, 14) + 'LMNPQRSTUV'[Number(base[14])]!;
    const omocodic = first15 + codiceFiscaleCheckChar(first15);
    const res = await ctx.post(
      '/admin/user',
      {
        firstName: 'Oreste',
        lastName: 'Omonimo',
        email: 'oreste.omonimo@example.it',
        fiscalCode: omocodic,
        roles: ['accountant'],
      },
      asAdmin(),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      fiscalCode: omocodic,
      roles: ['accountant'],
      workEmail: null,
      pec: null,
      groups: [],
      attendanceAutoApproveRequest: 'default',
    });

    const intl = await ctx.post(
      '/admin/user',
      employee({
        phoneNumber: '+44 20 7946 0958',
        iban: 'DE89 3704 0044 0532 0130 00',
        roles: ['member', 'accountant'],
      }),
      asAdmin(),
    );
    expect(intl.statusCode, intl.body).toBe(200);
    expect(intl.json()).toMatchObject({
      phoneNumber: '+442079460958',
      iban: 'DE89370400440532013000',
      roles: ['accountant', 'member'],
    });
  });

  it('409 only for the workspace’s own records (same fiscal code, same login e-mail); other accounts never conflict', async () => {
    const before = await countUsers();
    const sameEmail = await ctx.post('/admin/user', employee({ email: 'Mario.Rossi@Demo.Timbro.it' }), asAdmin());
    expect(expectError(sameEmail, 409, 'CONFLICT').message).toBe(
      'Nell’azienda c’è già una scheda con questa email di accesso',
    );
    expect(fieldErrors(sameEmail)).toEqual({ email: 'Nell’azienda c’è già una scheda con questa email di accesso' });

    const [mario] = await ctx.db.select().from(users).where(eq(users.email, 'mario.rossi@demo.timbro.it'));
    const dupMember = await ctx.post(
      '/admin/user',
      employee({ fiscalCode: mario!.fiscalCode!.toLowerCase() }),
      asAdmin(),
    );
    expect(expectError(dupMember, 409, 'CONFLICT').message).toBe(
      'Nell’azienda c’è già una scheda con questo codice fiscale',
    );
    expect(fieldErrors(dupMember)).toEqual({ fiscalCode: 'Nell’azienda c’è già una scheda con questo codice fiscale' });
    expect(dupMember.headers['x-error-message']).toBeUndefined();
    expect(await countUsers()).toBe(before);
  });
});

describe('GET /admin/user/search-unbound: the workspace’s own records that are not active members', () => {
  const cf = generateCodiceFiscale({
    lastName: 'Verdi',
    firstName: 'Giovanni',
    birthDate: '1994-07-19',
    sex: 'M',
    belfiore: 'F205',
  });

  it('401, 403 for a member and for the accountant, 400 for a missing or bad fiscal code or exclude id', async () => {
    expectError(await ctx.get('/admin/user/search-unbound', { query: { fiscal_code: cf } }), 401, 'UNAUTHENTICATED');
    expectError(await ctx.get('/admin/user/search-unbound', inDemo(member, { fiscal_code: cf })), 403, 'FORBIDDEN');
    expectError(await ctx.get('/admin/user/search-unbound', inDemo(accountant, { fiscal_code: cf })), 403, 'FORBIDDEN');
    const missing = await ctx.get('/admin/user/search-unbound', asAdmin());
    expect(fieldErrors(expectError(missing, 400, 'VALIDATION_FAILED') && missing)).toEqual({
      fiscal_code: 'Inserisci il codice fiscale',
    });
    const invalid = await ctx.get(
      '/admin/user/search-unbound',
      inDemo(admin, { fiscal_code: cf.slice(0, 15) + (cf.endsWith('Z') ? 'Y' : 'Z') }),
    );
    expect(fieldErrors(expectError(invalid, 400, 'VALIDATION_FAILED') && invalid)).toEqual({
      fiscal_code: 'Il codice fiscale non è valido',
    });
    const badExclude = await ctx.get(`/admin/user/search-unbound?fiscal_code=${cf}&exclude_ids[]=nope`, asAdmin());
    expectError(badExclude, 400, 'VALIDATION_FAILED');
  });

  it('finds a pending invitation of this workspace by fiscal code (masked e-mail), honours exclude_ids[], never other accounts', async () => {
    // Accounts elsewhere (Beta's Paolo, the operator) are never found: the answer is the same as for nobody.
    const [paolo] = await ctx.db.select().from(users).where(eq(users.email, 'paolo.lombardi@beta.timbro.it'));
    const [operator] = await ctx.db.select().from(users).where(eq(users.email, 'operator@demo.timbro.it'));
    for (const code of [paolo!.fiscalCode!, operator!.fiscalCode!, cf]) {
      const res = await ctx.get('/admin/user/search-unbound', inDemo(admin, { fiscal_code: code }));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
    }
    // Members of the workspace are bound already.
    const [mario] = await ctx.db.select().from(users).where(eq(users.email, 'mario.rossi@demo.timbro.it'));
    expect(
      (await ctx.get('/admin/user/search-unbound', inDemo(admin, { fiscal_code: mario!.fiscalCode! }))).json(),
    ).toEqual([]);

    const created = await ctx.post(
      '/admin/user',
      employee({ firstName: 'Giovanni', lastName: 'Verdi', email: 'giovanni.verdi@example.it', fiscalCode: cf }),
      asAdmin(),
    );
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id as string;
    const found = await ctx.get('/admin/user/search-unbound', inDemo(admin, { fiscal_code: ` ${cf.toLowerCase()} ` }));
    expect(found.json()).toEqual([
      {
        id,
        firstName: 'Giovanni',
        lastName: 'Verdi',
        emailHint: 'g***@example.it',
        fiscalCode: cf,
        invitationStatus: 'pending',
        invitedAt: expect.any(String),
      },
    ]);
    expect(
      (await ctx.get(`/admin/user/search-unbound?fiscal_code=${cf}&exclude_ids[]=${id}`, asAdmin())).json(),
    ).toEqual([]);
    expect(
      (await ctx.get(`/admin/user/search-unbound?fiscal_code=${cf}&exclude_ids[]=${randomUUID()}`, asAdmin())).json(),
    ).toHaveLength(1);
    // Beta does not see Demo's records.
    expect(
      (
        await ctx.get('/admin/user/search-unbound', {
          session: betaAdmin,
          workspace: ctx.ws.beta,
          query: { fiscal_code: cf },
        })
      ).json(),
    ).toEqual([]);
  });
});
