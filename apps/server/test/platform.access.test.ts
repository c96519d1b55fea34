import { WORKSPACE_ROLES } from '@timbro/shared';
import { beforeAll, expect, it } from 'vitest';
import { platformRoutes } from '../src/modules/platform/platform.routes';
import { describeAccessTable, sendAccess, useAccessContext, type AccessRoute, type AccessTable } from './access-table';
import { expectError, type Session } from './helpers';

/**
 * Access to every route of the platform module (ADR 0023), table-driven (access-table.ts). `platform:manage` is the
 * operator's alone, and the operator is no workspace role: the table grants no workspace role anything (admin,
 * accountant and member get 403 on every route, before validation), and the operator gets past the check, in a
 * workspace or without one.
 */

const t = useAccessContext();
let operator: Session;

beforeAll(async () => {
  operator = await t.ctx.login('operator@demo.timbro.it');
});

const NEW_WORKSPACE = {
  workspace_company: { name: 'Accesso S.r.l.', email: 'info@accesso.example.it' },
  admin: { email: 'admin@accesso.example.it', firstName: 'Ada', lastName: 'Neri', fiscalCode: 'NREDAA80A41H501S' },
};

const ROUTES: AccessRoute[] = [
  {
    route: 'GET /platform/workspace',
    grants: [],
    call: () => ({ url: '/platform/workspace' }),
    probeStatus: 200,
  },
  {
    route: 'POST /platform/workspace',
    grants: [],
    call: () => ({ url: '/platform/workspace', body: NEW_WORKSPACE }),
    probe: () => ({ url: '/platform/workspace', body: {} }),
    probeStatus: 400,
  },
  {
    route: 'POST /platform/workspace/:id/disable',
    grants: [],
    call: () => ({ url: `/platform/workspace/${t.ctx.ws.demo}/disable` }),
    probe: () => ({ url: '/platform/workspace/not-an-id/disable' }),
    probeStatus: 400,
  },
  {
    route: 'POST /platform/workspace/:id/quota',
    grants: [],
    call: () => ({ url: `/platform/workspace/${t.ctx.ws.demo}/quota`, body: { quotaMb: 4096, quotaFiles: 30000 } }),
    probe: () => ({ url: `/platform/workspace/${t.ctx.ws.demo}/quota`, body: {} }),
    probeStatus: 400,
  },
  {
    route: 'POST /platform/workspace/:id/enable',
    grants: [],
    call: () => ({ url: `/platform/workspace/${t.ctx.ws.beta}/enable` }),
    probe: () => ({ url: '/platform/workspace/not-an-id/enable' }),
    probeStatus: 400,
  },
];

const table: AccessTable = {
  module: 'platform',
  ctx: () => t.ctx,
  sessions: () => t.sessions,
  plugins: [platformRoutes],
  routeCount: 5,
  routes: ROUTES,
};

describeAccessTable(table, () => {
  it.each(ROUTES.map((r) => [r.route, r] as const))('%s: the operator gets past the check', async (_name, r) => {
    // In a workspace (the operator holds admin in every one) and without any: the permission is platform-wide.
    for (const workspace of [t.ctx.ws.demo, null]) {
      const call = (r.probe ?? r.call)();
      const res = await t.ctx.request(r.route.startsWith('GET') ? 'GET' : 'POST', call.url, call.body, {
        session: operator,
        workspace,
      });
      expect(res.statusCode, `${r.route} in ${workspace ?? 'no workspace'}: ${res.body}`).toBe(r.probeStatus);
      if (r.probeStatus === 400) expectError(res, 400, 'VALIDATION_FAILED');
    }
  });

  it('no workspace role is granted anything, and the well-formed calls changed nothing', async () => {
    expect(ROUTES.every((r) => r.grants.length === 0)).toBe(true);
    for (const role of WORKSPACE_ROLES) {
      const res = await sendAccess(table, ROUTES[0]!, ROUTES[0]!.call(), t.sessions[role]);
      expectError(res, 403, 'FORBIDDEN');
    }
    const list = await t.ctx.get('/platform/workspace', { session: operator, query: { search: 'accesso' } });
    expect(list.json().items).toEqual([]);
    const all = await t.ctx.get('/platform/workspace', { session: operator });
    expect(all.json().items.every((w: { disabledAt: string | null }) => w.disabledAt === null)).toBe(true);
  });
});
