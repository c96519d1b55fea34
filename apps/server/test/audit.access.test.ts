import { auditRoutes } from '../src/modules/audit/audit.routes';
import { describeAccessTable, useAccessContext, type AccessRoute } from './access-table';

/**
 * Access to the audit module's route, table-driven (access-table.ts): 401 without a session, 403 for the accountant
 * and the employee (before validation), the admin gets past the check. (That another workspace's history is never
 * listed is tested in audit.routes.test.ts and groups.routes.test.ts.)
 */

const t = useAccessContext();

const ROUTES: AccessRoute[] = [
  {
    route: 'GET /admin/audit',
    grants: ['admin'],
    call: () => ({ url: '/admin/audit', query: { entity_type: 'group' } }),
    probe: () => ({ url: '/admin/audit', query: { entity_type: 'everything' } }),
    probeStatus: 400,
  },
];

describeAccessTable({
  module: 'audit',
  routes: ROUTES,
  ctx: () => t.ctx,
  sessions: () => t.sessions,
  plugins: [auditRoutes],
  routeCount: 1,
});
