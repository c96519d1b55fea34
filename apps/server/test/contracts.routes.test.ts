import { randomUUID } from 'node:crypto';
import {
  ACCRUAL_MIN_DAYS_IN_MONTH,
  addDays,
  daysBetween,
  monthBounds,
  type Contract,
  type TemplateWeek,
} from '@timbro/shared';
import { describe, expect, it } from 'vitest';
import { todayIn } from '../src/lib/time';
import {
  contractList,
  countContracts,
  it_,
  label,
  madeBodies,
  personContracts,
  seededContracts,
  valid,
  type SeededContracts,
} from './contracts.fixtures';
import {
  auditOf,
  contractLedger,
  expectError,
  expectForeignRecordsHidden,
  fieldErrors,
  inWorkspace,
  roundedSum as sum,
  useDemoContext,
  type DemoContext,
  type RequestOptions,
} from './helpers';

/** The contracts module's routes: creating, listing and reading; refusals in contracts.validation.test.ts, edits in contracts.edits.test.ts, accruals in accruals.routes.test.ts. */

let { ctx, admin, accountant, member } = {} as DemoContext;
let today: string;
/** Demo employee records by e-mail prefix; Beta's employee and contract; Demo absence types by code. */
let { ids, paoloId, betaContractId, J } = {} as SeededContracts;

const { inDemo, asAdmin, inBeta } = useDemoContext(async (d) => {
  ({ ctx, admin, accountant, member } = d);
  today = todayIn('Europe/Rome');
  ({ ids, paoloId, betaContractId, J } = await seededContracts(ctx));
});
const ledgerOf = (contractId: string) => contractLedger(ctx, contractId);
const contractCount = () => countContracts(ctx);
const listContracts = (query: Record<string, string> = {}, opts: RequestOptions = asAdmin()) =>
  contractList(ctx, opts, query);
const contractsOf = (userInfoId: string) => personContracts(ctx, asAdmin(), userInfoId);

const made: Record<string, string> = {};
/** The two seeded fixed-term contracts that end within 30 days, earliest end first. */
let expiring: Contract[] = [];
/**
 * The seed gives each employee a contract by the (unordered) position of their record, so which shape Mario's has
 * (full or part time, permanent or fixed-term, its start) varies between runs: the tests read it instead of assuming it.
 */
let marioSeeded: Contract;
/** A seeded fixed-term contract ending within 30 days that is not Mario's, and a permanent full-time one. */
let endingOther: Contract;
let fullTime: Contract;

describe('the seeded contracts', () => {
  it('every Demo employee has one active contract Mon–Fri with FER, ROL and EXF; two of them end within 30 days', async () => {
    const page = await listContracts({ filter: 'all' });
    expect(page.total).toBe(13);
    for (const c of page.items) {
      expect(c.status).toBe('active');
      expect(c.timeSlots.map((s) => s.weekday)).toEqual([1, 2, 3, 4, 5]);
      expect([1200, 2400]).toContain(c.weeklyMinutes);
      expect(c.justificationAccruals.map((a) => [a.code, a.unit])).toEqual([
        ['EXF', 'hour'],
        ['FER', 'day'],
        ['ROL', 'hour'],
      ]);
    }
    const mario = await contractsOf(ids['mario.rossi']!);
    expect(mario).toHaveLength(1);
    marioSeeded = mario[0]!;
    expect(marioSeeded.startsAt).toMatch(/^202[234]-0[1-9]-01$/);
    expect(marioSeeded.employee).toEqual({ id: ids['mario.rossi'], firstName: 'Mario', lastName: 'Rossi' });
    made.marioSeeded = marioSeeded.id;
    expiring = (await listContracts({ filter: 'expiring', sort: 'endsAt' })).items;
    expect(expiring).toHaveLength(2);
    for (const c of expiring) {
      expect(c).toMatchObject({ status: 'active', expiring: true, permanent: false });
      expect(c.endsAt! >= today && c.endsAt! <= addDays(today, 30)).toBe(true);
    }
    endingOther = expiring.find((c) => c.userInfoId !== ids['mario.rossi'])!;
    const permanentFull = page.items.filter(
      (c) => c.permanent && c.weeklyMinutes === 2400 && c.userInfoId !== ids['mario.rossi'],
    );
    expect(permanentFull.length).toBeGreaterThanOrEqual(8);
    fullTime = permanentFull[0]!;
    expect(fullTime.justificationAccruals.map((a) => [a.code, a.monthlyIncrease])).toEqual([
      ['EXF', 2.6667],
      ['FER', 2.1667],
      ['ROL', 6],
    ]);
  });
});

describe('POST /admin/user/{id}/contract', () => {
  it('409 when the new contract overlaps another of the employee, naming it', async () => {
    const url = `/admin/user/${ids['mario.rossi']}/contract`;
    const message = `Il contratto si sovrappone a quello ${label(marioSeeded)}`;
    for (const body of [
      { ...valid, startsAt: addDays(marioSeeded.startsAt, 100), endsAt: addDays(marioSeeded.startsAt, 200) },
      // The first day is shared.
      { ...valid, startsAt: addDays(marioSeeded.startsAt, -30), endsAt: marioSeeded.startsAt },
      { ...valid, startsAt: '2019-01-01', permanent: true, endsAt: null },
    ]) {
      const res = await ctx.post(url, body, asAdmin());
      expect(expectError(res, 409, 'CONFLICT').message).toBe(message);
      expect(fieldErrors(res)).toEqual({ startsAt: message });
    }
    // An open-ended contract is named as such.
    const open = await ctx.post(
      `/admin/user/${fullTime.userInfoId}/contract`,
      { ...valid, startsAt: '2030-01-01', endsAt: '2030-06-30' },
      asAdmin(),
    );
    const openMessage = expectError(open, 409, 'CONFLICT').message;
    expect(openMessage).toBe(`Il contratto si sovrappone a quello dal ${it_(fullTime.startsAt)} a tempo indeterminato`);
    expect(openMessage).toMatch(/^Il contratto si sovrappone a quello dal \d{2}\/\d{2}\/\d{4} a tempo indeterminato$/);
    expect(await contractCount()).toBe(15);
  });

  it('creates a contract: slots sorted, accruals with their types, past status; the ledger is filled at once; audited', async () => {
    const res = await ctx.post(`/admin/user/${ids['mario.rossi']}/contract`, madeBodies.seasonal(J), asAdmin());
    expect(res.statusCode, res.body).toBe(200);
    const c = res.json() as Contract;
    made.seasonal = c.id;
    expect(c).toEqual({
      id: expect.any(String),
      userInfoId: ids['mario.rossi'],
      employee: { id: ids['mario.rossi'], firstName: 'Mario', lastName: 'Rossi' },
      type: 'turn_based',
      workerType: 'collaborator',
      qualification: 'Magazziniere',
      ccnlLevel: '4° livello',
      description: 'Contratto stagionale',
      startsAt: '2020-06-16',
      endsAt: '2021-03-15',
      permanent: false,
      status: 'past',
      expiring: false,
      // Mario's only fixed-term contract: no extension yet, 273 days ≈ 9 months of the 24 (D.Lgs. 81/2015).
      fixedTerm: { extensions: 0, extensionsMax: 4, monthsUsed: 9, monthsMax: 24 },
      justificationAccruals: [
        { justificationId: J.FER, code: 'FER', name: 'Ferie', unit: 'day', monthlyIncrease: 6 },
        { justificationId: J.ROL, code: 'ROL', name: 'Permesso ROL', unit: 'hour', monthlyIncrease: 8 },
      ],
      timeSlots: [
        {
          weekday: 1,
          startsAtMinutes: 480,
          endsAtMinutes: 720,
          pauseStartsAtMinutes: null,
          pauseEndsAtMinutes: null,
          description: null,
          descriptionColorRgb: null,
        },
        {
          weekday: 1,
          startsAtMinutes: 780,
          endsAtMinutes: 1020,
          pauseStartsAtMinutes: null,
          pauseEndsAtMinutes: null,
          description: null,
          descriptionColorRgb: null,
        },
        {
          weekday: 3,
          startsAtMinutes: 540,
          endsAtMinutes: 1080,
          pauseStartsAtMinutes: 780,
          pauseEndsAtMinutes: 840,
          description: 'Magazzino',
          descriptionColorRgb: '#2E7D32',
        },
        {
          weekday: 6,
          startsAtMinutes: 360,
          endsAtMinutes: 600,
          pauseStartsAtMinutes: null,
          pauseEndsAtMinutes: null,
          description: null,
          descriptionColorRgb: null,
        },
      ],
      weeklyMinutes: 240 + 240 + 480 + 240,
      createdAt: expect.any(String),
    });
    const [entry] = await auditOf(ctx, res);
    expect(entry).toMatchObject({
      workspaceId: ctx.ws.demo,
      actorUserId: admin.userId,
      action: 'contract.create',
      entityType: 'contract',
      entityId: c.id,
    });
    expect(entry!.changes).toEqual({
      userInfoId: ids['mario.rossi'],
      type: 'turn_based',
      workerType: 'collaborator',
      qualification: 'Magazziniere',
      ccnlLevel: '4° livello',
      description: 'Contratto stagionale',
      startsAt: '2020-06-16',
      endsAt: '2021-03-15',
      permanent: false,
    });

    // One entry per justification and month (June 2020 … March 2021), dated the month's last day; months covered
    // for at least 15 days count in full.
    const ledger = await ledgerOf(c.id);
    expect(ledger).toHaveLength(2 * 10);
    const fer = ledger.filter((e) => e.code === 'FER');
    expect(fer.map((e) => [e.period, e.date, e.amount])).toEqual([
      ['2020-06', '2020-06-30', 6], // 15 of 30 days: a whole month
      ['2020-07', '2020-07-31', 6],
      ['2020-08', '2020-08-31', 6],
      ['2020-09', '2020-09-30', 6],
      ['2020-10', '2020-10-31', 6],
      ['2020-11', '2020-11-30', 6],
      ['2020-12', '2020-12-31', 6],
      ['2021-01', '2021-01-31', 6],
      ['2021-02', '2021-02-28', 6],
      ['2021-03', '2021-03-31', 6], // 15 of 31 days: a whole month too
    ]);
    const rol = ledger.filter((e) => e.code === 'ROL');
    expect(rol[0]).toMatchObject({ period: '2020-06', amount: 8 });
    expect(rol[9]).toMatchObject({ period: '2021-03', amount: 8 });
    expect(sum(rol)).toBe(10 * 8);
    expect(ledger.every((e) => e.userInfoId === ids['mario.rossi'])).toBe(true);
  });

  it('409 naming a dated contract; the end day itself overlaps', async () => {
    const url = `/admin/user/${ids['mario.rossi']}/contract`;
    for (const body of [
      { ...valid, startsAt: '2021-03-15', endsAt: '2021-12-31' },
      { ...valid, startsAt: '2019-01-01', endsAt: '2020-06-16' },
      { ...valid, startsAt: '2020-07-01', endsAt: '2020-07-31' },
    ]) {
      const res = await ctx.post(url, body, asAdmin());
      const message = 'Il contratto si sovrappone a quello dal 16/06/2020 al 15/03/2021';
      expect(expectError(res, 409, 'CONFLICT').message).toBe(message);
      expect(fieldErrors(res)).toEqual({ startsAt: message });
    }
    expect(await contractCount()).toBe(16);
  });

  it('a future contract after a fixed-term one: status future; permanent drops the end date; no accruals yet', async () => {
    const ending = endingOther;
    const url = `/admin/user/${ending.userInfoId}/contract`;
    const clash = await ctx.post(url, { ...valid, startsAt: ending.endsAt, permanent: true }, asAdmin());
    const message = `Il contratto si sovrappone a quello dal ${it_(ending.startsAt)} al ${it_(ending.endsAt!)}`;
    expect(expectError(clash, 409, 'CONFLICT').message).toBe(message);

    const res = await ctx.post(url, madeBodies.future(J, ending), asAdmin());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      startsAt: addDays(ending.endsAt!, 1),
      endsAt: null,
      permanent: true,
      status: 'future',
      expiring: false,
      justificationAccruals: [{ code: 'FER', monthlyIncrease: 2.1667 }],
    });
    made.future = res.json().id;
    // Nothing has matured: the contract's months are booked up to the current one only, each on its last day. So
    // there is one entry at most — the current month's, when the contract starts in it and covers 15 days of it
    // (booked ahead, as for every running contract) — and it is dated after today.
    const start = addDays(ending.endsAt!, 1);
    const month = today.slice(0, 7);
    const monthEnd = monthBounds(month).last;
    const counts = start.slice(0, 7) === month && daysBetween(start, monthEnd) + 1 >= ACCRUAL_MIN_DAYS_IN_MONTH;
    const ledger = await ledgerOf(made.future!);
    expect(ledger.map((e) => [e.code, e.period, e.date, e.amount])).toEqual(
      counts ? [['FER', month, monthEnd, 2.17]] : [],
    );
    expect(ledger.filter((e) => e.date <= today)).toEqual([]);
  });

  it('a contract made from a weekly template keeps its own copy of the slots when the template changes', async () => {
    const lookup = await ctx.get('/attendance/ajax/template-weeks', asAdmin());
    const week = (lookup.json() as TemplateWeek[]).find((w) => w.name === 'Tempo pieno 40 ore')!;
    expect(week.timeSlots).toHaveLength(5);
    const res = await ctx.post(
      `/admin/user/${ids['giulia.esposito']}/contract`,
      madeBodies.fromTemplate(week),
      asAdmin(),
    );
    expect(res.statusCode, res.body).toBe(200);
    const c = res.json() as Contract;
    made.fromTemplate = c.id;
    expect(c.timeSlots).toEqual(week.timeSlots);
    expect(c.weeklyMinutes).toBe(week.weeklyMinutes);
    expect(c.weeklyMinutes).toBe(2400);

    // The daily template behind the week changes: the week follows, the contract does not.
    const day = week.days[0]!.templateDayId;
    const edit = await ctx.post(
      `/admin/template-day/${day}`,
      {
        name: 'Giornata standard',
        timeSlots: [{ startsAtMinutes: 480, endsAtMinutes: 1020, pauseStartsAtMinutes: 720, pauseEndsAtMinutes: 750 }],
      },
      asAdmin(),
    );
    expect(edit.statusCode, edit.body).toBe(200);
    const after = (await ctx.get(`/admin/template-week/${week.id}`, asAdmin())).json() as TemplateWeek;
    expect(after.timeSlots[0]).toMatchObject({ startsAtMinutes: 480, endsAtMinutes: 1020 });
    expect(after.weeklyMinutes).toBe(5 * 510);
    const stored = (await ctx.get(`/admin/contract/${c.id}`, asAdmin())).json() as Contract;
    expect(stored.timeSlots).toEqual(week.timeSlots);
    expect(stored.weeklyMinutes).toBe(2400);
  });
});

describe('GET /admin/contract', () => {
  it('401, 403 for a member, 400 for a bad query; the accountant may read', async () => {
    expectError(await ctx.get('/admin/contract'), 401, 'UNAUTHENTICATED');
    expectError(await ctx.get('/admin/contract', inDemo(member)), 403, 'FORBIDDEN');
    const bad = await ctx.get(
      '/admin/contract',
      asAdmin({ filter: 'future', sort: 'firstName', order: 'up', page: '0', per_page: '201' }),
    );
    expectError(bad, 400, 'VALIDATION_FAILED');
    expect(fieldErrors(bad)).toEqual({
      filter: 'Valore non valido',
      sort: 'Valore non valido',
      order: 'Valore non valido',
      page: 'Valore non valido',
      per_page: 'Valore non valido',
    });
    const long = await ctx.get('/admin/contract', asAdmin({ search: 's'.repeat(101) }));
    expectError(long, 400, 'VALIDATION_FAILED');
    expect(Object.keys(fieldErrors(long))).toEqual(['search']);
    expect(await listContracts({}, inDemo(accountant))).toEqual(await listContracts());
  });

  it('filters: relevant (default) = active + future, active, expiring (ends within 30 days), expired, all', async () => {
    const relevant = await listContracts();
    expect(relevant).toMatchObject({ total: 14, page: 1, perPage: 25 });
    expect(relevant.items.map((c) => c.status).sort()).toEqual([...Array(13).fill('active'), 'future']);
    expect(await listContracts({ filter: 'relevant' })).toEqual(relevant);
    const active = await listContracts({ filter: 'active' });
    expect(active.total).toBe(13);
    expect(active.items.every((c) => c.status === 'active')).toBe(true);
    // The contract followed by the future one made above is no longer expiring (issue 16): the work goes on.
    const stillEnding = expiring.filter((c) => c.id !== endingOther.id);
    expect(stillEnding).toHaveLength(1);
    const exp = await listContracts({ filter: 'expiring' });
    expect(exp.items.map((c) => c.id).sort()).toEqual(stillEnding.map((c) => c.id).sort());
    expect(
      relevant.items
        .filter((c) => c.expiring)
        .map((c) => c.id)
        .sort(),
    ).toEqual(stillEnding.map((c) => c.id).sort());
    const expired = await listContracts({ filter: 'expired' });
    // Esposito before Rossi.
    expect(expired.items.map((c) => [c.id, c.status])).toEqual([
      [made.fromTemplate, 'past'],
      [made.seasonal, 'past'],
    ]);
    const all = await listContracts({ filter: 'all' });
    expect(all.total).toBe(16);
    expect(all.items.map((c) => c.id)).not.toContain(betaContractId);
  });

  it('sorts by last name (default), start or end (no end date last), pages and searches', async () => {
    const byName = await listContracts({ filter: 'all' });
    const names = byName.items.map((c) => c.employee.lastName);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(names[0]).toBe('Bruno');
    // Mario's two contracts, the older first.
    expect(byName.items.filter((c) => c.employee.lastName === 'Rossi').map((c) => c.id)).toEqual([
      made.seasonal,
      made.marioSeeded,
    ]);
    expect((await listContracts({ filter: 'all', order: 'desc' })).items[0]!.employee.lastName).toBe('Rossi');

    const byStart = (await listContracts({ filter: 'all', sort: 'startsAt' })).items.map((c) => c.startsAt);
    expect(byStart).toEqual([...byStart].sort());
    expect(byStart.slice(0, 2)).toEqual(['2015-01-01', '2020-06-16']);
    const byStartDesc = (await listContracts({ filter: 'all', sort: 'startsAt', order: 'desc' })).items.map(
      (c) => c.startsAt,
    );
    expect(byStartDesc).toEqual([...byStart].reverse());

    const dated = ['2015-12-31', '2021-03-15', expiring[0]!.endsAt, expiring[1]!.endsAt];
    const byEnd = (await listContracts({ filter: 'all', sort: 'endsAt' })).items.map((c) => c.endsAt);
    expect(byEnd).toEqual([...dated, ...Array(12).fill(null)]);
    const byEndDesc = (await listContracts({ filter: 'all', sort: 'endsAt', order: 'desc' })).items.map(
      (c) => c.endsAt,
    );
    expect(byEndDesc).toEqual([...[...dated].reverse(), ...Array(12).fill(null)]);

    const p4 = await listContracts({ per_page: '4', page: '4' });
    expect(p4).toMatchObject({ total: 14, page: 4, perPage: 4 });
    expect(p4.items.map((c) => c.id)).toEqual((await listContracts()).items.slice(12).map((c) => c.id));
    expect(p4.items).toHaveLength(2);
    expect((await listContracts({ per_page: '4', page: '5' })).items).toEqual([]);

    const search = async (s: string, filter = 'relevant') => {
      const r = await listContracts({ search: s, filter });
      expect(r.total).toBe(r.items.length);
      return r.items;
    };
    expect((await search('ROSSI')).map((c) => c.id)).toEqual([made.marioSeeded]);
    expect((await search('rossi', 'all')).map((c) => c.id)).toEqual([made.seasonal, made.marioSeeded]);
    expect((await search('Mario Rossi', 'all')).map((c) => c.id)).toEqual([made.seasonal, made.marioSeeded]);
    expect((await search('stagista', 'all')).map((c) => c.id)).toEqual([made.fromTemplate]);
    expect((await search('magazz', 'all')).map((c) => c.id)).toEqual([made.seasonal]);
    const partTime = await search('part-time');
    expect(partTime).toHaveLength(2);
    expect(partTime.every((c) => c.qualification === 'Impiegato part-time' && c.weeklyMinutes === 1200)).toBe(true);
    expect(await search('%')).toEqual([]);
    expect(await search('_')).toEqual([]);
    expect(await search('Lombardi', 'all')).toEqual([]);

    // Beta sees its own two contracts, admin and accountant alike.
    const betaList = await listContracts({ filter: 'all' }, inBeta());
    expect(betaList.items.map((c) => c.employee.lastName)).toEqual(['Barbieri', 'Lombardi']);
    expect(await listContracts({ filter: 'all' }, inWorkspace(ctx.ws.beta, accountant))).toEqual(betaList);
  });
});

describe('GET /admin/user/{id}/contract', () => {
  it('401, 400, 403 for a member, 404 for Beta’s employee and an unknown person; newest first; [] for no contract', async () => {
    const url = `/admin/user/${ids['mario.rossi']}/contract`;
    expectError(await ctx.get(url), 401, 'UNAUTHENTICATED');
    expect(fieldErrors(await ctx.get('/admin/user/mario/contract', asAdmin()))).toEqual({
      id: 'Identificativo non valido',
    });
    expectError(await ctx.get(url, inDemo(member)), 403, 'FORBIDDEN');
    for (const s of [admin, accountant])
      await expectForeignRecordsHidden(ctx, s, ctx.ws.demo, [
        { method: 'GET', url: `/admin/user/${paoloId}/contract` },
      ]);
    expect(
      expectError(await ctx.get(`/admin/user/${randomUUID()}/contract`, asAdmin()), 404, 'NOT_FOUND').message,
    ).toBe('Utente non trovato');

    const list = await contractsOf(ids['mario.rossi']!);
    expect(list.map((c) => [c.id, c.status])).toEqual([
      [made.marioSeeded, 'active'],
      [made.seasonal, 'past'],
    ]);
    expect((await ctx.get(url, inDemo(accountant))).json()).toEqual(list);
    expect(await contractsOf(ids.admin!)).toEqual([]);
  });
});

describe('GET /admin/contract/{id}', () => {
  it('401, 400, 403 for a member, 404 for Beta’s contract and an unknown id; admin and accountant read', async () => {
    const url = `/admin/contract/${made.seasonal}`;
    expectError(await ctx.get(url), 401, 'UNAUTHENTICATED');
    expect(fieldErrors(await ctx.get('/admin/contract/1', asAdmin()))).toEqual({ id: 'Identificativo non valido' });
    expectError(await ctx.get(url, inDemo(member)), 403, 'FORBIDDEN');
    for (const s of [admin, accountant])
      await expectForeignRecordsHidden(ctx, s, ctx.ws.demo, [
        { method: 'GET', url: `/admin/contract/${betaContractId}` },
      ]);
    expect(expectError(await ctx.get(`/admin/contract/${randomUUID()}`, asAdmin()), 404, 'NOT_FOUND').message).toBe(
      'Contratto non trovato',
    );
    const res = await ctx.get(url, asAdmin());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: made.seasonal,
      status: 'past',
      startsAt: '2020-06-16',
      endsAt: '2021-03-15',
    });
    expect((await ctx.get(url, inDemo(accountant))).json()).toEqual(res.json());
    expect(
      (await ctx.get(`/admin/contract/${betaContractId}`, inWorkspace(ctx.ws.beta, accountant))).json(),
    ).toMatchObject({
      userInfoId: paoloId,
    });
  });
});
