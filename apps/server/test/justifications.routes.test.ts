import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { justificationGroups, justifications } from '../src/db/schema';
import { seededJustifications, type SeededJustifications } from './factories';
import {
  auditOf,
  countRows,
  expect400,
  expectError,
  expectForeignRecordsHidden,
  expectWriteRefused,
  fieldErrors,
  useDemoContext,
  type DemoContext,
  type RequestOptions,
} from './helpers';

/** Absence types and their groups: the Italian defaults, the admin pages and the lookups; the access table is in justifications.access.test.ts. */

let { ctx, admin, accountant, member } = {} as DemoContext;
/** Beta's records, which Demo must never reach; Demo's default groups by name and justifications by code. */
let { beta, demoGroup, demoJ } = {} as SeededJustifications;

const { inDemo, asAdmin, inBeta } = useDemoContext(async (d) => {
  ({ ctx, admin, accountant, member } = d);
  ({ beta, demoGroup, demoJ } = await seededJustifications(ctx));
});

type JustificationOut = {
  id: string;
  code: string;
  name: string;
  impact: string;
  unit: string;
  enabled: boolean;
  groupId: string | null;
  groupName: string | null;
  requiresCertificate: boolean;
  payrollCode: string | null;
};
type GroupOut = { id: string; name: string; disabled: boolean; summarizeable: boolean; justificationsCount: number };

async function listJ(url = '/admin/justification', opts: RequestOptions = asAdmin()) {
  const res = await ctx.get(url, opts);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as JustificationOut[];
}
async function listG(url = '/admin/justification-group', opts: RequestOptions = asAdmin()) {
  const res = await ctx.get(url, opts);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as GroupOut[];
}

const newJ: Record<string, string> = {};
const newG: Record<string, string> = {};

describe('absence types: the Italian defaults', () => {
  it('admins and accountants read the 19 defaults by name: FER in days, ROL and EXF in hours, MAL with a certificate', async () => {
    expectError(await ctx.get('/admin/justification'), 401, 'UNAUTHENTICATED');
    const all = await listJ();
    expect(all.map((j) => j.code)).toEqual([
      'MAT',
      'PAT',
      'MATR',
      'CPAR',
      'DON',
      'EXF',
      'FER',
      'FOR',
      'INF',
      'SW',
      'MAL',
      'L104',
      'PNR',
      'LUT',
      'STU',
      'ROL',
      'SCI',
      'TRA',
      'USC',
    ]);
    const by = (code: string) => all.find((j) => j.code === code)!;
    expect(by('FER')).toEqual({
      id: demoJ.FER,
      code: 'FER',
      name: 'Ferie',
      impact: 'nothing',
      unit: 'day',
      enabled: true,
      groupId: demoGroup['Ferie e permessi'],
      groupName: 'Ferie e permessi',
      requiresCertificate: false,
      payrollCode: 'FE',
    });
    expect(by('ROL')).toMatchObject({
      name: 'Permesso ROL',
      unit: 'hour',
      groupName: 'Ferie e permessi',
      requiresCertificate: false,
    });
    expect(by('EXF')).toMatchObject({ name: 'Ex-festività', unit: 'hour', groupName: 'Ferie e permessi' });
    expect(by('MAL')).toMatchObject({
      name: 'Malattia',
      unit: 'day',
      requiresCertificate: true,
      groupName: 'Malattia e infortunio',
      payrollCode: 'MA',
    });
    expect(by('TRA')).toMatchObject({ impact: 'increase' });
    expect(by('USC')).toMatchObject({ impact: 'decrease' });
    expect(all.every((j) => j.enabled)).toBe(true);
    for (const s of [accountant]) expect(await listJ('/admin/justification', inDemo(s))).toEqual(all);
    expectError(await ctx.get('/admin/justification', inDemo(member)), 403, 'FORBIDDEN');
    // Beta's defaults are its own records.
    const betaAll = await listJ('/admin/justification', inBeta());
    expect(betaAll.map((j) => j.code)).toEqual(all.map((j) => j.code));
    expect(betaAll.find((j) => j.code === 'FER')!.id).toBe(beta.justification);
  });

  it('the default groups with their counts; "Malattia e infortunio" adds up in summaries', async () => {
    expectError(await ctx.get('/admin/justification-group'), 401, 'UNAUTHENTICATED');
    const groups = await listG();
    expect(groups.map((g) => [g.name, g.justificationsCount, g.summarizeable, g.disabled])).toEqual([
      ['Altre assenze', 2, false, false],
      ['Congedi e tutele', 8, false, false],
      ['Ferie e permessi', 4, false, false],
      ['Lavoro fuori sede', 3, false, false],
      ['Malattia e infortunio', 2, true, false],
    ]);
    expectError(await ctx.get('/admin/justification-group', inDemo(member)), 403, 'FORBIDDEN');
    expect(await listG('/admin/justification-group', inDemo(accountant))).toEqual(groups);
  });
});

const jBody = {
  code: 'smart.1',
  name: 'Smart working straordinario',
  impact: 'increase',
  unit: 'hour',
  payrollCode: ' sw2 ',
};

describe('POST /admin/justification', () => {
  it('401 without a session; 403 for a member and the accountant, before validation', async () => {
    await expectWriteRefused(ctx, '/admin/justification', jBody, [member, accountant], ctx.ws.demo);
  });

  it('400 with the Italian messages; the group must be one of this workspace', async () => {
    const before = await countRows(ctx, justifications);
    await expect400(ctx, asAdmin(), '/admin/justification', [
      [
        {},
        {
          code: 'Inserisci il codice',
          name: 'Inserisci il nome',
          impact: "Indica l'effetto sulle ore lavorate",
          unit: "Indica l'unità (ore o giorni)",
        },
      ],
      [{ ...jBody, code: '   ' }, { code: 'Inserisci il codice' }],
      [
        { ...jBody, code: 'AB CD' },
        { code: 'Il codice può contenere solo lettere, numeri, punto e trattino (massimo 10 caratteri)' },
      ],
      [
        { ...jBody, code: 'ABCDEFGHIJK' },
        { code: 'Il codice può contenere solo lettere, numeri, punto e trattino (massimo 10 caratteri)' },
      ],
      [
        { ...jBody, code: 'FÉR' },
        { code: 'Il codice può contenere solo lettere, numeri, punto e trattino (massimo 10 caratteri)' },
      ],
      [{ ...jBody, name: ' ' }, { name: 'Inserisci il nome' }],
      [{ ...jBody, name: 'n'.repeat(101) }, { name: 'Massimo 100 caratteri' }],
      [{ ...jBody, impact: 'double' }, { impact: "Indica l'effetto sulle ore lavorate" }],
      [{ ...jBody, unit: 'week' }, { unit: "Indica l'unità (ore o giorni)" }],
      [{ ...jBody, enabled: 'si' }, { enabled: 'Valore non valido' }],
      [{ ...jBody, requiresCertificate: 1 }, { requiresCertificate: 'Valore non valido' }],
      [{ ...jBody, groupId: 'ferie' }, { groupId: 'Identificativo non valido' }],
      [{ ...jBody, payrollCode: 'A-1' }, { payrollCode: 'Il codice paghe ha al massimo 4 caratteri alfanumerici' }],
      [{ ...jBody, payrollCode: 'ÀB' }, { payrollCode: 'Il codice paghe ha al massimo 4 caratteri alfanumerici' }],
      [{ ...jBody, groupId: randomUUID() }, { groupId: 'Gruppo di giustificativi non trovato' }],
      [{ ...jBody, groupId: beta.group }, { groupId: 'Gruppo di giustificativi non trovato' }],
    ]);
    expect(await countRows(ctx, justifications)).toBe(before);
  });

  it('409 for a code already used in the workspace, whatever the case; Beta may use it', async () => {
    const before = await countRows(ctx, justifications, ctx.ws.demo);
    for (const code of ['fer', ' Fer ', 'ROL', 'l104']) {
      const res = await ctx.post('/admin/justification', { ...jBody, code }, asAdmin());
      expect(expectError(res, 409, 'CONFLICT').message).toBe('Esiste già un giustificativo con questo codice');
      expect(fieldErrors(res)).toEqual({ code: 'Esiste già un giustificativo con questo codice' });
    }
    expect(await countRows(ctx, justifications, ctx.ws.demo)).toBe(before);
  });

  it('creates absence types (codes and payroll codes upper-cased); audited', async () => {
    const res = await ctx.post(
      '/admin/justification',
      { ...jBody, groupId: demoGroup['Lavoro fuori sede'] },
      asAdmin(),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      id: expect.any(String),
      code: 'SMART.1',
      name: 'Smart working straordinario',
      impact: 'increase',
      unit: 'hour',
      enabled: true,
      groupId: demoGroup['Lavoro fuori sede'],
      groupName: 'Lavoro fuori sede',
      requiresCertificate: false,
      payrollCode: 'SW2',
    });
    newJ.smart = res.json().id;
    const [entry] = await auditOf(ctx, res);
    expect(entry).toMatchObject({
      action: 'justification.create',
      entityType: 'justification',
      entityId: newJ.smart,
      actorUserId: admin.userId,
    });
    expect(entry!.changes).toMatchObject({
      code: 'SMART.1',
      payrollCode: 'SW2',
      groupId: demoGroup['Lavoro fuori sede'],
    });

    const vis = await ctx.post(
      '/admin/justification',
      {
        code: 'vis-med',
        name: 'Visita medica',
        impact: 'nothing',
        unit: 'day',
        enabled: false,
        requiresCertificate: true,
      },
      asAdmin(),
    );
    expect(vis.statusCode, vis.body).toBe(200);
    expect(vis.json()).toMatchObject({
      code: 'VIS-MED',
      enabled: false,
      requiresCertificate: true,
      groupId: null,
      groupName: null,
      payrollCode: null,
    });
    newJ.vis = vis.json().id;

    // The code is per workspace.
    const inB = await ctx.post('/admin/justification', jBody, inBeta());
    expect(inB.statusCode, inB.body).toBe(200);
    // And it is now taken in Demo, in any case.
    expectError(await ctx.post('/admin/justification', { ...jBody, code: 'Smart.1' }, asAdmin()), 409, 'CONFLICT');
    expect((await listG()).find((g) => g.name === 'Lavoro fuori sede')!.justificationsCount).toBe(4);
  });
});

describe('GET /admin/justification/{id}', () => {
  it('401, 400, 404 for Beta’s type and an unknown id; admins and accountants read, a member may not', async () => {
    expectError(await ctx.get(`/admin/justification/${demoJ.MAL}`), 401, 'UNAUTHENTICATED');
    expect(fieldErrors(await ctx.get('/admin/justification/MAL', asAdmin()))).toEqual({
      id: 'Identificativo non valido',
    });
    for (const s of [admin, accountant])
      await expectForeignRecordsHidden(ctx, s, ctx.ws.demo, [
        { method: 'GET', url: `/admin/justification/${beta.justification}` },
      ]);
    expect(
      expectError(await ctx.get(`/admin/justification/${randomUUID()}`, asAdmin()), 404, 'NOT_FOUND').message,
    ).toBe('Giustificativo non trovato');
    expectError(await ctx.get(`/admin/justification/${demoJ.MAL}`, inDemo(member)), 403, 'FORBIDDEN');
    for (const s of [admin, accountant]) {
      const res = await ctx.get(`/admin/justification/${demoJ.MAL}`, inDemo(s));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id: demoJ.MAL,
        code: 'MAL',
        requiresCertificate: true,
        groupName: 'Malattia e infortunio',
      });
    }
  });
});

describe('POST /admin/justification/{id}', () => {
  const body = {
    code: 'SMART.1',
    name: 'Lavoro agile straordinario',
    impact: 'increase',
    unit: 'hour',
    payrollCode: 'SW2',
    groupId: null,
  };
  it('401, 400, 403 for a member and the accountant, 404 for Beta’s type and an unknown id', async () => {
    expectError(await ctx.post(`/admin/justification/${newJ.smart}`, body), 401, 'UNAUTHENTICATED');
    expectError(await ctx.post('/admin/justification/x', body, asAdmin()), 400, 'VALIDATION_FAILED');
    await expect400(ctx, asAdmin(), `/admin/justification/${newJ.smart}`, [
      [{ ...body, code: '' }, { code: 'Inserisci il codice' }],
      [
        { ...body, unit: null, impact: null },
        { impact: "Indica l'effetto sulle ore lavorate", unit: "Indica l'unità (ore o giorni)" },
      ],
      [{ ...body, payrollCode: 'ABCDE' }, { payrollCode: 'Massimo 4 caratteri' }],
      [{ ...body, groupId: beta.group }, { groupId: 'Gruppo di giustificativi non trovato' }],
    ]);
    for (const s of [member, accountant])
      expectError(await ctx.post(`/admin/justification/${newJ.smart}`, body, inDemo(s)), 403, 'FORBIDDEN');
    await expectForeignRecordsHidden(ctx, admin, ctx.ws.demo, [
      { method: 'POST', url: `/admin/justification/${beta.justification}`, body: { ...body, code: 'FER' } },
      { method: 'POST', url: `/admin/justification/${beta.justification}`, body: { ...body, enabled: false } },
    ]);
    expectError(await ctx.post(`/admin/justification/${randomUUID()}`, body, asAdmin()), 404, 'NOT_FOUND');
    const [b] = await ctx.db.select().from(justifications).where(eq(justifications.id, beta.justification));
    expect(b).toMatchObject({ code: 'FER', name: 'Ferie', enabled: true });
  });

  it('409 for another type’s code; its own code in another case is fine; edits and disables; audited', async () => {
    const clash = await ctx.post(`/admin/justification/${newJ.smart}`, { ...body, code: 'mal' }, asAdmin());
    expectError(clash, 409, 'CONFLICT');
    expect(fieldErrors(clash)).toEqual({ code: 'Esiste già un giustificativo con questo codice' });

    const res = await ctx.post(`/admin/justification/${newJ.smart}`, { ...body, code: 'smart.1' }, asAdmin());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: newJ.smart,
      code: 'SMART.1',
      name: 'Lavoro agile straordinario',
      groupId: null,
      groupName: null,
    });
    const [entry] = await auditOf(ctx, res);
    expect(entry).toMatchObject({ action: 'justification.update', entityType: 'justification', entityId: newJ.smart });
    expect(entry!.changes).toEqual({
      name: { from: 'Smart working straordinario', to: 'Lavoro agile straordinario' },
      groupId: { from: demoGroup['Lavoro fuori sede'], to: null },
    });

    const off = await ctx.post(`/admin/justification/${newJ.smart}`, { ...body, enabled: false }, asAdmin());
    expect(off.json()).toMatchObject({ enabled: false });
    expect((await auditOf(ctx, off))[0]!.changes).toEqual({ enabled: { from: true, to: false } });
    // Disabled types stay in the admin list.
    expect((await listJ()).find((j) => j.id === newJ.smart)).toMatchObject({ enabled: false });
  });
});

describe('absence-type groups: POST /admin/justification-group and /{id}', () => {
  it('401, 403 for a member and the accountant, 400 with the Italian messages, 409 for a name in use', async () => {
    const body = { name: 'Permessi sindacali', summarizeable: true };
    expectError(await ctx.post('/admin/justification-group', body), 401, 'UNAUTHENTICATED');
    for (const s of [member, accountant])
      expectError(await ctx.post('/admin/justification-group', body, inDemo(s)), 403, 'FORBIDDEN');
    const before = await countRows(ctx, justificationGroups);
    await expect400(ctx, asAdmin(), '/admin/justification-group', [
      [{}, { name: 'Inserisci il nome' }],
      [{ name: '  ' }, { name: 'Inserisci il nome' }],
      [{ name: 'g'.repeat(101) }, { name: 'Massimo 100 caratteri' }],
      [
        { name: 'Ok', disabled: 'no', summarizeable: 1 },
        { disabled: 'Valore non valido', summarizeable: 'Valore non valido' },
      ],
    ]);
    for (const name of ['ferie e permessi', 'MALATTIA E INFORTUNIO']) {
      const res = await ctx.post('/admin/justification-group', { name }, asAdmin());
      expect(expectError(res, 409, 'CONFLICT').message).toBe('Esiste già un elemento con questo nome');
      expect(fieldErrors(res)).toEqual({ name: 'Esiste già un elemento con questo nome' });
    }
    expect(await countRows(ctx, justificationGroups)).toBe(before);
  });

  it('creates groups (audited) and puts absence types in them', async () => {
    const res = await ctx.post(
      '/admin/justification-group',
      { name: ' Permessi sindacali ', summarizeable: true },
      asAdmin(),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      id: expect.any(String),
      name: 'Permessi sindacali',
      disabled: false,
      summarizeable: true,
      justificationsCount: 0,
    });
    newG.union = res.json().id;
    expect((await auditOf(ctx, res))[0]).toMatchObject({
      action: 'justification-group.create',
      entityType: 'justification-group',
      entityId: newG.union,
    });

    const sind = await ctx.post(
      '/admin/justification',
      { code: 'SIND', name: 'Permesso sindacale', impact: 'nothing', unit: 'hour', groupId: newG.union },
      asAdmin(),
    );
    expect(sind.statusCode, sind.body).toBe(200);
    expect(sind.json()).toMatchObject({ groupId: newG.union, groupName: 'Permessi sindacali' });
    newJ.sind = sind.json().id;
    expect((await listG()).find((g) => g.id === newG.union)).toMatchObject({ justificationsCount: 1 });
  });

  it('edits: 401, 400, 403, 404 for Beta’s group and an unknown id, 409 for another name; disables; audited', async () => {
    const body = { name: 'Permessi sindacali', disabled: true, summarizeable: true };
    expectError(await ctx.post(`/admin/justification-group/${newG.union}`, body), 401, 'UNAUTHENTICATED');
    expectError(await ctx.post('/admin/justification-group/1', body, asAdmin()), 400, 'VALIDATION_FAILED');
    await expect400(ctx, asAdmin(), `/admin/justification-group/${newG.union}`, [
      [{ ...body, name: '' }, { name: 'Inserisci il nome' }],
    ]);
    for (const s of [member, accountant])
      expectError(await ctx.post(`/admin/justification-group/${newG.union}`, body, inDemo(s)), 403, 'FORBIDDEN');
    await expectForeignRecordsHidden(ctx, admin, ctx.ws.demo, [
      { method: 'POST', url: `/admin/justification-group/${beta.group}`, body: { name: 'Preso da Demo' } },
      {
        method: 'POST',
        url: `/admin/justification-group/${beta.group}`,
        body: { name: 'Ferie e permessi', disabled: true },
      },
    ]);
    expect(
      expectError(await ctx.post(`/admin/justification-group/${randomUUID()}`, body, asAdmin()), 404, 'NOT_FOUND')
        .message,
    ).toBe('Gruppo di giustificativi non trovato');
    const clash = await ctx.post(
      `/admin/justification-group/${newG.union}`,
      { ...body, name: 'Altre Assenze' },
      asAdmin(),
    );
    expectError(clash, 409, 'CONFLICT');
    expect(fieldErrors(clash)).toEqual({ name: 'Esiste già un elemento con questo nome' });
    expect(
      (await ctx.db.select().from(justificationGroups).where(eq(justificationGroups.id, beta.group)))[0],
    ).toMatchObject({ name: 'Ferie e permessi', disabled: false });

    const res = await ctx.post(`/admin/justification-group/${newG.union}`, body, asAdmin());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      id: newG.union,
      name: 'Permessi sindacali',
      disabled: true,
      summarizeable: true,
      justificationsCount: 1,
    });
    expect((await auditOf(ctx, res))[0]!.changes).toEqual({ disabled: { from: false, to: true } });
    // The admin list still shows it.
    expect((await listG()).find((g) => g.id === newG.union)).toMatchObject({ disabled: true });
  });
});

describe('GET /attendance/ajax/justifications', () => {
  it('401; 400 for a bad include_id; usable types only, plus include_id even when disabled or in a disabled group', async () => {
    expectError(await ctx.get('/attendance/ajax/justifications'), 401, 'UNAUTHENTICATED');
    const bad = await ctx.get('/attendance/ajax/justifications', asAdmin({ include_id: 'FER' }));
    expectError(bad, 400, 'VALIDATION_FAILED');
    expect(fieldErrors(bad)).toEqual({ include_id: 'Identificativo non valido' });

    const usable = await listJ('/attendance/ajax/justifications');
    // The defaults only: SMART.1 and VIS-MED are disabled, SIND is in a disabled group.
    expect(usable.map((j) => j.code).sort()).toEqual(Object.keys(demoJ).sort());
    expect(usable.map((j) => j.code)).toEqual(
      (await listJ()).filter((j) => Object.keys(demoJ).includes(j.code)).map((j) => j.code),
    );
    for (const s of [accountant, member])
      expect(await listJ('/attendance/ajax/justifications', inDemo(s))).toEqual(usable);

    for (const id of [newJ.smart!, newJ.vis!, newJ.sind!]) {
      const withOne = await listJ('/attendance/ajax/justifications', inDemo(member, { include_id: id }));
      expect(withOne).toHaveLength(20);
      expect(withOne.find((j) => j.id === id)).toBeDefined();
    }
    expect(
      (await listJ('/attendance/ajax/justifications', asAdmin({ include_id: newJ.sind! }))).find(
        (j) => j.id === newJ.sind,
      ),
    ).toMatchObject({ code: 'SIND', groupName: 'Permessi sindacali' });
    // Another workspace's record is not included, and an enabled one is not repeated.
    expect(await listJ('/attendance/ajax/justifications', asAdmin({ include_id: beta.justification }))).toEqual(usable);
    expect(await listJ('/attendance/ajax/justifications', asAdmin({ include_id: demoJ.FER! }))).toEqual(usable);

    // Re-enabling the group brings SIND back.
    const on = await ctx.post(
      `/admin/justification-group/${newG.union}`,
      { name: 'Permessi sindacali', disabled: false, summarizeable: true },
      asAdmin(),
    );
    expect(on.statusCode).toBe(200);
    expect((await listJ('/attendance/ajax/justifications')).map((j) => j.id)).toContain(newJ.sind);
    const off = await ctx.post(
      `/admin/justification-group/${newG.union}`,
      { name: 'Permessi sindacali', disabled: true, summarizeable: true },
      asAdmin(),
    );
    expect(off.statusCode).toBe(200);
  });
});

describe('GET /attendance/ajax/justification-groups', () => {
  it('401; 400; enabled groups only, plus include_id, or every group with include_disabled', async () => {
    expectError(await ctx.get('/attendance/ajax/justification-groups'), 401, 'UNAUTHENTICATED');
    const bad = await ctx.get(
      '/attendance/ajax/justification-groups',
      asAdmin({ include_id: 'x', include_disabled: 'forse' }),
    );
    expectError(bad, 400, 'VALIDATION_FAILED');
    expect(fieldErrors(bad).include_id).toBe('Identificativo non valido');
    expect(Object.keys(fieldErrors(bad)).sort()).toEqual(['include_disabled', 'include_id']);

    const defaults = [
      'Altre assenze',
      'Congedi e tutele',
      'Ferie e permessi',
      'Lavoro fuori sede',
      'Malattia e infortunio',
    ];
    for (const s of [admin, accountant, member]) {
      expect((await listG('/attendance/ajax/justification-groups', inDemo(s))).map((g) => g.name)).toEqual(defaults);
    }
    expect(
      (await listG('/attendance/ajax/justification-groups', inDemo(member, { include_disabled: 'false' }))).map(
        (g) => g.name,
      ),
    ).toEqual(defaults);
    const withOne = await listG('/attendance/ajax/justification-groups', inDemo(member, { include_id: newG.union! }));
    expect(withOne.map((g) => g.name)).toEqual([
      ...defaults.slice(0, 4),
      'Malattia e infortunio',
      'Permessi sindacali',
    ]);
    expect(withOne.find((g) => g.id === newG.union)).toEqual({
      id: newG.union,
      name: 'Permessi sindacali',
      disabled: true,
      summarizeable: true,
      justificationsCount: 1,
    });
    for (const flag of ['true', '1']) {
      expect(await listG('/attendance/ajax/justification-groups', inDemo(member, { include_disabled: flag }))).toEqual(
        await listG(),
      );
    }
    expect(
      (await listG('/attendance/ajax/justification-groups', asAdmin({ include_id: beta.group }))).map((g) => g.name),
    ).toEqual(defaults);
  });
});
