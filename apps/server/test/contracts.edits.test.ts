import { randomUUID } from 'node:crypto';
import { addDays, type Contract, type TemplateWeek } from '@timbro/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { accrualEntries, contractAccruals, contracts, contractTimeSlots } from '../src/db/schema';
import {
  contractList,
  countContracts,
  label,
  madeBodies,
  personContracts,
  seasonal,
  seededContracts,
  valid,
  type SeededContracts,
} from './contracts.fixtures';
import {
  accrualBalances,
  auditOf,
  contractLedger,
  expect400,
  expectError,
  expectForeignRecordsHidden,
  fieldErrors,
  roundedSum as sum,
  useDemoContext,
  type DemoContext,
  type Session,
} from './helpers';

/** The contracts module: editing and deleting a contract; creating, listing and reading them are in contracts.routes.test.ts. */

let { ctx, admin, accountant, member } = {} as DemoContext;
/** Demo employee records by e-mail prefix; Beta's contract; Demo absence types by code; Beta's FER. */
let { ids, betaContractId, J, betaFer } = {} as SeededContracts;

const { inDemo, asAdmin, inBeta } = useDemoContext(async (d) => {
  ({ ctx, admin, accountant, member } = d);
  ({ ids, betaContractId, J, betaFer } = await seededContracts(ctx));
});
const contractCount = () => countContracts(ctx);
const ledgerOf = (contractId: string) => contractLedger(ctx, contractId);
const balances = (userInfoId: string, date?: string, session: Session = admin) =>
  accrualBalances(ctx, inDemo(session, date ? { date } : undefined), userInfoId);
const listContracts = (query: Record<string, string> = {}) => contractList(ctx, asAdmin(), query);
const contractsOf = (userInfoId: string) => personContracts(ctx, asAdmin(), userInfoId);

const made: Record<string, string> = {};
/**
 * The seed gives each employee a contract by the (unordered) position of their record, so which shape Mario's has
 * (full or part time, permanent or fixed-term, its start) varies between runs: the tests read it instead of assuming it.
 */
let marioSeeded: Contract;
/**
 * The contracts that the tests of contracts.routes.test.ts create before these run there: Mario's seasonal one
 * (16/06/2020–15/03/2021, FER 6 and ROL 8 a month), a permanent one after another employee's fixed-term contract
 * ending within 30 days, and Giulia's of 2015 made from the weekly template "Tempo pieno 40 ore".
 */
beforeAll(async () => {
  marioSeeded = (await contractsOf(ids['mario.rossi']!))[0]!;
  made.marioSeeded = marioSeeded.id;
  const create = async (userInfoId: string, body: unknown) => {
    const res = await ctx.post(`/admin/user/${userInfoId}/contract`, body, asAdmin());
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as Contract).id;
  };
  made.seasonal = await create(ids['mario.rossi']!, madeBodies.seasonal(J));
  const ending = (await listContracts({ filter: 'expiring' })).items.find((c) => c.userInfoId !== ids['mario.rossi'])!;
  made.future = await create(ending.userInfoId, madeBodies.future(J, ending));
  const week = ((await ctx.get('/attendance/ajax/template-weeks', asAdmin())).json() as TemplateWeek[]).find(
    (w) => w.name === 'Tempo pieno 40 ore',
  )!;
  made.fromTemplate = await create(ids['giulia.esposito']!, madeBodies.fromTemplate(week));
});

describe('POST /admin/contract/{id}', () => {
  const body = () => ({
    ...seasonal,
    justificationAccruals: [
      { justificationId: J.FER!, monthlyIncrease: 6 },
      { justificationId: J.ROL!, monthlyIncrease: 8 },
    ],
  });

  it('401, 400, 403 for a member and the accountant, 404 for Beta’s contract and an unknown id', async () => {
    const url = `/admin/contract/${made.seasonal}`;
    expectError(await ctx.post(url, body()), 401, 'UNAUTHENTICATED');
    expectError(await ctx.post('/admin/contract/x', body(), asAdmin()), 400, 'VALIDATION_FAILED');
    for (const s of [member, accountant]) {
      expectError(await ctx.post(url, body(), inDemo(s)), 403, 'FORBIDDEN');
      expectError(await ctx.post(url, {}, inDemo(s)), 403, 'FORBIDDEN');
    }
    await expectForeignRecordsHidden(ctx, admin, ctx.ws.demo, [
      { method: 'POST', url: `/admin/contract/${betaContractId}`, body: valid },
      {
        method: 'POST',
        url: `/admin/contract/${betaContractId}`,
        body: {
          ...valid,
          workerType: 'collaborator',
          justificationAccruals: [{ justificationId: betaFer, monthlyIncrease: 3 }],
        },
      },
    ]);
    expect(
      expectError(await ctx.post(`/admin/contract/${randomUUID()}`, valid, asAdmin()), 404, 'NOT_FOUND').message,
    ).toBe('Contratto non trovato');
    const [b] = await ctx.db.select().from(contracts).where(eq(contracts.id, betaContractId));
    expect(b!.endsAt).toBeNull();
  });

  it('400 with the same rules as creation, and the worker type cannot change; 409 for an overlap', async () => {
    const url = `/admin/contract/${made.seasonal}`;
    const cases: [unknown, Record<string, string>][] = [
      [
        {},
        {
          type: 'Seleziona il tipo di contratto',
          workerType: 'Seleziona il tipo di lavoratore',
          startsAt: 'Inserisci la data di inizio',
          timeSlots: 'Inserisci almeno una fascia oraria',
        },
      ],
      [
        { ...body(), endsAt: null },
        { endsAt: 'Inserisci la data di fine oppure indica che il contratto è a tempo indeterminato' },
      ],
      [{ ...body(), endsAt: '2020-06-15' }, { endsAt: 'La data di fine deve essere successiva a quella di inizio' }],
      [{ ...body(), timeSlots: [] }, { timeSlots: 'Inserisci almeno una fascia oraria' }],
      [{ ...body(), workerType: 'employee' }, { workerType: 'Il tipo di lavoratore non si può modificare' }],
      [
        { ...body(), justificationAccruals: [{ justificationId: betaFer, monthlyIncrease: 1 }] },
        { 'justificationAccruals.0.justificationId': 'Giustificativo non trovato' },
      ],
    ];
    await expect400(ctx, asAdmin(), url, cases);
    const clash = await ctx.post(url, { ...body(), endsAt: marioSeeded.startsAt }, asAdmin());
    const message = `Il contratto si sovrappone a quello ${label(marioSeeded)}`;
    expect(expectError(clash, 409, 'CONFLICT').message).toBe(message);
    expect(fieldErrors(clash)).toEqual({ startsAt: message });
    // Nothing changed.
    expect((await ctx.get(url, asAdmin())).json()).toMatchObject({
      endsAt: '2021-03-15',
      workerType: 'collaborator',
      type: 'turn_based',
    });
    expect(await ledgerOf(made.seasonal!)).toHaveLength(20);
  });

  it('edits: type, dates, slots and accruals replaced; the ledger follows; audited', async () => {
    const url = `/admin/contract/${made.seasonal}`;
    const before = await ledgerOf(made.seasonal!);
    const res = await ctx.post(
      url,
      {
        ...seasonal,
        type: 'fixed',
        endsAt: '2021-12-31',
        qualification: '',
        timeSlots: [{ weekday: 2, startsAtMinutes: 600, endsAtMinutes: 960 }],
        justificationAccruals: [
          { justificationId: J.FER, monthlyIncrease: 3 },
          { justificationId: J.EXF, monthlyIncrease: 2.5 },
        ],
      },
      asAdmin(),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: made.seasonal,
      type: 'fixed',
      workerType: 'collaborator',
      qualification: null,
      endsAt: '2021-12-31',
      status: 'past',
      timeSlots: [{ weekday: 2, startsAtMinutes: 600, endsAtMinutes: 960 }],
      weeklyMinutes: 360,
      justificationAccruals: [
        { code: 'EXF', monthlyIncrease: 2.5 },
        { code: 'FER', monthlyIncrease: 3 },
      ],
    });
    const [entry] = await auditOf(ctx, res);
    expect(entry).toMatchObject({
      action: 'contract.update',
      entityType: 'contract',
      entityId: made.seasonal,
      actorUserId: admin.userId,
    });
    expect(entry!.changes).toEqual({
      type: { from: 'turn_based', to: 'fixed' },
      qualification: { from: 'Magazziniere', to: null },
      endsAt: { from: '2021-03-15', to: '2021-12-31' },
      timeSlots: 1,
      justificationAccruals: [
        { justificationId: J.FER, monthlyIncrease: 3 },
        { justificationId: J.EXF, monthlyIncrease: 2.5 },
      ],
    });
    expect(
      await ctx.db.select().from(contractTimeSlots).where(eq(contractTimeSlots.contractId, made.seasonal!)),
    ).toHaveLength(1);

    // June 2020 … December 2021: 19 months; ROL gone, FER re-valued, EXF added.
    const ledger = await ledgerOf(made.seasonal!);
    expect(ledger.filter((e) => e.code === 'ROL')).toEqual([]);
    const fer = ledger.filter((e) => e.code === 'FER');
    const exf = ledger.filter((e) => e.code === 'EXF');
    expect(fer).toHaveLength(19);
    expect(exf).toHaveLength(19);
    expect(fer[0]).toMatchObject({ period: '2020-06', amount: 3 });
    expect(fer.at(-1)).toMatchObject({ period: '2021-12', date: '2021-12-31', amount: 3 });
    expect(sum(fer)).toBe(19 * 3);
    expect(sum(exf)).toBe(19 * 2.5);
    // The months kept their rows (updated in place).
    expect(fer.find((e) => e.period === '2020-07')!.id).toBe(
      before.find((e) => e.code === 'FER' && e.period === '2020-07')!.id,
    );
  });

  it('shortening the contract removes the months it no longer covers', async () => {
    const res = await ctx.post(`/admin/contract/${made.seasonal}`, { ...body(), endsAt: '2020-12-31' }, asAdmin());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ endsAt: '2020-12-31', type: 'turn_based', weeklyMinutes: 1200 });
    const ledger = await ledgerOf(made.seasonal!);
    expect(ledger.map((e) => `${e.code} ${e.period}`)).toEqual([
      ...['06', '07', '08', '09', '10', '11', '12'].map((m) => `FER 2020-${m}`),
      ...['06', '07', '08', '09', '10', '11', '12'].map((m) => `ROL 2020-${m}`),
    ]);
    expect(sum(ledger.filter((e) => e.code === 'FER'))).toBe(7 * 6);
    expect(sum(ledger.filter((e) => e.code === 'ROL'))).toBe(7 * 8);
  });
});

describe('DELETE /admin/contract/{id}', () => {
  // A manual adjustment of Mario's ferie in 2020 (accruals.routes.test.ts tests them): deleting a contract keeps it.
  beforeAll(async () => {
    const res = await ctx.post(
      `/admin/user/${ids['mario.rossi']}/accrual-adjustment`,
      { justificationId: J.FER!, amount: -2.5, date: '2020-12-15', reason: ' Ferie 2020 godute prima di Timbro ' },
      asAdmin(),
    );
    expect(res.statusCode, res.body).toBe(200);
  });

  it('401, 400, 403 for a member and the accountant, 404 for Beta’s contract and an unknown id', async () => {
    const url = `/admin/contract/${made.seasonal}`;
    expectError(await ctx.del(url), 401, 'UNAUTHENTICATED');
    expectError(await ctx.del('/admin/contract/abc', asAdmin()), 400, 'VALIDATION_FAILED');
    for (const s of [member, accountant]) expectError(await ctx.del(url, inDemo(s)), 403, 'FORBIDDEN');
    await expectForeignRecordsHidden(ctx, admin, ctx.ws.demo, [
      { method: 'DELETE', url: `/admin/contract/${betaContractId}` },
    ]);
    expect(expectError(await ctx.del(`/admin/contract/${randomUUID()}`, asAdmin()), 404, 'NOT_FOUND').message).toBe(
      'Contratto non trovato',
    );
    expect((await ctx.get(`/admin/contract/${betaContractId}`, inBeta())).statusCode).toBe(200);
    expect(await ledgerOf(betaContractId)).not.toEqual([]);
    expect(await contractCount()).toBe(18);
    expect((await listContracts({ filter: 'all' })).total).toBe(16);
  });

  it('deletes the contract with its slots, accruals and ledger entries; adjustments stay; audited; a second delete is a 404', async () => {
    const id = made.seasonal!;
    expect(await ledgerOf(id)).toHaveLength(14);
    const res = await ctx.del(`/admin/contract/${id}`, asAdmin());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Contratto eliminato' });
    const [entry] = await auditOf(ctx, res);
    expect(entry).toMatchObject({
      action: 'contract.delete',
      entityType: 'contract',
      entityId: id,
      actorUserId: admin.userId,
    });
    expect(entry!.changes).toEqual({ userInfoId: ids['mario.rossi'], startsAt: '2020-06-16', endsAt: '2020-12-31' });

    expect(await ledgerOf(id)).toEqual([]);
    expect(await ctx.db.select().from(accrualEntries).where(eq(accrualEntries.contractId, id))).toEqual([]);
    expect(await ctx.db.select().from(contractTimeSlots).where(eq(contractTimeSlots.contractId, id))).toEqual([]);
    expect(await ctx.db.select().from(contractAccruals).where(eq(contractAccruals.contractId, id))).toEqual([]);
    // The manual adjustment is not the contract's: it stays in the balance.
    const end2020 = await balances(ids['mario.rossi']!, '2020-12-31');
    expect(end2020.balances.map((b) => [b.justification.code, b.balance, b.entries.map((e) => e.kind)])).toEqual([
      ['FER', -2.5, ['adjustment']],
    ]);

    expectError(await ctx.get(`/admin/contract/${id}`, asAdmin()), 404, 'NOT_FOUND');
    expectError(await ctx.del(`/admin/contract/${id}`, asAdmin()), 404, 'NOT_FOUND');
    expect((await contractsOf(ids['mario.rossi']!)).map((c) => c.id)).toEqual([made.marioSeeded]);
    expect((await listContracts({ filter: 'expired' })).items.map((c) => c.id)).toEqual([made.fromTemplate]);
    expect((await listContracts({ filter: 'all' })).total).toBe(15);
    // The period is free again, up to the day before the next contract.
    const again = await ctx.post(
      `/admin/user/${ids['mario.rossi']}/contract`,
      { ...valid, startsAt: '2020-06-16', endsAt: addDays(marioSeeded.startsAt, -1) },
      asAdmin(),
    );
    expect(again.statusCode, again.body).toBe(200);
  });
});
