import { addDays, easterMonday } from '@timbro/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { holidays, justificationGroups, justifications, userInfos, workspaces } from '../src/db/schema';
import { workspaceScope } from '../src/db/scope';
import { ensureNationalHolidays } from '../src/modules/holidays/holidays.service';
import { ensureAllWorkspaceDefaults, ensureWorkspaceDefaults } from '../src/modules/platform/workspace-defaults';
import { justificationIds } from './factories';
import {
  auditOf,
  countRows,
  expect400,
  useDemoContext,
  type DemoContext,
  type RequestOptions,
  type Session,
} from './helpers';
import { holidayOccurrences, listHolidays, type HolidayOut } from './holidays.fixtures';

/** Holidays: the national calendar a workspace starts with and the movable feasts; the admin pages are in holidays.routes.test.ts. */

let { ctx, admin, member } = {} as DemoContext;

/** Demo's justifications by code (a new workspace gets the same). */
const demoJ: Record<string, string> = {};

const { inDemo, asAdmin, inBeta } = useDemoContext(async (d) => {
  ({ ctx, admin, member } = d);
  Object.assign(demoJ, await justificationIds(ctx, ctx.ws.demo));
});

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

const holidaysOf = (year?: number, opts: RequestOptions = asAdmin()) => listHolidays(ctx, opts, year);
const occurrences = (from: string, to: string, session: Session = admin) =>
  holidayOccurrences(ctx, inDemo(session), from, to);

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
    expect(y2027.find((h) => h.name === 'Natale')).toEqual({
      id: expect.any(String),
      name: 'Natale',
      icon: 'park',
      day: 25,
      month: 12,
      year: null,
      kind: 'national',
      rule: null,
      fromYear: null,
    });

    // 2025: Easter Monday on 21 April, no San Francesco yet; 2020 and 2099 have their own Easter dates.
    const y2025 = await holidaysOf(2025);
    expect(y2025).toHaveLength(12);
    expect(y2025.filter((h) => h.rule !== null).map((h) => [h.day, h.month, h.name])).toEqual([
      [20, 4, 'Pasqua'],
      [21, 4, "Lunedì dell'Angelo"],
    ]);
    expect((await holidaysOf(2020)).filter((h) => h.rule === 'easter_monday').map((h) => [h.day, h.month])).toEqual([
      [13, 4],
    ]);
    expect((await holidaysOf(2099)).filter((h) => h.rule === 'easter_monday').map((h) => [h.day, h.month])).toEqual([
      [13, 4],
    ]);

    // Without a year: every holiday once (no dated copies per year); movable feasts at this year's date.
    const all = await holidaysOf();
    expect(all).toHaveLength(13);
    expect(all.filter((h) => h.rule === null && h.fromYear === null).map((h) => [h.day, h.month, h.name])).toEqual(
      RECURRING,
    );
    expect(all.every((h) => h.year === null)).toBe(true);
    const monday = easterMonday(new Date().getUTCFullYear());
    expect(all.find((h) => h.rule === 'easter_monday')).toMatchObject({
      day: Number(monday.slice(8)),
      month: Number(monday.slice(5, 7)),
    });

    // Beta has its own copy of the same calendar.
    const betaAll = await holidaysOf(undefined, inBeta());
    expect(betaAll.map((h) => [h.day, h.month, h.year, h.name, h.rule])).toEqual(
      all.map((h) => [h.day, h.month, h.year, h.name, h.rule]),
    );
    expect(betaAll.map((h) => h.id)).not.toContain(all[0]!.id);
  });

  it('a new workspace gets the holidays and the absence types once; deleted and renamed national holidays stay so', async () => {
    const [gamma] = await ctx.db.insert(workspaces).values({ name: 'Gamma S.r.l.' }).returning();
    expect(gamma!.holidaysSeededAt).toBeNull();
    const scope = workspaceScope(gamma!.id);
    await ctx.db.transaction((tx) => ensureWorkspaceDefaults(tx, scope));
    // 10 fixed dates + Easter + Easter Monday + San Francesco.
    expect(await countRows(ctx, holidays, gamma!.id)).toBe(13);
    expect(await countRows(ctx, justifications, gamma!.id)).toBe(19);
    expect(await countRows(ctx, justificationGroups, gamma!.id)).toBe(5);
    const [marked] = await ctx.db.select().from(workspaces).where(eq(workspaces.id, gamma!.id));
    expect(marked!.holidaysSeededAt).toBeInstanceOf(Date);

    await ctx.db.transaction((tx) => ensureWorkspaceDefaults(tx, scope));
    expect(await countRows(ctx, holidays, gamma!.id)).toBe(13);
    expect(await countRows(ctx, justifications, gamma!.id)).toBe(19);
    expect(await countRows(ctx, justificationGroups, gamma!.id)).toBe(5);
    expect(await ensureNationalHolidays(ctx.db, scope)).toBe(0);

    // Through the API, for an admin of the new workspace: San Francesco from 2026, Easter Monday in any year.
    await ctx.db
      .insert(userInfos)
      .values({ workspaceId: gamma!.id, userId: admin.userId, firstName: 'Anna', lastName: 'Bianchi', isAdmin: true });
    const asGamma = (query: Record<string, string>) => ({ session: admin, workspace: gamma!.id, query });
    const october = await ctx.get('/attendance/ajax/holidays', asGamma({ from: '2026-10-01', to: '2026-10-31' }));
    expect(october.statusCode, october.body).toBe(200);
    expect(october.json()).toEqual([
      { id: expect.any(String), date: '2026-10-04', name: "San Francesco d'Assisi", icon: 'church', recurring: true },
    ]);
    expect(
      (await ctx.get('/attendance/ajax/holidays', asGamma({ from: '2025-10-01', to: '2025-10-31' }))).json(),
    ).toEqual([]);
    const codes = (await ctx.get('/admin/justification', { session: admin, workspace: gamma!.id })).json() as {
      code: string;
    }[];
    expect(codes.map((c) => c.code).sort()).toEqual(Object.keys(demoJ).sort());

    // The admin deletes Easter Monday and renames Ferragosto; the start-up and nightly routine runs again.
    const list = (await ctx.get('/admin/holiday', { session: admin, workspace: gamma!.id })).json() as HolidayOut[];
    const pasquetta = list.find((h) => h.name === "Lunedì dell'Angelo")!;
    const ferragosto = list.find((h) => h.name === 'Ferragosto')!;
    expect((await ctx.del(`/admin/holiday/${pasquetta.id}`, { session: admin, workspace: gamma!.id })).statusCode).toBe(
      200,
    );
    const renamed = await ctx.post(
      `/admin/holiday/${ferragosto.id}`,
      { name: 'Assunzione di Maria', icon: 'sunny', day: 15, month: 8, kind: 'national' },
      { session: admin, workspace: gamma!.id },
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    await ensureAllWorkspaceDefaults(ctx.db);
    await ctx.db.transaction((tx) => ensureWorkspaceDefaults(tx, scope));
    const after = await ctx.db.select().from(holidays).where(eq(holidays.workspaceId, gamma!.id));
    expect(after).toHaveLength(12);
    expect(after.map((h) => h.name)).not.toContain("Lunedì dell'Angelo");
    expect(after.map((h) => h.name)).not.toContain('Ferragosto');
    expect(after.filter((h) => h.day === 15 && h.month === 8).map((h) => h.name)).toEqual(['Assunzione di Maria']);
    expect(
      (await ctx.get('/attendance/ajax/holidays', asGamma({ from: '2027-03-01', to: '2027-04-30' }))).json(),
    ).toEqual([
      { id: expect.any(String), date: '2027-03-28', name: 'Pasqua', icon: 'egg', recurring: true },
      { id: expect.any(String), date: '2027-04-25', name: 'Festa della Liberazione', icon: 'flag', recurring: true },
    ]);
    // Demo and Beta were not touched either.
    expect(await holidaysOf()).toHaveLength(13);
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
      const res = await ctx.get(
        '/attendance/attendance-data',
        inDemo(member, { from: addDays(day, -1), to: addDays(day, 1) }),
      );
      expect(res.statusCode, res.body).toBe(200);
      const days = (res.json() as { users: { days: { date: string; holiday: { name: string } | null }[] }[] }).users[0]!
        .days;
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
    const edit = await ctx.post(
      `/admin/holiday/${monday.id}`,
      { name: 'Pasquetta', icon: 'egg', day: monday.day, month: monday.month, year: null, kind: 'national' },
      asAdmin(),
    );
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toMatchObject({ id: monday.id, name: 'Pasquetta', rule: 'easter_monday', year: null });
    expect((await auditOf(ctx, edit))[0]!.changes).toEqual({ name: { from: "Lunedì dell'Angelo", to: 'Pasquetta' } });
    const [row] = await ctx.db.select().from(holidays).where(eq(holidays.id, monday.id));
    expect(row).toMatchObject({ day: null, month: null, year: null, rule: 'easter_monday' });
    expect(
      (await occurrences('2030-01-01', '2030-12-31')).filter((o) => o.id === monday.id).map((o) => [o.date, o.name]),
    ).toEqual([['2030-04-22', 'Pasquetta']]);
    const back = await ctx.post(
      `/admin/holiday/${monday.id}`,
      { name: "Lunedì dell'Angelo", icon: 'egg', rule: 'easter_monday', kind: 'national' },
      asAdmin(),
    );
    expect(back.statusCode, back.body).toBe(200);

    // A company closure on Easter Monday every year: no day or month needed, a year is ignored.
    const created = await ctx.post(
      '/admin/holiday',
      { name: 'Chiusura di Pasqua', icon: 'egg', rule: 'easter_monday', year: 2030 },
      asAdmin(),
    );
    expect(created.statusCode, created.body).toBe(200);
    const closure = created.json() as HolidayOut;
    expect(closure).toMatchObject({
      rule: 'easter_monday',
      year: null,
      kind: 'company',
      fromYear: null,
      day: Number(easterMonday(new Date().getUTCFullYear()).slice(8)),
    });
    expect(
      (await occurrences('2031-04-01', '2031-04-30')).filter((o) => o.id === closure.id).map((o) => o.date),
    ).toEqual(['2031-04-14']);
    // Turned into a fixed date (rule: null) and back to nothing special.
    const fixed = await ctx.post(
      `/admin/holiday/${closure.id}`,
      { name: 'Chiusura di Pasqua', icon: 'egg', day: 14, month: 4, year: 2031, rule: null },
      asAdmin(),
    );
    expect(fixed.json()).toMatchObject({ day: 14, month: 4, year: 2031, rule: null });
    expect((await ctx.del(`/admin/holiday/${closure.id}`, asAdmin())).statusCode).toBe(200);

    await expect400(ctx, asAdmin(), '/admin/holiday', [
      [
        { name: 'Pasqua ortodossa', icon: 'egg', rule: 'orthodox_easter' },
        { rule: 'Valore non valido', day: 'Inserisci il giorno', month: 'Inserisci il mese' },
      ],
      [
        { name: 'Dal 2030', icon: 'egg', day: 1, month: 6, fromYear: 1800 },
        { fromYear: "L'anno deve essere compreso tra il 1900 e il 2100" },
      ],
    ]);
  });

  it('fromYear: a recurring holiday that starts in a given year (San Francesco from 2026)', async () => {
    const res = await ctx.post(
      '/admin/holiday',
      { name: 'Anniversario', icon: 'celebration', day: 3, month: 3, fromYear: 2028 },
      asAdmin(),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ day: 3, month: 3, year: null, fromYear: 2028, rule: null });
    expect(
      (await occurrences('2027-01-01', '2029-12-31')).filter((o) => o.name === 'Anniversario').map((o) => o.date),
    ).toEqual(['2028-03-03', '2029-03-03']);
    expect((await holidaysOf(2027)).map((h) => h.name)).not.toContain('Anniversario');
    expect((await holidaysOf(2028)).map((h) => h.name)).toContain('Anniversario');
    // An edit that does not mention fromYear keeps it; null clears it.
    const kept = await ctx.post(
      `/admin/holiday/${res.json().id}`,
      { name: 'Anniversario', icon: 'celebration', day: 4, month: 3 },
      asAdmin(),
    );
    expect(kept.json()).toMatchObject({ day: 4, fromYear: 2028 });
    const cleared = await ctx.post(
      `/admin/holiday/${res.json().id}`,
      { name: 'Anniversario', icon: 'celebration', day: 4, month: 3, fromYear: null },
      asAdmin(),
    );
    expect(cleared.json()).toMatchObject({ fromYear: null });
    expect((await ctx.del(`/admin/holiday/${res.json().id}`, asAdmin())).statusCode).toBe(200);
  });
});
