import {
  apiMsg,
  ContractInputSchema,
  ContractListSchema,
  ContractPageSchema,
  ContractSchema,
  IdParamsSchema,
  ListContractsQuerySchema,
  MessageResponseSchema,
} from '@timbro/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { workspaceCtx } from '../../plugins/request-context';
import { confirm, routeOptions } from '../../plugins/route-options';
import * as service from './contracts.service';

const route = routeOptions(['contracts']);

export function contractRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/admin/contract',
      route('contract:read', {
        summary: 'All contracts: filter relevant (default) / active / expiring (ends within 30 days) / expired / all',
        querystring: ListContractsQuerySchema,
        reply: ContractPageSchema,
      }),
      async (request) => service.listContracts(deps, workspaceCtx(request), request.query),
    );
    app.get(
      '/admin/user/:id/contract',
      route('contract:read', {
        summary: "An employee's contracts, newest first",
        params: IdParamsSchema,
        reply: ContractListSchema,
      }),
      async (request) => service.userContracts(deps, workspaceCtx(request), request.params.id),
    );
    app.post(
      '/admin/user/:id/contract',
      route('contract:write', {
        summary: 'Create a contract for an employee (no overlap with the others)',
        params: IdParamsSchema,
        body: ContractInputSchema,
        reply: ContractSchema,
      }),
      async (request) => service.createContract(deps, workspaceCtx(request), request.params.id, request.body),
    );
    app.get(
      '/admin/contract/:id',
      route('contract:read', {
        summary: 'One contract',
        params: IdParamsSchema,
        reply: ContractSchema,
      }),
      async (request) => service.getContract(deps, workspaceCtx(request), request.params.id),
    );
    app.post(
      '/admin/contract/:id',
      route('contract:write', {
        summary: 'Edit a contract (the worker type cannot change)',
        params: IdParamsSchema,
        body: ContractInputSchema,
        reply: ContractSchema,
      }),
      async (request) => service.updateContract(deps, workspaceCtx(request), request.params.id, request.body),
    );
    app.delete(
      '/admin/contract/:id',
      route('contract:write', {
        summary: 'Delete a contract (and its monthly accruals)',
        params: IdParamsSchema,
        reply: MessageResponseSchema,
      }),
      async (request) =>
        confirm(apiMsg.done.contractDeleted, service.deleteContract(deps, workspaceCtx(request), request.params.id)),
    );
  };
}
