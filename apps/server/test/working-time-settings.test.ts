import { randomUUID } from 'node:crypto';
import { addDays, easterMonday, type TemplateDay, type TemplateWeek } from '@timbro/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, holidays, justificationGroups, justifications, templateDays, templateWeeks, userInfos, workspaces } from '../src/db/schema';
import { workspaceScope } from '../src/db/scope';
import { ensureNationalHolidays } from '../src/modules/holidays/holidays.service';
import { ensureAllWorkspaceDefaults, ensureWorkspaceDefaults } from '../src/modules/workspaces/workspace-defaults';
import { createTestContext, expectError, expectForeignRecordsHidden, fieldErrors, type RequestOptions, type Session, type TestContext } from './helpers';

let ctx: TestContext;
let admin: Session;
let accountant: Session;
let member: Session;
let betaAdmin: Session;

/** Beta's records, which Demo must never reach. */
const beta = { holiday: '', justification: '', group: '', templateDay: '', templateWeek: '' };
/** Demo's default groups by name and justifications by code. */
const demoGroup: Record<string, string> = {};
const demoJ: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login('admin@demo.timbro.it');
  accountant = await ctx.login('consulente@demo.timbro.it');
  member = await ctx.login('mario.rossi@demo.timbro.it');
  betaAdmin = await ctx.login('admin@beta.timbro.it');
  const b = workspaceScope(ctx.ws.beta);
  beta.holiday = (await ctx.db.select().from(holidays).where(and(eq(holidays.workspaceId, b.workspaceId), eq(holidays.name, 'Natale'))))[0]!.id;
  beta.justification = (await ctx.db.select().from(justifications).where(and(eq(justifications.workspaceId, b.workspaceId), eq(justifications.code, 'FER'))))[0]!.id;
  beta.group = (await ctx.db.select().from(justificationGroups).where(and(eq(justificationGroups.workspaceId, b.workspaceId), eq(justificationGroups.name, 'Ferie e permessi'))))[0]!.id;
  beta.templateDay = (await ctx.db.select().from(templateDays).where(and(eq(templateDays.workspaceId, b.workspaceId), eq(templateDays.name, 'Giornata standard'))))[0]!.id;
  beta.templateWeek = (await ctx.db.select().from(templateWeeks).where(and(eq(templateWeeks.workspaceId, b.workspaceId), eq(templateWeeks.name, 'Tempo pieno 40 ore'))))[0]!.id;
  for (const g of await ctx.db.select().from(justificationGroups).where(eq(justificationGroups.workspaceId, ctx.ws.demo))) demoGroup[g.name] = g.id;
  for (const j of await ctx.db.select().from(justifications).where(eq(justifications.workspaceId, ctx.ws.demo))) demoJ[j.code] = j.id;
});
afterAll(async () => {
  await ctx?.close();
});

const inDemo = (session: Session, query?: RequestOptions['query']): RequestOptions => ({ session, workspace: ctx.ws.demo, ...(query ? { query } : {}) });
const asAdmin = (query?: RequestOptions['query']) => inDemo(admin, query);
const inBeta = (query?: RequestOptions['query']): RequestOptions => ({ session: betaAdmin, workspace: ctx.ws.beta, ...(query ? { query } : {}) });

async function auditOf(res: LightMyRequestResponse) {
  return ctx.db.select().from(auditLog).where(eq(auditLog.requestId, String(res.headers['x-request-id'])));
}

async function count(table: typeof holidays | typeof justifications | typeof justificationGroups | typeof templateDays | typeof templateWeeks, workspaceId?: string) {
  const [row] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(table)
    .where(workspaceId ? eq(table.workspaceId, workspaceId) : undefined);
  return row!.n;
}

/** Posts each body and expects a 400 whose field errors are exactly the given ones. */
async function expect400(url: string, cases: [unknown, Record<string, string>][]) {
  for (const [body, errors] of cases) {
    const res = await ctx.post(url, body, asAdmin());
    expectError(res, 400, 'VALIDATION_FAILED');
    expect(fieldErrors(res), JSON.stringify(body)).toEqual(errors);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Holidays
// ---------------------------------------------------------------------------------------------------------------

type HolidayOut = { id: string; name: string; icon: string; day: number; month: number; year: number | null; kind: string; rule: 'easter' | 'easter_monday' | null; fromYear: number | null };
type Occurrence = { id?: string; date: string; name: string; icon: string; recurring: boolean };

const RECURRING: [number, number, string][] = [
  [1, 1, 'Capodanno'],
  [6, 1, 'Epifania'],
  [25, 4, 'Festa della Liberazione'],
  [1, 5, 'Festa del Lavoro'],
  [2, 6, 'Festa della Repubblica'],
  [15, 8, 'Ferragosto'],
  [1, 11, 'Ognissanti'],
  [8, 12, 'Immacolata Concezione'],
  [25, 12, 'Natale'],
  [26, 12, 'Santo Stefano'],
];

async function holidaysOf(year?: number, opts: RequestOptions = asAdmin()) {
  const res = await ctx.get('/admin/holiday', { ...opts, ...(year ? { query: { year: String(year) } } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as HolidayOut[];
}

async function occurrences(from: string, to: string, session: Session = admin) {
  const res = await ctx.get('/attendance/ajax/holidays', inDemo(session, { from, to }));
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Occurrence[];
}

describe('holidays: the national calendar a workspace starts with', () => {
  it('Demo has the fixed national holidays, Easter and Easter Monday as movable feasts, San Francesco from 2026', async () => {
    const y2027 = await holidaysOf(2027);
    // A movable feast shows its date in the year listed; it is one row for every year.
    expect(y2027.map((h) => [h.day, h.month, h.year, h.name, h.rule, h.fromYear])).toEqual([
      [1, 1, null, 'Capodanno', null, null],
      [6, 1, null, 'Epifania', null, null],
      [28, 3, null, 'Pasqua', 'easter', null],
      [29, 3, null, "Lunedì dell'Angelo", 'easter_monday', null],
      [25, 4, null, 'Festa della Liberazione', null, null],
      [1, 5, null, 'Festa del Lavoro', null, null],
      [2, 6, null, 'Festa della Repubblica', null, null],
      [15, 8, null, 'Ferragosto', null, null],
      [4, 10, null, "San Francesco d'Assisi", null, 2026],
      [1, 11, null, 'Ognissanti', null, null],
      [8, 12, null, 'Immacolata Concezione', null, null],
      [25, 12, null, 'Natale', null, null],
      [26, 12, null, 'Santo Stefano', null, null],
    ]);
    expect(new Set(y2027.map((h) => h.kind))).toEqual(new Set(['national']));
    expect(y2027.find((h) => h.name === 'Natale')).toEqual({ id: expect.any(String), name: 'Natale', icon: 'park', day: 25, month: 12, year: null, kind: 'national', rule: null, fromYear: null });

    // 2025: Easter Monday on 21 April, no San Francesco yet; 2020 and 2099 have their own Easter dates.
    const y2025 = await holidaysOf(2025);
    expect(y2025).toHaveLength(12);
    expect(y2025.filter((h) => h.rule !== null).map((h) => [h.day, h.month, h.name])).toEqual([
      [20, 4, 'Pasqua'],
      [21, 4, "Lunedì dell'Angelo"],
    ]);
    expect((await holidaysOf(2020)).filter((h) => h.rule === 'easter_monday').map((h) => [h.day, h.month])).toEqual([[13, 4]]);
    expect((await holidaysOf(2099)).filter((h) => h.rule === 'easter_monday').map((h) => [h.day, h.month])).toEqual([[13, 4]]);

    // Without a year: every holiday once (no dated copies per year); movable feasts at this year's date.
    const all = await holidaysOf();
    expect(all).toHaveLength(13);
    expect(all.filter((h) => h.rule === null && h.fromYear === null).map((h) => [h.day, h.month, h.name])).toEqual(RECURRING);
    expect(all.every((h) => h.year === null)).toBe(true);
    const monday = easterMonday(new Date().getUTCFullYear());
    expect(all.find((h) => h.rule === 'easter_monday')).toMatchObject({ day: Number(monday.slice(8)), month: Number(monday.slice(5, 7)) });

    // Beta has its own copy of the same calendar.
    const betaAll = await holidaysOf(undefined, inBeta());
    expect(betaAll.map((h) => [h.day, h.month, h.year, h.name, h.rule])).toEqual(all.map((h) => [h.day, h.month, h.year, h.name, h.rule]));
    expect(betaAll.map((h) => h.id)).not.toContain(all[0]!.id);
  });

  it('a new workspace gets the holidays and the absence types once; deleted and renamed national holidays stay so', async () => {
    const [gamma] = await ctx.db.insert(workspaces).values({ name: 'Gamma S.r.l.' }).returning();
    expect(gamma!.holidaysSeededAt).toBeNull();
    const scope = workspaceScope(gamma!.id);
    await ctx.db.transaction((tx) => ensureWorkspaceDefaults(tx, scope));
    // 10 fixed dates + Easter + Easter Monday + San Francesco.
    expect(await count(holidays, gamma!.id)).toBe(13);
    expect(await count(justifications, gamma!.id)).toBe(19);
    expect(await count(justificationGroups, gamma!.id)).toBe(5);
    const [marked] = await ctx.db.select().from(workspaces).where(eq(workspaces.id, gamma!.id));
    expect(marked!.holidaysSeededAt).toBeInstanceOf(Date);

    await ctx.db.transaction((tx) => ensureWorkspaceDefaults(tx, scope));
    expect(await count(holidays, gamma!.id)).toBe(13);
    expect(await count(justifications, gamma!.id)).toBe(19);
    expect(await count(justificationGroups, gamma!.id)).toBe(5);
    expect(await ensureNationalHolidays(ctx.db, scope)).toBe(0);

    // Through the API, for an admin of the new workspace: San Francesco from 2026, Easter Monday in any year.
    await ctx.db.insert(userInfos).values({ workspaceId: gamma!.id, userId: admin.userId, firstName: 'Anna', lastName: 'Bianchi', isAdmin: true });
    const asGamma = (query: Record<string, string>) => ({ session: admin, workspace: gamma!.id, query });
    const october = await ctx.get('/attendance/ajax/holidays', asGamma({ from: '2026-10-01', to: '2026-10-31' }));
    expect(october.statusCode, october.body).toBe(200);
    expect(october.json()).toEqual([{ id: expect.any(String), date: '2026-10-04', name: "San Francesco d'Assisi", icon: 'church', recurring: true }]);
    expect((await ctx.get('/attendance/ajax/holidays', asGamma({ from: '2025-10-01', to: '2025-10-31' }))).json()).toEqual([]);
    const codes = (await ctx.get('/admin/justification', { session: admin, workspace: gamma!.id })).json() as { code: string }[];
    expect(codes.map((c) => c.code).sort()).toEqual(Object.keys(demoJ).sort());

    // The admin deletes Easter Monday and renames Ferragosto; the start-up and nightly routine runs again.
    const list = (await ctx.get('/admin/holiday', { session: admin, workspace: gamma!.id })).json() as HolidayOut[];
    const pasquetta = list.find((h) => h.name === "Lunedì dell'Angelo")!;
    const ferragosto = list.find((h) => h.name === 'Ferragosto')!;
    expect((await ctx.del(`/admin/holiday/${pasquetta.id}`, { session: admin, workspace: gamma!.id })).statusCode).toBe(200);
    const renamed = await ctx.post(`/admin/holiday/${ferragosto.id}`, { name: 'Assunzione di Maria', icon: 'sunny', day: 15, month: 8, kind: 'national' }, { session: admin, workspace: gamma!.id });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await ensureAllWorkspaceDefaults(ctx.db);
    await ctx.db.transaction((tx) => ensureWorkspaceDefaults(tx, scope));
    const after = await ctx.db.select().from(holidays).where(eq(holidays.workspaceId, gamma!.id));
    expect(after).toHaveLength(12);
    expect(after.map((h) => h.name)).not.toContain("Lunedì dell'Angelo");
    expect(after.map((h) => h.name)).not.toContain('Ferragosto');
    expect(after.filter((h) => h.day === 15 && h.month === 8).map((h) => h.name)).toEqual(['Assunzione di Maria']);
    expect((await ctx.get('/attendance/ajax/holidays', asGamma({ from: '2027-03-01', to: '2027-04-30' }))).json()).toEqual([
      { id: expect.any(String), date: '2027-03-28', name: 'Pasqua', icon: 'egg', recurring: true },
      { id: expect.any(String), date: '2027-04-25', name: 'Festa della Liberazione', icon: 'flag', recurring: true },
    ]);
    // Demo and Beta were not touched either.
    expect(await holidaysOf()).toHaveLength(13);
  });
});

describe('GET /admin/holiday', () => {
  it('401; 400 for a bad year; admin and accountant may read (settings:read), a member may not (/admin is not theirs)', async () => {
    expectError(await ctx.get('/admin/holiday'), 401, 'UNAUTHENTICATED');
    const bad = await ctx.get('/admin/holiday', asAdmin({ year: 'duemila' }));
    expectError(bad, 400, 'VALIDATION_FAILED');
    expect(fieldErrors(bad)).toEqual({ year: 'Valore non valido' });
    const expected = await holidaysOf(2026);
    for (const s of [accountant]) expect(await holidaysOf(2026, inDemo(s))).toEqual(expected);
    expectError(await ctx.get('/admin/holiday', inDemo(member, { year: '2026' })), 403, 'FORBIDDEN');
  });
});

const holidayIds: Record<string, string> = {};

describe('POST /admin/holiday', () => {
  it('401 without a session; 403 for a member and the accountant, before validation', async () => {
    const before = await count(holidays);
    const body = { name: 'Chiusura', icon: 'event', day: 14, month: 8 };
    expectError(await ctx.post('/admin/holiday', body), 401, 'UNAUTHENTICATED');
    for (const s of [member, accountant]) {
      expectError(await ctx.post('/admin/holiday', body, inDemo(s)), 403, 'FORBIDDEN');
      expectError(await ctx.post('/admin/holiday', {}, inDemo(s)), 403, 'FORBIDDEN');
    }
    expect(await count(holidays)).toBe(before);
  });

  it('400 with the Italian messages: name, icon, day and month required; dates that do not exist refused', async () => {
    const before = await count(holidays);
    const ok = { name: 'Chiusura', icon: 'event', day: 14, month: 8 };
    await expect400('/admin/holiday', [
      [{}, { name: 'Inserisci il nome della festività', icon: "Scegli un'icona", day: 'Inserisci il giorno', month: 'Inserisci il mese' }],
      [{ name: '  ', icon: '', day: null, month: null }, { name: 'Inserisci il nome della festività', icon: "Scegli un'icona", day: 'Inserisci il giorno', month: 'Inserisci il mese' }],
      [{ ...ok, day: '14', month: '8' }, { day: 'Inserisci il giorno', month: 'Inserisci il mese' }],
      [{ ...ok, day: 31, month: 4 }, { day: 'Questa data non esiste' }],
      [{ ...ok, day: 30, month: 2 }, { day: 'Questa data non esiste' }],
      [{ ...ok, day: 29, month: 2, year: 2027 }, { day: 'Questa data non esiste' }],
      [{ ...ok, day: 0 }, { day: 'Questa data non esiste' }],
      [{ ...ok, day: 32 }, { day: 'Questa data non esiste' }],
      [{ ...ok, day: 1.5 }, { day: 'Questa data non esiste' }],
      // A month that does not exist makes the date not exist either.
      [{ ...ok, month: 13 }, { month: 'Questa data non esiste', day: 'Questa data non esiste' }],
      [{ ...ok, month: 0 }, { month: 'Questa data non esiste', day: 'Questa data non esiste' }],
      [{ ...ok, year: 1899 }, { year: "L'anno deve essere compreso tra il 1900 e il 2100" }],
      [{ ...ok, year: 2101 }, { year: "L'anno deve essere compreso tra il 1900 e il 2100" }],
      [{ ...ok, year: 2201 }, { year: "L'anno deve essere compreso tra il 1900 e il 2100" }],
      [{ ...ok, year: '2026' }, { year: 'Valore non valido' }],
      [{ ...ok, kind: 'regional' }, { kind: 'Valore non valido' }],
      [{ ...ok, name: 'n'.repeat(101), icon: 'i'.repeat(41) }, { name: 'Massimo 100 caratteri', icon: 'Massimo 40 caratteri' }],
    ]);
    expect(await count(holidays)).toBe(before);
  });

  it('creates recurring (no year) and dated holidays, 29 February in a leap year or every year; audited', async () => {
    const res = await ctx.post('/admin/holiday', { name: '  Chiusura estiva ', icon: 'beach_access', day: 14, month: 8, year: 2026 }, asAdmin());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: expect.any(String), name: 'Chiusura estiva', icon: 'beach_access', day: 14, month: 8, year: 2026, kind: 'company', rule: null, fromYear: null });
    holidayIds.summer = res.json().id;
    const [entry] = await auditOf(res);
    expect(entry).toMatchObject({ workspaceId: ctx.ws.demo, actorUserId: admin.userId, action: 'holiday.create', entityType: 'holiday', entityId: holidayIds.summer });
    expect(entry!.changes).toEqual({ name: 'Chiusura estiva', icon: 'beach_access', day: 14, month: 8, year: 2026, kind: 'company' });

    const leap = await ctx.post('/admin/holiday', { name: 'Giorno bisestile', icon: 'event', day: 29, month: 2 }, asAdmin());
    expect(leap.statusCode, leap.body).toBe(200);
    expect(leap.json()).toMatchObject({ day: 29, month: 2, year: null, kind: 'company' });
    holidayIds.leap = leap.json().id;
    const dated = await ctx.post('/admin/holiday', { name: 'Inventario', icon: 'inventory', day: 29, month: 2, year: 2028, kind: 'company' }, asAdmin());
    expect(dated.statusCode, dated.body).toBe(200);
    holidayIds.inventory = dated.json().id;

    // The year filter shows the dated one only in its year.
    expect((await holidaysOf(2026)).map((h) => h.name)).toContain('Chiusura estiva');
    expect((await holidaysOf(2027)).map((h) => h.name)).not.toContain('Chiusura estiva');
    expect((await holidaysOf(2027)).map((h) => h.name)).toContain('Giorno bisestile');
    // Beta does not see Demo's holidays.
    expect((await holidaysOf(2026, inBeta())).map((h) => h.name)).not.toContain('Chiusura estiva');
  });

  it('one patron saint per workspace: 409 for a second one, its own edit is fine, Beta has its own', async () => {
    const first = await ctx.post('/admin/holiday', { name: "Sant'Ambrogio", icon: 'church', day: 7, month: 12, kind: 'patron' }, asAdmin());
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ name: "Sant'Ambrogio", kind: 'patron', year: null });
    holidayIds.patron = first.json().id;

    const before = await count(holidays, ctx.ws.demo);
    const second = await ctx.post('/admin/holiday', { name: 'San Giovanni', icon: 'church', day: 24, month: 6, kind: 'patron' }, asAdmin());
    expect(expectError(second, 409, 'CONFLICT').message).toBe('Il santo patrono è già impostato: modificalo invece di aggiungerne un altro');
    expect(fieldErrors(second)).toEqual({ kind: 'Il santo patrono è già impostato' });
    // Turning another holiday into the patron is refused as well.
    const turned = await ctx.post(`/admin/holiday/${holidayIds.summer}`, { name: 'Chiusura estiva', icon: 'beach_access', day: 14, month: 8, year: 2026, kind: 'patron' }, asAdmin());
    expectError(turned, 409, 'CONFLICT');
    expect(fieldErrors(turned)).toEqual({ kind: 'Il santo patrono è già impostato' });
    expect(await count(holidays, ctx.ws.demo)).toBe(before);

    // Editing the patron itself is fine.
    const edit = await ctx.post(`/admin/holiday/${holidayIds.patron}`, { name: "Sant'Ambrogio", icon: 'church', day: 8, month: 12, kind: 'patron' }, asAdmin());
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toMatchObject({ day: 8, month: 12, kind: 'patron' });
    const back = await ctx.post(`/admin/holiday/${holidayIds.patron}`, { name: "Sant'Ambrogio", icon: 'church', day: 7, month: 12, kind: 'patron' }, asAdmin());
    expect(back.json()).toMatchObject({ day: 7, month: 12 });

    // Another workspace has its own patron.
    const betaPatron = await ctx.post('/admin/holiday', { name: 'Santi Pietro e Paolo', icon: 'church', day: 29, month: 6, kind: 'patron' }, inBeta());
    expect(betaPatron.statusCode, betaPatron.body).toBe(200);
    holidayIds.betaPatron = betaPatron.json().id;
  });
});

describe('GET /admin/holiday/{id}', () => {
  it('401, 400 for a bad id, 404 for Beta’s holiday and an unknown id; admins and accountants read, a member may not', async () => {
    expectError(await ctx.get(`/admin/holiday/${holidayIds.summer}`), 401, 'UNAUTHENTICATED');
    const bad = await ctx.get('/admin/holiday/12', asAdmin());
    expectError(bad, 400, 'VALIDATION_FAILED');
    expect(fieldErrors(bad)).toEqual({ id: 'Identificativo non valido' });
    expectError(await ctx.get(`/admin/holiday/${holidayIds.summer}`, inDemo(member)), 403, 'FORBIDDEN');
    for (const s of [admin, accountant]) {
      await expectForeignRecordsHidden(ctx, s, ctx.ws.demo, [
        { method: 'GET', url: `/admin/holiday/${beta.holiday}` },
        { method: 'GET', url: `/admin/holiday/${holidayIds.betaPatron}` },
      ]);
    }
    expect(expectError(await ctx.get(`/admin/holiday/${randomUUID()}`, asAdmin()), 404, 'NOT_FOUND').message).toBe('Festività non trovata');
    for (const s of [admin, accountant]) {
      const res = await ctx.get(`/admin/holiday/${holidayIds.summer}`, inDemo(s));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ id: holidayIds.summer, name: 'Chiusura estiva', icon: 'beach_access', day: 14, month: 8, year: 2026, kind: 'company', rule: null, fromYear: null });
    }
  });
});

describe('POST /admin/holiday/{id}', () => {
  const body = { name: 'Chiusura estiva', icon: 'beach_access', day: 17, month: 8, year: 2026 };
  it('401, 400, 403 for a member and the accountant, 404 for Beta’s holiday and an unknown id', async () => {
    expectError(await ctx.post(`/admin/holiday/${holidayIds.summer}`, body), 401, 'UNAUTHENTICATED');
    expectError(await ctx.post('/admin/holiday/x', body, asAdmin()), 400, 'VALIDATION_FAILED');
    await expect400(`/admin/holiday/${holidayIds.summer}`, [
      [{ ...body, name: '' }, { name: 'Inserisci il nome della festività' }],
      [{ ...body, icon: ' ' }, { icon: "Scegli un'icona" }],
      [{ ...body, day: undefined, month: undefined }, { day: 'Inserisci il giorno', month: 'Inserisci il mese' }],
      [{ ...body, day: 31, month: 9 }, { day: 'Questa data non esiste' }],
      [{ ...body, day: 29, month: 2, year: 2026 }, { day: 'Questa data non esiste' }],
    ]);
    for (const s of [member, accountant]) expectError(await ctx.post(`/admin/holiday/${holidayIds.summer}`, body, inDemo(s)), 403, 'FORBIDDEN');
    await expectForeignRecordsHidden(ctx, admin, ctx.ws.demo, [
      { method: 'POST', url: `/admin/holiday/${beta.holiday}`, body },
      { method: 'POST', url: `/admin/holiday/${holidayIds.betaPatron}`, body: { ...body, kind: 'patron' } },
    ]);
    expectError(await ctx.post(`/admin/holiday/${randomUUID()}`, body, asAdmin()), 404, 'NOT_FOUND');
    const [b] = await ctx.db.select().from(holidays).where(eq(holidays.id, beta.holiday));
    expect(b).toMatchObject({ name: 'Natale', day: 25, month: 12 });
    expect((await ctx.get(`/admin/holiday/${holidayIds.summer}`, asAdmin())).json()).toMatchObject({ day: 14, month: 8 });
  });

  it('edits the holiday; a dated one can become recurring; audited with the changes', async () => {
    const res = await ctx.post(`/admin/holiday/${holidayIds.summer}`, body, asAdmin());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: holidayIds.summer, ...body, kind: 'company', rule: null, fromYear: null });
    const [entry] = await auditOf(res);
    expect(entry).toMatchObject({ action: 'holiday.update', entityType: 'holiday', entityId: holidayIds.summer, actorUserId: admin.userId });
    expect(entry!.changes).toEqual({ day: { from: 14, to: 17 } });

    const recurring = await ctx.post(`/admin/holiday/${holidayIds.summer}`, { ...body, year: null }, asAdmin());
    expect(recurring.json()).toMatchObject({ year: null });
    expect((await auditOf(recurring))[0]!.changes).toEqual({ year: { from: 2026, to: null } });
  });
});

describe('DELETE /admin/holiday/{id}', () => {
  it('401, 400, 403 for a member and the accountant, 404 for Beta’s holiday and an unknown id', async () => {
    expectError(await ctx.del(`/admin/holiday/${holidayIds.inventory}`), 401, 'UNAUTHENTICATED');
    expectError(await ctx.del('/admin/holiday/abc', asAdmin()), 400, 'VALIDATION_FAILED');
    for (const s of [member, accountant]) expectError(await ctx.del(`/admin/holiday/${holidayIds.inventory}`, inDemo(s)), 403, 'FORBIDDEN');
    await expectForeignRecordsHidden(ctx, admin, ctx.ws.demo, [
      { method: 'DELETE', url: `/admin/holiday/${beta.holiday}` },
      { method: 'DELETE', url: `/admin/holiday/${holidayIds.betaPatron}` },
    ]);
    expectError(await ctx.del(`/admin/holiday/${randomUUID()}`, asAdmin()), 404, 'NOT_FOUND');
    expect((await ctx.get(`/admin/holiday/${beta.holiday}`, inBeta())).statusCode).toBe(200);
    expect((await ctx.get(`/admin/holiday/${holidayIds.inventory}`, asAdmin())).statusCode).toBe(200);
  });

  it('deletes the holiday (national ones too); audited; a second delete is a 404', async () => {
    const res = await ctx.del(`/admin/holiday/${holidayIds.inventory}`, asAdmin());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Festività eliminata' });
    const [entry] = await auditOf(res);
    expect(entry).toMatchObject({ action: 'holiday.delete', entityType: 'holiday', entityId: holidayIds.inventory });
    expect(entry!.changes).toEqual({ id: holidayIds.inventory, name: 'Inventario', icon: 'inventory', day: 29, month: 2, year: 2028, kind: 'company', rule: null, fromYear: null });
    expectError(await ctx.get(`/admin/holiday/${holidayIds.inventory}`, asAdmin()), 404, 'NOT_FOUND');
    expectError(await ctx.del(`/admin/holiday/${holidayIds.inventory}`, asAdmin()), 404, 'NOT_FOUND');
  });
});

describe('GET /attendance/ajax/holidays', () => {
  it('401; 400 with the Italian messages for from/to', async () => {
    expectError(await ctx.get('/attendance/ajax/holidays', { query: { from: '2026-01-01', to: '2026-12-31' } }), 401, 'UNAUTHENTICATED');
    const cases: [Record<string, string>, Record<string, string>][] = [
      [{}, { from: 'Data non valida (formato AAAA-MM-GG)', to: 'Data non valida (formato AAAA-MM-GG)' }],
      [{ from: '2026-1-1', to: '2026-12-31' }, { from: 'Data non valida (formato AAAA-MM-GG)' }],
      [{ from: '2026-01-01', to: '2026-02-30' }, { to: 'Data non valida (formato AAAA-MM-GG)' }],
      [{ from: '2026-02-01', to: '2026-01-31' }, { to: 'La data finale deve seguire quella iniziale' }],
      [{ from: '2026-01-01', to: '2030-01-01' }, { to: 'Intervallo troppo lungo (al massimo 3 anni)' }],
    ];
    for (const [query, errors] of cases) {
      const res = await ctx.get('/attendance/ajax/holidays', asAdmin(query));
      expectError(res, 400, 'VALIDATION_FAILED');
      expect(fieldErrors(res), JSON.stringify(query)).toEqual(errors);
    }
    // A single day and three years are fine.
    expect((await occurrences('2026-12-25', '2026-12-25')).map((o) => o.name)).toEqual(['Natale']);
    expect((await occurrences('2026-01-01', '2028-12-31')).filter((o) => o.name === 'Natale')).toHaveLength(3);
  });

  it('expands recurring and dated holidays into concrete dates, for every role of the workspace', async () => {
    const spring = await occurrences('2027-03-01', '2027-04-30');
    expect(spring).toEqual([
      { id: expect.any(String), date: '2027-03-28', name: 'Pasqua', icon: 'egg', recurring: true },
      { id: expect.any(String), date: '2027-03-29', name: "Lunedì dell'Angelo", icon: 'egg', recurring: true },
      { id: expect.any(String), date: '2027-04-25', name: 'Festa della Liberazione', icon: 'flag', recurring: true },
    ]);
    // Christmas across a year boundary, with the patron saint before it.
    const winter = await occurrences('2026-12-01', '2027-01-10', member);
    expect(winter.map((o) => [o.date, o.name, o.recurring])).toEqual([
      ['2026-12-07', "Sant'Ambrogio", true],
      ['2026-12-08', 'Immacolata Concezione', true],
      ['2026-12-25', 'Natale', true],
      ['2026-12-26', 'Santo Stefano', true],
      ['2027-01-01', 'Capodanno', true],
      ['2027-01-06', 'Epifania', true],
    ]);
    expect(await occurrences('2026-12-01', '2027-01-10', accountant)).toEqual(winter);
    // Easter Monday moves every year.
    expect((await occurrences('2026-01-01', '2028-12-31')).filter((o) => o.name === "Lunedì dell'Angelo").map((o) => o.date)).toEqual(['2026-04-06', '2027-03-29', '2028-04-17']);
    // San Francesco from 2026 only.
    expect((await occurrences('2025-10-01', '2026-10-31')).filter((o) => o.name === "San Francesco d'Assisi").map((o) => o.date)).toEqual(['2026-10-04']);
    // The company's edited closure (recurring since the edit) and the recurring 29 February (leap years only).
    expect((await occurrences('2027-08-01', '2027-08-31')).map((o) => [o.date, o.name])).toEqual([
      ['2027-08-15', 'Ferragosto'],
      ['2027-08-17', 'Chiusura estiva'],
    ]);
    expect((await occurrences('2027-02-01', '2028-03-31')).filter((o) => o.name === 'Giorno bisestile').map((o) => o.date)).toEqual(['2028-02-29']);
    // Beta's patron stays in Beta.
    expect((await occurrences('2026-06-01', '2026-06-30')).map((o) => o.name)).toEqual(['Festa della Repubblica']);
    const betaJune = await ctx.get('/attendance/ajax/holidays', inBeta({ from: '2026-06-01', to: '2026-06-30' }));
    expect((betaJune.json() as Occurrence[]).map((o) => [o.date, o.name])).toEqual([
      ['2026-06-02', 'Festa della Repubblica'],
      ['2026-06-29', 'Santi Pietro e Paolo'],
    ]);
  });
});

describe('movable feasts (Easter, Easter Monday): rules expanded for any year', () => {
  it('GET /attendance/ajax/holidays has Easter Monday in 2020 and 2099 (no dated rows needed)', async () => {
    for (const [year, sunday, monday] of [
      [2020, '2020-04-12', '2020-04-13'],
      [2099, '2099-04-12', '2099-04-13'],
    ] as const) {
      const spring = await occurrences(`${year}-01-01`, `${year}-12-31`);
      expect(spring.filter((o) => o.icon === 'egg')).toEqual([
        { id: expect.any(String), date: sunday, name: 'Pasqua', icon: 'egg', recurring: true },
        { id: expect.any(String), date: monday, name: "Lunedì dell'Angelo", icon: 'egg', recurring: true },
      ]);
    }
    // A three-year range: one Easter Monday a year, from the same row.
    const mondays = (await occurrences('2098-01-01', '2100-12-31')).filter((o) => o.name === "Lunedì dell'Angelo");
    expect(mondays.map((o) => o.date)).toEqual(['2098-04-21', '2099-04-13', '2100-03-29']);
    expect(new Set(mondays.map((o) => o.id)).size).toBe(1);
  });

  it('the attendance engine sees them: Easter Monday 2020 and 2099 are holidays on the day sheets', async () => {
    for (const day of ['2020-04-13', '2099-04-13']) {
      const res = await ctx.get('/attendance/attendance-data', inDemo(member, { from: addDays(day, -1), to: addDays(day, 1) }));
      expect(res.statusCode, res.body).toBe(200);
      const days = (res.json() as { users: { days: { date: string; holiday: { name: string } | null }[] }[] }).users[0]!.days;
      expect(days.map((d) => [d.date, d.holiday?.name ?? null])).toEqual([
        [addDays(day, -1), 'Pasqua'],
        [day, "Lunedì dell'Angelo"],
        [addDays(day, 1), null],
      ]);
    }
  });

  it('editing a movable feast as a fixed-date client does keeps the rule; a rule can be created, changed and cleared', async () => {
    const monday = (await holidaysOf(2027)).find((h) => h.rule === 'easter_monday')!;
    // What the web form sends: the date shown, no rule. The name changes, the rule stays.
    const edit = await ctx.post(`/admin/holiday/${monday.id}`, { name: 'Pasquetta', icon: 'egg', day: monday.day, month: monday.month, year: null, kind: 'national' }, asAdmin());
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toMatchObject({ id: monday.id, name: 'Pasquetta', rule: 'easter_monday', year: null });
    expect((await auditOf(edit))[0]!.changes).toEqual({ name: { from: "Lunedì dell'Angelo", to: 'Pasquetta' } });
    const [row] = await ctx.db.select().from(holidays).where(eq(holidays.id, monday.id));
    expect(row).toMatchObject({ day: null, month: null, year: null, rule: 'easter_monday' });
    expect((await occurrences('2030-01-01', '2030-12-31')).filter((o) => o.id === monday.id).map((o) => [o.date, o.name])).toEqual([['2030-04-22', 'Pasquetta']]);
    const back = await ctx.post(`/admin/holiday/${monday.id}`, { name: "Lunedì dell'Angelo", icon: 'egg', rule: 'easter_monday', kind: 'national' }, asAdmin());
    expect(back.statusCode, back.body).toBe(200);

    // A company closure on Easter Monday every year: no day or month needed, a year is ignored.
    const created = await ctx.post('/admin/holiday', { name: 'Chiusura di Pasqua', icon: 'egg', rule: 'easter_monday', year: 2030 }, asAdmin());
    expect(created.statusCode, created.body).toBe(200);
    const closure = created.json() as HolidayOut;
    expect(closure).toMatchObject({ rule: 'easter_monday', year: null, kind: 'company', fromYear: null, day: Number(easterMonday(new Date().getUTCFullYear()).slice(8)) });
    expect((await occurrences('2031-04-01', '2031-04-30')).filter((o) => o.id === closure.id).map((o) => o.date)).toEqual(['2031-04-14']);
    // Turned into a fixed date (rule: null) and back to nothing special.
    const fixed = await ctx.post(`/admin/holiday/${closure.id}`, { name: 'Chiusura di Pasqua', icon: 'egg', day: 14, month: 4, year: 2031, rule: null }, asAdmin());
    expect(fixed.json()).toMatchObject({ day: 14, month: 4, year: 2031, rule: null });
    expect((await ctx.del(`/admin/holiday/${closure.id}`, asAdmin())).statusCode).toBe(200);

    await expect400('/admin/holiday', [
      [{ name: 'Pasqua ortodossa', icon: 'egg', rule: 'orthodox_easter' }, { rule: 'Valore non valido', day: 'Inserisci il giorno', month: 'Inserisci il mese' }],
      [{ name: 'Dal 2030', icon: 'egg', day: 1, month: 6, fromYear: 1800 }, { fromYear: "L'anno deve essere compreso tra il 1900 e il 2100" }],
    ]);
  });

  it('fromYear: a recurring holiday that starts in a given year (San Francesco from 2026)', async () => {
    const res = await ctx.post('/admin/holiday', { name: 'Anniversario', icon: 'celebration', day: 3, month: 3, fromYear: 2028 }, asAdmin());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ day: 3, month: 3, year: null, fromYear: 2028, rule: null });
    expect((await occurrences('2027-01-01', '2029-12-31')).filter((o) => o.name === 'Anniversario').map((o) => o.date)).toEqual(['2028-03-03', '2029-03-03']);
    expect((await holidaysOf(2027)).map((h) => h.name)).not.toContain('Anniversario');
    expect((await holidaysOf(2028)).map((h) => h.name)).toContain('Anniversario');
    // An edit that does not mention fromYear keeps it; null clears it.
    const kept = await ctx.post(`/admin/holiday/${res.json().id}`, { name: 'Anniversario', icon: 'celebration', day: 4, month: 3 }, asAdmin());
    expect(kept.json()).toMatchObject({ day: 4, fromYear: 2028 });
    const cleared = await ctx.post(`/admin/holiday/${res.json().id}`, { name: 'Anniversario', icon: 'celebration', day: 4, month: 3, fromYear: null }, asAdmin());
    expect(cleared.json()).toMatchObject({ fromYear: null });
    expect((await ctx.del(`/admin/holiday/${res.json().id}`, asAdmin())).statusCode).toBe(200);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Absence types and their groups
// ---------------------------------------------------------------------------------------------------------------

type JustificationOut = { id: string; code: string; name: string; impact: string; unit: string; enabled: boolean; groupId: string | null; groupName: string | null; requiresCertificate: boolean; payrollCode: string | null };
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
    expect(all.map((j) => j.code)).toEqual(['MAT', 'PAT', 'MATR', 'CPAR', 'DON', 'EXF', 'FER', 'FOR', 'INF', 'SW', 'MAL', 'L104', 'PNR', 'LUT', 'STU', 'ROL', 'SCI', 'TRA', 'USC']);
    const by = (code: string) => all.find((j) => j.code === code)!;
    expect(by('FER')).toEqual({ id: demoJ.FER, code: 'FER', name: 'Ferie', impact: 'nothing', unit: 'day', enabled: true, groupId: demoGroup['Ferie e permessi'], groupName: 'Ferie e permessi', requiresCertificate: false, payrollCode: 'FE' });
    expect(by('ROL')).toMatchObject({ name: 'Permesso ROL', unit: 'hour', groupName: 'Ferie e permessi', requiresCertificate: false });
    expect(by('EXF')).toMatchObject({ name: 'Ex-festività', unit: 'hour', groupName: 'Ferie e permessi' });
    expect(by('MAL')).toMatchObject({ name: 'Malattia', unit: 'day', requiresCertificate: true, groupName: 'Malattia e infortunio', payrollCode: 'MA' });
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

const jBody = { code: 'smart.1', name: 'Smart working straordinario', impact: 'increase', unit: 'hour', payrollCode: ' sw2 ' };

describe('POST /admin/justification', () => {
  it('401 without a session; 403 for a member and the accountant, before validation', async () => {
    expectError(await ctx.post('/admin/justification', jBody), 401, 'UNAUTHENTICATED');
    for (const s of [member, accountant]) {
      expectError(await ctx.post('/admin/justification', jBody, inDemo(s)), 403, 'FORBIDDEN');
      expectError(await ctx.post('/admin/justification', {}, inDemo(s)), 403, 'FORBIDDEN');
    }
  });

  it('400 with the Italian messages; the group must be one of this workspace', async () => {
    const before = await count(justifications);
    await expect400('/admin/justification', [
      [{}, { code: 'Inserisci il codice', name: 'Inserisci il nome', impact: "Indica l'effetto sulle ore lavorate", unit: "Indica l'unità (ore o giorni)" }],
      [{ ...jBody, code: '   ' }, { code: 'Inserisci il codice' }],
      [{ ...jBody, code: 'AB CD' }, { code: 'Il codice può contenere solo lettere, numeri, punto e trattino (massimo 10 caratteri)' }],
      [{ ...jBody, code: 'ABCDEFGHIJK' }, { code: 'Il codice può contenere solo lettere, numeri, punto e trattino (massimo 10 caratteri)' }],
      [{ ...jBody, code: 'FÉR' }, { code: 'Il codice può contenere solo lettere, numeri, punto e trattino (massimo 10 caratteri)' }],
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
    expect(await count(justifications)).toBe(before);
  });

  it('409 for a code already used in the workspace, whatever the case; Beta may use it', async () => {
    const before = await count(justifications, ctx.ws.demo);
    for (const code of ['fer', ' Fer ', 'ROL', 'l104']) {
      const res = await ctx.post('/admin/justification', { ...jBody, code }, asAdmin());
      expect(expectError(res, 409, 'CONFLICT').message).toBe('Esiste già un giustificativo con questo codice');
      expect(fieldErrors(res)).toEqual({ code: 'Esiste già un giustificativo con questo codice' });
    }
    expect(await count(justifications, ctx.ws.demo)).toBe(before);
  });

  it('creates absence types (codes and payroll codes upper-cased); audited', async () => {
    const res = await ctx.post('/admin/justification', { ...jBody, groupId: demoGroup['Lavoro fuori sede'] }, asAdmin());
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
    const [entry] = await auditOf(res);
    expect(entry).toMatchObject({ action: 'justification.create', entityType: 'justification', entityId: newJ.smart, actorUserId: admin.userId });
    expect(entry!.changes).toMatchObject({ code: 'SMART.1', payrollCode: 'SW2', groupId: demoGroup['Lavoro fuori sede'] });

    const vis = await ctx.post('/admin/justification', { code: 'vis-med', name: 'Visita medica', impact: 'nothing', unit: 'day', enabled: false, requiresCertificate: true }, asAdmin());
    expect(vis.statusCode, vis.body).toBe(200);
    expect(vis.json()).toMatchObject({ code: 'VIS-MED', enabled: false, requiresCertificate: true, groupId: null, groupName: null, payrollCode: null });
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
    expect(fieldErrors(await ctx.get('/admin/justification/MAL', asAdmin()))).toEqual({ id: 'Identificativo non valido' });
    for (const s of [admin, accountant]) await expectForeignRecordsHidden(ctx, s, ctx.ws.demo, [{ method: 'GET', url: `/admin/justification/${beta.justification}` }]);
    expect(expectError(await ctx.get(`/admin/justification/${randomUUID()}`, asAdmin()), 404, 'NOT_FOUND').message).toBe('Giustificativo non trovato');
    expectError(await ctx.get(`/admin/justification/${demoJ.MAL}`, inDemo(member)), 403, 'FORBIDDEN');
    for (const s of [admin, accountant]) {
      const res = await ctx.get(`/admin/justification/${demoJ.MAL}`, inDemo(s));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: demoJ.MAL, code: 'MAL', requiresCertificate: true, groupName: 'Malattia e infortunio' });
    }
  });
});

describe('POST /admin/justification/{id}', () => {
  const body = { code: 'SMART.1', name: 'Lavoro agile straordinario', impact: 'increase', unit: 'hour', payrollCode: 'SW2', groupId: null };
  it('401, 400, 403 for a member and the accountant, 404 for Beta’s type and an unknown id', async () => {
    expectError(await ctx.post(`/admin/justification/${newJ.smart}`, body), 401, 'UNAUTHENTICATED');
    expectError(await ctx.post('/admin/justification/x', body, asAdmin()), 400, 'VALIDATION_FAILED');
    await expect400(`/admin/justification/${newJ.smart}`, [
      [{ ...body, code: '' }, { code: 'Inserisci il codice' }],
      [{ ...body, unit: null, impact: null }, { impact: "Indica l'effetto sulle ore lavorate", unit: "Indica l'unità (ore o giorni)" }],
      [{ ...body, payrollCode: 'ABCDE' }, { payrollCode: 'Massimo 4 caratteri' }],
      [{ ...body, groupId: beta.group }, { groupId: 'Gruppo di giustificativi non trovato' }],
    ]);
    for (const s of [member, accountant]) expectError(await ctx.post(`/admin/justification/${newJ.smart}`, body, inDemo(s)), 403, 'FORBIDDEN');
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
    expect(res.json()).toMatchObject({ id: newJ.smart, code: 'SMART.1', name: 'Lavoro agile straordinario', groupId: null, groupName: null });
    const [entry] = await auditOf(res);
    expect(entry).toMatchObject({ action: 'justification.update', entityType: 'justification', entityId: newJ.smart });
    expect(entry!.changes).toEqual({ name: { from: 'Smart working straordinario', to: 'Lavoro agile straordinario' }, groupId: { from: demoGroup['Lavoro fuori sede'], to: null } });

    const off = await ctx.post(`/admin/justification/${newJ.smart}`, { ...body, enabled: false }, asAdmin());
    expect(off.json()).toMatchObject({ enabled: false });
    expect((await auditOf(off))[0]!.changes).toEqual({ enabled: { from: true, to: false } });
    // Disabled types stay in the admin list.
    expect((await listJ()).find((j) => j.id === newJ.smart)).toMatchObject({ enabled: false });
  });
});

describe('absence-type groups: POST /admin/justification-group and /{id}', () => {
  it('401, 403 for a member and the accountant, 400 with the Italian messages, 409 for a name in use', async () => {
    const body = { name: 'Permessi sindacali', summarizeable: true };
    expectError(await ctx.post('/admin/justification-group', body), 401, 'UNAUTHENTICATED');
    for (const s of [member, accountant]) expectError(await ctx.post('/admin/justification-group', body, inDemo(s)), 403, 'FORBIDDEN');
    const before = await count(justificationGroups);
    await expect400('/admin/justification-group', [
      [{}, { name: 'Inserisci il nome' }],
      [{ name: '  ' }, { name: 'Inserisci il nome' }],
      [{ name: 'g'.repeat(101) }, { name: 'Massimo 100 caratteri' }],
      [{ name: 'Ok', disabled: 'no', summarizeable: 1 }, { disabled: 'Valore non valido', summarizeable: 'Valore non valido' }],
    ]);
    for (const name of ['ferie e permessi', 'MALATTIA E INFORTUNIO']) {
      const res = await ctx.post('/admin/justification-group', { name }, asAdmin());
      expect(expectError(res, 409, 'CONFLICT').message).toBe('Esiste già un elemento con questo nome');
      expect(fieldErrors(res)).toEqual({ name: 'Esiste già un elemento con questo nome' });
    }
    expect(await count(justificationGroups)).toBe(before);
  });

  it('creates groups (audited) and puts absence types in them', async () => {
    const res = await ctx.post('/admin/justification-group', { name: ' Permessi sindacali ', summarizeable: true }, asAdmin());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: expect.any(String), name: 'Permessi sindacali', disabled: false, summarizeable: true, justificationsCount: 0 });
    newG.union = res.json().id;
    expect((await auditOf(res))[0]).toMatchObject({ action: 'justification-group.create', entityType: 'justification-group', entityId: newG.union });

    const sind = await ctx.post('/admin/justification', { code: 'SIND', name: 'Permesso sindacale', impact: 'nothing', unit: 'hour', groupId: newG.union }, asAdmin());
    expect(sind.statusCode, sind.body).toBe(200);
    expect(sind.json()).toMatchObject({ groupId: newG.union, groupName: 'Permessi sindacali' });
    newJ.sind = sind.json().id;
    expect((await listG()).find((g) => g.id === newG.union)).toMatchObject({ justificationsCount: 1 });
  });

  it('edits: 401, 400, 403, 404 for Beta’s group and an unknown id, 409 for another name; disables; audited', async () => {
    const body = { name: 'Permessi sindacali', disabled: true, summarizeable: true };
    expectError(await ctx.post(`/admin/justification-group/${newG.union}`, body), 401, 'UNAUTHENTICATED');
    expectError(await ctx.post('/admin/justification-group/1', body, asAdmin()), 400, 'VALIDATION_FAILED');
    await expect400(`/admin/justification-group/${newG.union}`, [[{ ...body, name: '' }, { name: 'Inserisci il nome' }]]);
    for (const s of [member, accountant]) expectError(await ctx.post(`/admin/justification-group/${newG.union}`, body, inDemo(s)), 403, 'FORBIDDEN');
    await expectForeignRecordsHidden(ctx, admin, ctx.ws.demo, [
      { method: 'POST', url: `/admin/justification-group/${beta.group}`, body: { name: 'Preso da Demo' } },
      { method: 'POST', url: `/admin/justification-group/${beta.group}`, body: { name: 'Ferie e permessi', disabled: true } },
    ]);
    expect(expectError(await ctx.post(`/admin/justification-group/${randomUUID()}`, body, asAdmin()), 404, 'NOT_FOUND').message).toBe('Gruppo di giustificativi non trovato');
    const clash = await ctx.post(`/admin/justification-group/${newG.union}`, { ...body, name: 'Altre Assenze' }, asAdmin());
    expectError(clash, 409, 'CONFLICT');
    expect(fieldErrors(clash)).toEqual({ name: 'Esiste già un elemento con questo nome' });
    expect((await ctx.db.select().from(justificationGroups).where(eq(justificationGroups.id, beta.group)))[0]).toMatchObject({ name: 'Ferie e permessi', disabled: false });

    const res = await ctx.post(`/admin/justification-group/${newG.union}`, body, asAdmin());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: newG.union, name: 'Permessi sindacali', disabled: true, summarizeable: true, justificationsCount: 1 });
    expect((await auditOf(res))[0]!.changes).toEqual({ disabled: { from: false, to: true } });
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
    expect(usable.map((j) => j.code)).toEqual((await listJ()).filter((j) => Object.keys(demoJ).includes(j.code)).map((j) => j.code));
    for (const s of [accountant, member]) expect(await listJ('/attendance/ajax/justifications', inDemo(s))).toEqual(usable);

    for (const id of [newJ.smart!, newJ.vis!, newJ.sind!]) {
      const withOne = await listJ('/attendance/ajax/justifications', inDemo(member, { include_id: id }));
      expect(withOne).toHaveLength(20);
      expect(withOne.find((j) => j.id === id)).toBeDefined();
    }
    expect((await listJ('/attendance/ajax/justifications', asAdmin({ include_id: newJ.sind! }))).find((j) => j.id === newJ.sind)).toMatchObject({ code: 'SIND', groupName: 'Permessi sindacali' });
    // Another workspace's record is not included, and an enabled one is not repeated.
    expect(await listJ('/attendance/ajax/justifications', asAdmin({ include_id: beta.justification }))).toEqual(usable);
    expect(await listJ('/attendance/ajax/justifications', asAdmin({ include_id: demoJ.FER! }))).toEqual(usable);

    // Re-enabling the group brings SIND back.
    const on = await ctx.post(`/admin/justification-group/${newG.union}`, { name: 'Permessi sindacali', disabled: false, summarizeable: true }, asAdmin());
    expect(on.statusCode).toBe(200);
    expect((await listJ('/attendance/ajax/justifications')).map((j) => j.id)).toContain(newJ.sind);
    const off = await ctx.post(`/admin/justification-group/${newG.union}`, { name: 'Permessi sindacali', disabled: true, summarizeable: true }, asAdmin());
    expect(off.statusCode).toBe(200);
  });
});

describe('GET /attendance/ajax/justification-groups', () => {
  it('401; 400; enabled groups only, plus include_id, or every group with include_disabled', async () => {
    expectError(await ctx.get('/attendance/ajax/justification-groups'), 401, 'UNAUTHENTICATED');
    const bad = await ctx.get('/attendance/ajax/justification-groups', asAdmin({ include_id: 'x', include_disabled: 'forse' }));
    expectError(bad, 400, 'VALIDATION_FAILED');
    expect(fieldErrors(bad).include_id).toBe('Identificativo non valido');
    expect(Object.keys(fieldErrors(bad)).sort()).toEqual(['include_disabled', 'include_id']);

    const defaults = ['Altre assenze', 'Congedi e tutele', 'Ferie e permessi', 'Lavoro fuori sede', 'Malattia e infortunio'];
    for (const s of [admin, accountant, member]) {
      expect((await listG('/attendance/ajax/justification-groups', inDemo(s))).map((g) => g.name)).toEqual(defaults);
    }
    expect((await listG('/attendance/ajax/justification-groups', inDemo(member, { include_disabled: 'false' }))).map((g) => g.name)).toEqual(defaults);
    const withOne = await listG('/attendance/ajax/justification-groups', inDemo(member, { include_id: newG.union! }));
    expect(withOne.map((g) => g.name)).toEqual([...defaults.slice(0, 4), 'Malattia e infortunio', 'Permessi sindacali']);
    expect(withOne.find((g) => g.id === newG.union)).toEqual({ id: newG.union, name: 'Permessi sindacali', disabled: true, summarizeable: true, justificationsCount: 1 });
    for (const flag of ['true', '1']) {
      expect(await listG('/attendance/ajax/justification-groups', inDemo(member, { include_disabled: flag }))).toEqual(await listG());
    }
    expect((await listG('/attendance/ajax/justification-groups', asAdmin({ include_id: beta.group }))).map((g) => g.name)).toEqual(defaults);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Templates
// ---------------------------------------------------------------------------------------------------------------

const STANDARD_SLOT = { startsAtMinutes: 540, endsAtMinutes: 1080, pauseStartsAtMinutes: 780, pauseEndsAtMinutes: 840, description: 'Ufficio', descriptionColorRgb: '#1A415B' };
const MORNING_SLOT = { startsAtMinutes: 480, endsAtMinutes: 720, pauseStartsAtMinutes: null, pauseEndsAtMinutes: null, description: 'Mattina', descriptionColorRgb: '#E8A33D' };
const days: Record<string, string> = {};
const weeks: Record<string, string> = {};

async function listDays(url = '/admin/template-day', opts: RequestOptions = asAdmin()) {
  const res = await ctx.get(url, opts);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TemplateDay[];
}
async function listWeeks(url = '/admin/template-week', opts: RequestOptions = asAdmin()) {
  const res = await ctx.get(url, opts);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TemplateWeek[];
}

describe('GET /admin/template-day and /attendance/ajax/template-days', () => {
  it('401; admins and accountants read the two seeded daily templates with their slots and minutes', async () => {
    expectError(await ctx.get('/admin/template-day'), 401, 'UNAUTHENTICATED');
    expectError(await ctx.get('/attendance/ajax/template-days'), 401, 'UNAUTHENTICATED');
    const list = await listDays();
    expect(list).toEqual([
      { id: expect.any(String), name: 'Giornata standard', description: '9–18 con pausa pranzo', timeSlots: [STANDARD_SLOT], minutes: 480 },
      { id: expect.any(String), name: 'Mattina', description: 'Part-time 8–12', timeSlots: [MORNING_SLOT], minutes: 240 },
    ]);
    days.standard = list[0]!.id;
    days.morning = list[1]!.id;
    for (const s of [admin, accountant]) expect(await listDays('/admin/template-day', inDemo(s))).toEqual(list);
    expectError(await ctx.get('/admin/template-day', inDemo(member)), 403, 'FORBIDDEN');
    for (const s of [admin, accountant, member]) expect(await listDays('/attendance/ajax/template-days', inDemo(s))).toEqual(list);
    expect((await listDays('/admin/template-day', inBeta())).map((d) => d.id)).toContain(beta.templateDay);
    expect(list.map((d) => d.id)).not.toContain(beta.templateDay);
  });
});

const split = {
  name: 'Spezzato',
  description: 'Mattina e pomeriggio',
  timeSlots: [
    { startsAtMinutes: 480, endsAtMinutes: 720, description: 'Mattina', descriptionColorRgb: '#e8a33d' },
    { startsAtMinutes: 900, endsAtMinutes: 1140, pauseStartsAtMinutes: 1020, pauseEndsAtMinutes: 1035, description: 'Pomeriggio', descriptionColorRgb: '#fff' },
  ],
};

describe('POST /admin/template-day', () => {
  it('401 without a session; 403 for a member and the accountant, before validation', async () => {
    expectError(await ctx.post('/admin/template-day', split), 401, 'UNAUTHENTICATED');
    for (const s of [member, accountant]) {
      expectError(await ctx.post('/admin/template-day', split, inDemo(s)), 403, 'FORBIDDEN');
      expectError(await ctx.post('/admin/template-day', {}, inDemo(s)), 403, 'FORBIDDEN');
    }
  });

  it('400 with the Italian messages: name, at least one slot, order, pause inside, no overlap, colour', async () => {
    const before = await count(templateDays);
    const s0 = split.timeSlots[0]!;
    await expect400('/admin/template-day', [
      [{}, { name: 'Inserisci il nome', timeSlots: 'Inserisci almeno una fascia oraria' }],
      [{ name: 'x', timeSlots: [] }, { timeSlots: 'Inserisci almeno una fascia oraria' }],
      [{ name: 'x', timeSlots: 'tutto il giorno' }, { timeSlots: 'Inserisci almeno una fascia oraria' }],
      [{ name: 'x', timeSlots: Array.from({ length: 11 }, (_, i) => ({ startsAtMinutes: i * 60, endsAtMinutes: i * 60 + 30 })) }, { timeSlots: 'Puoi inserire al massimo 10 fasce orarie' }],
      [{ ...split, name: 'n'.repeat(101), description: 'd'.repeat(301) }, { name: 'Massimo 100 caratteri', description: 'Massimo 300 caratteri' }],
      [{ ...split, timeSlots: [{ ...s0, startsAtMinutes: 720, endsAtMinutes: 480 }] }, { 'timeSlots.0.endsAtMinutes': "L'orario di fine deve essere dopo quello di inizio" }],
      [{ ...split, timeSlots: [{ ...s0, endsAtMinutes: 480 }] }, { 'timeSlots.0.endsAtMinutes': "L'orario di fine deve essere dopo quello di inizio" }],
      // A negative start is out of the day, which the slot rule reports on the end as well.
      [{ ...split, timeSlots: [{ ...s0, startsAtMinutes: -1 }] }, { 'timeSlots.0.startsAtMinutes': 'Orario non valido', 'timeSlots.0.endsAtMinutes': "L'orario di fine deve essere dopo quello di inizio" }],
      [{ ...split, timeSlots: [{ ...s0, endsAtMinutes: 1441 }] }, { 'timeSlots.0.endsAtMinutes': 'Orario non valido' }],
      [{ ...split, timeSlots: [{ ...s0, startsAtMinutes: '08:00' }] }, { 'timeSlots.0.startsAtMinutes': 'Orario non valido' }],
      [{ ...split, timeSlots: [{ ...s0, endsAtMinutes: 600.5 }] }, { 'timeSlots.0.endsAtMinutes': 'Orario non valido' }],
      [{ ...split, timeSlots: [{ ...s0, pauseStartsAtMinutes: 600 }] }, { 'timeSlots.0.pauseStartsAtMinutes': "La pausa deve essere completa e compresa nell'orario" }],
      [{ ...split, timeSlots: [{ ...s0, pauseStartsAtMinutes: 450, pauseEndsAtMinutes: 500 }] }, { 'timeSlots.0.pauseStartsAtMinutes': "La pausa deve essere completa e compresa nell'orario" }],
      [{ ...split, timeSlots: [{ ...s0, pauseStartsAtMinutes: 600, pauseEndsAtMinutes: 720 }] }, { 'timeSlots.0.pauseStartsAtMinutes': "La pausa deve essere completa e compresa nell'orario" }],
      [{ ...split, timeSlots: [{ ...s0, pauseStartsAtMinutes: 660, pauseEndsAtMinutes: 600 }] }, { 'timeSlots.0.pauseStartsAtMinutes': "La pausa deve essere completa e compresa nell'orario" }],
      [{ ...split, timeSlots: [s0, { startsAtMinutes: 700, endsAtMinutes: 800 }] }, { 'timeSlots.1.startsAtMinutes': 'Si sovrappone a un’altra fascia dello stesso giorno' }],
      [{ ...split, timeSlots: [s0, { startsAtMinutes: 400, endsAtMinutes: 1000 }] }, { 'timeSlots.1.startsAtMinutes': 'Si sovrappone a un’altra fascia dello stesso giorno' }],
      [{ ...split, timeSlots: [{ ...s0, descriptionColorRgb: 'rosso' }] }, { 'timeSlots.0.descriptionColorRgb': 'Il colore non è valido (formato #RRGGBB)' }],
      [{ ...split, timeSlots: [{ ...s0, descriptionColorRgb: '#12345G' }] }, { 'timeSlots.0.descriptionColorRgb': 'Il colore non è valido (formato #RRGGBB)' }],
      [{ ...split, timeSlots: [{ ...s0, description: 'd'.repeat(101) }] }, { 'timeSlots.0.description': 'Massimo 100 caratteri' }],
    ]);
    expect(await count(templateDays)).toBe(before);
  });

  it('409 for a name in use, whatever the case', async () => {
    for (const name of ['giornata STANDARD', ' mattina ']) {
      const res = await ctx.post('/admin/template-day', { ...split, name }, asAdmin());
      expect(expectError(res, 409, 'CONFLICT').message).toBe('Esiste già un elemento con questo nome');
      expect(fieldErrors(res)).toEqual({ name: 'Esiste già un elemento con questo nome' });
    }
  });

  it('creates a daily template (touching slots are fine; minutes without the pause); audited', async () => {
    const res = await ctx.post('/admin/template-day', split, asAdmin());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      id: expect.any(String),
      name: 'Spezzato',
      description: 'Mattina e pomeriggio',
      timeSlots: [
        { startsAtMinutes: 480, endsAtMinutes: 720, pauseStartsAtMinutes: null, pauseEndsAtMinutes: null, description: 'Mattina', descriptionColorRgb: '#e8a33d' },
        { startsAtMinutes: 900, endsAtMinutes: 1140, pauseStartsAtMinutes: 1020, pauseEndsAtMinutes: 1035, description: 'Pomeriggio', descriptionColorRgb: '#fff' },
      ],
      minutes: 240 + 225,
    });
    days.split = res.json().id;
    expect((await auditOf(res))[0]).toMatchObject({ action: 'template-day.create', entityType: 'template-day', entityId: days.split, actorUserId: admin.userId });

    const touching = await ctx.post('/admin/template-day', { name: 'Fino a mezzanotte', timeSlots: [{ startsAtMinutes: 1080, endsAtMinutes: 1440 }, { startsAtMinutes: 900, endsAtMinutes: 1080 }] }, asAdmin());
    expect(touching.statusCode, touching.body).toBe(200);
    expect(touching.json()).toMatchObject({ description: null, minutes: 540 });
    days.late = touching.json().id;
    expect((await listDays()).map((d) => d.name)).toEqual(['Fino a mezzanotte', 'Giornata standard', 'Mattina', 'Spezzato']);
  });
});

describe('GET, POST and DELETE /admin/template-day/{id}', () => {
  it('401, 400, 403 for a member and the accountant on writes, 404 for Beta’s template and an unknown id', async () => {
    const url = `/admin/template-day/${days.split}`;
    expectError(await ctx.get(url), 401, 'UNAUTHENTICATED');
    expectError(await ctx.post(url, split), 401, 'UNAUTHENTICATED');
    expectError(await ctx.del(url), 401, 'UNAUTHENTICATED');
    for (const res of [await ctx.get('/admin/template-day/x', asAdmin()), await ctx.post('/admin/template-day/x', split, asAdmin()), await ctx.del('/admin/template-day/x', asAdmin())]) {
      expectError(res, 400, 'VALIDATION_FAILED');
      expect(fieldErrors(res)).toEqual({ id: 'Identificativo non valido' });
    }
    await expect400(url, [[{ ...split, timeSlots: [] }, { timeSlots: 'Inserisci almeno una fascia oraria' }]]);
    for (const s of [member, accountant]) {
      expectError(await ctx.post(url, split, inDemo(s)), 403, 'FORBIDDEN');
      expectError(await ctx.del(url, inDemo(s)), 403, 'FORBIDDEN');
    }
    for (const s of [admin, accountant]) await expectForeignRecordsHidden(ctx, s, ctx.ws.demo, [{ method: 'GET', url: `/admin/template-day/${beta.templateDay}` }]);
    await expectForeignRecordsHidden(ctx, admin, ctx.ws.demo, [
      { method: 'POST', url: `/admin/template-day/${beta.templateDay}`, body: { ...split, name: 'Nuovo nome' } },
      // Even with a name Demo already uses: the record is not there, so 404 before any conflict.
      { method: 'POST', url: `/admin/template-day/${beta.templateDay}`, body: { name: 'Giornata standard', timeSlots: [STANDARD_SLOT] } },
      { method: 'DELETE', url: `/admin/template-day/${beta.templateDay}` },
    ]);
    for (const res of [await ctx.get(`/admin/template-day/${randomUUID()}`, asAdmin()), await ctx.post(`/admin/template-day/${randomUUID()}`, { ...split, name: 'Mattina' }, asAdmin()), await ctx.del(`/admin/template-day/${randomUUID()}`, asAdmin())]) {
      expect(expectError(res, 404, 'NOT_FOUND').message).toBe('Modello giornaliero non trovato');
    }
    const betaDay = (await ctx.get(`/admin/template-day/${beta.templateDay}`, inBeta())).json() as TemplateDay;
    expect(betaDay).toMatchObject({ name: 'Giornata standard', timeSlots: [STANDARD_SLOT] });
  });

  it('reads for admins and accountants; edits (409 for another name, own name fine) and replaces the slots; audited', async () => {
    const url = `/admin/template-day/${days.split}`;
    for (const s of [admin, accountant]) expect((await ctx.get(url, inDemo(s))).json()).toMatchObject({ id: days.split, name: 'Spezzato', minutes: 465 });
    expectError(await ctx.get(url, inDemo(member)), 403, 'FORBIDDEN');
    const clash = await ctx.post(url, { ...split, name: 'MATTINA' }, asAdmin());
    expectError(clash, 409, 'CONFLICT');
    expect(fieldErrors(clash)).toEqual({ name: 'Esiste già un elemento con questo nome' });

    const res = await ctx.post(url, { name: 'spezzato', timeSlots: [{ startsAtMinutes: 420, endsAtMinutes: 660 }, { startsAtMinutes: 840, endsAtMinutes: 1080 }] }, asAdmin());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      id: days.split,
      name: 'spezzato',
      description: null,
      timeSlots: [
        { startsAtMinutes: 420, endsAtMinutes: 660, pauseStartsAtMinutes: null, pauseEndsAtMinutes: null, description: null, descriptionColorRgb: null },
        { startsAtMinutes: 840, endsAtMinutes: 1080, pauseStartsAtMinutes: null, pauseEndsAtMinutes: null, description: null, descriptionColorRgb: null },
      ],
      minutes: 480,
    });
    expect((await auditOf(res))[0]).toMatchObject({ action: 'template-day.update', entityId: days.split });
    const back = await ctx.post(url, split, asAdmin());
    expect(back.json()).toMatchObject({ name: 'Spezzato', minutes: 465 });
  });
});

describe('GET /admin/template-week and /attendance/ajax/template-weeks', () => {
  it('401; admins and accountants read the two seeded weekly templates with the slots they produce', async () => {
    expectError(await ctx.get('/admin/template-week'), 401, 'UNAUTHENTICATED');
    expectError(await ctx.get('/attendance/ajax/template-weeks'), 401, 'UNAUTHENTICATED');
    const list = await listWeeks();
    expect(list.map((w) => [w.name, w.description, w.weeklyMinutes])).toEqual([
      ['Part-time 20 ore', 'Lunedì–venerdì 8–12', 1200],
      ['Tempo pieno 40 ore', 'Lunedì–venerdì 9–18', 2400],
    ]);
    const full = list[1]!;
    weeks.full = full.id;
    weeks.part = list[0]!.id;
    expect(full.days).toEqual([1, 2, 3, 4, 5].map((weekday) => ({ weekday, templateDayId: days.standard, templateDayName: 'Giornata standard' })));
    expect(full.timeSlots).toEqual([1, 2, 3, 4, 5].map((weekday) => ({ weekday, ...STANDARD_SLOT })));
    expect(list[0]!.timeSlots).toEqual([1, 2, 3, 4, 5].map((weekday) => ({ weekday, ...MORNING_SLOT })));
    for (const s of [admin, accountant]) expect(await listWeeks('/admin/template-week', inDemo(s))).toEqual(list);
    expectError(await ctx.get('/admin/template-week', inDemo(member)), 403, 'FORBIDDEN');
    for (const s of [admin, accountant, member]) expect(await listWeeks('/attendance/ajax/template-weeks', inDemo(s))).toEqual(list);
    expect(list.map((w) => w.id)).not.toContain(beta.templateWeek);
  });
});

const weekBody = () => ({
  name: 'Settimana spezzata',
  description: 'Lun–ven spezzato, sabato mattina',
  days: [...[1, 2, 3, 4, 5].map((weekday) => ({ weekday, templateDayId: days.split! })), { weekday: 6, templateDayId: days.morning! }],
});

describe('POST /admin/template-week', () => {
  it('401 without a session; 403 for a member and the accountant, before validation', async () => {
    expectError(await ctx.post('/admin/template-week', weekBody()), 401, 'UNAUTHENTICATED');
    for (const s of [member, accountant]) {
      expectError(await ctx.post('/admin/template-week', weekBody(), inDemo(s)), 403, 'FORBIDDEN');
      expectError(await ctx.post('/admin/template-week', {}, inDemo(s)), 403, 'FORBIDDEN');
    }
  });

  it('400 with the Italian messages: name, weekdays, repeated weekdays, daily templates of this workspace', async () => {
    const before = await count(templateWeeks);
    await expect400('/admin/template-week', [
      [{}, { name: 'Inserisci il nome' }],
      [{ ...weekBody(), name: ' ', description: 'd'.repeat(301) }, { name: 'Inserisci il nome', description: 'Massimo 300 caratteri' }],
      [{ ...weekBody(), days: [{ weekday: 0, templateDayId: days.split }] }, { 'days.0.weekday': 'Giorno della settimana non valido' }],
      [{ ...weekBody(), days: [{ weekday: 8, templateDayId: days.split }] }, { 'days.0.weekday': 'Giorno della settimana non valido' }],
      [{ ...weekBody(), days: [{ templateDayId: days.split }] }, { 'days.0.weekday': 'Giorno della settimana non valido' }],
      [{ ...weekBody(), days: [{ weekday: 2.5, templateDayId: days.split }] }, { 'days.0.weekday': 'Giorno della settimana non valido' }],
      [{ ...weekBody(), days: [{ weekday: 1 }] }, { 'days.0.templateDayId': 'Identificativo non valido' }],
      [{ ...weekBody(), days: [{ weekday: 1, templateDayId: 'Mattina' }] }, { 'days.0.templateDayId': 'Identificativo non valido' }],
      [{ ...weekBody(), days: [{ weekday: 1, templateDayId: days.split }, { weekday: 1, templateDayId: days.morning }] }, { 'days.1.weekday': 'Giorno ripetuto' }],
      [{ ...weekBody(), days: [{ weekday: 1, templateDayId: days.split }, { weekday: 2, templateDayId: randomUUID() }] }, { 'days.1.templateDayId': 'Modello giornaliero non trovato' }],
      [{ ...weekBody(), days: [{ weekday: 1, templateDayId: beta.templateDay }] }, { 'days.0.templateDayId': 'Modello giornaliero non trovato' }],
    ]);
    expect(await count(templateWeeks)).toBe(before);
  });

  it('409 for a name in use, whatever the case', async () => {
    const res = await ctx.post('/admin/template-week', { ...weekBody(), name: 'tempo PIENO 40 ore' }, asAdmin());
    expect(expectError(res, 409, 'CONFLICT').message).toBe('Esiste già un elemento con questo nome');
    expect(fieldErrors(res)).toEqual({ name: 'Esiste già un elemento con questo nome' });
  });

  it('creates a weekly template: one daily template per weekday, the weekly slots and minutes follow; audited', async () => {
    const res = await ctx.post('/admin/template-week', weekBody(), asAdmin());
    expect(res.statusCode, res.body).toBe(200);
    const w = res.json() as TemplateWeek;
    weeks.split = w.id;
    expect(w.days).toEqual([...[1, 2, 3, 4, 5].map((weekday) => ({ weekday, templateDayId: days.split, templateDayName: 'Spezzato' })), { weekday: 6, templateDayId: days.morning, templateDayName: 'Mattina' }]);
    expect(w.timeSlots).toHaveLength(11);
    expect(w.timeSlots.filter((s) => s.weekday === 3)).toEqual([
      { weekday: 3, startsAtMinutes: 480, endsAtMinutes: 720, pauseStartsAtMinutes: null, pauseEndsAtMinutes: null, description: 'Mattina', descriptionColorRgb: '#e8a33d' },
      { weekday: 3, startsAtMinutes: 900, endsAtMinutes: 1140, pauseStartsAtMinutes: 1020, pauseEndsAtMinutes: 1035, description: 'Pomeriggio', descriptionColorRgb: '#fff' },
    ]);
    expect(w.timeSlots.filter((s) => s.weekday === 6)).toEqual([{ weekday: 6, ...MORNING_SLOT }]);
    expect(w.weeklyMinutes).toBe(5 * 465 + 240);
    expect((await auditOf(res))[0]).toMatchObject({ action: 'template-week.create', entityType: 'template-week', entityId: w.id });

    // A week with no days yet is allowed (every day a rest day).
    const empty = await ctx.post('/admin/template-week', { name: 'Da definire' }, asAdmin());
    expect(empty.json()).toMatchObject({ days: [], timeSlots: [], weeklyMinutes: 0, description: null });
    weeks.empty = empty.json().id;
  });
});

describe('GET, POST and DELETE /admin/template-week/{id}', () => {
  it('401, 400, 403 for a member and the accountant on writes, 404 for Beta’s template and an unknown id', async () => {
    const url = `/admin/template-week/${weeks.split}`;
    expectError(await ctx.get(url), 401, 'UNAUTHENTICATED');
    expectError(await ctx.post(url, weekBody()), 401, 'UNAUTHENTICATED');
    expectError(await ctx.del(url), 401, 'UNAUTHENTICATED');
    expectError(await ctx.get('/admin/template-week/x', asAdmin()), 400, 'VALIDATION_FAILED');
    expectError(await ctx.del('/admin/template-week/x', asAdmin()), 400, 'VALIDATION_FAILED');
    await expect400(url, [[{ ...weekBody(), days: [{ weekday: 9, templateDayId: days.split }] }, { 'days.0.weekday': 'Giorno della settimana non valido' }]]);
    for (const s of [member, accountant]) {
      expectError(await ctx.post(url, weekBody(), inDemo(s)), 403, 'FORBIDDEN');
      expectError(await ctx.del(url, inDemo(s)), 403, 'FORBIDDEN');
    }
    for (const s of [admin, accountant]) await expectForeignRecordsHidden(ctx, s, ctx.ws.demo, [{ method: 'GET', url: `/admin/template-week/${beta.templateWeek}` }]);
    await expectForeignRecordsHidden(ctx, admin, ctx.ws.demo, [
      { method: 'POST', url: `/admin/template-week/${beta.templateWeek}`, body: { ...weekBody(), name: 'Presa da Demo' } },
      { method: 'POST', url: `/admin/template-week/${beta.templateWeek}`, body: { name: 'Tempo pieno 40 ore', days: [{ weekday: 1, templateDayId: beta.templateDay }] } },
      { method: 'DELETE', url: `/admin/template-week/${beta.templateWeek}` },
    ]);
    for (const res of [await ctx.get(`/admin/template-week/${randomUUID()}`, asAdmin()), await ctx.post(`/admin/template-week/${randomUUID()}`, weekBody(), asAdmin()), await ctx.del(`/admin/template-week/${randomUUID()}`, asAdmin())]) {
      expect(expectError(res, 404, 'NOT_FOUND').message).toBe('Modello settimanale non trovato');
    }
    expect((await ctx.get(`/admin/template-week/${beta.templateWeek}`, inBeta())).json()).toMatchObject({ name: 'Tempo pieno 40 ore', weeklyMinutes: 2400 });
  });

  it('reads; edits (409 for another name); a daily template’s edit shows in the weeks that use it; audited', async () => {
    const url = `/admin/template-week/${weeks.split}`;
    for (const s of [admin, accountant]) expect((await ctx.get(url, inDemo(s))).json()).toMatchObject({ id: weeks.split, weeklyMinutes: 2565 });
    expectError(await ctx.get(url, inDemo(member)), 403, 'FORBIDDEN');
    expectError(await ctx.post(url, { ...weekBody(), name: 'Part-time 20 ORE' }, asAdmin()), 409, 'CONFLICT');

    const res = await ctx.post(url, { name: 'Settimana spezzata', days: [{ weekday: 2, templateDayId: days.split }, { weekday: 1, templateDayId: days.late }] }, asAdmin());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ description: null, weeklyMinutes: 465 + 540, days: [{ weekday: 1, templateDayName: 'Fino a mezzanotte' }, { weekday: 2, templateDayName: 'Spezzato' }] });
    expect((res.json() as TemplateWeek).timeSlots.map((s) => [s.weekday, s.startsAtMinutes])).toEqual([
      [1, 1080],
      [1, 900],
      [2, 480],
      [2, 900],
    ]);
    expect((await auditOf(res))[0]).toMatchObject({ action: 'template-week.update', entityId: weeks.split });

    // The week follows its daily templates (contracts keep their own copy: see contracts.routes.test.ts).
    await ctx.post(`/admin/template-day/${days.late}`, { name: 'Fino a mezzanotte', timeSlots: [{ startsAtMinutes: 1200, endsAtMinutes: 1440 }] }, asAdmin());
    expect((await ctx.get(url, asAdmin())).json()).toMatchObject({ weeklyMinutes: 465 + 240 });
  });

  it('a daily template used by a weekly one cannot be deleted (409); deleting the week frees it; audited', async () => {
    const used = await ctx.del(`/admin/template-day/${days.late}`, asAdmin());
    expect(expectError(used, 409, 'CONFLICT').message).toBe('Il modello giornaliero è usato da un modello settimanale: toglilo da lì prima di eliminarlo');
    expect((await ctx.get(`/admin/template-day/${days.late}`, asAdmin())).statusCode).toBe(200);

    const res = await ctx.del(`/admin/template-week/${weeks.split}`, asAdmin());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Modello eliminato' });
    expect((await auditOf(res))[0]).toMatchObject({ action: 'template-week.delete', entityType: 'template-week', entityId: weeks.split });
    expectError(await ctx.get(`/admin/template-week/${weeks.split}`, asAdmin()), 404, 'NOT_FOUND');
    expectError(await ctx.del(`/admin/template-week/${weeks.split}`, asAdmin()), 404, 'NOT_FOUND');

    for (const id of [days.late!, days.split!]) {
      const del = await ctx.del(`/admin/template-day/${id}`, asAdmin());
      expect(del.statusCode, del.body).toBe(200);
      expect((await auditOf(del))[0]).toMatchObject({ action: 'template-day.delete', entityType: 'template-day', entityId: id });
    }
    expect((await listDays()).map((d) => d.name)).toEqual(['Giornata standard', 'Mattina']);
    expect((await listWeeks()).map((w) => w.name)).toEqual(['Da definire', 'Part-time 20 ore', 'Tempo pieno 40 ore']);
    // Beta's templates are untouched.
    expect((await listWeeks('/admin/template-week', inBeta())).map((w) => w.name)).toEqual(['Part-time 20 ore', 'Tempo pieno 40 ore']);
  });
});
