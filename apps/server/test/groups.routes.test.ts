import { randomUUID } from 'node:crypto';
import type { GroupDetail, User } from '@timbro/shared';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { groupMembers, groups } from '../src/db/schema';
import {
  auditOf,
  expectError,
  expectForeignRecordsHidden,
  fieldErrors,
  membershipOf,
  useDemoContext,
  type DemoContext,
  type Session,
} from './helpers';

let { ctx, admin, accountant, member, betaAdmin } = {} as DemoContext;
let operator: Session;

/** Demo employee record ids by e-mail prefix. */
const ids: Record<string, string> = {};
/** Beta's group and one Beta employee record. */
let betaGroupId: string;
let valentinaId: string;

const { inDemo, asAdmin } = useDemoContext(async (d) => {
  ({ ctx, admin, accountant, member, betaAdmin } = d);
  operator = await ctx.login('operator@demo.timbro.it');
  for (const who of ['mario.rossi', 'giulia.esposito', 'luca.romano', 'chiara.marino', 'sara.bruno']) {
    ids[who] = (await membershipOf(ctx, `${who}@demo.timbro.it`, ctx.ws.demo))!.id;
  }
  valentinaId = (await membershipOf(ctx, 'valentina.barbieri@beta.timbro.it', ctx.ws.beta))!.id;
  const beta = await ctx.post(
    '/admin/group',
    { name: 'Magazzino', members: [valentinaId] },
    { session: betaAdmin, workspace: ctx.ws.beta },
  );
  expect(beta.statusCode, beta.body).toBe(200);
  betaGroupId = beta.json().id;
});

async function groupCount(): Promise<number> {
  const [row] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(groups);
  return row!.n;
}

async function listGroups(query: Record<string, string> = {}, session: Session = admin) {
  const res = await ctx.get('/admin/group', inDemo(session, query));
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    items: { id: string; name: string; usersCount: number; createdAt: string }[];
    total: number;
    page: number;
    perPage: number;
  };
}

/** Demo groups created by the tests below, by name. */
const demoGroups: Record<string, string> = {};

describe('POST /admin/group', () => {
  it('401 without a session; 403 for a member and for the accountant, before validation', async () => {
    expectError(await ctx.post('/admin/group', { name: 'Anonimo' }), 401, 'UNAUTHENTICATED');
    for (const s of [member, accountant]) {
      expectError(await ctx.post('/admin/group', { name: 'Non mio' }, inDemo(s)), 403, 'FORBIDDEN');
      expectError(await ctx.post('/admin/group', {}, inDemo(s)), 403, 'FORBIDDEN');
    }
    expect(await groupCount()).toBe(1);
  });

  it('400 with the Italian messages: name required and not too long, members of this workspace', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{}, 'name', 'Inserisci il nome del gruppo'],
      [{ name: '' }, 'name', 'Inserisci il nome del gruppo'],
      [{ name: '    ' }, 'name', 'Inserisci il nome del gruppo'],
      [{ name: null }, 'name', 'Inserisci il nome del gruppo'],
      [{ name: 42 }, 'name', 'Inserisci il nome del gruppo'],
      [{ name: 'g'.repeat(101) }, 'name', 'Massimo 100 caratteri'],
      [{ name: 'Ok', members: ['non-un-id'] }, 'members.0', 'Identificativo non valido'],
      [{ name: 'Ok', members: [randomUUID()] }, 'members', 'Utente non trovato'],
      [{ name: 'Ok', members: [ids['mario.rossi'], valentinaId] }, 'members', 'Utente non trovato'],
    ];
    for (const [body, path, message] of cases) {
      const res = await ctx.post('/admin/group', body, asAdmin());
      expectError(res, 400, 'VALIDATION_FAILED');
      expect(fieldErrors(res), JSON.stringify(body)).toEqual({ [path]: message });
    }
    const notArray = await ctx.post('/admin/group', { name: 'Ok', members: ids['mario.rossi'] }, asAdmin());
    expectError(notArray, 400, 'VALIDATION_FAILED');
    expect(Object.keys(fieldErrors(notArray))).toEqual(['members']);
    expect(await groupCount()).toBe(1);
  });

  it('creates groups with their members (each once, by name); the change is audited', async () => {
    const res = await ctx.post(
      '/admin/group',
      {
        name: '  Magazzino ',
        members: [ids['mario.rossi'], ids['giulia.esposito'], ids['luca.romano'], ids['giulia.esposito']],
      },
      asAdmin(),
    );
    expect(res.statusCode, res.body).toBe(200);
    const g = res.json() as GroupDetail;
    expect(g).toEqual({
      id: expect.any(String),
      name: 'Magazzino',
      usersCount: 3,
      createdAt: expect.any(String),
      members: [
        {
          id: ids['giulia.esposito'],
          firstName: 'Giulia',
          lastName: 'Esposito',
          email: 'giulia.esposito@demo.timbro.it',
        },
        { id: ids['luca.romano'], firstName: 'Luca', lastName: 'Romano', email: 'luca.romano@demo.timbro.it' },
        { id: ids['mario.rossi'], firstName: 'Mario', lastName: 'Rossi', email: 'mario.rossi@demo.timbro.it' },
      ],
    });
    demoGroups.Magazzino = g.id;
    const [entry] = await auditOf(ctx, res);
    expect(entry).toMatchObject({
      workspaceId: ctx.ws.demo,
      actorUserId: admin.userId,
      action: 'group.create',
      entityType: 'group',
      entityId: g.id,
    });
    expect(entry!.changes).toEqual({
      name: 'Magazzino',
      members: [ids['mario.rossi'], ids['giulia.esposito'], ids['luca.romano']],
    });

    for (const [name, members] of [
      ['Amministrazione', [ids['sara.bruno']]],
      ['ufficio tecnico', [ids['chiara.marino'], ids['mario.rossi']]],
      ['Vendite', undefined],
    ] as const) {
      const r = await ctx.post('/admin/group', { name, ...(members ? { members } : {}) }, asAdmin());
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json()).toMatchObject({ name, usersCount: members?.length ?? 0 });
      demoGroups[name] = r.json().id;
    }
    expect((await ctx.get(`/admin/group/${demoGroups.Vendite}`, asAdmin())).json().members).toEqual([]);

    // The people's records show their groups.
    const mario = (await ctx.get(`/admin/user/${ids['mario.rossi']}`, asAdmin())).json() as User;
    expect(mario.groups).toEqual([
      { id: demoGroups.Magazzino, name: 'Magazzino' },
      { id: demoGroups['ufficio tecnico'], name: 'ufficio tecnico' },
    ]);
  });

  it('409 for a name already used in the workspace, whatever the case; another workspace may use it', async () => {
    const before = await groupCount();
    for (const name of ['Magazzino', 'MAGAZZINO', ' magazzino ', 'Ufficio Tecnico']) {
      const res = await ctx.post('/admin/group', { name }, asAdmin());
      const body = expectError(res, 409, 'CONFLICT');
      expect(body.message).toBe('Esiste già un gruppo con questo nome');
      expect(fieldErrors(res)).toEqual({ name: 'Esiste già un gruppo con questo nome' });
    }
    expect(await groupCount()).toBe(before);
    // Beta already has a "Magazzino" (beforeAll), and Demo one too: per-workspace names.
    const beta = await ctx.post('/admin/group', { name: 'Vendite' }, { session: betaAdmin, workspace: ctx.ws.beta });
    expect(beta.statusCode).toBe(200);
    expect(await groupCount()).toBe(before + 1);
  });
});

describe('GET /admin/group', () => {
  it('401, 403 for a member, 400 for a bad query; the accountant may read', async () => {
    expectError(await ctx.get('/admin/group'), 401, 'UNAUTHENTICATED');
    expectError(await ctx.get('/admin/group', inDemo(member)), 403, 'FORBIDDEN');
    const bad = await ctx.get('/admin/group', asAdmin({ sort: 'members', order: 'su' }));
    expectError(bad, 400, 'VALIDATION_FAILED');
    expect(fieldErrors(bad)).toEqual({ sort: 'Valore non valido', order: 'Valore non valido' });
    const badPage = await ctx.get('/admin/group', asAdmin({ page: '0', per_page: '201' }));
    expectError(badPage, 400, 'VALIDATION_FAILED');
    expect(Object.keys(fieldErrors(badPage)).sort()).toEqual(['page', 'per_page']);
    expect((await listGroups({}, accountant)).total).toBe(4);
  });

  it('lists the workspace’s groups with usersCount, sorted, searched and paged', async () => {
    const page = await listGroups();
    expect(page).toMatchObject({ total: 4, page: 1, perPage: 25 });
    // Names sort case-insensitively.
    expect(page.items.map((g) => [g.name, g.usersCount])).toEqual([
      ['Amministrazione', 1],
      ['Magazzino', 3],
      ['ufficio tecnico', 2],
      ['Vendite', 0],
    ]);
    expect(page.items.map((g) => g.id)).not.toContain(betaGroupId);
    expect((await listGroups({ order: 'desc' })).items.map((g) => g.name)).toEqual([
      'Vendite',
      'ufficio tecnico',
      'Magazzino',
      'Amministrazione',
    ]);
    expect((await listGroups({ sort: 'usersCount', order: 'desc' })).items.map((g) => g.name)).toEqual([
      'Magazzino',
      'ufficio tecnico',
      'Amministrazione',
      'Vendite',
    ]);
    expect((await listGroups({ sort: 'usersCount' })).items.map((g) => g.name)).toEqual([
      'Vendite',
      'Amministrazione',
      'ufficio tecnico',
      'Magazzino',
    ]);
    expect((await listGroups({ sort: 'createdAt' })).items.map((g) => g.name)).toEqual([
      'Magazzino',
      'Amministrazione',
      'ufficio tecnico',
      'Vendite',
    ]);
    expect((await listGroups({ sort: 'createdAt', order: 'desc' })).items.map((g) => g.name)).toEqual([
      'Vendite',
      'ufficio tecnico',
      'Amministrazione',
      'Magazzino',
    ]);

    const p2 = await listGroups({ per_page: '3', page: '2' });
    expect(p2).toMatchObject({ total: 4, page: 2, perPage: 3 });
    expect(p2.items.map((g) => g.name)).toEqual(['Vendite']);
    expect((await listGroups({ per_page: '3', page: '3' })).items).toEqual([]);

    const search = async (s: string, extra: Record<string, string> = {}) => {
      const r = await listGroups({ search: s, ...extra });
      expect(r.total).toBe(r.items.length);
      return r.items.map((g) => g.name);
    };
    expect(await search('MAGA')).toEqual(['Magazzino']);
    expect(await search('zio')).toEqual(['Amministrazione']);
    expect(await search('  tecnico ')).toEqual(['ufficio tecnico']);
    expect(await search('i', { sort: 'usersCount', order: 'desc' })).toEqual([
      'Magazzino',
      'ufficio tecnico',
      'Amministrazione',
      'Vendite',
    ]);
    expect(await search('%')).toEqual([]);
    expect(await search('_')).toEqual([]);
    const paged = await listGroups({ search: 'i', per_page: '2', page: '2' });
    expect(paged.total).toBe(4);
    expect(paged.items.map((g) => g.name)).toEqual(['ufficio tecnico', 'Vendite']);

    // Beta sees its own two groups only.
    const beta = await ctx.get('/admin/group', { session: betaAdmin, workspace: ctx.ws.beta });
    expect((beta.json().items as { name: string; usersCount: number }[]).map((g) => [g.name, g.usersCount])).toEqual([
      ['Magazzino', 1],
      ['Vendite', 0],
    ]);
  });
});

describe('GET /admin/group/{id}', () => {
  it('401, 400 for a bad id, 403 for a member, 404 for Beta’s group and an unknown id; admin and accountant read', async () => {
    const id = demoGroups['ufficio tecnico']!;
    expectError(await ctx.get(`/admin/group/${id}`), 401, 'UNAUTHENTICATED');
    const bad = await ctx.get('/admin/group/1', asAdmin());
    expectError(bad, 400, 'VALIDATION_FAILED');
    expect(fieldErrors(bad)).toEqual({ id: 'Identificativo non valido' });
    expectError(await ctx.get(`/admin/group/${id}`, inDemo(member)), 403, 'FORBIDDEN');
    for (const s of [admin, accountant, operator]) {
      await expectForeignRecordsHidden(ctx, s, ctx.ws.demo, [{ method: 'GET', url: `/admin/group/${betaGroupId}` }]);
    }
    const unknown = await ctx.get(`/admin/group/${randomUUID()}`, asAdmin());
    expect(expectError(unknown, 404, 'NOT_FOUND').message).toBe('Gruppo non trovato');

    const res = await ctx.get(`/admin/group/${id}`, asAdmin());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id,
      name: 'ufficio tecnico',
      usersCount: 2,
      createdAt: expect.any(String),
      members: [
        { id: ids['chiara.marino'], firstName: 'Chiara', lastName: 'Marino', email: 'chiara.marino@demo.timbro.it' },
        { id: ids['mario.rossi'], firstName: 'Mario', lastName: 'Rossi', email: 'mario.rossi@demo.timbro.it' },
      ],
    });
    const byAccountant = await ctx.get(`/admin/group/${id}`, inDemo(accountant));
    expect(byAccountant.json()).toEqual(res.json());
    // From Beta, Beta's group is there.
    const beta = await ctx.get(`/admin/group/${betaGroupId}`, { session: accountant, workspace: ctx.ws.beta });
    expect(beta.json()).toMatchObject({
      name: 'Magazzino',
      usersCount: 1,
      members: [{ id: valentinaId, lastName: 'Barbieri' }],
    });
  });
});

describe('POST /admin/group/{id}', () => {
  it('401, 400, 403 for a member and the accountant, 404 for Beta’s group and an unknown id', async () => {
    const id = demoGroups.Vendite!;
    expectError(await ctx.post(`/admin/group/${id}`, { name: 'Vendite Nord' }), 401, 'UNAUTHENTICATED');
    expectError(await ctx.post('/admin/group/x', { name: 'Vendite Nord' }, asAdmin()), 400, 'VALIDATION_FAILED');
    for (const s of [member, accountant]) {
      expectError(await ctx.post(`/admin/group/${id}`, { name: 'Vendite Nord' }, inDemo(s)), 403, 'FORBIDDEN');
      expectError(await ctx.post(`/admin/group/${id}`, {}, inDemo(s)), 403, 'FORBIDDEN');
    }
    for (const s of [admin, operator]) {
      await expectForeignRecordsHidden(ctx, s, ctx.ws.demo, [
        { method: 'POST', url: `/admin/group/${betaGroupId}`, body: { name: 'Preso da Demo' } },
        {
          method: 'POST',
          url: `/admin/group/${betaGroupId}`,
          body: { name: 'Preso da Demo', members: [ids['mario.rossi']!] },
        },
      ]);
    }
    expectError(await ctx.post(`/admin/group/${randomUUID()}`, { name: 'Nessuno' }, asAdmin()), 404, 'NOT_FOUND');
    const [beta] = await ctx.db.select().from(groups).where(eq(groups.id, betaGroupId));
    expect(beta!.name).toBe('Magazzino');
    const betaMembers = await ctx.db.select().from(groupMembers).where(eq(groupMembers.groupId, betaGroupId));
    expect(betaMembers.map((m) => m.userInfoId)).toEqual([valentinaId]);
  });

  it('400 and 409 like creation; nothing changes', async () => {
    const id = demoGroups.Vendite!;
    const cases: [Record<string, unknown>, string, string][] = [
      [{}, 'name', 'Inserisci il nome del gruppo'],
      [{ name: ' ' }, 'name', 'Inserisci il nome del gruppo'],
      [{ name: 'v'.repeat(101) }, 'name', 'Massimo 100 caratteri'],
      [{ name: 'Vendite', members: ['x'] }, 'members.0', 'Identificativo non valido'],
      [{ name: 'Vendite', members: [valentinaId] }, 'members', 'Utente non trovato'],
    ];
    for (const [body, path, message] of cases) {
      const res = await ctx.post(`/admin/group/${id}`, body, asAdmin());
      expectError(res, 400, 'VALIDATION_FAILED');
      expect(fieldErrors(res), JSON.stringify(body)).toEqual({ [path]: message });
    }
    for (const name of ['amministrazione', 'UFFICIO TECNICO']) {
      const res = await ctx.post(`/admin/group/${id}`, { name }, asAdmin());
      expectError(res, 409, 'CONFLICT');
      expect(fieldErrors(res)).toEqual({ name: 'Esiste già un gruppo con questo nome' });
    }
    expect((await ctx.get(`/admin/group/${id}`, asAdmin())).json()).toMatchObject({ name: 'Vendite', usersCount: 0 });
  });

  it('renames (its own name in another case is fine) and keeps the members when none are sent', async () => {
    const id = demoGroups.Magazzino!;
    const res = await ctx.post(`/admin/group/${id}`, { name: 'MAGAZZINO' }, asAdmin());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id, name: 'MAGAZZINO', usersCount: 3 });
    expect(res.json().members).toHaveLength(3);
    const [entry] = await auditOf(ctx, res);
    expect(entry).toMatchObject({
      action: 'group.update',
      entityType: 'group',
      entityId: id,
      actorUserId: admin.userId,
    });
    expect(entry!.changes).toEqual({ name: { from: 'Magazzino', to: 'MAGAZZINO' } });

    const back = await ctx.post(`/admin/group/${id}`, { name: 'Magazzino centrale' }, asAdmin());
    expect(back.json()).toMatchObject({ name: 'Magazzino centrale', usersCount: 3 });
  });

  it('replaces the members: usersCount, the people’s records and the list filter follow; the change is audited', async () => {
    const id = demoGroups.Vendite!;
    const res = await ctx.post(
      `/admin/group/${id}`,
      { name: 'Vendite', members: [ids['sara.bruno'], ids['luca.romano']] },
      asAdmin(),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ usersCount: 2, members: [{ lastName: 'Bruno' }, { lastName: 'Romano' }] });
    const [entry] = await auditOf(ctx, res);
    expect(entry!.changes).toEqual({ members: { from: [], to: [ids['sara.bruno'], ids['luca.romano']].sort() } });

    const filtered = await ctx.get('/admin/user', asAdmin({ group_id: id }));
    expect((filtered.json().items as User[]).map((u) => u.lastName)).toEqual(['Bruno', 'Romano']);
    const luca = (await ctx.get(`/admin/user/${ids['luca.romano']}`, asAdmin())).json() as User;
    expect(luca.groups.map((g) => g.name)).toEqual(['Magazzino centrale', 'Vendite']);

    const swap = await ctx.post(
      `/admin/group/${id}`,
      { name: 'Vendite', members: [ids['luca.romano'], ids['chiara.marino']] },
      asAdmin(),
    );
    expect(swap.json().members.map((m: { lastName: string }) => m.lastName)).toEqual(['Marino', 'Romano']);
    expect((await auditOf(ctx, swap))[0]!.changes).toEqual({
      members: {
        from: [ids['sara.bruno'], ids['luca.romano']].sort(),
        to: [ids['luca.romano'], ids['chiara.marino']].sort(),
      },
    });
    expect((await listGroups()).items.find((g) => g.id === id)!.usersCount).toBe(2);

    const cleared = await ctx.post(`/admin/group/${id}`, { name: 'Vendite', members: [] }, asAdmin());
    expect(cleared.json()).toMatchObject({ usersCount: 0, members: [] });
    expect(
      ((await ctx.get(`/admin/user/${ids['luca.romano']}`, asAdmin())).json() as User).groups.map((g) => g.name),
    ).toEqual(['Magazzino centrale']);

    // The employee edit sets the same membership from the other side.
    const sara = (await ctx.get(`/admin/user/${ids['sara.bruno']}`, asAdmin())).json() as User;
    const edit = await ctx.post(
      `/admin/user/${sara.id}`,
      {
        firstName: sara.firstName,
        lastName: sara.lastName,
        email: sara.email,
        roles: sara.roles,
        workEmail: sara.workEmail,
        pec: sara.pec,
        phoneNumber: sara.phoneNumber,
        iban: sara.iban,
        birthday: sara.birthday,
        birthplace: sara.birthplace,
        homeAddress: sara.homeAddress,
        attendanceAutoApproveRequest: sara.attendanceAutoApproveRequest,
        groups: [...sara.groups.map((g) => g.id), id],
      },
      asAdmin(),
    );
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await ctx.get(`/admin/group/${id}`, asAdmin())).json()).toMatchObject({
      usersCount: 1,
      members: [{ id: sara.id }],
    });
  });
});

describe('DELETE /admin/group/{id}', () => {
  it('401, 400, 403 for a member and the accountant, 404 for Beta’s group and an unknown id', async () => {
    const id = demoGroups.Amministrazione!;
    expectError(await ctx.del(`/admin/group/${id}`), 401, 'UNAUTHENTICATED');
    expectError(await ctx.del('/admin/group/abc', asAdmin()), 400, 'VALIDATION_FAILED');
    expectError(await ctx.del(`/admin/group/${id}`, inDemo(member)), 403, 'FORBIDDEN');
    expectError(await ctx.del(`/admin/group/${id}`, inDemo(accountant)), 403, 'FORBIDDEN');
    for (const s of [admin, operator])
      await expectForeignRecordsHidden(ctx, s, ctx.ws.demo, [{ method: 'DELETE', url: `/admin/group/${betaGroupId}` }]);
    expectError(await ctx.del(`/admin/group/${randomUUID()}`, asAdmin()), 404, 'NOT_FOUND');
    expect(
      (await ctx.get(`/admin/group/${betaGroupId}`, { session: betaAdmin, workspace: ctx.ws.beta })).statusCode,
    ).toBe(200);
    expect((await ctx.get(`/admin/group/${id}`, asAdmin())).statusCode).toBe(200);
  });

  it('deletes the group; its members stay in the workspace; audited; a second delete is a 404', async () => {
    const id = demoGroups['ufficio tecnico']!;
    const usersBefore = (await ctx.get('/admin/user', asAdmin())).json().total;
    const res = await ctx.del(`/admin/group/${id}`, asAdmin());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Gruppo eliminato' });
    const [entry] = await auditOf(ctx, res);
    expect(entry).toMatchObject({
      action: 'group.delete',
      entityType: 'group',
      entityId: id,
      actorUserId: admin.userId,
    });
    expect(entry!.changes).toEqual({ name: 'ufficio tecnico', usersCount: 2 });

    expectError(await ctx.get(`/admin/group/${id}`, asAdmin()), 404, 'NOT_FOUND');
    expectError(await ctx.del(`/admin/group/${id}`, asAdmin()), 404, 'NOT_FOUND');
    expect(await ctx.db.select().from(groupMembers).where(eq(groupMembers.groupId, id))).toEqual([]);
    expect((await ctx.get('/admin/user', asAdmin())).json().total).toBe(usersBefore);
    const chiara = (await ctx.get(`/admin/user/${ids['chiara.marino']}`, asAdmin())).json() as User;
    expect(chiara.enabled).toBe(true);
    expect(chiara.groups.map((g) => g.name)).toEqual([]);
    expect((await listGroups()).items.map((g) => g.name)).toEqual(['Amministrazione', 'Magazzino centrale', 'Vendite']);
    // The name is free again.
    const again = await ctx.post('/admin/group', { name: 'Ufficio tecnico' }, asAdmin());
    expect(again.statusCode).toBe(200);
    demoGroups['Ufficio tecnico'] = again.json().id;
  });
});

describe('GET /attendance/ajax/groups', () => {
  it('401; every role of the workspace gets the groups of the active workspace by name', async () => {
    expectError(await ctx.get('/attendance/ajax/groups'), 401, 'UNAUTHENTICATED');
    const expected = (await listGroups()).items.map((g) => ({ id: g.id, name: g.name }));
    expect(expected.map((g) => g.name)).toEqual([
      'Amministrazione',
      'Magazzino centrale',
      'Ufficio tecnico',
      'Vendite',
    ]);
    for (const s of [admin, accountant, member]) {
      const res = await ctx.get('/attendance/ajax/groups', inDemo(s));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(expected);
    }
    const beta = await ctx.get('/attendance/ajax/groups', { session: accountant, workspace: ctx.ws.beta });
    expect((beta.json() as { name: string }[]).map((g) => g.name)).toEqual(['Magazzino', 'Vendite']);
    expect((beta.json() as { id: string }[]).map((g) => g.id)).toContain(betaGroupId);
  });
});

describe('GET /admin/audit for groups', () => {
  it('shows the group’s history newest first, to the admin only', async () => {
    const id = demoGroups.Vendite!;
    expectError(await ctx.get('/admin/audit', inDemo(accountant, { entity_type: 'group' })), 403, 'FORBIDDEN');
    expectError(await ctx.get('/admin/audit', inDemo(member, { entity_type: 'group' })), 403, 'FORBIDDEN');
    const res = await ctx.get('/admin/audit', asAdmin({ entity_type: 'group', entity_id: id }));
    expect(res.statusCode).toBe(200);
    const items = res.json().items as {
      action: string;
      actor: { id: string; name: string } | null;
      changes: Record<string, unknown>;
    }[];
    expect(items.map((e) => e.action)).toEqual(['group.update', 'group.update', 'group.update', 'group.create']);
    expect(items[3]).toMatchObject({
      actor: { id: admin.userId, name: 'Anna Bianchi' },
      changes: { name: 'Vendite', members: [] },
    });

    const all = await ctx.get('/admin/audit', asAdmin({ entity_type: 'group', per_page: '100' }));
    const actions = (all.json().items as { action: string; entityId: string }[]).map((e) => e.action);
    expect(actions.filter((a) => a === 'group.create')).toHaveLength(5);
    expect(actions.filter((a) => a === 'group.delete')).toHaveLength(1);
    // Beta's group history is not in Demo's trail.
    expect((all.json().items as { entityId: string }[]).some((e) => e.entityId === betaGroupId)).toBe(false);
    const beta = await ctx.get('/admin/audit', {
      session: betaAdmin,
      workspace: ctx.ws.beta,
      query: { entity_type: 'group' },
    });
    expect((beta.json().items as { action: string }[]).map((e) => e.action)).toEqual(['group.create', 'group.create']);
  });
});
