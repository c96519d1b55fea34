import { IdParamsSchema, PayrollExportInputSchema, PayrollExportListSchema, PayrollExportSchema } from '@timbro/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { sendFile } from '../../lib/http-file';
import { workspaceCtx } from '../../plugins/request-context';
import * as service from './payroll-exports.service';

const tags = ['payroll'];

export function payrollExportRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/admin/month-log/:id/export',
      {
        config: { permission: 'payroll:export' },
        schema: {
          tags,
          summary: 'Make a payroll file from a completed version (409 with every missing or over-length code)',
          params: IdParamsSchema,
          body: PayrollExportInputSchema,
          response: { 200: PayrollExportSchema },
        },
      },
      async (request) => service.exportVersion(deps, workspaceCtx(request), request.params.id, request.body),
    );
    app.get(
      '/admin/month-log/:id/exports',
      {
        config: { permission: 'payroll:export' },
        schema: {
          tags,
          summary: 'The payroll files made from a version, newest first',
          params: IdParamsSchema,
          response: { 200: PayrollExportListSchema },
        },
      },
      async (request) => service.listExports(deps, workspaceCtx(request), request.params.id),
    );
    app.get(
      '/admin/payroll-export/:id/download',
      {
        config: { permission: 'payroll:export' },
        schema: { tags, summary: 'Download a payroll file again (the stored bytes)', params: IdParamsSchema },
      },
      async (request, reply) =>
        sendFile(reply, await service.downloadExport(deps, workspaceCtx(request), request.params.id)),
    );
  };
}
