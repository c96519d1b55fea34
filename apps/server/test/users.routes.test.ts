import { randomUUID } from 'node:crypto';
import { codiceFiscaleCheckChar, generateCodiceFiscale, type User } from '@timbro/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, mailOutbox, userInfos, users } from '../src/db/schema';
import { demoIban } from '../src/seed';
import {
  createTestContext,
  expectError,
  expectForeignRecordsHidden,
  fieldErrors,
  membershipOf,
  type RequestOptions,
  type Session,
  type TestContext,
  editableUser,
} from './helpers';

let ctx: TestContext;
let admin: Session;
let accountant: Session;
let member: Session;
let betaAdmin: Session;
let operator: Session;

/** Demo S.r.l. before any test writes: 15 people, in last-name order. */
const DEMO_LAST_NAMES = [
  'Bianchi', 'Bruno', 'Colombo', 'Conti', 'Costa', 'Esposito', 'Fontana', 'Gallo',
  'Greco', 'Marino', 'Moretti', 'Ricci', 'Rinaldi', 'Romano', 'Rossi',
];

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login('admin@demo.timbro.it');
  accountant = await ctx.login('consulente@demo.timbro.it');
  member = await ctx.login('mario.rossi@demo.timbro.it');
  betaAdmin = await ctx.login('admin@beta.timbro.it');
  operator = await ctx.login('operator@demo.timbro.it');
});
afterAll(async () => {
  await ctx?.close();
});

const asAdmin = (): RequestOptions => ({ session: admin, workspace: ctx.ws.demo });
const inDemo = (session: Session, query?: RequestOptions['query']): RequestOptions => ({ session, workspace: ctx.ws.demo, ...(query ? { query } : {}) });

async function infoId(email: string, workspace = ctx.ws.demo): Promise<string> {
  const m = await membershipOf(ctx, email, workspace);
  if (!m) throw new Error(`${email} has no membership`);
  return m.id;
}

async function list(query: Record<string, string> = {}, session: Session = admin) {
  const res = await ctx.get('/admin/user', inDemo(session, query));
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: User[]; total: number; page: number; perPage: number };
}

/** The body of POST /admin/user/{id} that keeps a record as it is. */
const editable = editableUser;

async function getUser(id: string): Promise<User> {
  const res = await ctx.get(`/admin/user/${id}`, asAdmin());
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as User;
}

async function countUsers(): Promise<number> {
  const [row] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(users);
  return row!.n;
}

async function auditOf(res: LightMyRequestResponse) {
  return ctx.db.select().from(auditLog).where(eq(auditLog.requestId, String(res.headers['x-request-id'])));
}

let cfSeq = 0;
/** A fresh valid fiscal code (distinct birth dates keep them unique). */
function freshCf(lastName: string, firstName: string, sex: 'M' | 'F' = 'F'): string {
  cfSeq++;
  const day = String((cfSeq % 28) + 1).padStart(2, '0');
  const month = String((Math.floor(cfSeq / 28) % 12) + 1).padStart(2, '0');
  return generateCodiceFiscale({ lastName, firstName, birthDate: `1990-${month}-${day}`, sex, belfiore: 'F205' });
}

/** A valid employee body: a member with work e-mail and PEC. */
function employee(overrides: Record<string, unknown> = {}) {
  const n = ++cfSeq;
  return {
    firstName: 'Nuova',
    lastName: `Assunta`,
    email: `nuova.assunta${n}@example.it`,
    fiscalCode: freshCf('Assunta', 'Nuova'),
    roles: ['member'],
    workEmail: `nuova.assunta${n}@demo.timbro.it`,
    pec: `nuova.assunta${n}@pec.it`,
    ...overrides,
  };
}

describe('GET /admin/user', () => {
  it('401 without a session', async () => {
    expectError(await ctx.get('/admin/user'), 401, 'UNAUTHENTICATED');
    expectError(await ctx.get('/admin/user', { workspace: ctx.ws.demo }), 401, 'UNAUTHENTICATED');
  });

  it('400 for every bad query parameter', async () => {
    const res = await ctx.get(
      '/admin/user',
      inDemo(admin, { sort: 'salary', order: 'up', role: 'boss', group_id: 'x', enabled: 'forse', page: '0', per_page: '1000' }),
    );
    expectError(res, 400, 'VALIDATION_FAILED');
    expect(fieldErrors(res)).toEqual({
      sort: 'Valore non valido',
      order: 'Valore non valido',
      role: 'Valore non valido',
      group_id: 'Identificativo non valido',
      page: 'Valore non valido',
      per_page: 'Valore non valido',
      enabled: 'Input non valido',
    });
    const nan = await ctx.get('/admin/user', inDemo(admin, { page: 'due' }));
    expectError(nan, 400, 'VALIDATION_FAILED');
    expect(fieldErrors(nan)).toEqual({ page: 'Valore non valido' });
  });

  it('403 for a member; the accountant may read', async () => {
    expectError(await ctx.get('/admin/user', inDemo(member)), 403, 'FORBIDDEN');
    // Permission comes before validation.
    expectError(await ctx.get('/admin/user', inDemo(member, { sort: 'salary' })), 403, 'FORBIDDEN');
    const res = await list({}, accountant);
    expect(res.total).toBe(15);
  });

  it('lists the employees of the active workspace only, 25 a page, by last name', async () => {
    const page = await list();
    expect(page).toMatchObject({ total: 15, page: 1, perPage: 25 });
    expect(page.items.map((u) => u.lastName)).toEqual(DEMO_LAST_NAMES);
    expect(page.items.some((u) => u.email.endsWith('@beta.timbro.it'))).toBe(false);
    const mario = page.items.find((u) => u.email === 'mario.rossi@demo.timbro.it')!;
    expect(mario).toMatchObject({ roles: ['member'], enabled: true, invitationStatus: 'accepted', loginEmailEditable: false, invitationPending: false, groups: [] });
    const conti = page.items.find((u) => u.lastName === 'Conti')!;
    expect(conti).toMatchObject({ roles: ['accountant'], loginEmailEditable: false });
    expect(conti).not.toHaveProperty('sharedAccount');
    // Beta sees its own people (the accountant works for both).
    const beta = await ctx.get('/admin/user', { session: betaAdmin, workspace: ctx.ws.beta });
    expect(beta.json().total).toBe(4);
    expect((beta.json().items as User[]).map((u) => u.lastName)).toEqual(['Barbieri', 'Conti', 'Ferri', 'Lombardi']);
  });

  it('pages: every page has the total; the pages together are the whole list', async () => {
    const seen: string[] = [];
    for (let p = 1; p <= 4; p++) {
      const res = await list({ page: String(p), per_page: '4' });
      expect(res).toMatchObject({ total: 15, page: p, perPage: 4 });
      expect(res.items).toHaveLength(p < 4 ? 4 : 3);
      seen.push(...res.items.map((u) => u.lastName));
    }
    expect(seen).toEqual(DEMO_LAST_NAMES);
    const beyond = await list({ page: '5', per_page: '4' });
    expect(beyond).toMatchObject({ total: 15, items: [] });
  });

  it('sorts by every field, both ways', async () => {
    const all = (await list()).items;
    const by = (key: 'firstName' | 'email' | 'fiscalCode') => [...all].map((u) => u[key] as string).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

    expect((await list({ sort: 'lastName', order: 'desc' })).items.map((u) => u.lastName)).toEqual([...DEMO_LAST_NAMES].reverse());
    for (const key of ['firstName', 'email', 'fiscalCode'] as const) {
      const asc = (await list({ sort: key })).items.map((u) => u[key]);
      expect(asc, key).toEqual(by(key));
      const descending = (await list({ sort: key, order: 'desc' })).items.map((u) => u[key]);
      expect(descending, key).toEqual(by(key).reverse());
    }
    expect((await list({ sort: 'firstName', per_page: '3' })).items.map((u) => u.firstName)).toEqual(['Alessandro', 'Anna', 'Carlo']);

    // Last web login: the three people who logged in (in this order in beforeAll), then the others by name.
    const byLogin = (await list({ sort: 'lastLoginWebAt' })).items;
    expect(byLogin.slice(0, 3).map((u) => u.lastName)).toEqual(['Bianchi', 'Conti', 'Rossi']);
    expect(byLogin.slice(3).map((u) => u.lastName)).toEqual(DEMO_LAST_NAMES.filter((n) => !['Bianchi', 'Conti', 'Rossi'].includes(n)));
    expect(byLogin[0]!.lastLoginAt.web).not.toBeNull();
    const byLoginDesc = (await list({ sort: 'lastLoginWebAt', order: 'desc' })).items.filter((u) => u.lastLoginAt.web !== null);
    expect(byLoginDesc.map((u) => u.lastName)).toEqual(['Rossi', 'Conti', 'Bianchi']);

    // Same creation time (seeded together): the name decides.
    expect((await list({ sort: 'createdAt' })).items.map((u) => u.lastName)).toEqual(DEMO_LAST_NAMES);
  });

  it('searches name, surname, "name surname", "surname name", e-mail and fiscal code, case-insensitively', async () => {
    const names = async (search: string, extra: Record<string, string> = {}) => {
      const res = await list({ search, ...extra });
      expect(res.total).toBe(res.items.length);
      return res.items.map((u) => `${u.firstName} ${u.lastName}`);
    };
    expect(await names('rossi')).toEqual(['Mario Rossi']);
    expect(await names('GIULIA')).toEqual(['Giulia Esposito']);
    expect(await names('giulia esp')).toEqual(['Giulia Esposito']);
    expect(await names('esposito giu')).toEqual(['Giulia Esposito']);
    expect(await names('consulente@')).toEqual(['Carlo Conti']);
    expect(await names('  romano  ')).toEqual(['Luca Romano']);
    const [mario] = await ctx.db.select({ cf: users.fiscalCode }).from(users).where(eq(users.email, 'mario.rossi@demo.timbro.it'));
    expect(await names(mario!.cf!.toLowerCase())).toEqual(['Mario Rossi']);
    expect(await names(mario!.cf!.slice(0, 6))).toEqual(['Mario Rossi']);
    expect(await names('mar')).toEqual(['Chiara Marino', 'Martina Rinaldi', 'Mario Rossi']);
    // Beta's people are not found from Demo.
    expect(await names('lombardi')).toEqual([]);
    expect(await names('beta.timbro')).toEqual([]);
    // LIKE wildcards are plain characters.
    expect(await names('%')).toEqual([]);
    expect(await names('_')).toEqual([]);
    expect(await names('nessuno così')).toEqual([]);
    // Search with paging: the total is the filtered count.
    const paged = await list({ search: 'a', per_page: '2', page: '2' });
    const allA = await list({ search: 'a' });
    expect(paged.total).toBe(allA.total);
    expect(paged.items.map((u) => u.id)).toEqual(allA.items.slice(2, 4).map((u) => u.id));
  });

  it('filters by role, enabled and group, alone and combined with search, sort and paging', async () => {
    expect((await list({ role: 'member' })).total).toBe(13);
    expect((await list({ role: 'admin' })).items.map((u) => u.lastName)).toEqual(['Bianchi']);
    expect((await list({ role: 'accountant' })).items.map((u) => u.lastName)).toEqual(['Conti']);
    expect((await list({ enabled: 'true' })).total).toBe(15);
    expect((await list({ enabled: 'false' })).total).toBe(0);

    const members = [await infoId('giulia.esposito@demo.timbro.it'), await infoId('luca.romano@demo.timbro.it'), await infoId('mario.rossi@demo.timbro.it')];
    const group = await ctx.post('/admin/group', { name: 'Filtro lista', members }, asAdmin());
    expect(group.statusCode, group.body).toBe(200);
    const gid = group.json().id as string;

    const inGroup = await list({ group_id: gid });
    expect(inGroup.total).toBe(3);
    expect(inGroup.items.map((u) => u.lastName)).toEqual(['Esposito', 'Romano', 'Rossi']);
    expect(inGroup.items[0]!.groups).toEqual([{ id: gid, name: 'Filtro lista' }]);
    expect((await list({ group_id: gid, sort: 'firstName', order: 'desc' })).items.map((u) => u.firstName)).toEqual(['Mario', 'Luca', 'Giulia']);
    expect((await list({ group_id: gid, search: 'ross' })).items.map((u) => u.lastName)).toEqual(['Rossi']);
    expect((await list({ group_id: gid, search: 'giulia' })).items.map((u) => u.lastName)).toEqual(['Esposito']);
    const page2 = await list({ group_id: gid, role: 'member', enabled: 'true', per_page: '2', page: '2' });
    expect(page2).toMatchObject({ total: 3, page: 2, perPage: 2 });
    expect(page2.items.map((u) => u.lastName)).toEqual(['Rossi']);
    expect((await list({ group_id: gid, role: 'admin' })).total).toBe(0);
    expect((await list({ group_id: randomUUID() })).total).toBe(0);

    // Disabled people are filtered both ways.
    const giulia = members[0]!;
    expect((await ctx.post(`/admin/user/${giulia}/disable`, {}, asAdmin())).statusCode).toBe(200);
    try {
      expect((await list({ enabled: 'false' })).items.map((u) => u.lastName)).toEqual(['Esposito']);
      expect((await list({ group_id: gid, enabled: 'false' })).items.map((u) => u.lastName)).toEqual(['Esposito']);
      expect((await list({ group_id: gid, enabled: '1' })).items.map((u) => u.lastName)).toEqual(['Romano', 'Rossi']);
      expect((await list({ enabled: '0', role: 'member', search: 'giulia' })).total).toBe(1);
      expect((await list({ enabled: 'true' })).total).toBe(14);
      // Without the filter the disabled person is still listed, marked.
      expect((await list()).items.find((u) => u.id === giulia)!.enabled).toBe(false);
    } finally {
      expect((await ctx.post(`/admin/user/${giulia}/enable`, {}, asAdmin())).statusCode).toBe(200);
    }
    expect((await ctx.del(`/admin/group/${gid}`, asAdmin())).statusCode).toBe(200);
  });
});

describe('GET /admin/user/{id}', () => {
  it('401, 400 for a bad id, 403 for a member', async () => {
    const mario = await infoId('mario.rossi@demo.timbro.it');
    expectError(await ctx.get(`/admin/user/${mario}`), 401, 'UNAUTHENTICATED');
    const bad = await ctx.get('/admin/user/123', asAdmin());
    expectError(bad, 400, 'VALIDATION_FAILED');
    expect(fieldErrors(bad)).toEqual({ id: 'Identificativo non valido' });
    expectError(await ctx.get(`/admin/user/${mario}`, inDemo(member)), 403, 'FORBIDDEN');
  });

  it('404 for another workspace’s people and for an unknown id', async () => {
    const records = [await infoId('valentina.barbieri@beta.timbro.it', ctx.ws.beta), await infoId('admin@beta.timbro.it', ctx.ws.beta)];
    const reqs = records.map((id) => ({ method: 'GET' as const, url: `/admin/user/${id}` }));
    await expectForeignRecordsHidden(ctx, admin, ctx.ws.demo, reqs);
    // Also for the accountant, who does belong to Beta, while Demo is the active workspace.
    await expectForeignRecordsHidden(ctx, accountant, ctx.ws.demo, reqs);
    const body = expectError(await ctx.get(`/admin/user/${randomUUID()}`, asAdmin()), 404, 'NOT_FOUND');
    expect(body.message).toBe('Utente non trovato');
    // The accountant's own Beta record is not reachable through Demo either.
    expectError(await ctx.get(`/admin/user/${await infoId('consulente@demo.timbro.it', ctx.ws.beta)}`, inDemo(accountant)), 404, 'NOT_FOUND');
  });

  it('reads one employee record with the person’s account fields (admin and accountant)', async () => {
    const id = await infoId('mario.rossi@demo.timbro.it');
    const [account] = await ctx.db.select().from(users).where(eq(users.email, 'mario.rossi@demo.timbro.it'));
    const res = await ctx.get(`/admin/user/${id}`, asAdmin());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id,
      userId: account!.id,
      email: 'mario.rossi@demo.timbro.it',
      fiscalCode: account!.fiscalCode,
      firstName: 'Mario',
      lastName: 'Rossi',
      roles: ['member'],
      enabled: true,
      invitationPending: false,
      lastLoginAt: { web: expect.any(String), app: null },
      attendanceAutoApproveRequest: 'default',
      workEmail: 'mario.rossi@demo.timbro.it',
      phoneNumber: '+393471007919',
      pec: 'mario.rossi@pec.it',
      homeAddress: 'Via Garibaldi 1, Milano',
      iban: demoIban(1),
      birthday: '1985-04-25',
      birthplace: 'Milano',
      groups: [],
      invitationStatus: 'accepted',
      loginEmailEditable: false,
      createdAt: expect.any(String),
    });
    const byAccountant = await ctx.get(`/admin/user/${id}`, inDemo(accountant));
    expect(byAccountant.statusCode).toBe(200);
    expect(byAccountant.json()).toEqual(res.json());
  });
});

describe('POST /admin/user (create)', () => {
  it('401 without a session, 403 for a member and for the accountant (before validation)', async () => {
    expectError(await ctx.post('/admin/user', employee()), 401, 'UNAUTHENTICATED');
    expectError(await ctx.post('/admin/user', employee(), inDemo(member)), 403, 'FORBIDDEN');
    expectError(await ctx.post('/admin/user', {}, inDemo(member)), 403, 'FORBIDDEN');
    expectError(await ctx.post('/admin/user', employee(), inDemo(accountant)), 403, 'FORBIDDEN');
    expectError(await ctx.post('/admin/user', {}, inDemo(accountant)), 403, 'FORBIDDEN');
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

    const good = generateCodiceFiscale({ lastName: 'Prova', firstName: 'Piero', birthDate: '1980-01-15', sex: 'M', belfiore: 'F205' });
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
    expect(fieldErrors(notMember)).toEqual({ workEmail: 'Inserisci un indirizzo email valido', pec: 'Inserisci un indirizzo email valido' });

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
    const betaGroup = await ctx.post('/admin/group', { name: 'Gruppo Beta per utenti' }, { session: betaAdmin, workspace: ctx.ws.beta });
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
    const cf = generateCodiceFiscale({ lastName: 'Ferrari', firstName: 'Lucia', birthDate: '1990-05-12', sex: 'F', belfiore: 'F205' });
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
    const [entry] = await auditOf(res);
    expect(entry).toMatchObject({ workspaceId: ctx.ws.demo, actorUserId: admin.userId, action: 'user.create', entityType: 'user', entityId: created.id });
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
    expect(me.json().workspace_roles).toEqual([expect.objectContaining({ workspace_id: ctx.ws.demo, member: true, admin: false })]);
    // The new employee is a member: no access to the admin list.
    expectError(await ctx.get('/admin/user', { session: lucia }), 403, 'FORBIDDEN');
    expect(await getUser(created.id)).toMatchObject({ invitationPending: false, invitationStatus: 'accepted', loginEmailEditable: false });
    // The link works once.
    expectError(await ctx.post(`/auth/first-login/${token}`, { password, password_confirmation: password }), 400, 'TOKEN_INVALID');
  });

  it('accepts an omocodic fiscal code and an accountant without employee fields', async () => {
    const base = generateCodiceFiscale({ lastName: 'Omonimo', firstName: 'Oreste', birthDate: '1977-07-07', sex: 'M', belfiore: 'H501' });
    // Position 15 (a digit of the Belfiore code) replaced by its omocodia letter, check character recomputed.
    const first15 = base.slice(0, 14) + 'LMNPQRSTUV'[Number(base[14])]!;
    const omocodic = first15 + codiceFiscaleCheckChar(first15);
    const res = await ctx.post(
      '/admin/user',
      { firstName: 'Oreste', lastName: 'Omonimo', email: 'oreste.omonimo@example.it', fiscalCode: omocodic, roles: ['accountant'] },
      asAdmin(),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ fiscalCode: omocodic, roles: ['accountant'], workEmail: null, pec: null, groups: [], attendanceAutoApproveRequest: 'default' });

    const intl = await ctx.post(
      '/admin/user',
      employee({ phoneNumber: '+44 20 7946 0958', iban: 'DE89 3704 0044 0532 0130 00', roles: ['member', 'accountant'] }),
      asAdmin(),
    );
    expect(intl.statusCode, intl.body).toBe(200);
    expect(intl.json()).toMatchObject({ phoneNumber: '+442079460958', iban: 'DE89370400440532013000', roles: ['accountant', 'member'] });
  });

  it('409 only for the workspace’s own records (same fiscal code, same login e-mail); other accounts never conflict', async () => {
    const before = await countUsers();
    const sameEmail = await ctx.post('/admin/user', employee({ email: 'Mario.Rossi@Demo.Timbro.it' }), asAdmin());
    expect(expectError(sameEmail, 409, 'CONFLICT').message).toBe('Nell’azienda c’è già una scheda con questa email di accesso');
    expect(fieldErrors(sameEmail)).toEqual({ email: 'Nell’azienda c’è già una scheda con questa email di accesso' });

    const [mario] = await ctx.db.select().from(users).where(eq(users.email, 'mario.rossi@demo.timbro.it'));
    const dupMember = await ctx.post('/admin/user', employee({ fiscalCode: mario!.fiscalCode!.toLowerCase() }), asAdmin());
    expect(expectError(dupMember, 409, 'CONFLICT').message).toBe('Nell’azienda c’è già una scheda con questo codice fiscale');
    expect(fieldErrors(dupMember)).toEqual({ fiscalCode: 'Nell’azienda c’è già una scheda con questo codice fiscale' });
    expect(dupMember.headers['x-error-message']).toBeUndefined();
    expect(await countUsers()).toBe(before);
  });
});

describe('GET /admin/user/search-unbound: the workspace’s own records that are not active members', () => {
  const cf = generateCodiceFiscale({ lastName: 'Verdi', firstName: 'Giovanni', birthDate: '1994-07-19', sex: 'M', belfiore: 'F205' });

  it('401, 403 for a member and for the accountant, 400 for a missing or bad fiscal code or exclude id', async () => {
    expectError(await ctx.get('/admin/user/search-unbound', { query: { fiscal_code: cf } }), 401, 'UNAUTHENTICATED');
    expectError(await ctx.get('/admin/user/search-unbound', inDemo(member, { fiscal_code: cf })), 403, 'FORBIDDEN');
    expectError(await ctx.get('/admin/user/search-unbound', inDemo(accountant, { fiscal_code: cf })), 403, 'FORBIDDEN');
    const missing = await ctx.get('/admin/user/search-unbound', asAdmin());
    expect(fieldErrors(expectError(missing, 400, 'VALIDATION_FAILED') && missing)).toEqual({ fiscal_code: 'Inserisci il codice fiscale' });
    const invalid = await ctx.get('/admin/user/search-unbound', inDemo(admin, { fiscal_code: cf.slice(0, 15) + (cf.endsWith('Z') ? 'Y' : 'Z') }));
    expect(fieldErrors(expectError(invalid, 400, 'VALIDATION_FAILED') && invalid)).toEqual({ fiscal_code: 'Il codice fiscale non è valido' });
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
    expect((await ctx.get('/admin/user/search-unbound', inDemo(admin, { fiscal_code: mario!.fiscalCode! }))).json()).toEqual([]);

    const created = await ctx.post('/admin/user', employee({ firstName: 'Giovanni', lastName: 'Verdi', email: 'giovanni.verdi@example.it', fiscalCode: cf }), asAdmin());
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id as string;
    const found = await ctx.get('/admin/user/search-unbound', inDemo(admin, { fiscal_code: ` ${cf.toLowerCase()} ` }));
    expect(found.json()).toEqual([
      { id, firstName: 'Giovanni', lastName: 'Verdi', emailHint: 'g***@example.it', fiscalCode: cf, invitationStatus: 'pending', invitedAt: expect.any(String) },
    ]);
    expect((await ctx.get(`/admin/user/search-unbound?fiscal_code=${cf}&exclude_ids[]=${id}`, asAdmin())).json()).toEqual([]);
    expect((await ctx.get(`/admin/user/search-unbound?fiscal_code=${cf}&exclude_ids[]=${randomUUID()}`, asAdmin())).json()).toHaveLength(1);
    // Beta does not see Demo's records.
    expect((await ctx.get('/admin/user/search-unbound', { session: betaAdmin, workspace: ctx.ws.beta, query: { fiscal_code: cf } })).json()).toEqual([]);
  });
});

describe('POST /admin/user/{id} (update)', () => {
  it('401, 400 for a bad id, 403 for a member and the accountant, 404 for Beta’s people and unknown ids', async () => {
    const id = await infoId('luca.romano@demo.timbro.it');
    const luca = await getUser(id);
    const body = editable(luca);
    expectError(await ctx.post(`/admin/user/${id}`, body), 401, 'UNAUTHENTICATED');
    expectError(await ctx.post('/admin/user/abc', body, asAdmin()), 400, 'VALIDATION_FAILED');
    expectError(await ctx.post(`/admin/user/${id}`, { ...body, firstName: 'Lucone' }, inDemo(member)), 403, 'FORBIDDEN');
    expectError(await ctx.post(`/admin/user/${id}`, {}, inDemo(member)), 403, 'FORBIDDEN');
    expectError(await ctx.post(`/admin/user/${id}`, { ...body, firstName: 'Lucone' }, inDemo(accountant)), 403, 'FORBIDDEN');

    const valentinaId = await infoId('valentina.barbieri@beta.timbro.it', ctx.ws.beta);
    const valentina = (await ctx.get(`/admin/user/${valentinaId}`, { session: betaAdmin, workspace: ctx.ws.beta })).json() as User;
    const foreignBody = { ...editable(valentina), phoneNumber: '02 9999 9999' };
    await expectForeignRecordsHidden(ctx, admin, ctx.ws.demo, [{ method: 'POST', url: `/admin/user/${valentinaId}`, body: foreignBody }]);
    // The operator may write in Demo, yet Beta's record is not there.
    await expectForeignRecordsHidden(ctx, operator, ctx.ws.demo, [{ method: 'POST', url: `/admin/user/${valentinaId}`, body: foreignBody }]);
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
    const [entry] = await auditOf(res);
    expect(entry).toMatchObject({ action: 'user.update', entityType: 'user', entityId: id, actorUserId: admin.userId, workspaceId: ctx.ws.demo });
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
      expect(fieldErrors(res)).toEqual({ email: 'L’email di accesso appartiene alla persona: può cambiarla solo dal suo profilo' });
    }
    // Same address, other case: not a change. Names are the workspace's own: they change, the account's do not.
    const same = await ctx.post(`/admin/user/${id}`, { ...editable(giulia), email: 'Giulia.Esposito@Demo.Timbro.it', firstName: 'Giulia Maria' }, asAdmin());
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().firstName).toBe('Giulia Maria');
    const [account] = await ctx.db.select().from(users).where(eq(users.id, giulia.userId));
    expect(account).toMatchObject({ email: 'giulia.esposito@demo.timbro.it', firstName: 'Giulia' });
    expect((await ctx.get('/user', { session })).json().first_name).toBe('Giulia');
    await ctx.post(`/admin/user/${id}`, { ...editable(giulia) }, asAdmin());
  });

  it('a mistyped e-mail of a person never activated is corrected: the old link dies, a new one goes to the right address', async () => {
    const created = (await ctx.post('/admin/user', employee({ email: 'refuso@exmaple.it', firstName: 'Rita', lastName: 'Refuso' }), asAdmin())).json() as User;
    expect(created.loginEmailEditable).toBe(true);
    const oldLink = /\/first-login\/([A-Za-z0-9_-]+)/.exec((await ctx.outbox('refuso@exmaple.it'))[0]!.textBody)![1]!;
    const res = await ctx.post(`/admin/user/${created.id}`, { ...editable(created), email: 'refuso@example.it' }, asAdmin());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ email: 'refuso@example.it', userId: created.userId, invitationStatus: 'pending' });
    expectError(await ctx.post(`/auth/first-login/${oldLink}`, { password: 'Corretto-2026!', password_confirmation: 'Corretto-2026!' }), 400, 'TOKEN_INVALID');
    const newLink = /\/first-login\/([A-Za-z0-9_-]+)/.exec((await ctx.outbox('refuso@example.it'))[0]!.textBody)![1]!;
    expect((await ctx.post(`/auth/first-login/${newLink}`, { password: 'Corretto-2026!', password_confirmation: 'Corretto-2026!' })).statusCode).toBe(200);
    expect(await getUser(created.id)).toMatchObject({ invitationStatus: 'accepted', loginEmailEditable: false });
    const [entry] = await auditOf(res);
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
    const promoted = await ctx.post(`/admin/user/${id}`, { ...editable(davide), roles: ['member', 'admin'] }, asAdmin());
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json().roles).toEqual(['admin', 'member']);
    expect((await auditOf(promoted))[0]!.changes).toEqual({ isAdmin: { from: false, to: true } });
    expect((await ctx.post(`/admin/user/${id}/disable`, {}, asAdmin())).statusCode).toBe(200);
    const stillLast = await ctx.post(`/admin/user/${anna}`, { ...editable(annaRecord), roles: ['accountant'] }, asAdmin());
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
    const beta = [await infoId('valentina.barbieri@beta.timbro.it', ctx.ws.beta), await infoId('admin@beta.timbro.it', ctx.ws.beta)];
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
    expect((await ctx.get('/workspace/list', { session: member })).json()).toEqual([expect.objectContaining({ id: ctx.ws.demo })]);
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
      expectError(await ctx.post('/auth/token/refresh', undefined, { session: { ...member, cookie: refreshCookie! } }), 401, 'UNAUTHENTICATED');
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
      expect(await auditOf(twice)).toEqual([]);

      const [entry] = await auditOf(res);
      expect(entry).toMatchObject({ action: 'user.disable', entityId: id, actorUserId: admin.userId });
      expect(entry!.changes).toEqual({ enabled: { from: true, to: false } });
    } finally {
      const enabled = await ctx.post(`/admin/user/${id}/enable`, {}, asAdmin());
      expect(enabled.statusCode).toBe(200);
      expect(enabled.json().enabled).toBe(true);
      const [entry] = await auditOf(enabled);
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
      expect((await ctx.post('/auth/token/refresh', undefined, { session: { ...consultant, cookie: refreshCookie! } })).statusCode).toBe(200);
    } finally {
      expect((await ctx.post(`/admin/user/${id}/enable`, {}, asAdmin())).statusCode).toBe(200);
    }
  });

  it('the operator may disable an admin when another admin stays', async () => {
    const id = await infoId('elena.costa@demo.timbro.it');
    const elena = await getUser(id);
    expect((await ctx.post(`/admin/user/${id}`, { ...editable(elena), roles: ['admin', 'member'] }, asAdmin())).statusCode).toBe(200);
    const res = await ctx.post(`/admin/user/${id}/disable`, {}, inDemo(operator));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().enabled).toBe(false);
    const [entry] = await auditOf(res);
    expect(entry).toMatchObject({ action: 'user.disable', actorUserId: operator.userId });
    expect((await ctx.post(`/admin/user/${id}/enable`, {}, asAdmin())).statusCode).toBe(200);
  });
});

describe('GET /ajax/users', () => {
  it('401; every role of the workspace may look people up; 400 for a bad flag', async () => {
    expectError(await ctx.get('/ajax/users'), 401, 'UNAUTHENTICATED');
    for (const s of [admin, accountant, member]) expect((await ctx.get('/ajax/users', inDemo(s))).statusCode).toBe(200);
    const bad = await ctx.get('/ajax/users', inDemo(admin, { include_disabled: 'forse' }));
    expectError(bad, 400, 'VALIDATION_FAILED');
    expect(Object.keys(fieldErrors(bad))).toEqual(['include_disabled']);
  });

  it('lists the active workspace’s enabled people by name, searchable; disabled ones on request', async () => {
    const all = (await ctx.get('/ajax/users', inDemo(member))).json() as { id: string; name: string; enabled: boolean }[];
    const page = await list({ per_page: '200', enabled: 'true' });
    expect(all.map((u) => u.id)).toEqual(page.items.map((u) => u.id));
    // Names only: never a login e-mail.
    expect(all.find((u) => u.name === 'Mario Rossi')).toEqual({ id: await infoId('mario.rossi@demo.timbro.it'), name: 'Mario Rossi', enabled: true });
    expect(JSON.stringify(all)).not.toContain('@');
    expect(all.some((u) => u.name === 'Valentina Barbieri')).toBe(false);

    const found = (await ctx.get('/ajax/users', inDemo(admin, { search: 'chiara mar' }))).json();
    expect(found).toEqual([expect.objectContaining({ name: 'Chiara Marino' })]);
    expect((await ctx.get('/ajax/users', inDemo(admin, { search: '%' }))).json()).toEqual([]);

    const id = await infoId('chiara.marino@demo.timbro.it');
    expect((await ctx.post(`/admin/user/${id}/disable`, {}, asAdmin())).statusCode).toBe(200);
    try {
      expect((await ctx.get('/ajax/users', inDemo(admin, { search: 'chiara' }))).json()).toEqual([]);
      expect((await ctx.get('/ajax/users', inDemo(admin, { search: 'chiara', include_disabled: 'true' }))).json()).toEqual([
        { id, name: 'Chiara Marino', enabled: false },
      ]);
      // Former staff stay hidden from employees, even when they ask.
      expect((await ctx.get('/ajax/users', inDemo(member, { search: 'chiara', include_disabled: 'true' }))).json()).toEqual([]);
    } finally {
      await ctx.post(`/admin/user/${id}/enable`, {}, asAdmin());
    }
    // Beta's lookup is Beta's.
    const beta = (await ctx.get('/ajax/users', { session: accountant, workspace: ctx.ws.beta })).json() as { name: string }[];
    expect(beta.map((u) => u.name)).toEqual(expect.arrayContaining(['Valentina Barbieri', 'Carlo Conti']));
    expect(beta.some((u) => u.name === 'Mario Rossi')).toBe(false);
  });
});

describe('GET /admin/audit', () => {
  it('401, 403 for a member and for the accountant, 400 for a bad filter', async () => {
    expectError(await ctx.get('/admin/audit'), 401, 'UNAUTHENTICATED');
    expectError(await ctx.get('/admin/audit', inDemo(member)), 403, 'FORBIDDEN');
    expectError(await ctx.get('/admin/audit', inDemo(accountant)), 403, 'FORBIDDEN');
    const bad = await ctx.get('/admin/audit', inDemo(admin, { entity_type: 'payroll' }));
    expectError(bad, 400, 'VALIDATION_FAILED');
    expect(fieldErrors(bad)).toEqual({ entity_type: 'Valore non valido' });
  });

  it('the admin reads the trail of the active workspace, newest first, filtered by entity', async () => {
    const id = await infoId('simone.fontana@demo.timbro.it');
    const simone = await getUser(id);
    const upd = await ctx.post(`/admin/user/${id}`, { ...editable(simone), birthplace: 'Mestre' }, asAdmin());
    expect(upd.statusCode).toBe(200);
    expect((await ctx.post(`/admin/user/${id}/disable`, {}, asAdmin())).statusCode).toBe(200);
    expect((await ctx.post(`/admin/user/${id}/enable`, {}, asAdmin())).statusCode).toBe(200);

    const res = await ctx.get('/admin/audit', inDemo(admin, { entity_type: 'user', entity_id: id }));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total: 3, page: 1, perPage: 50 });
    expect(body.items.map((e: { action: string }) => e.action)).toEqual(['user.enable', 'user.disable', 'user.update']);
    expect(body.items[2]).toEqual({
      id: expect.any(Number),
      action: 'user.update',
      entityType: 'user',
      entityId: id,
      actor: { id: admin.userId, name: 'Anna Bianchi' },
      changes: { birthplace: { from: 'Venezia', to: 'Mestre' } },
      createdAt: expect.any(String),
    });

    const all = (await ctx.get('/admin/audit', inDemo(admin, { per_page: '200' }))).json();
    const [count] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(eq(auditLog.workspaceId, ctx.ws.demo));
    expect(all.total).toBe(count!.n);
    const ids = (all.items as { id: number }[]).map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    // Beta's entries stay in Beta.
    const betaEntries = await ctx.db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.workspaceId, ctx.ws.beta));
    expect(betaEntries.length).toBeGreaterThan(0);
    expect(ids.some((i) => betaEntries.some((b) => b.id === i))).toBe(false);
    const paged = (await ctx.get('/admin/audit', inDemo(admin, { per_page: '2', page: '2' }))).json();
    expect(paged.items.map((e: { id: number }) => e.id)).toEqual(ids.slice(2, 4));
    // The Beta admin sees Beta's trail only.
    const beta = (await ctx.get('/admin/audit', { session: betaAdmin, workspace: ctx.ws.beta })).json();
    expect(beta.total).toBe(betaEntries.length);
  });

  it('no audit entry and no mail for refused writes', async () => {
    const [{ n: before }] = (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(auditLog)) as [{ n: number }];
    const [{ n: mailsBefore }] = (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox)) as [{ n: number }];
    await ctx.post('/admin/user', employee({ email: 'mario.rossi@demo.timbro.it' }), asAdmin());
    await ctx.post('/admin/user', employee({ pec: null }), asAdmin());
    await ctx.post(`/admin/user/${await infoId('admin@demo.timbro.it')}/disable`, {}, asAdmin());
    const [{ n: after }] = (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(auditLog)) as [{ n: number }];
    const [{ n: mailsAfter }] = (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox)) as [{ n: number }];
    expect(after).toBe(before);
    expect(mailsAfter).toBe(mailsBefore);
    const infos = await ctx.db.select({ id: userInfos.id }).from(userInfos).where(and(eq(userInfos.workspaceId, ctx.ws.demo)));
    expect(infos.length).toBe((await list()).total);
  });
});

describe('name order', () => {
  it('sorts surnames as people read them: "de Santis" and "di Stefano" among the D’s, not after "Z"', async () => {
    for (const [firstName, lastName] of [
      ['Ettore', 'de Santis'],
      ['Ida', 'di Stefano'],
    ] as const) {
      const res = await ctx.post('/admin/user', employee({ firstName, lastName, fiscalCode: freshCf(lastName, firstName) }), asAdmin());
      expect(res.statusCode, res.body).toBe(200);
    }
    const names = (await list({ per_page: '200' })).items.map((u) => u.lastName);
    const costa = names.indexOf('Costa');
    expect(names.slice(costa, costa + 4)).toEqual(['Costa', 'de Santis', 'di Stefano', 'Esposito']);
    const desc = (await list({ per_page: '200', order: 'desc' })).items.map((u) => u.lastName);
    expect(desc).toEqual([...names].reverse());

    const lookup = ((await ctx.get('/ajax/users', asAdmin())).json() as { name: string }[]).map((u) => u.name);
    const elena = lookup.indexOf('Elena Costa');
    expect(lookup.slice(elena, elena + 4)).toEqual(['Elena Costa', 'Ettore de Santis', 'Ida di Stefano', 'Giulia Esposito']);
  });
});

describe('sorting details', () => {
  it('an accented initial sorts with its letter ("Élia" among the E’s)', async () => {
    const res = await ctx.post('/admin/user', employee({ firstName: 'Anna', lastName: 'Élia', fiscalCode: freshCf('Elia', 'Anna') }), asAdmin());
    expect(res.statusCode, res.body).toBe(200);
    const names = (await list({ per_page: '200' })).items.map((u) => u.lastName);
    expect(names.indexOf('Élia')).toBeLessThan(names.indexOf('Esposito'));
    expect(names.indexOf('Élia')).toBeGreaterThan(names.indexOf('Costa'));
  });

  it('people who never logged in come last in both directions of the last-login sort', async () => {
    for (const order of ['asc', 'desc'] as const) {
      const items = (await list({ per_page: '200', sort: 'lastLoginWebAt', order })).items;
      const firstNever = items.findIndex((u) => u.lastLoginAt.web === null);
      expect(firstNever).toBeGreaterThan(0);
      expect(items.slice(firstNever).every((u) => u.lastLoginAt.web === null)).toBe(true);
      const logged = items.slice(0, firstNever).map((u) => u.lastLoginAt.web!);
      expect(logged).toEqual([...logged].sort((a, b) => (order === 'asc' ? a.localeCompare(b) : b.localeCompare(a))));
    }
  });

  it('a bad page number gets the Italian message', async () => {
    const res = await ctx.get('/admin/user', inDemo(admin, { page: '0' }));
    expect(fieldErrors(res).page).toBe('Valore non valido');
    const groups = await ctx.get('/admin/group', inDemo(admin, { page: '0' }));
    expect(fieldErrors(groups).page).toBe('Valore non valido');
  });
});
