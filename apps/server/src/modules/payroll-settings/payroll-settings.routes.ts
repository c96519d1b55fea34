import {
  ListPayrollEmployeesQuerySchema,
  PayrollCodesImportResultSchema,
  PayrollCompanyInputSchema,
  PayrollCompanySchema,
  PayrollEmployeeCodesInputSchema,
  PayrollEmployeePageSchema,
  PayrollJustificationCodesInputSchema,
  PayrollJustificationListSchema,
} from '@timbro/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { uploadedFile } from '../../lib/upload';
import { workspaceCtx } from '../../plugins/request-context';
import { routeOptions } from '../../plugins/route-options';
import { importEmployeeCodes } from './payroll-import.service';
import * as service from './payroll-settings.service';

const route = routeOptions(['payroll']);
/** The integration's settings screens are the admin's: reads and writes alike. */
const permission = 'payroll:settings' as const;

export function payrollSettingsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/admin/payroll/company',
      route(permission, {
        summary: 'Payroll integration, company section: company and branch codes, worked and overtime item codes',
        reply: PayrollCompanySchema,
      }),
      async (request) => service.getCompany(deps, workspaceCtx(request)),
    );
    app.put(
      '/admin/payroll/company',
      route(permission, {
        summary: 'Save the company section (empty values clear a code)',
        body: PayrollCompanyInputSchema,
        reply: PayrollCompanySchema,
      }),
      async (request) => service.updateCompany(deps, workspaceCtx(request), request.body),
    );
    app.get(
      '/admin/payroll/employees',
      route(permission, {
        summary: 'Employees with their payroll code (search, only the missing ones; paginated), and how many miss one',
        querystring: ListPayrollEmployeesQuerySchema,
        reply: PayrollEmployeePageSchema,
      }),
      async (request) => service.listEmployees(deps, workspaceCtx(request), request.query),
    );
    app.put(
      '/admin/payroll/employees',
      route(permission, {
        summary: 'Set the payroll code of several employees at once, all or nothing',
        body: PayrollEmployeeCodesInputSchema,
        reply: PayrollCodesImportResultSchema,
      }),
      async (request) => service.setEmployeeCodes(deps, workspaceCtx(request), request.body),
    );
    app.post(
      '/admin/payroll/employees/import',
      route(permission, {
        summary: 'Import employee codes from a CSV/XLSX (codice_fiscale or email, codice), all or nothing',
        consumes: ['multipart/form-data'],
        reply: PayrollCodesImportResultSchema,
      }),
      async (request) => importEmployeeCodes(deps, workspaceCtx(request), await uploadedFile(request)),
    );
    app.get(
      '/admin/payroll/justifications',
      route(permission, {
        summary: 'Every absence type with its payroll code',
        reply: PayrollJustificationListSchema,
      }),
      async (request) => service.listJustifications(deps, workspaceCtx(request)),
    );
    app.put(
      '/admin/payroll/justifications',
      route(permission, {
        summary: 'Set the payroll code of several absence types at once, all or nothing (answers the whole list)',
        body: PayrollJustificationCodesInputSchema,
        reply: PayrollJustificationListSchema,
      }),
      async (request) => service.setJustificationCodes(deps, workspaceCtx(request), request.body),
    );
  };
}
