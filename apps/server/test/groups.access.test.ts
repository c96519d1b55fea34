import { beforeAll, expect, it } from 'vitest';
import { groupRoutes } from '../src/modules/groups/groups.routes';
import { describeAccessTable, useAccessContext, type AccessRoute } from './access-table';

/**
 * Access to every route of the groups module, table-driven (access-table.ts): 401 without a session, 403 for each role
 * a route does not grant (before validation), the granted roles get past the check, and Beta's group used from Demo
 * is not found.
 */

const t = useAccessContext();
let demoGroupId: string;
let betaGroupId: string;

beforeAll(async () => {
  const demo = await t.ctx.post(
    '/admin/group',
    { name: 'Prova di accesso' },
    { session: t.sessions.admin, workspace: t.ctx.ws.demo },
  );
  const beta = await t.ctx.post(
    '/admin/group',
    { name: 'Magazzino' },
    { session: t.betaAdmin, workspace: t.ctx.ws.beta },
  );
  expect(demo.statusCode, demo.body).toBe(200);
  expect(beta.statusCode, beta.body).toBe(200);
  demoGroupId = demo.json().id;
  betaGroupId = beta.json().id;
});

const GROUP = { name: 'Vendite' };
const ROUTES: AccessRoute[] = [
  {
    route: 'GET /admin/group',
    grants: ['admin', 'accountant'],
    call: () => ({ url: '/admin/group' }),
    probeStatus: 200,
  },
  {
    route: 'POST /admin/group',
    grants: ['admin'],
    call: () => ({ url: '/admin/group', body: GROUP }),
    probe: () => ({ url: '/admin/group', body: {} }),
    probeStatus: 400,
  },
  {
    route: 'GET /admin/group/:id',
    grants: ['admin', 'accountant'],
    call: () => ({ url: `/admin/group/${demoGroupId}` }),
    probeStatus: 200,
    foreign: { as: 'accountant', call: () => ({ url: `/admin/group/${betaGroupId}` }), message: 'Gruppo non trovato' },
  },
  {
    route: 'POST /admin/group/:id',
    grants: ['admin'],
    call: () => ({ url: `/admin/group/${demoGroupId}`, body: GROUP }),
    probe: () => ({ url: `/admin/group/${demoGroupId}`, body: {} }),
    probeStatus: 400,
    foreign: {
      as: 'admin',
      call: () => ({ url: `/admin/group/${betaGroupId}`, body: GROUP }),
      message: 'Gruppo non trovato',
    },
  },
  {
    route: 'DELETE /admin/group/:id',
    grants: ['admin'],
    call: () => ({ url: `/admin/group/${demoGroupId}` }),
    probe: () => ({ url: '/admin/group/x' }),
    probeStatus: 400,
    foreign: { as: 'admin', call: () => ({ url: `/admin/group/${betaGroupId}` }), message: 'Gruppo non trovato' },
  },
  {
    route: 'GET /attendance/ajax/groups',
    grants: ['admin', 'accountant', 'member'],
    call: () => ({ url: '/attendance/ajax/groups' }),
    probeStatus: 200,
  },
];

describeAccessTable(
  {
    module: 'groups',
    routes: ROUTES,
    ctx: () => t.ctx,
    sessions: () => t.sessions,
    plugins: [groupRoutes],
    routeCount: 6,
  },
  () => {
    it('nothing of the refused or foreign calls was written: both groups keep their names', async () => {
      const read = async (id: string, session = t.sessions.admin, workspace = t.ctx.ws.demo) =>
        (await t.ctx.get(`/admin/group/${id}`, { session, workspace })).json() as { name: string };
      expect((await read(demoGroupId)).name).toBe('Prova di accesso');
      expect((await read(betaGroupId, t.betaAdmin, t.ctx.ws.beta)).name).toBe('Magazzino');
    });
  },
);
