import { fileRoutes } from '../src/modules/files/files.routes';
import { describeAccessTable, useAccessContext, type AccessRoute } from './access-table';

/**
 * Access to the files module's routes (access-table.ts): 401, 403 for the accountant and the member before the upload
 * is read, the admin gets past (a call without a file is a 400). A logo is a new record: there is no other workspace's
 * record to reach; the logo ids of the company details are checked in files.routes.test.ts.
 */

const t = useAccessContext();

const ROUTES: AccessRoute[] = [
  {
    route: 'POST /admin/file/logo',
    grants: ['admin'],
    call: () => ({ url: '/admin/file/logo', body: {} }),
    probeStatus: 400,
  },
  {
    route: 'GET /admin/file/storage',
    grants: ['admin', 'accountant'],
    call: () => ({ url: '/admin/file/storage' }),
    probeStatus: 200,
  },
];

describeAccessTable({
  module: 'files',
  routes: ROUTES,
  ctx: () => t.ctx,
  sessions: () => t.sessions,
  plugins: [fileRoutes],
  routeCount: 2,
});
