import { beforeAll, expect, it } from 'vitest';
import { paycheckImportRoutes } from '../src/modules/paychecks/imports.routes';
import { describeAccessTable, useAccessContext, type AccessRoute } from './access-table';
import { uploadAndRead } from './paycheck-import.fixtures';
import { pdf } from './upload-corpus';

/**
 * Access to every route of the bulk import and the delivery report (access-table.ts): 401, 403 for members (before
 * the upload is read), admins and the consultant get past, and Beta's imports used from Demo are not found.
 */

const t = useAccessContext();
let demoImport: string;
let betaImport: string;

beforeAll(async () => {
  demoImport = (await uploadAndRead(t.ctx, t.sessions.admin, t.ctx.ws.demo, pdf([['DEMO']]))).id;
  betaImport = (await uploadAndRead(t.ctx, t.betaAdmin, t.ctx.ws.beta, pdf([['BETA']]))).id;
});

const notFound = 'Importazione non trovata';
const month = { year: '2026', month: '10' };
const ROUTES: AccessRoute[] = [
  {
    route: 'POST /admin/paycheck/import',
    grants: ['admin', 'accountant'],
    call: () => ({ url: '/admin/paycheck/import', body: { year: 2026 } }),
    probeStatus: 400,
  },
  {
    route: 'GET /admin/paycheck/import',
    grants: ['admin', 'accountant'],
    call: () => ({ url: '/admin/paycheck/import' }),
    probeStatus: 200,
  },
  {
    route: 'GET /admin/paycheck/import/:id',
    grants: ['admin', 'accountant'],
    call: () => ({ url: `/admin/paycheck/import/${demoImport}` }),
    probeStatus: 200,
    foreign: { as: 'accountant', call: () => ({ url: `/admin/paycheck/import/${betaImport}` }), message: notFound },
  },
  {
    route: 'GET /admin/paycheck/import/:id/file',
    grants: ['admin', 'accountant'],
    call: () => ({ url: `/admin/paycheck/import/${demoImport}/file` }),
    probeStatus: 200,
    foreign: {
      as: 'admin',
      call: () => ({ url: `/admin/paycheck/import/${betaImport}/file` }),
      message: notFound,
    },
  },
  {
    route: 'POST /admin/paycheck/import/:id/publish',
    grants: ['admin', 'accountant'],
    call: () => ({ url: `/admin/paycheck/import/${demoImport}/publish`, body: { pages: [], slips: [] } }),
    probeStatus: 400,
    foreign: {
      as: 'admin',
      call: () => ({
        url: `/admin/paycheck/import/${betaImport}/publish`,
        body: { pages: [{ page: 1, userInfoId: null }], slips: [] },
      }),
      message: notFound,
    },
  },
  {
    route: 'DELETE /admin/paycheck/import/:id',
    grants: ['admin', 'accountant'],
    call: () => ({ url: `/admin/paycheck/import/${demoImport}` }),
    probe: () => ({ url: '/admin/paycheck/import/x' }),
    probeStatus: 400,
    foreign: { as: 'admin', call: () => ({ url: `/admin/paycheck/import/${betaImport}` }), message: notFound },
  },
  {
    route: 'GET /admin/paycheck/delivery',
    grants: ['admin', 'accountant'],
    call: () => ({ url: '/admin/paycheck/delivery', query: month }),
    probeStatus: 200,
  },
  {
    route: 'GET /admin/paycheck/delivery/export',
    grants: ['admin', 'accountant'],
    call: () => ({ url: '/admin/paycheck/delivery/export', query: month }),
    probeStatus: 200,
  },
];

describeAccessTable(
  {
    module: 'paycheck imports',
    routes: ROUTES,
    ctx: () => t.ctx,
    sessions: () => t.sessions,
    plugins: [paycheckImportRoutes],
    routeCount: 8,
  },
  () => {
    it('nothing of the refused or foreign calls was written: both imports are still there, ready', async () => {
      const demo = await t.ctx.get(`/admin/paycheck/import/${demoImport}`, {
        session: t.sessions.admin,
        workspace: t.ctx.ws.demo,
      });
      const beta = await t.ctx.get(`/admin/paycheck/import/${betaImport}`, {
        session: t.betaAdmin,
        workspace: t.ctx.ws.beta,
      });
      expect(demo.json()).toMatchObject({ status: 'ready', pagesTotal: 1 });
      expect(beta.json()).toMatchObject({ status: 'ready', pagesTotal: 1 });
    });
  },
);
