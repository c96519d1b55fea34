import {
  DeliveryQuerySchema,
  DeliverySummarySchema,
  IdParamsSchema,
  ListImportsQuerySchema,
  MessageResponseSchema,
  PaycheckImportDetailSchema,
  PaycheckImportPageSchema,
  PaycheckImportSchema,
  PublishImportSchema,
} from '@timbro/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { workspaceCtx } from '../../plugins/request-context';
import { routeOptions } from '../../plugins/route-options';
import * as delivery from './delivery.service';
import * as service from './imports.service';

const route = routeOptions(['paychecks']);

/** The bulk import of pay slips and the delivery report (ADR 0019). */
export function paycheckImportRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/admin/paycheck/import',
      route('paycheck:write', {
        summary:
          'Upload the monthly PDF of every pay slip (multipart: year, month, `file` — a PDF of at most 100 MB and 1000 pages; confirm=true to import again a file already imported for that month, else 409 on `confirm`). The pages are then read by a job: poll the import.',
        consumes: ['multipart/form-data'],
        response: { 202: PaycheckImportSchema },
      }),
      async (request, reply) => reply.code(202).send(await service.uploadImport(deps, workspaceCtx(request), request)),
    );
    app.get(
      '/admin/paycheck/import',
      route('paycheck:read', {
        summary: 'The imports, newest first',
        querystring: ListImportsQuerySchema,
        reply: PaycheckImportPageSchema,
      }),
      async (request) => service.listImports(deps, workspaceCtx(request), request.query),
    );
    app.get(
      '/admin/paycheck/import/:id',
      route('paycheck:read', {
        summary: 'One import: its progress, the analysis of every page once read, the employees to choose from',
        params: IdParamsSchema,
        reply: PaycheckImportDetailSchema,
      }),
      async (request) => service.getImport(deps, workspaceCtx(request), request.params.id),
    );
    app.get(
      '/admin/paycheck/import/:id/file',
      route('paycheck:read', {
        summary: 'The uploaded PDF (the review previews its pages)',
        params: IdParamsSchema,
      }),
      async (request, reply) => service.downloadOriginal(deps, workspaceCtx(request), request.params.id, reply),
    );
    app.post(
      '/admin/paycheck/import/:id/publish',
      route('paycheck:write', {
        summary:
          'Publish the reviewed import, all or nothing: the chosen employee of every page (null leaves it out; manual=true confirms a page without the employee’s codice fiscale) and the fields of every slip by its first page',
        params: IdParamsSchema,
        body: PublishImportSchema,
        response: { 202: MessageResponseSchema },
      }),
      async (request, reply) =>
        reply.code(202).send(await service.publishImport(deps, workspaceCtx(request), request.params.id, request.body)),
    );
    app.delete(
      '/admin/paycheck/import/:id',
      route('paycheck:write', {
        summary: 'Delete an import that is not published, with its file',
        params: IdParamsSchema,
        reply: MessageResponseSchema,
      }),
      async (request) => service.deleteImport(deps, workspaceCtx(request), request.params.id),
    );
    app.get(
      '/admin/paycheck/delivery',
      route('paycheck:read', {
        summary: 'Delivery of one month: published, opened by the employee, unopened after 7 days, reminded',
        querystring: DeliveryQuerySchema,
        reply: DeliverySummarySchema,
      }),
      async (request) => delivery.deliverySummary(deps, workspaceCtx(request), request.query.year, request.query.month),
    );
    app.get(
      '/admin/paycheck/delivery/export',
      route('paycheck:read', {
        summary: 'The delivery report of one month as CSV or PDF, for the labour consultant',
        querystring: DeliveryQuerySchema.extend({ format: z.enum(['csv', 'pdf']).default('csv') }),
      }),
      async (request, reply) => delivery.exportDelivery(deps, workspaceCtx(request), request.query, reply),
    );
  };
}
