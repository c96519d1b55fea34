import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { workspaces } from '../src/db/schema';
import { workspaceRoutes } from '../src/modules/workspaces/workspaces.routes';
import { describeAccessTable, useAccessContext, type AccessRoute } from './access-table';

/**
 * Access to every route of the workspaces module, table-driven (access-table.ts): 401 without a session, 403 for each
 * role a route does not grant (before validation), the granted roles get past the check, and Beta's company used from
 * Demo is not found.
 */

const t = useAccessContext();
const COMPANY = { workspace_company: { name: 'Azienda rubata', email: 'furto@demo.timbro.it' } };

const ROUTES: AccessRoute[] = [
  // Everyone signed in lists their own companies.
  {
    route: 'GET /workspace/list',
    grants: ['admin', 'accountant', 'member'],
    call: () => ({ url: '/workspace/list' }),
    probeStatus: 200,
  },
  {
    route: 'GET /admin/workspace/:id',
    grants: ['admin', 'accountant'],
    call: () => ({ url: `/admin/workspace/${t.ctx.ws.demo}` }),
    probeStatus: 200,
    foreign: {
      as: 'accountant',
      call: () => ({ url: `/admin/workspace/${t.ctx.ws.beta}` }),
      message: 'Azienda non trovata',
    },
  },
  // Everyone working in the workspace sees its logo (the header); a file that is not one of its logos is not found.
  {
    route: 'GET /workspace/logo/:id',
    grants: ['admin', 'accountant', 'member'],
    call: () => ({ url: `/workspace/logo/${randomUUID()}` }),
    probe: () => ({ url: '/workspace/logo/non-un-id' }),
    probeStatus: 400,
  },
  {
    route: 'POST /admin/workspace/:id',
    grants: ['admin'],
    call: () => ({ url: `/admin/workspace/${t.ctx.ws.demo}`, body: COMPANY }),
    probe: () => ({ url: `/admin/workspace/${t.ctx.ws.demo}`, body: { workspace_company: { name: '' } } }),
    probeStatus: 400,
    foreign: {
      as: 'admin',
      call: () => ({ url: `/admin/workspace/${t.ctx.ws.beta}`, body: COMPANY }),
      message: 'Azienda non trovata',
    },
  },
];

describeAccessTable(
  {
    module: 'workspaces',
    routes: ROUTES,
    ctx: () => t.ctx,
    sessions: () => t.sessions,
    plugins: [workspaceRoutes],
    routeCount: 4,
  },
  () => {
    it('nothing of the refused or foreign calls was written: Demo and Beta keep their names', async () => {
      expect((await t.ctx.db.select().from(workspaces).where(eq(workspaces.id, t.ctx.ws.demo)))[0]!.name).toBe(
        'Demo S.r.l.',
      );
      expect((await t.ctx.db.select().from(workspaces).where(eq(workspaces.id, t.ctx.ws.beta)))[0]!.name).toBe(
        'Beta S.p.A.',
      );
    });
  },
);
