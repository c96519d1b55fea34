import { randomUUID } from 'node:crypto';
import { addDays, type Contract, type TemplateWeek } from '@timbro/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accrualEntries, contractAccruals, contracts, contractTimeSlots, justifications } from '../src/db/schema';
import {
  accrualBalances,
  auditOf,
  contractLedger,
  createTestContext,
  expectError,
  expectForeignRecordsHidden,
  fieldErrors,
  membershipOf,
  roundedSum as sum,
  type RequestOptions,
  type Session,
  type TestContext,
} from './helpers';

/** The contracts module: editing and deleting a contract; creating, listing and reading them are in contracts.routes.test.ts. */

let ctx: TestContext;
let admin: Session;
let accountant: Session;
let member: Session;
let betaAdmin: Session;

/** Demo employee records by e-mail prefix; Beta's contract. */
const ids: Record<string, string> = {};
let betaContractId: string;
/** Demo absence types by code; Beta's FER. */
const J: Record<string, string> = {};
let betaFer: string;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login('admin@demo.timbro.it');
  accountant = await ctx.login('consulente@demo.timbro.it');
  member = await ctx.login('mario.rossi@demo.timbro.it');
  betaAdmin = await ctx.login('admin@beta.timbro.it');
  for (const who of ['mario.rossi', 'giulia.esposito'])
    ids[who] = (await membershipOf(ctx, `${who}@demo.timbro.it`, ctx.ws.demo))!.id;
  const paoloId = (await membershipOf(ctx, 'paolo.lombardi@beta.timbro.it', ctx.ws.beta))!.id;
  betaContractId = (await ctx.db.select().from(contracts).where(eq(contracts.userInfoId, paoloId)))[0]!.id;
  for (const j of await ctx.db.select().from(justifications).where(eq(justifications.workspaceId, ctx.ws.demo)))
    J[j.code] = j.id;
  betaFer = (
    await ctx.db
      .select()
      .from(justifications)
      .where(and(eq(justifications.workspaceId, ctx.ws.beta), eq(justifications.code, 'FER')))
  )[0]!.id;
});
afterAll(async () => {
  await ctx?.close();
});

const inDemo = (session: Session, query?: RequestOptions['query']): RequestOptions => ({
  session,
  workspace: ctx.ws.demo,
  ...(query ? { query } : {}),
});
const asAdmin = (query?: RequestOptions['query']) => inDemo(admin, query);
const inBeta = (session: Session = betaAdmin, query?: RequestOptions['query']): RequestOptions => ({
  session,
  workspace: ctx.ws.beta,
  ...(query ? { query } : {}),
});

async function contractCount() {
  const [row] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(contracts);
  return row!.n;
}
const ledgerOf = (contractId: string) => contractLedger(ctx, contractId);
const balances = (userInfoId: string, date?: string, session: Session = admin) =>
  accrualBalances(ctx, inDemo(session, date ? { date } : undefined), userInfoId);
/** "dd/mm/yyyy" as the overlap message writes dates. */
const it_ = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;

async function listContracts(query: Record<string, string> = {}, opts: RequestOptions = asAdmin()) {
  const res = await ctx.get('/admin/contract', { ...opts, query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: Contract[]; total: number; page: number; perPage: number };
}
async function contractsOf(userInfoId: string) {
  const res = await ctx.get(`/admin/user/${userInfoId}/contract`, asAdmin());
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Contract[];
}

const SLOT = {
  weekday: 1,
  startsAtMinutes: 540,
  endsAtMinutes: 1080,
  pauseStartsAtMinutes: 780,
  pauseEndsAtMinutes: 840,
  description: 'Ufficio',
  descriptionColorRgb: '#1A415B',
};
const valid = {
  type: 'fixed',
  workerType: 'employee',
  startsAt: '2010-01-01',
  endsAt: '2010-12-31',
  timeSlots: [SLOT],
};

/**
 * Mario's seasonal contract before his permanent one: starts on 16 June (15 days of a 30-day month), ends on 15 March
 * (15 days of 31): both months count in full, as months covered for at least 15 days do.
 */
const seasonal = {
  type: 'turn_based',
  workerType: 'collaborator',
  qualification: ' Magazziniere ',
  ccnlLevel: '4° livello',
  description: 'Contratto stagionale',
  startsAt: '2020-06-16',
  endsAt: '2021-03-15',
  permanent: false,
  justificationAccruals: [] as { justificationId: string; monthlyIncrease: number }[],
  timeSlots: [
    { weekday: 6, startsAtMinutes: 360, endsAtMinutes: 600 },
    { weekday: 1, startsAtMinutes: 780, endsAtMinutes: 1020 },
    {
      weekday: 3,
      startsAtMinutes: 540,
      endsAtMinutes: 1080,
      pauseStartsAtMinutes: 780,
      pauseEndsAtMinutes: 840,
      description: 'Magazzino',
      descriptionColorRgb: '#2E7D32',
    },
    { weekday: 1, startsAtMinutes: 480, endsAtMinutes: 720 },
  ],
};
const made: Record<string, string> = {};
/**
 * The seed gives each employee a contract by the (unordered) position of their record, so which shape Mario's has
 * (full or part time, permanent or fixed-term, its start) varies between runs: the tests read it instead of assuming it.
 */
let marioSeeded: Contract;
/** How the overlap message names a contract. */
const label = (c: { startsAt: string; endsAt: string | null }) =>
  c.endsAt ? `dal ${it_(c.startsAt)} al ${it_(c.endsAt)}` : `dal ${it_(c.startsAt)} a tempo indeterminato`;

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
  made.seasonal = await create(ids['mario.rossi']!, {
    ...seasonal,
    justificationAccruals: [
      { justificationId: J.ROL!, monthlyIncrease: 8 },
      { justificationId: J.FER!, monthlyIncrease: 6 },
    ],
  });
  const ending = (await listContracts({ filter: 'expiring' })).items.find((c) => c.userInfoId !== ids['mario.rossi'])!;
  made.future = await create(ending.userInfoId, {
    ...valid,
    startsAt: addDays(ending.endsAt!, 1),
    endsAt: '2027-12-31',
    permanent: true,
    justificationAccruals: [{ justificationId: J.FER, monthlyIncrease: 2.166666 }],
  });
  const week = ((await ctx.get('/attendance/ajax/template-weeks', asAdmin())).json() as TemplateWeek[]).find(
    (w) => w.name === 'Tempo pieno 40 ore',
  )!;
  made.fromTemplate = await create(ids['giulia.esposito']!, {
    type: 'fixed',
    workerType: 'employee',
    qualification: 'Stagista',
    startsAt: '2015-01-01',
    endsAt: '2015-12-31',
    timeSlots: week.timeSlots,
  });
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
    for (const [b, errors] of cases) {
      const res = await ctx.post(url, b, asAdmin());
      expectError(res, 400, 'VALIDATION_FAILED');
      expect(fieldErrors(res), JSON.stringify(b).slice(0, 200)).toEqual(errors);
    }
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
