import { IdParamsSchema, PayrollExportInputSchema, PayrollExportListSchema, PayrollExportSchema } from '@timbro/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { sendFile } from '../../lib/http-file';
import { workspaceCtx } from '../../plugins/request-context';
import { routeOptions } from '../../plugins/route-options';
import * as service from './payroll-exports.service';

const route = routeOptions(['payroll']);

export function payrollExportRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/admin/month-log/:id/export',
      route('payroll:export', {
        summary: 'Make a payroll file from a completed version (409 with every missing or over-length code)',
        params: IdParamsSchema,
        body: PayrollExportInputSchema,
        reply: PayrollExportSchema,
      }),
      async (request) => service.exportVersion(deps, workspaceCtx(request), request.params.id, request.body),
    );
    app.get(
      '/admin/month-log/:id/exports',
      route('payroll:export', {
        summary: 'The payroll files made from a version, newest first',
        params: IdParamsSchema,
        reply: PayrollExportListSchema,
      }),
      async (request) => service.listExports(deps, workspaceCtx(request), request.params.id),
    );
    app.get(
      '/admin/payroll-export/:id/download',
      route('payroll:export', {
        summary: 'Download a payroll file again (the stored bytes)',
        params: IdParamsSchema,
      }),
      async (request, reply) =>
        sendFile(reply, await service.downloadExport(deps, workspaceCtx(request), request.params.id)),
    );
  };
}
