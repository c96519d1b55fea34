import { randomUUID } from 'node:crypto';
import { addDays, monthBounds, monthOf, nextMonth, plannedAccruals, type Contract } from '@timbro/shared';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accrualEntries, contractAccruals, contracts } from '../src/db/schema';
import { workspaceScope } from '../src/db/scope';
import { todayIn } from '../src/lib/time';
import { contractForAccrual, syncAllAccruals, syncContractAccruals } from '../src/modules/accruals/accruals.service';
import { seededContracts, type SeededContracts } from './contracts.fixtures';
import {
  accrualBalances,
  auditOf,
  contractLedger,
  expectError,
  expectForeignRecordsHidden,
  fieldErrors,
  roundedSum as sum,
  useDemoContext,
  wholeAccrualLedger,
  type Balances,
  type DemoContext,
  type Session,
} from './helpers';

/**
 * The accruals module: the monthly accrual sync, the balances (admin and member) and the manual adjustments.
 * Contract CRUD is in contracts.routes.test.ts and contracts.edits.test.ts; the accruals' access table in contracts.access.test.ts.
 */

let { ctx, admin, accountant, member } = {} as DemoContext;
let today: string;
/** Demo employee records by e-mail prefix; Beta's employee; Demo absence types by code; Beta's FER. */
let { ids, paoloId, J, betaFer } = {} as SeededContracts;

/** The contracts this file adds: Mario's seasonal one (16 June – 31 December 2020) and a future one after `endingOther`. */
const made: Record<string, string> = {};
/**
 * The seed gives each employee a contract by the (unordered) position of their record, so which shape Mario's has
 * (full or part time, permanent or fixed-term, its start) varies between runs: the tests read it instead of assuming it.
 */
let marioSeeded: Contract;
/** A seeded fixed-term contract ending within 30 days that is not Mario's, and a permanent full-time one. */
let endingOther: Contract;
let fullTime: Contract;

const { inDemo, asAdmin } = useDemoContext(async (d) => {
  ({ ctx, admin, accountant, member } = d);
  today = todayIn('Europe/Rome');
  ({ ids, paoloId, J, betaFer } = await seededContracts(ctx));

  // The seeded contracts the tests compare against (as contracts.routes.test.ts reads them).
  const list = async (query: Record<string, string>) =>
    (await ctx.get('/admin/contract', { ...asAdmin(), query })).json().items as Contract[];
  marioSeeded = ((await ctx.get(`/admin/user/${ids['mario.rossi']}/contract`, asAdmin())).json() as Contract[])[0]!;
  endingOther = (await list({ filter: 'expiring', sort: 'endsAt' })).find((c) => c.userInfoId !== ids['mario.rossi'])!;
  fullTime = (await list({ filter: 'all' })).filter(
    (c) => c.permanent && c.weeklyMinutes === 2400 && c.userInfoId !== ids['mario.rossi'],
  )[0]!;
  expect(marioSeeded && endingOther && fullTime).toBeTruthy();

  // Mario's seasonal contract before his seeded one: 7 months of 6 days of ferie and 8 hours of ROL (2020).
  const seasonal = await ctx.post(
    `/admin/user/${ids['mario.rossi']}/contract`,
    {
      type: 'turn_based',
      workerType: 'collaborator',
      description: 'Contratto stagionale',
      startsAt: '2020-06-16',
      endsAt: '2020-12-31',
      permanent: false,
      justificationAccruals: [
        { justificationId: J.FER, monthlyIncrease: 6 },
        { justificationId: J.ROL, monthlyIncrease: 8 },
      ],
      timeSlots: [{ weekday: 1, startsAtMinutes: 480, endsAtMinutes: 720 }],
    },
    asAdmin(),
  );
  expect(seasonal.statusCode, seasonal.body).toBe(200);
  made.seasonal = seasonal.json().id;
  // A permanent contract starting the day after `endingOther` ends, with ferie only.
  const future = await ctx.post(
    `/admin/user/${endingOther.userInfoId}/contract`,
    {
      type: 'fixed',
      workerType: 'employee',
      startsAt: addDays(endingOther.endsAt!, 1),
      endsAt: null,
      permanent: true,
      justificationAccruals: [{ justificationId: J.FER, monthlyIncrease: 2.166666 }],
      timeSlots: [{ weekday: 1, startsAtMinutes: 540, endsAtMinutes: 1080 }],
    },
    asAdmin(),
  );
  expect(future.statusCode, future.body).toBe(200);
  made.future = future.json().id;
});
const ledgerOf = (contractId: string) => contractLedger(ctx, contractId);
const wholeLedger = () => wholeAccrualLedger(ctx);

describe('the accrual sync (syncContractAccruals / syncAllAccruals)', () => {
  const scopes = () => [workspaceScope(ctx.ws.demo), workspaceScope(ctx.ws.beta)];

  it('running it again, twice, changes nothing: one entry per contract × justification × month', async () => {
    const before = await wholeLedger();
    expect(before.length).toBeGreaterThan(100);
    const first = await syncAllAccruals(ctx.db, scopes(), today);
    expect(first).toBe(before.length);
    expect(await wholeLedger()).toEqual(before);
    expect(await syncAllAccruals(ctx.db, scopes(), today)).toBe(first);
    expect(await wholeLedger()).toEqual(before);
    const keys = before.map((e) => `${e.contractId}|${e.justificationId}|${e.period}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(
      before.every((e) => e.contractId !== null && e.period !== null && e.date === monthBounds(e.period).last),
    ).toBe(true);

    // One contract on its own, twice.
    const scope = workspaceScope(ctx.ws.demo);
    const seasonal = (await contractForAccrual(ctx.db, scope, made.seasonal!))!;
    const ledger = await ledgerOf(made.seasonal!);
    expect(await ctx.db.transaction((tx) => syncContractAccruals(tx, scope, seasonal, today))).toBe(14);
    expect(await ctx.db.transaction((tx) => syncContractAccruals(tx, scope, seasonal, today))).toBe(14);
    expect(await ledgerOf(made.seasonal!)).toEqual(ledger);
  });

  it('a late run adds the new month (a contract’s first month only if covered for 15 days or more), idempotently; the ledger stops at today’s month', async () => {
    const before = await wholeLedger();
    const nextMonthDay = `${nextMonth(today.slice(0, 7))}-10`;
    const ym = nextMonthDay.slice(0, 7);
    const { last } = monthBounds(ym);
    await syncAllAccruals(ctx.db, scopes(), nextMonthDay);
    const after = await wholeLedger();
    await syncAllAccruals(ctx.db, scopes(), nextMonthDay);
    expect(await wholeLedger()).toEqual(after);
    // The months before were not touched.
    expect(after.filter((e) => e.period! < ym)).toEqual(before);

    // Exactly the new month was added, for every contract with accruals that counts it, with the planned amount.
    const added = after.filter((e) => !before.some((b) => b.id === e.id));
    expect(added.every((e) => e.period === ym && e.date === last)).toBe(true);
    const rows = await ctx.db
      .select({ c: contracts, a: contractAccruals })
      .from(contractAccruals)
      .innerJoin(contracts, eq(contracts.id, contractAccruals.contractId));
    const expected = rows.flatMap((r) =>
      plannedAccruals(r.c, r.a.monthlyIncrease, ym)
        .filter((p) => p.period === ym)
        .map((p) => ({ contractId: r.c.id, justificationId: r.a.justificationId, amount: p.amount })),
    );
    const key = (x: { contractId: string | null; justificationId: string }) => `${x.contractId}|${x.justificationId}`;
    expect(added.map((e) => `${key(e)}|${e.amount}`).sort()).toEqual(
      expected.map((x) => `${key(x)}|${x.amount}`).sort(),
    );
    // A permanent full-time contract: 2.16 or 2.17 days of ferie a month, so that the year so far is exactly
    // round2(months × 2.1667); 6 h of ROL; 2.66 or 2.67 h of ex-festività.
    const full = added.filter((e) => e.contractId === fullTime.id);
    expect(full).toHaveLength(3);
    const amountOf = (code: string) => full.find((e) => e.justificationId === J[code])!.amount;
    expect([2.16, 2.17]).toContain(amountOf('FER'));
    expect([2.66, 2.67]).toContain(amountOf('EXF'));
    expect(amountOf('ROL')).toBe(6);
    const monthsThisYear =
      Number(ym.slice(5, 7)) -
      (fullTime.startsAt.slice(0, 4) === ym.slice(0, 4) ? Number(fullTime.startsAt.slice(5, 7)) - 1 : 0);
    const ferThisYear = after.filter(
      (e) => e.contractId === fullTime.id && e.justificationId === J.FER && e.period!.startsWith(ym.slice(0, 4)),
    );
    expect(ferThisYear).toHaveLength(monthsThisYear);
    expect(sum(ferThisYear)).toBe(Math.round(monthsThisYear * 216.67) / 100);
    // The future contract starts the day after another ends: its first month only if it covers 15 days or more.
    const futureStart = addDays(endingOther.endsAt!, 1);
    const startYm = monthOf(futureStart);
    const firstMonthDays = Number(monthBounds(startYm).last.slice(8)) - Number(futureStart.slice(8)) + 1;
    const future = after.filter((e) => e.contractId === made.future).sort((a, b) => a.period!.localeCompare(b.period!));
    expect(future.some((e) => e.period === startYm)).toBe(startYm <= ym && firstMonthDays >= 15);
    expect(future.every((e) => e.period! >= startYm && e.period! <= ym)).toBe(true);
    if (future.length > 0) expect(future[0]!.amount).toBe(2.17);
    const futureThisYear = future.filter((e) => e.period!.startsWith(ym.slice(0, 4)));
    expect(sum(futureThisYear)).toBe(Math.round(futureThisYear.length * 216.67) / 100);

    // Back to today: the ledger is again what the contracts give up to this month.
    await syncAllAccruals(ctx.db, scopes(), today);
    expect(await wholeLedger()).toEqual(before);
  });
});

const balances = (userInfoId: string, date?: string, session: Session = admin) =>
  accrualBalances(ctx, inDemo(session, date ? { date } : undefined), userInfoId);
const byCode = (b: Balances) => Object.fromEntries(b.balances.map((x) => [x.justification.code, x]));
/** Month ends from the start month up to `date`. */
function monthEndsUpTo(fromYm: string, date: string) {
  let n = 0;
  for (let ym = fromYm; monthBounds(ym).last <= date; ym = nextMonth(ym)) n++;
  return n;
}

describe('GET /admin/user/{id}/accrual', () => {
  it('401, 400, 403 for a member, 404 for Beta’s employee and an unknown person', async () => {
    const url = `/admin/user/${ids['mario.rossi']}/accrual`;
    expectError(await ctx.get(url), 401, 'UNAUTHENTICATED');
    expect(fieldErrors(await ctx.get('/admin/user/x/accrual', asAdmin()))).toEqual({ id: 'Identificativo non valido' });
    const badDate = await ctx.get(url, asAdmin({ date: '2026-02-30' }));
    expectError(badDate, 400, 'VALIDATION_FAILED');
    expect(fieldErrors(badDate)).toEqual({ date: 'Data non valida (formato AAAA-MM-GG)' });
    expectError(await ctx.get(url, inDemo(member)), 403, 'FORBIDDEN');
    for (const s of [admin, accountant])
      await expectForeignRecordsHidden(ctx, s, ctx.ws.demo, [{ method: 'GET', url: `/admin/user/${paoloId}/accrual` }]);
    expect(expectError(await ctx.get(`/admin/user/${randomUUID()}/accrual`, asAdmin()), 404, 'NOT_FOUND').message).toBe(
      'Utente non trovato',
    );
  });

  it('the balance at a date and the entries behind it, newest first; later entries are left out', async () => {
    const mario = ids['mario.rossi']!;
    const end2020 = await balances(mario, '2020-12-31');
    expect(end2020.date).toBe('2020-12-31');
    expect(end2020.balances.map((b) => b.justification.code)).toEqual(['FER', 'ROL']);
    const fer = byCode(end2020).FER!;
    expect(fer).toMatchObject({
      justification: { id: J.FER, code: 'FER', name: 'Ferie', unit: 'day' },
      balance: 42,
      accrued: 42,
      adjusted: 0,
      used: 0,
    });
    expect(fer.entries.map((e) => [e.date, e.amount])).toEqual([
      ['2020-12-31', 6],
      ['2020-11-30', 6],
      ['2020-10-31', 6],
      ['2020-09-30', 6],
      ['2020-08-31', 6],
      ['2020-07-31', 6],
      ['2020-06-30', 6],
    ]);
    expect(fer.entries[0]).toEqual({
      id: expect.any(String),
      date: '2020-12-31',
      amount: 6,
      kind: 'accrual',
      period: '2020-12',
      rule: 'Maturazione mensile 6 (7° mese maturato nel 2020)',
      reason: null,
    });
    expect(byCode(end2020).ROL).toMatchObject({ balance: 56, accrued: 56, justification: { unit: 'hour' } });

    // The day before a month's end leaves that month out.
    expect(byCode(await balances(mario, '2020-11-29')).FER).toMatchObject({ balance: 30, accrued: 30 });
    expect((await balances(mario, '2020-06-29')).balances).toEqual([]);

    // Today (the default): both contracts, up to the last month-end passed.
    const now = await balances(mario);
    expect(now.date).toBe(today);
    const months = monthEndsUpTo(marioSeeded.startsAt.slice(0, 7), today);
    expect(months).toBeGreaterThanOrEqual(26);
    const round = (n: number) => Math.round(n * 100) / 100;
    const inc = Object.fromEntries(marioSeeded.justificationAccruals.map((a) => [a.code, a.monthlyIncrease]));
    // What the seeded contract accrued up to the last month-end passed: each calendar year adds up to round2(n × inc).
    const accrued = (code: string) => {
      const entries = plannedAccruals(marioSeeded, inc[code]!, monthOf(today)).filter(
        (p) => monthBounds(p.period).last <= today,
      );
      expect(entries).toHaveLength(months);
      const years = new Set(entries.map((p) => p.period.slice(0, 4)));
      return round(
        [...years].reduce((s, y) => s + round(entries.filter((p) => p.period.startsWith(y)).length * inc[code]!), 0),
      );
    };
    // The demo data gives Mario approved holidays last month: their usage is in the ledger too.
    const used = Object.fromEntries(now.balances.map((b) => [b.justification.code, b.used]));
    expect(now.balances.map((b) => [b.justification.code, b.balance])).toEqual([
      ['EXF', round(accrued('EXF') - used.EXF!)],
      ['FER', round(42 + accrued('FER') - used.FER!)],
      ['ROL', round(56 + accrued('ROL') - used.ROL!)],
    ]);
    expect(
      byCode(now)
        .FER!.entries.filter((e) => e.kind === 'usage')
        .reduce((s, e) => s - e.amount, 0),
    ).toBe(used.FER);
    expect(byCode(now).EXF!.entries.filter((e) => e.kind === 'accrual')).toHaveLength(months);
    expect(byCode(now).FER!.entries.every((e) => e.date <= today)).toBe(true);
    expect(await balances(mario, undefined, accountant)).toEqual(now);
    // A person without contracts has no balances.
    expect((await balances(ids.admin!)).balances).toEqual([]);
  });
});

describe('POST /admin/user/{id}/accrual-adjustment', () => {
  const adj = () => ({
    justificationId: J.FER!,
    amount: -2.5,
    date: '2020-12-15',
    reason: ' Ferie 2020 godute prima di Timbro ',
  });

  it('401, 403 for a member and the accountant, 400 with the Italian messages, 404 for Beta’s employee', async () => {
    const url = `/admin/user/${ids['mario.rossi']}/accrual-adjustment`;
    expectError(await ctx.post(url, adj()), 401, 'UNAUTHENTICATED');
    for (const s of [member, accountant]) {
      expectError(await ctx.post(url, adj(), inDemo(s)), 403, 'FORBIDDEN');
      expectError(await ctx.post(url, {}, inDemo(s)), 403, 'FORBIDDEN');
    }
    const cases: [unknown, Record<string, string>][] = [
      [
        {},
        {
          justificationId: 'Identificativo non valido',
          amount: 'Inserisci la quantità (diversa da zero)',
          date: 'Data non valida (formato AAAA-MM-GG)',
          reason: 'Indica il motivo della rettifica',
        },
      ],
      [{ ...adj(), reason: '   ' }, { reason: 'Indica il motivo della rettifica' }],
      [{ ...adj(), reason: null }, { reason: 'Indica il motivo della rettifica' }],
      [{ ...adj(), reason: 'r'.repeat(301) }, { reason: 'Massimo 300 caratteri' }],
      [{ ...adj(), amount: 0 }, { amount: 'Inserisci la quantità (diversa da zero)' }],
      [{ ...adj(), amount: '2' }, { amount: 'Inserisci la quantità (diversa da zero)' }],
      [{ ...adj(), amount: 10000 }, { amount: 'Inserisci la quantità (diversa da zero)' }],
      [{ ...adj(), date: '15/12/2020' }, { date: 'Data non valida (formato AAAA-MM-GG)' }],
      [{ ...adj(), justificationId: 'FER' }, { justificationId: 'Identificativo non valido' }],
      [{ ...adj(), justificationId: betaFer }, { justificationId: 'Giustificativo non trovato' }],
      [{ ...adj(), justificationId: randomUUID() }, { justificationId: 'Giustificativo non trovato' }],
    ];
    for (const [body, errors] of cases) {
      const res = await ctx.post(url, body, asAdmin());
      expectError(res, 400, 'VALIDATION_FAILED');
      expect(fieldErrors(res), JSON.stringify(body)).toEqual(errors);
    }
    await expectForeignRecordsHidden(ctx, admin, ctx.ws.demo, [
      { method: 'POST', url: `/admin/user/${paoloId}/accrual-adjustment`, body: adj() },
      {
        method: 'POST',
        url: `/admin/user/${paoloId}/accrual-adjustment`,
        body: { ...adj(), justificationId: betaFer },
      },
    ]);
    expect(
      expectError(await ctx.post(`/admin/user/${randomUUID()}/accrual-adjustment`, adj(), asAdmin()), 404, 'NOT_FOUND')
        .message,
    ).toBe('Utente non trovato');
    const [row] = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(accrualEntries)
      .where(eq(accrualEntries.kind, 'adjustment'));
    expect(row!.n).toBe(0);
  });

  it('adds a dated adjustment with its reason; the balance counts it from its date; audited', async () => {
    const mario = ids['mario.rossi']!;
    const before = byCode(await balances(mario)).FER!.balance;
    const res = await ctx.post(`/admin/user/${mario}/accrual-adjustment`, adj(), asAdmin());
    expect(res.statusCode, res.body).toBe(200);
    const out = res.json() as Balances;
    expect(out.date).toBe(today);
    expect(byCode(out).FER).toMatchObject({ balance: Math.round((before - 2.5) * 100) / 100, adjusted: -2.5 });

    expect(byCode(await balances(mario, '2020-12-14')).FER).toMatchObject({ balance: 36, adjusted: 0 });
    const on = byCode(await balances(mario, '2020-12-15')).FER!;
    expect(on).toMatchObject({ balance: 33.5, accrued: 36, adjusted: -2.5, used: 0 });
    expect(on.entries[0]).toEqual({
      id: expect.any(String),
      date: '2020-12-15',
      amount: -2.5,
      kind: 'adjustment',
      period: null,
      rule: 'Rettifica manuale',
      reason: 'Ferie 2020 godute prima di Timbro',
    });

    const [entry] = await auditOf(ctx, res);
    expect(entry).toMatchObject({
      workspaceId: ctx.ws.demo,
      actorUserId: admin.userId,
      action: 'accrual.adjust',
      entityType: 'user',
      entityId: mario,
    });
    expect(entry!.changes).toEqual({
      justificationId: J.FER,
      amount: -2.5,
      date: '2020-12-15',
      reason: 'Ferie 2020 godute prima di Timbro',
      entryId: on.entries[0]!.id,
    });

    // A future-dated adjustment answers with the balances at its date.
    const future = await ctx.post(
      `/admin/user/${mario}/accrual-adjustment`,
      { justificationId: J.ROL, amount: 1.257, date: '2027-01-15', reason: 'Conguaglio' },
      asAdmin(),
    );
    expect(future.statusCode, future.body).toBe(200);
    const f = future.json() as Balances;
    expect(f.date).toBe('2027-01-15');
    expect(byCode(f).ROL!.entries[0]).toMatchObject({
      date: '2027-01-15',
      amount: 1.26,
      kind: 'adjustment',
      reason: 'Conguaglio',
    });
    expect(byCode(await balances(mario)).ROL!.adjusted).toBe(0);
  });
});

describe('GET /member/accrual', () => {
  it('401; 403 for people without the member role (admin only, accountant); 400 for a bad date', async () => {
    expectError(await ctx.get('/member/accrual'), 401, 'UNAUTHENTICATED');
    for (const s of [admin, accountant]) expectError(await ctx.get('/member/accrual', inDemo(s)), 403, 'FORBIDDEN');
    const bad = await ctx.get('/member/accrual', inDemo(member, { date: 'ieri' }));
    expectError(bad, 400, 'VALIDATION_FAILED');
    expect(fieldErrors(bad)).toEqual({ date: 'Data non valida (formato AAAA-MM-GG)' });
  });

  it('the member gets their own balances, the same the admin sees', async () => {
    const mine = await ctx.get('/member/accrual', inDemo(member));
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toEqual(await balances(ids['mario.rossi']!));
    const dated = await ctx.get('/member/accrual', inDemo(member, { date: '2020-12-31' }));
    expect(dated.json()).toEqual(await balances(ids['mario.rossi']!, '2020-12-31'));
    expect(byCode(dated.json()).FER).toMatchObject({ balance: 39.5, adjusted: -2.5 });
  });
});
