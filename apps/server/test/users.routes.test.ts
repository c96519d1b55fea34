import { randomUUID } from 'node:crypto';
import { type User } from '@timbro/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { userInfos, users } from '../src/db/schema';
import { demoIban } from '../src/seed';
import { buildEmployee, employeeBody as employee, freshFiscalCode as freshCf } from './factories';
import {
  expectError,
  expectForeignRecordsHidden,
  fieldErrors,
  listUsers,
  membershipIdOf,
  useDemoContext,
  type DemoContext,
  type Session,
} from './helpers';

/**
 * The users module's reads: the employee list (paging, sorting, search, filters), one record, the people lookup and
 * the name order. Creating people is in users.enrol.test.ts, editing and enabling them in users.update.test.ts.
 */

let { ctx, admin, accountant, member, betaAdmin } = {} as DemoContext;

/** Demo S.r.l. before any test writes: 15 people, in last-name order. */
const DEMO_LAST_NAMES = [
  'Bianchi',
  'Bruno',
  'Colombo',
  'Conti',
  'Costa',
  'Esposito',
  'Fontana',
  'Gallo',
  'Greco',
  'Marino',
  'Moretti',
  'Ricci',
  'Rinaldi',
  'Romano',
  'Rossi',
];

// In this order (loginDemoRoles: admin, accountant, member, Beta's admin): the last-login sort below depends on it.
const { inDemo, asAdmin } = useDemoContext((d) => ({ ctx, admin, accountant, member, betaAdmin } = d));
const infoId = (email: string, workspace = ctx.ws.demo) => membershipIdOf(ctx, email, workspace);
const list = (query: Record<string, string> = {}, session: Session = admin) => listUsers(ctx, inDemo(session), query);

describe('GET /admin/user', () => {
  it('401 without a session', async () => {
    expectError(await ctx.get('/admin/user'), 401, 'UNAUTHENTICATED');
    expectError(await ctx.get('/admin/user', { workspace: ctx.ws.demo }), 401, 'UNAUTHENTICATED');
  });

  it('400 for every bad query parameter', async () => {
    const res = await ctx.get(
      '/admin/user',
      inDemo(admin, {
        sort: 'salary',
        order: 'up',
        role: 'boss',
        group_id: 'x',
        enabled: 'forse',
        invitation: 'forse',
        page: '0',
        per_page: '1000',
      }),
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
      invitation: 'Valore non valido',
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
    expect(mario).toMatchObject({
      roles: ['member'],
      enabled: true,
      invitationStatus: 'accepted',
      loginEmailEditable: false,
      invitationPending: false,
      groups: [],
    });
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
    const by = (key: 'firstName' | 'email' | 'fiscalCode') =>
      [...all].map((u) => u[key] as string).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

    expect((await list({ sort: 'lastName', order: 'desc' })).items.map((u) => u.lastName)).toEqual(
      [...DEMO_LAST_NAMES].reverse(),
    );
    for (const key of ['firstName', 'email', 'fiscalCode'] as const) {
      const asc = (await list({ sort: key })).items.map((u) => u[key]);
      expect(asc, key).toEqual(by(key));
      const descending = (await list({ sort: key, order: 'desc' })).items.map((u) => u[key]);
      expect(descending, key).toEqual(by(key).reverse());
    }
    expect((await list({ sort: 'firstName', per_page: '3' })).items.map((u) => u.firstName)).toEqual([
      'Alessandro',
      'Anna',
      'Carlo',
    ]);

    // Last web login: the three people who logged in (in this order in beforeAll), then the others by name.
    const byLogin = (await list({ sort: 'lastLoginWebAt' })).items;
    expect(byLogin.slice(0, 3).map((u) => u.lastName)).toEqual(['Bianchi', 'Conti', 'Rossi']);
    expect(byLogin.slice(3).map((u) => u.lastName)).toEqual(
      DEMO_LAST_NAMES.filter((n) => !['Bianchi', 'Conti', 'Rossi'].includes(n)),
    );
    expect(byLogin[0]!.lastLoginAt.web).not.toBeNull();
    const byLoginDesc = (await list({ sort: 'lastLoginWebAt', order: 'desc' })).items.filter(
      (u) => u.lastLoginAt.web !== null,
    );
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
    const [mario] = await ctx.db
      .select({ cf: users.fiscalCode })
      .from(users)
      .where(eq(users.email, 'mario.rossi@demo.timbro.it'));
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

    const members = [
      await infoId('giulia.esposito@demo.timbro.it'),
      await infoId('luca.romano@demo.timbro.it'),
      await infoId('mario.rossi@demo.timbro.it'),
    ];
    const group = await ctx.post('/admin/group', { name: 'Filtro lista', members }, asAdmin());
    expect(group.statusCode, group.body).toBe(200);
    const gid = group.json().id as string;

    const inGroup = await list({ group_id: gid });
    expect(inGroup.total).toBe(3);
    expect(inGroup.items.map((u) => u.lastName)).toEqual(['Esposito', 'Romano', 'Rossi']);
    expect(inGroup.items[0]!.groups).toEqual([{ id: gid, name: 'Filtro lista' }]);
    expect((await list({ group_id: gid, sort: 'firstName', order: 'desc' })).items.map((u) => u.firstName)).toEqual([
      'Mario',
      'Luca',
      'Giulia',
    ]);
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

describe('GET /admin/user: the invitation filter', () => {
  it('filters by the invitation’s state; with the employee role and enabled it is the dashboard’s "Dipendenti attivi"', async () => {
    const pending = await buildEmployee(ctx, ctx.ws.demo, { lastName: 'Invitata', invitationStatus: 'pending' });
    const declined = await buildEmployee(ctx, ctx.ws.demo, {
      lastName: 'Rifiutata',
      invitationStatus: 'declined',
      enabled: false,
    });
    try {
      expect((await list({ invitation: 'pending' })).items.map((u) => u.lastName)).toEqual(['Invitata']);
      expect((await list({ invitation: 'declined' })).items.map((u) => u.lastName)).toEqual(['Rifiutata']);
      expect((await list({ invitation: 'accepted' })).total).toBe(15);
      expect((await list({ enabled: 'true' })).total).toBe(16);
      // Admin Bianchi and consultant Conti have no employee role; the pending person has not joined yet.
      const active = await list({ role: 'member', enabled: 'true', invitation: 'accepted', per_page: '100' });
      expect(active.total).toBe(13);
      expect(active.items.map((u) => u.lastName)).not.toContain('Invitata');
      const dashboard = await ctx.get('/dashboard', asAdmin());
      expect(dashboard.json().activeEmployees).toEqual({ count: active.total });
    } finally {
      for (const p of [pending, declined]) await ctx.db.delete(userInfos).where(eq(userInfos.id, p.userInfoId));
    }
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
    const records = [
      await infoId('valentina.barbieri@beta.timbro.it', ctx.ws.beta),
      await infoId('admin@beta.timbro.it', ctx.ws.beta),
    ];
    const reqs = records.map((id) => ({ method: 'GET' as const, url: `/admin/user/${id}` }));
    await expectForeignRecordsHidden(ctx, admin, ctx.ws.demo, reqs);
    // Also for the accountant, who does belong to Beta, while Demo is the active workspace.
    await expectForeignRecordsHidden(ctx, accountant, ctx.ws.demo, reqs);
    const body = expectError(await ctx.get(`/admin/user/${randomUUID()}`, asAdmin()), 404, 'NOT_FOUND');
    expect(body.message).toBe('Utente non trovato');
    // The accountant's own Beta record is not reachable through Demo either.
    expectError(
      await ctx.get(`/admin/user/${await infoId('consulente@demo.timbro.it', ctx.ws.beta)}`, inDemo(accountant)),
      404,
      'NOT_FOUND',
    );
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

describe('GET /ajax/users', () => {
  it('401; every role of the workspace may look people up; 400 for a bad flag', async () => {
    expectError(await ctx.get('/ajax/users'), 401, 'UNAUTHENTICATED');
    for (const s of [admin, accountant, member]) expect((await ctx.get('/ajax/users', inDemo(s))).statusCode).toBe(200);
    const bad = await ctx.get('/ajax/users', inDemo(admin, { include_disabled: 'forse' }));
    expectError(bad, 400, 'VALIDATION_FAILED');
    expect(Object.keys(fieldErrors(bad))).toEqual(['include_disabled']);
  });

  it('lists the active workspace’s enabled people by name, searchable; disabled ones on request', async () => {
    const all = (await ctx.get('/ajax/users', inDemo(member))).json() as {
      id: string;
      name: string;
      enabled: boolean;
    }[];
    const page = await list({ per_page: '200', enabled: 'true' });
    expect(all.map((u) => u.id)).toEqual(page.items.map((u) => u.id));
    // Names only: never a login e-mail.
    expect(all.find((u) => u.name === 'Mario Rossi')).toEqual({
      id: await infoId('mario.rossi@demo.timbro.it'),
      name: 'Mario Rossi',
      enabled: true,
    });
    expect(JSON.stringify(all)).not.toContain('@');
    expect(all.some((u) => u.name === 'Valentina Barbieri')).toBe(false);

    const found = (await ctx.get('/ajax/users', inDemo(admin, { search: 'chiara mar' }))).json();
    expect(found).toEqual([expect.objectContaining({ name: 'Chiara Marino' })]);
    expect((await ctx.get('/ajax/users', inDemo(admin, { search: '%' }))).json()).toEqual([]);

    const id = await infoId('chiara.marino@demo.timbro.it');
    expect((await ctx.post(`/admin/user/${id}/disable`, {}, asAdmin())).statusCode).toBe(200);
    try {
      expect((await ctx.get('/ajax/users', inDemo(admin, { search: 'chiara' }))).json()).toEqual([]);
      expect(
        (await ctx.get('/ajax/users', inDemo(admin, { search: 'chiara', include_disabled: 'true' }))).json(),
      ).toEqual([{ id, name: 'Chiara Marino', enabled: false }]);
      // Former staff stay hidden from employees, even when they ask.
      expect(
        (await ctx.get('/ajax/users', inDemo(member, { search: 'chiara', include_disabled: 'true' }))).json(),
      ).toEqual([]);
    } finally {
      await ctx.post(`/admin/user/${id}/enable`, {}, asAdmin());
    }
    // Beta's lookup is Beta's.
    const beta = (await ctx.get('/ajax/users', { session: accountant, workspace: ctx.ws.beta })).json() as {
      name: string;
    }[];
    expect(beta.map((u) => u.name)).toEqual(expect.arrayContaining(['Valentina Barbieri', 'Carlo Conti']));
    expect(beta.some((u) => u.name === 'Mario Rossi')).toBe(false);
  });
});

describe('name order', () => {
  it('sorts surnames as people read them: "de Santis" and "di Stefano" among the D’s, not after "Z"', async () => {
    for (const [firstName, lastName] of [
      ['Ettore', 'de Santis'],
      ['Ida', 'di Stefano'],
    ] as const) {
      const res = await ctx.post(
        '/admin/user',
        employee({ firstName, lastName, fiscalCode: freshCf(lastName, firstName) }),
        asAdmin(),
      );
      expect(res.statusCode, res.body).toBe(200);
    }
    const names = (await list({ per_page: '200' })).items.map((u) => u.lastName);
    const costa = names.indexOf('Costa');
    expect(names.slice(costa, costa + 4)).toEqual(['Costa', 'de Santis', 'di Stefano', 'Esposito']);
    const desc = (await list({ per_page: '200', order: 'desc' })).items.map((u) => u.lastName);
    expect(desc).toEqual([...names].reverse());

    const lookup = ((await ctx.get('/ajax/users', asAdmin())).json() as { name: string }[]).map((u) => u.name);
    const elena = lookup.indexOf('Elena Costa');
    expect(lookup.slice(elena, elena + 4)).toEqual([
      'Elena Costa',
      'Ettore de Santis',
      'Ida di Stefano',
      'Giulia Esposito',
    ]);
  });
});

describe('sorting details', () => {
  it('an accented initial sorts with its letter ("Élia" among the E’s)', async () => {
    const res = await ctx.post(
      '/admin/user',
      employee({ firstName: 'Anna', lastName: 'Élia', fiscalCode: freshCf('Elia', 'Anna') }),
      asAdmin(),
    );
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
