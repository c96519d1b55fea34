import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { contracts } from '../src/db/schema';
import { accrualRoutes } from '../src/modules/accruals/accruals.routes';
import { contractRoutes } from '../src/modules/contracts/contracts.routes';
import { describeAccessTable, useAccessContext, type AccessRoute } from './access-table';
import { seededContracts, valid } from './contracts.fixtures';

/**
 * Access to every route of the contracts and accruals modules, table-driven (access-table.ts): 401 without a session,
 * 403 for each role a route does not grant (before validation), the granted roles get past the check, and Beta's
 * employee or contract used from Demo is not found.
 */

const t = useAccessContext();
let marioId: string;
let paoloId: string;
let demoContractId: string;
let betaContractId: string;
let ferId: string;

beforeAll(async () => {
  const seeded = await seededContracts(t.ctx);
  ({ paoloId, betaContractId } = seeded);
  marioId = seeded.ids['mario.rossi']!;
  ferId = seeded.J.FER!;
  demoContractId = (await t.ctx.db.select().from(contracts).where(eq(contracts.userInfoId, marioId)))[0]!.id;
});

const ADJUSTMENT = () => ({ justificationId: ferId, amount: -1, date: '2020-12-15', reason: 'Prova di accesso' });

const CONTRACT_ROUTES: AccessRoute[] = [
  {
    route: 'GET /admin/contract',
    grants: ['admin', 'accountant'],
    call: () => ({ url: '/admin/contract' }),
    probeStatus: 200,
  },
  {
    route: 'GET /admin/user/:id/contract',
    grants: ['admin', 'accountant'],
    call: () => ({ url: `/admin/user/${marioId}/contract` }),
    probeStatus: 200,
    foreign: {
      as: 'accountant',
      call: () => ({ url: `/admin/user/${paoloId}/contract` }),
      message: 'Utente non trovato',
    },
  },
  {
    route: 'POST /admin/user/:id/contract',
    grants: ['admin'],
    call: () => ({ url: `/admin/user/${marioId}/contract`, body: valid }),
    probe: () => ({ url: `/admin/user/${marioId}/contract`, body: {} }),
    probeStatus: 400,
    foreign: {
      as: 'admin',
      call: () => ({ url: `/admin/user/${paoloId}/contract`, body: valid }),
      message: 'Utente non trovato',
    },
  },
  {
    route: 'GET /admin/contract/:id',
    grants: ['admin', 'accountant'],
    call: () => ({ url: `/admin/contract/${demoContractId}` }),
    probeStatus: 200,
    foreign: {
      as: 'accountant',
      call: () => ({ url: `/admin/contract/${betaContractId}` }),
      message: 'Contratto non trovato',
    },
  },
  {
    route: 'POST /admin/contract/:id',
    grants: ['admin'],
    call: () => ({ url: `/admin/contract/${demoContractId}`, body: valid }),
    probe: () => ({ url: `/admin/contract/${demoContractId}`, body: {} }),
    probeStatus: 400,
    foreign: {
      as: 'admin',
      call: () => ({ url: `/admin/contract/${betaContractId}`, body: valid }),
      message: 'Contratto non trovato',
    },
  },
  {
    route: 'DELETE /admin/contract/:id',
    grants: ['admin'],
    call: () => ({ url: `/admin/contract/${demoContractId}` }),
    probe: () => ({ url: '/admin/contract/x' }),
    probeStatus: 400,
    foreign: {
      as: 'admin',
      call: () => ({ url: `/admin/contract/${betaContractId}` }),
      message: 'Contratto non trovato',
    },
  },
];

const ACCRUAL_ROUTES: AccessRoute[] = [
  {
    route: 'GET /admin/user/:id/accrual',
    grants: ['admin', 'accountant'],
    call: () => ({ url: `/admin/user/${marioId}/accrual` }),
    probeStatus: 200,
    foreign: {
      as: 'accountant',
      call: () => ({ url: `/admin/user/${paoloId}/accrual` }),
      message: 'Utente non trovato',
    },
  },
  {
    route: 'POST /admin/user/:id/accrual-adjustment',
    grants: ['admin'],
    call: () => ({ url: `/admin/user/${marioId}/accrual-adjustment`, body: ADJUSTMENT() }),
    probe: () => ({ url: `/admin/user/${marioId}/accrual-adjustment`, body: {} }),
    probeStatus: 400,
    foreign: {
      as: 'admin',
      call: () => ({ url: `/admin/user/${paoloId}/accrual-adjustment`, body: ADJUSTMENT() }),
      message: 'Utente non trovato',
    },
  },
  {
    route: 'GET /member/accrual',
    grants: ['member'],
    call: () => ({ url: '/member/accrual' }),
    probe: () => ({ url: '/member/accrual', query: { date: '2026-02-30' } }),
    probeStatus: 400,
  },
];

describeAccessTable(
  {
    module: 'contracts',
    routes: CONTRACT_ROUTES,
    ctx: () => t.ctx,
    sessions: () => t.sessions,
    plugins: [contractRoutes],
    routeCount: 6,
  },
  () => {
    it('nothing of the refused or foreign calls was written: Mario’s and Paolo’s contracts are as they were', async () => {
      for (const id of [demoContractId, betaContractId]) {
        const [row] = await t.ctx.db.select().from(contracts).where(eq(contracts.id, id));
        expect(row, id).toBeDefined();
        expect(row!.startsAt).not.toBe('2010-01-01');
      }
    });
  },
);

describeAccessTable({
  module: 'accruals',
  routes: ACCRUAL_ROUTES,
  ctx: () => t.ctx,
  sessions: () => t.sessions,
  plugins: [accrualRoutes],
  routeCount: 3,
});
