import { addDays, type Contract, type TemplateWeek } from '@timbro/shared';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { contracts } from '../src/db/schema';
import { justificationId, OFFICE_SLOT, seededPeople } from './factories';
import { type RequestOptions, type TestContext } from './helpers';

/**
 * What the contracts tests share (contracts.routes, contracts.edits, contracts.validation, accruals.routes): the seeded
 * records they look up, the bodies they send, the reads they make and how the overlap message names a contract.
 */

/**
 * Demo's employee records by e-mail prefix (Mario, Giulia, the admin), Beta's employee Paolo and his contract, Demo's
 * absence types by code and Beta's FER.
 */
export async function seededContracts(ctx: TestContext) {
  const people = await seededPeople(ctx);
  const [betaContract] = await ctx.db.select().from(contracts).where(eq(contracts.userInfoId, people.paoloId));
  return {
    ...people,
    betaContractId: betaContract!.id,
    betaFer: await justificationId(ctx, ctx.ws.beta, 'FER'),
  };
}
export type SeededContracts = Awaited<ReturnType<typeof seededContracts>>;

export const SLOT = { weekday: 1, ...OFFICE_SLOT };
/** A valid contract body (2010, Mondays 9–18). */
export const valid = {
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
export const seasonal = {
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

/** The contracts contracts.routes.test.ts creates (and contracts.edits.test.ts creates again before its tests). */
export const madeBodies = {
  /** Mario's seasonal contract with ROL 8 and FER 6 a month. */
  seasonal: (J: Record<string, string>) => ({
    ...seasonal,
    justificationAccruals: [
      { justificationId: J.ROL!, monthlyIncrease: 8 },
      { justificationId: J.FER!, monthlyIncrease: 6 },
    ],
  }),
  /** A permanent contract from the day after `ending` ends, with FER only. */
  future: (J: Record<string, string>, ending: Contract) => ({
    ...valid,
    startsAt: addDays(ending.endsAt!, 1),
    endsAt: '2027-12-31',
    permanent: true,
    justificationAccruals: [{ justificationId: J.FER, monthlyIncrease: 2.166666 }],
  }),
  /** Giulia's of 2015, made from a weekly template's slots. */
  fromTemplate: (week: TemplateWeek) => ({
    type: 'fixed',
    workerType: 'employee',
    qualification: 'Stagista',
    startsAt: '2015-01-01',
    endsAt: '2015-12-31',
    timeSlots: week.timeSlots,
  }),
};

/** "dd/mm/yyyy" as the overlap message writes dates. */
export const it_ = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;
/** How the overlap message names a contract. */
export const label = (c: { startsAt: string; endsAt: string | null }) =>
  c.endsAt ? `dal ${it_(c.startsAt)} al ${it_(c.endsAt)}` : `dal ${it_(c.startsAt)} a tempo indeterminato`;

/** All the contracts of the database, both workspaces. */
export async function countContracts(ctx: TestContext) {
  const [row] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(contracts);
  return row!.n;
}

/** GET /admin/contract with `opts` and the query: expects a 200. */
export async function contractList(ctx: TestContext, opts: RequestOptions, query: Record<string, string> = {}) {
  const res = await ctx.get('/admin/contract', { ...opts, query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: Contract[]; total: number; page: number; perPage: number };
}

/** GET /admin/user/{id}/contract with `opts`: expects a 200. */
export async function personContracts(ctx: TestContext, opts: RequestOptions, userInfoId: string) {
  const res = await ctx.get(`/admin/user/${userInfoId}/contract`, opts);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Contract[];
}
