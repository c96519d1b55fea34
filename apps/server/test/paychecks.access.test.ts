import { beforeAll, expect, it } from 'vitest';
import { paycheckRoutes } from '../src/modules/paychecks/paychecks.routes';
import { describeAccessTable, useAccessContext, type AccessRoute } from './access-table';
import { membershipOf } from './helpers';
import { publishPaycheck } from './paycheck-forms';

/**
 * Access to every pay-slip route (access-table.ts): 401, 403 for the roles a route does not grant (before the upload
 * is read), the granted roles get past, and Beta's pay slips or employees used from Demo are not found.
 */

const t = useAccessContext();
let mario: string;
let paolo: string;
let demoSlip: string;
let betaSlip: string;

beforeAll(async () => {
  mario = (await membershipOf(t.ctx, 'mario.rossi@demo.timbro.it', t.ctx.ws.demo))!.id;
  paolo = (await membershipOf(t.ctx, 'paolo.lombardi@beta.timbro.it', t.ctx.ws.beta))!.id;
  demoSlip = await publishPaycheck(t.ctx, t.sessions.admin, t.ctx.ws.demo, mario);
  betaSlip = await publishPaycheck(t.ctx, t.betaAdmin, t.ctx.ws.beta, paolo);
});

const notFound = 'Cedolino non trovato';
const ROUTES: AccessRoute[] = [
  {
    route: 'GET /admin/paycheck',
    grants: ['admin', 'accountant'],
    call: () => ({ url: '/admin/paycheck' }),
    probeStatus: 200,
  },
  {
    route: 'GET /admin/user/:id/paycheck',
    grants: ['admin', 'accountant'],
    call: () => ({ url: `/admin/user/${mario}/paycheck` }),
    probeStatus: 200,
    foreign: {
      as: 'accountant',
      call: () => ({ url: `/admin/user/${paolo}/paycheck` }),
      message: 'Utente non trovato',
    },
  },
  {
    route: 'POST /admin/user/:id/paycheck',
    grants: ['admin', 'accountant'],
    call: () => ({ url: `/admin/user/${mario}/paycheck`, body: { year: 2026 } }),
    probeStatus: 400,
    foreign: {
      as: 'admin',
      call: () => ({ url: `/admin/user/${paolo}/paycheck`, body: {} }),
      message: 'Utente non trovato',
    },
  },
  {
    route: 'GET /admin/paycheck/:id',
    grants: ['admin', 'accountant'],
    call: () => ({ url: `/admin/paycheck/${demoSlip}` }),
    probeStatus: 200,
    foreign: { as: 'accountant', call: () => ({ url: `/admin/paycheck/${betaSlip}` }), message: notFound },
  },
  {
    route: 'POST /admin/paycheck/:id',
    grants: ['admin', 'accountant'],
    call: () => ({ url: `/admin/paycheck/${demoSlip}`, body: { year: 2026 } }),
    probeStatus: 400,
    foreign: { as: 'admin', call: () => ({ url: `/admin/paycheck/${betaSlip}`, body: {} }), message: notFound },
  },
  {
    route: 'DELETE /admin/paycheck/:id',
    grants: ['admin', 'accountant'],
    call: () => ({ url: `/admin/paycheck/${demoSlip}` }),
    probe: () => ({ url: '/admin/paycheck/x' }),
    probeStatus: 400,
    foreign: { as: 'admin', call: () => ({ url: `/admin/paycheck/${betaSlip}` }), message: notFound },
  },
  {
    route: 'GET /admin/paycheck/:id/attachment',
    grants: ['admin', 'accountant'],
    call: () => ({ url: `/admin/paycheck/${demoSlip}/attachment` }),
    probeStatus: 200,
    foreign: { as: 'accountant', call: () => ({ url: `/admin/paycheck/${betaSlip}/attachment` }), message: notFound },
  },
  { route: 'GET /member/paycheck', grants: ['member'], call: () => ({ url: '/member/paycheck' }), probeStatus: 200 },
  {
    route: 'GET /member/paycheck/:id',
    grants: ['member'],
    call: () => ({ url: `/member/paycheck/${demoSlip}` }),
    probeStatus: 200,
    foreign: { as: 'member', call: () => ({ url: `/member/paycheck/${betaSlip}` }), message: notFound },
  },
  {
    route: 'GET /member/paycheck/:id/attachment',
    grants: ['member'],
    call: () => ({ url: `/member/paycheck/${demoSlip}/attachment` }),
    probeStatus: 200,
    foreign: { as: 'member', call: () => ({ url: `/member/paycheck/${betaSlip}/attachment` }), message: notFound },
  },
];

describeAccessTable(
  {
    module: 'paychecks',
    routes: ROUTES,
    ctx: () => t.ctx,
    sessions: () => t.sessions,
    plugins: [paycheckRoutes],
    routeCount: 10,
  },
  () => {
    it('nothing of the refused or foreign calls was written: both slips are still there, unchanged', async () => {
      const demo = await t.ctx.get(`/admin/paycheck/${demoSlip}`, {
        session: t.sessions.admin,
        workspace: t.ctx.ws.demo,
      });
      const beta = await t.ctx.get(`/admin/paycheck/${betaSlip}`, { session: t.betaAdmin, workspace: t.ctx.ws.beta });
      expect(demo.json()).toMatchObject({ year: 2026, month: 10, netAmount: 1534.2 });
      expect(beta.json()).toMatchObject({ year: 2026, month: 10, netAmount: 1534.2 });
    });
  },
);
