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
import * as service from './paychecks.service';

const tags = ['paychecks'];
const multipart = ['multipart/form-data'];
const formNote =
  'multipart/form-data: year, month, description, netAmount (e.g. 1234,56), currencyCode (EUR by default) and the PDF as `file` (at most 10 MB, read from its content)';

export function paycheckRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/admin/paycheck',
      {
        config: { permission: 'paycheck:read' },
        schema: {
          tags,
          summary: 'Pay slips of the whole workspace: filters by year, month, employee, opened or not; sorted, paged',
          querystring: ListPaychecksQuerySchema,
          response: { 200: AdminPaycheckPageSchema },
        },
      },
      async (request) => service.listPaychecks(deps, workspaceCtx(request), request.query),
    );
    app.get(
      '/admin/user/:id/paycheck',
      {
        config: { permission: 'paycheck:read' },
        schema: {
          tags,
          summary: 'Pay slips of one employee',
          params: IdParamsSchema,
          querystring: ListPaychecksQuerySchema,
          response: { 200: AdminPaycheckPageSchema },
        },
      },
      async (request) => service.listPaychecks(deps, workspaceCtx(request), request.query, request.params.id),
    );
    app.post(
      '/admin/user/:id/paycheck',
      {
        config: { permission: 'paycheck:write' },
        schema: {
          tags,
          summary: `Publish a pay slip to an employee (e-mailed). ${formNote}`,
          consumes: multipart,
          params: IdParamsSchema,
          response: { 200: AdminPaycheckSchema },
        },
      },
      async (request) => service.createPaycheck(deps, workspaceCtx(request), request.params.id, request),
    );
    app.get(
      '/admin/paycheck/:id',
      {
        config: { permission: 'paycheck:read' },
        schema: { tags, summary: 'A pay slip', params: IdParamsSchema, response: { 200: AdminPaycheckSchema } },
      },
      async (request) => service.getPaycheck(deps, workspaceCtx(request), request.params.id),
    );
    app.post(
      '/admin/paycheck/:id',
      {
        config: { permission: 'paycheck:write' },
        schema: {
          tags,
          summary: `Edit a pay slip; a new \`file\` replaces the PDF (its first-open mark starts again). ${formNote}`,
          consumes: multipart,
          params: IdParamsSchema,
          response: { 200: AdminPaycheckSchema },
        },
      },
      async (request) => service.updatePaycheck(deps, workspaceCtx(request), request.params.id, request),
    );
    app.delete(
      '/admin/paycheck/:id',
      {
        config: { permission: 'paycheck:write' },
        schema: {
          tags,
          summary: 'Delete a pay slip and its PDF',
          params: IdParamsSchema,
          response: { 200: MessageResponseSchema },
        },
      },
      async (request) => service.deletePaycheck(deps, workspaceCtx(request), request.params.id),
    );
    app.get(
      '/admin/paycheck/:id/attachment',
      {
        config: { permission: 'paycheck:read' },
        schema: { tags, summary: 'Download the PDF (the open is logged)', params: IdParamsSchema },
      },
      async (request, reply) => service.adminDownload(deps, workspaceCtx(request), request.params.id, reply),
    );
    app.get(
      '/member/paycheck',
      {
        config: { permission: 'paycheck:read:own' },
        schema: {
          tags,
          summary: 'My pay slips, newest first',
          querystring: MyPaychecksQuerySchema,
          response: { 200: PaycheckPageSchema },
        },
      },
      async (request) => service.myPaychecks(deps, workspaceCtx(request), request.query),
    );
    app.get(
      '/member/paycheck/:id',
      {
        config: { permission: 'paycheck:read:own' },
        schema: { tags, summary: 'One of my pay slips', params: IdParamsSchema, response: { 200: PaycheckSchema } },
      },
      async (request) => service.myPaycheck(deps, workspaceCtx(request), request.params.id),
    );
    app.get(
      '/member/paycheck/:id/attachment',
      {
        config: { permission: 'paycheck:read:own' },
        schema: {
          tags,
          summary: 'Download my pay slip (the first download is recorded as attachmentFirstOpenAt)',
          params: IdParamsSchema,
        },
      },
      async (request, reply) => service.myDownload(deps, workspaceCtx(request), request.params.id, reply),
    );
  };
}
