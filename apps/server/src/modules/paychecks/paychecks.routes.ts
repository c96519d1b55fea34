import {
  AdminPaycheckPageSchema,
  AdminPaycheckSchema,
  IdParamsSchema,
  ListPaychecksQuerySchema,
  MessageResponseSchema,
  MyPaychecksQuerySchema,
  PaycheckPageSchema,
  PaycheckSchema,
} from '@timbro/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { workspaceCtx } from '../../plugins/request-context';
import { routeOptions } from '../../plugins/route-options';
import * as service from './paychecks.service';

const route = routeOptions(['paychecks']);
const multipart = ['multipart/form-data'];
const formNote =
  'multipart/form-data: year, month, description, netAmount (e.g. 1234,56), currencyCode (EUR by default) and the PDF as `file` (at most 10 MB, read from its content)';

export function paycheckRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/admin/paycheck',
      route('paycheck:read', {
        summary: 'Pay slips of the whole workspace: filters by year, month, employee, opened or not; sorted, paged',
        querystring: ListPaychecksQuerySchema,
        reply: AdminPaycheckPageSchema,
      }),
      async (request) => service.listPaychecks(deps, workspaceCtx(request), request.query),
    );
    app.get(
      '/admin/user/:id/paycheck',
      route('paycheck:read', {
        summary: 'Pay slips of one employee',
        params: IdParamsSchema,
        querystring: ListPaychecksQuerySchema,
        reply: AdminPaycheckPageSchema,
      }),
      async (request) => service.listPaychecks(deps, workspaceCtx(request), request.query, request.params.id),
    );
    app.post(
      '/admin/user/:id/paycheck',
      route('paycheck:write', {
        summary: `Publish a pay slip to an employee (e-mailed). ${formNote}`,
        consumes: multipart,
        params: IdParamsSchema,
        reply: AdminPaycheckSchema,
      }),
      async (request) => service.createPaycheck(deps, workspaceCtx(request), request.params.id, request),
    );
    app.get(
      '/admin/paycheck/:id',
      route('paycheck:read', {
        summary: 'A pay slip',
        params: IdParamsSchema,
        reply: AdminPaycheckSchema,
      }),
      async (request) => service.getPaycheck(deps, workspaceCtx(request), request.params.id),
    );
    app.post(
      '/admin/paycheck/:id',
      route('paycheck:write', {
        summary: `Edit a pay slip; a new \`file\` replaces the PDF (its first-open mark starts again). ${formNote}`,
        consumes: multipart,
        params: IdParamsSchema,
        reply: AdminPaycheckSchema,
      }),
      async (request) => service.updatePaycheck(deps, workspaceCtx(request), request.params.id, request),
    );
    app.delete(
      '/admin/paycheck/:id',
      route('paycheck:write', {
        summary: 'Delete a pay slip and its PDF',
        params: IdParamsSchema,
        reply: MessageResponseSchema,
      }),
      async (request) => service.deletePaycheck(deps, workspaceCtx(request), request.params.id),
    );
    app.get(
      '/admin/paycheck/:id/attachment',
      route('paycheck:read', {
        summary: 'Download the PDF (the open is logged)',
        params: IdParamsSchema,
      }),
      async (request, reply) => service.adminDownload(deps, workspaceCtx(request), request.params.id, reply),
    );
    app.get(
      '/member/paycheck',
      route('paycheck:read:own', {
        summary: 'My pay slips, newest first',
        querystring: MyPaychecksQuerySchema,
        reply: PaycheckPageSchema,
      }),
      async (request) => service.myPaychecks(deps, workspaceCtx(request), request.query),
    );
    app.get(
      '/member/paycheck/:id',
      route('paycheck:read:own', {
        summary: 'One of my pay slips',
        params: IdParamsSchema,
        reply: PaycheckSchema,
      }),
      async (request) => service.myPaycheck(deps, workspaceCtx(request), request.params.id),
    );
    app.get(
      '/member/paycheck/:id/attachment',
      route('paycheck:read:own', {
        summary: 'Download my pay slip (the first download is recorded as attachmentFirstOpenAt)',
        params: IdParamsSchema,
      }),
      async (request, reply) => service.myDownload(deps, workspaceCtx(request), request.params.id, reply),
    );
  };
}
