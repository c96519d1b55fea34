import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { holidays } from '../src/db/schema';
import { holidayRoutes } from '../src/modules/holidays/holidays.routes';
import { adminRecordRoutes, describeAccessTable, type AccessRoute } from './access-table';
import {
  auditOf,
  countRows,
  expect400,
  expectError,
  expectForeignRecordsHidden,
  expectWriteRefused,
  fieldErrors,
  seededId,
  useDemoContext,
  type DemoContext,
  type RequestOptions,
  type Session,
} from './helpers';
import { holidayOccurrences, listHolidays, type Occurrence } from './holidays.fixtures';

/** Holidays: the admin pages and the lookup; the national calendar and the movable feasts are in holidays.calendar.test.ts. */

let { ctx, admin, accountant, member } = {} as DemoContext;
/** Beta's holiday, which Demo must never reach; Demo's Christmas (the access table's record). */
const beta = { holiday: '' };
let demoHoliday: string;

const { inDemo, asAdmin, inBeta } = useDemoContext(async (d) => {
  ({ ctx, admin, accountant, member } = d);
  beta.holiday = await seededId(ctx, holidays, ctx.ws.beta, holidays.name, 'Natale');
  demoHoliday = await seededId(ctx, holidays, ctx.ws.demo, holidays.name, 'Natale');
});

const HOLIDAY = { name: 'Chiusura', icon: 'event', day: 14, month: 8 };
const HOLIDAY_ROUTES: AccessRoute[] = [
  ...adminRecordRoutes({
    path: '/admin/holiday',
    body: () => HOLIDAY,
    id: () => demoHoliday,
    foreignId: () => beta.holiday,
    notFound: 'Festività non trovata',
  }),
  {
    route: 'GET /attendance/ajax/holidays',
    grants: ['admin', 'accountant', 'member'],
    call: () => ({ url: '/attendance/ajax/holidays', query: { from: '2026-01-01', to: '2026-12-31' } }),
    probeStatus: 200,
  },
];

describeAccessTable(
  {
    module: 'holidays',
    routes: HOLIDAY_ROUTES,
    ctx: () => ctx,
    sessions: () => ({ admin, accountant, member }),
    plugins: [holidayRoutes],
    routeCount: 6,
  },
  () => {
    it('nothing of the refused or foreign calls was written: Christmas is still there in Demo and in Beta', async () => {
      for (const id of [demoHoliday, beta.holiday])
        expect((await ctx.db.select().from(holidays).where(eq(holidays.id, id)))[0]).toMatchObject({
          name: 'Natale',
          day: 25,
          month: 12,
        });
    });
  },
);

const holidaysOf = (year?: number, opts: RequestOptions = asAdmin()) => listHolidays(ctx, opts, year);
const occurrences = (from: string, to: string, session: Session = admin) =>
  holidayOccurrences(ctx, inDemo(session), from, to);

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
/** The summer closure as created and read back (without its id). */
const SUMMER = {
  name: 'Chiusura estiva',
  icon: 'beach_access',
  day: 14,
  month: 8,
  year: 2026,
  kind: 'company',
  rule: null,
  fromYear: null,
};

describe('POST /admin/holiday', () => {
  it('401 without a session; 403 for a member and the accountant, before validation', async () => {
    const before = await countRows(ctx, holidays);
    const body = { name: 'Chiusura', icon: 'event', day: 14, month: 8 };
    await expectWriteRefused(ctx, '/admin/holiday', body, [member, accountant], ctx.ws.demo);
    expect(await countRows(ctx, holidays)).toBe(before);
  });

  it('400 with the Italian messages: name, icon, day and month required; dates that do not exist refused', async () => {
    const before = await countRows(ctx, holidays);
    const ok = { name: 'Chiusura', icon: 'event', day: 14, month: 8 };
    await expect400(ctx, asAdmin(), '/admin/holiday', [
      [
        {},
        {
          name: 'Inserisci il nome della festività',
          icon: "Scegli un'icona",
          day: 'Inserisci il giorno',
          month: 'Inserisci il mese',
        },
      ],
      [
        { name: '  ', icon: '', day: null, month: null },
        {
          name: 'Inserisci il nome della festività',
          icon: "Scegli un'icona",
          day: 'Inserisci il giorno',
          month: 'Inserisci il mese',
        },
      ],
      [
        { ...ok, day: '14', month: '8' },
        { day: 'Inserisci il giorno', month: 'Inserisci il mese' },
      ],
      [{ ...ok, day: 31, month: 4 }, { day: 'Questa data non esiste' }],
      [{ ...ok, day: 30, month: 2 }, { day: 'Questa data non esiste' }],
      [{ ...ok, day: 29, month: 2, year: 2027 }, { day: 'Questa data non esiste' }],
      [{ ...ok, day: 0 }, { day: 'Questa data non esiste' }],
      [{ ...ok, day: 32 }, { day: 'Questa data non esiste' }],
      [{ ...ok, day: 1.5 }, { day: 'Questa data non esiste' }],
      // A month that does not exist makes the date not exist either.
      [
        { ...ok, month: 13 },
        { month: 'Questa data non esiste', day: 'Questa data non esiste' },
      ],
      [
        { ...ok, month: 0 },
        { month: 'Questa data non esiste', day: 'Questa data non esiste' },
      ],
      [{ ...ok, year: 1899 }, { year: "L'anno deve essere compreso tra il 1900 e il 2100" }],
      [{ ...ok, year: 2101 }, { year: "L'anno deve essere compreso tra il 1900 e il 2100" }],
      [{ ...ok, year: 2201 }, { year: "L'anno deve essere compreso tra il 1900 e il 2100" }],
      [{ ...ok, year: '2026' }, { year: 'Valore non valido' }],
      [{ ...ok, kind: 'regional' }, { kind: 'Valore non valido' }],
      [
        { ...ok, name: 'n'.repeat(101), icon: 'i'.repeat(41) },
        { name: 'Massimo 100 caratteri', icon: 'Massimo 40 caratteri' },
      ],
    ]);
    expect(await countRows(ctx, holidays)).toBe(before);
  });

  it('creates recurring (no year) and dated holidays, 29 February in a leap year or every year; audited', async () => {
    const res = await ctx.post(
      '/admin/holiday',
      { name: '  Chiusura estiva ', icon: 'beach_access', day: 14, month: 8, year: 2026 },
      asAdmin(),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: expect.any(String), ...SUMMER });
    holidayIds.summer = res.json().id;
    const [entry] = await auditOf(ctx, res);
    expect(entry).toMatchObject({
      workspaceId: ctx.ws.demo,
      actorUserId: admin.userId,
      action: 'holiday.create',
      entityType: 'holiday',
      entityId: holidayIds.summer,
    });
    expect(entry!.changes).toEqual({
      name: 'Chiusura estiva',
      icon: 'beach_access',
      day: 14,
      month: 8,
      year: 2026,
      kind: 'company',
    });

    const leap = await ctx.post(
      '/admin/holiday',
      { name: 'Giorno bisestile', icon: 'event', day: 29, month: 2 },
      asAdmin(),
    );
    expect(leap.statusCode, leap.body).toBe(200);
    expect(leap.json()).toMatchObject({ day: 29, month: 2, year: null, kind: 'company' });
    holidayIds.leap = leap.json().id;
    const dated = await ctx.post(
      '/admin/holiday',
      { name: 'Inventario', icon: 'inventory', day: 29, month: 2, year: 2028, kind: 'company' },
      asAdmin(),
    );
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
    const first = await ctx.post(
      '/admin/holiday',
      { name: "Sant'Ambrogio", icon: 'church', day: 7, month: 12, kind: 'patron' },
      asAdmin(),
    );
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ name: "Sant'Ambrogio", kind: 'patron', year: null });
    holidayIds.patron = first.json().id;

    const before = await countRows(ctx, holidays, ctx.ws.demo);
    const second = await ctx.post(
      '/admin/holiday',
      { name: 'San Giovanni', icon: 'church', day: 24, month: 6, kind: 'patron' },
      asAdmin(),
    );
    expect(expectError(second, 409, 'CONFLICT').message).toBe(
      'Il santo patrono è già impostato: modificalo invece di aggiungerne un altro',
    );
    expect(fieldErrors(second)).toEqual({ kind: 'Il santo patrono è già impostato' });
    // Turning another holiday into the patron is refused as well.
    const turned = await ctx.post(
      `/admin/holiday/${holidayIds.summer}`,
      { name: 'Chiusura estiva', icon: 'beach_access', day: 14, month: 8, year: 2026, kind: 'patron' },
      asAdmin(),
    );
    expectError(turned, 409, 'CONFLICT');
    expect(fieldErrors(turned)).toEqual({ kind: 'Il santo patrono è già impostato' });
    expect(await countRows(ctx, holidays, ctx.ws.demo)).toBe(before);

    // Editing the patron itself is fine.
    const edit = await ctx.post(
      `/admin/holiday/${holidayIds.patron}`,
      { name: "Sant'Ambrogio", icon: 'church', day: 8, month: 12, kind: 'patron' },
      asAdmin(),
    );
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toMatchObject({ day: 8, month: 12, kind: 'patron' });
    const back = await ctx.post(
      `/admin/holiday/${holidayIds.patron}`,
      { name: "Sant'Ambrogio", icon: 'church', day: 7, month: 12, kind: 'patron' },
      asAdmin(),
    );
    expect(back.json()).toMatchObject({ day: 7, month: 12 });

    // Another workspace has its own patron.
    const betaPatron = await ctx.post(
      '/admin/holiday',
      { name: 'Santi Pietro e Paolo', icon: 'church', day: 29, month: 6, kind: 'patron' },
      inBeta(),
    );
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
    expect(expectError(await ctx.get(`/admin/holiday/${randomUUID()}`, asAdmin()), 404, 'NOT_FOUND').message).toBe(
      'Festività non trovata',
    );
    for (const s of [admin, accountant]) {
      const res = await ctx.get(`/admin/holiday/${holidayIds.summer}`, inDemo(s));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ id: holidayIds.summer, ...SUMMER });
    }
  });
});

describe('POST /admin/holiday/{id}', () => {
  const body = { name: 'Chiusura estiva', icon: 'beach_access', day: 17, month: 8, year: 2026 };
  it('401, 400, 403 for a member and the accountant, 404 for Beta’s holiday and an unknown id', async () => {
    expectError(await ctx.post(`/admin/holiday/${holidayIds.summer}`, body), 401, 'UNAUTHENTICATED');
    expectError(await ctx.post('/admin/holiday/x', body, asAdmin()), 400, 'VALIDATION_FAILED');
    await expect400(ctx, asAdmin(), `/admin/holiday/${holidayIds.summer}`, [
      [{ ...body, name: '' }, { name: 'Inserisci il nome della festività' }],
      [{ ...body, icon: ' ' }, { icon: "Scegli un'icona" }],
      [
        { ...body, day: undefined, month: undefined },
        { day: 'Inserisci il giorno', month: 'Inserisci il mese' },
      ],
      [{ ...body, day: 31, month: 9 }, { day: 'Questa data non esiste' }],
      [{ ...body, day: 29, month: 2, year: 2026 }, { day: 'Questa data non esiste' }],
    ]);
    for (const s of [member, accountant])
      expectError(await ctx.post(`/admin/holiday/${holidayIds.summer}`, body, inDemo(s)), 403, 'FORBIDDEN');
    await expectForeignRecordsHidden(ctx, admin, ctx.ws.demo, [
      { method: 'POST', url: `/admin/holiday/${beta.holiday}`, body },
      { method: 'POST', url: `/admin/holiday/${holidayIds.betaPatron}`, body: { ...body, kind: 'patron' } },
    ]);
    expectError(await ctx.post(`/admin/holiday/${randomUUID()}`, body, asAdmin()), 404, 'NOT_FOUND');
    const [b] = await ctx.db.select().from(holidays).where(eq(holidays.id, beta.holiday));
    expect(b).toMatchObject({ name: 'Natale', day: 25, month: 12 });
    expect((await ctx.get(`/admin/holiday/${holidayIds.summer}`, asAdmin())).json()).toMatchObject({
      day: 14,
      month: 8,
    });
  });

  it('edits the holiday; a dated one can become recurring; audited with the changes', async () => {
    const res = await ctx.post(`/admin/holiday/${holidayIds.summer}`, body, asAdmin());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: holidayIds.summer, ...body, kind: 'company', rule: null, fromYear: null });
    const [entry] = await auditOf(ctx, res);
    expect(entry).toMatchObject({
      action: 'holiday.update',
      entityType: 'holiday',
      entityId: holidayIds.summer,
      actorUserId: admin.userId,
    });
    expect(entry!.changes).toEqual({ day: { from: 14, to: 17 } });

    const recurring = await ctx.post(`/admin/holiday/${holidayIds.summer}`, { ...body, year: null }, asAdmin());
    expect(recurring.json()).toMatchObject({ year: null });
    expect((await auditOf(ctx, recurring))[0]!.changes).toEqual({ year: { from: 2026, to: null } });
  });
});

describe('DELETE /admin/holiday/{id}', () => {
  it('401, 400, 403 for a member and the accountant, 404 for Beta’s holiday and an unknown id', async () => {
    expectError(await ctx.del(`/admin/holiday/${holidayIds.inventory}`), 401, 'UNAUTHENTICATED');
    expectError(await ctx.del('/admin/holiday/abc', asAdmin()), 400, 'VALIDATION_FAILED');
    for (const s of [member, accountant])
      expectError(await ctx.del(`/admin/holiday/${holidayIds.inventory}`, inDemo(s)), 403, 'FORBIDDEN');
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
    const [entry] = await auditOf(ctx, res);
    expect(entry).toMatchObject({ action: 'holiday.delete', entityType: 'holiday', entityId: holidayIds.inventory });
    expect(entry!.changes).toEqual({
      id: holidayIds.inventory,
      name: 'Inventario',
      icon: 'inventory',
      day: 29,
      month: 2,
      year: 2028,
      kind: 'company',
      rule: null,
      fromYear: null,
    });
    expectError(await ctx.get(`/admin/holiday/${holidayIds.inventory}`, asAdmin()), 404, 'NOT_FOUND');
    expectError(await ctx.del(`/admin/holiday/${holidayIds.inventory}`, asAdmin()), 404, 'NOT_FOUND');
  });
});

describe('GET /attendance/ajax/holidays', () => {
  it('401; 400 with the Italian messages for from/to', async () => {
    expectError(
      await ctx.get('/attendance/ajax/holidays', { query: { from: '2026-01-01', to: '2026-12-31' } }),
      401,
      'UNAUTHENTICATED',
    );
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
    expect(
      (await occurrences('2026-01-01', '2028-12-31')).filter((o) => o.name === "Lunedì dell'Angelo").map((o) => o.date),
    ).toEqual(['2026-04-06', '2027-03-29', '2028-04-17']);
    // San Francesco from 2026 only.
    expect(
      (await occurrences('2025-10-01', '2026-10-31'))
        .filter((o) => o.name === "San Francesco d'Assisi")
        .map((o) => o.date),
    ).toEqual(['2026-10-04']);
    // The company's edited closure (recurring since the edit) and the recurring 29 February (leap years only).
    expect((await occurrences('2027-08-01', '2027-08-31')).map((o) => [o.date, o.name])).toEqual([
      ['2027-08-15', 'Ferragosto'],
      ['2027-08-17', 'Chiusura estiva'],
    ]);
    expect(
      (await occurrences('2027-02-01', '2028-03-31')).filter((o) => o.name === 'Giorno bisestile').map((o) => o.date),
    ).toEqual(['2028-02-29']);
    // Beta's patron stays in Beta.
    expect((await occurrences('2026-06-01', '2026-06-30')).map((o) => o.name)).toEqual(['Festa della Repubblica']);
    const betaJune = await ctx.get('/attendance/ajax/holidays', inBeta({ from: '2026-06-01', to: '2026-06-30' }));
    expect((betaJune.json() as Occurrence[]).map((o) => [o.date, o.name])).toEqual([
      ['2026-06-02', 'Festa della Repubblica'],
      ['2026-06-29', 'Santi Pietro e Paolo'],
    ]);
  });
});
