import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { justifications, payrollSettings, userInfos } from '../src/db/schema';
import { payrollSettingsRoutes } from '../src/modules/payroll-settings/payroll-settings.routes';
import { describeAccessTable, useAccessContext, type AccessRoute } from './access-table';
import { justificationId } from './factories';
import { membershipIdOf } from './helpers';

/**
 * Access to the payroll integration's settings (company, employees, absence types), table-driven (access-table.ts):
 * the admin's screens, reads included (`payroll:settings`); 401 without a session, 403 for the labour consultant and
 * the employee before validation, and Beta's records used from Demo are not found.
 */

const t = useAccessContext();
let marioId: string;
let betaEmployeeId: string;
let demoFerId: string;
let betaFerId: string;

beforeAll(async () => {
  marioId = await membershipIdOf(t.ctx, 'mario.rossi@demo.timbro.it', t.ctx.ws.demo);
  betaEmployeeId = await membershipIdOf(t.ctx, 'valentina.barbieri@beta.timbro.it', t.ctx.ws.beta);
  demoFerId = await justificationId(t.ctx, t.ctx.ws.demo, 'FER');
  betaFerId = await justificationId(t.ctx, t.ctx.ws.beta, 'FER');
});

const COMPANY = { companyCode: '12', branchCode: '1', workedCode: 'ORD', overtimeCode: 'STR' };
const ROUTES: AccessRoute[] = [
  {
    route: 'GET /admin/payroll/company',
    grants: ['admin'],
    call: () => ({ url: '/admin/payroll/company' }),
    probeStatus: 200,
  },
  {
    route: 'PUT /admin/payroll/company',
    grants: ['admin'],
    call: () => ({ url: '/admin/payroll/company', body: COMPANY }),
    probe: () => ({ url: '/admin/payroll/company', body: { companyCode: 'x' } }),
    probeStatus: 400,
  },
  {
    route: 'GET /admin/payroll/employees',
    grants: ['admin'],
    call: () => ({ url: '/admin/payroll/employees' }),
    probeStatus: 200,
  },
  {
    route: 'PUT /admin/payroll/employees',
    grants: ['admin'],
    call: () => ({ url: '/admin/payroll/employees', body: { items: [{ id: marioId, payrollCode: '7' }] } }),
    probe: () => ({ url: '/admin/payroll/employees', body: { items: [] } }),
    probeStatus: 400,
    foreign: {
      as: 'admin',
      call: () => ({ url: '/admin/payroll/employees', body: { items: [{ id: betaEmployeeId, payrollCode: '7' }] } }),
      message: 'Dipendente non trovato',
    },
  },
  {
    route: 'POST /admin/payroll/employees/import',
    grants: ['admin'],
    call: () => ({ url: '/admin/payroll/employees/import' }),
    probeStatus: 400,
  },
  {
    route: 'GET /admin/payroll/justifications',
    grants: ['admin'],
    call: () => ({ url: '/admin/payroll/justifications' }),
    probeStatus: 200,
  },
  {
    route: 'PUT /admin/payroll/justifications',
    grants: ['admin'],
    call: () => ({ url: '/admin/payroll/justifications', body: { items: [{ id: demoFerId, payrollCode: 'F1' }] } }),
    probe: () => ({ url: '/admin/payroll/justifications', body: { items: [] } }),
    probeStatus: 400,
    foreign: {
      as: 'admin',
      call: () => ({ url: '/admin/payroll/justifications', body: { items: [{ id: betaFerId, payrollCode: 'F1' }] } }),
      message: 'Giustificativo non trovato',
    },
  },
];

describeAccessTable(
  {
    module: 'payroll settings',
    routes: ROUTES,
    ctx: () => t.ctx,
    sessions: () => t.sessions,
    plugins: [payrollSettingsRoutes],
    routeCount: 7,
  },
  () => {
    it('nothing of the refused or foreign calls was written', async () => {
      expect(await t.ctx.db.select().from(payrollSettings)).toEqual([]);
      const codes = await t.ctx.db
        .select({ code: userInfos.payrollCode })
        .from(userInfos)
        .where(eq(userInfos.id, betaEmployeeId));
      expect(codes).toEqual([{ code: null }]);
      const mario = await t.ctx.db
        .select({ code: userInfos.payrollCode })
        .from(userInfos)
        .where(eq(userInfos.id, marioId));
      expect(mario).toEqual([{ code: null }]);
      const fer = await t.ctx.db
        .select({ code: justifications.payrollCode })
        .from(justifications)
        .where(eq(justifications.id, betaFerId));
      expect(fer).toEqual([{ code: 'FE' }]);
    });
  },
);
