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
import * as service from './contracts.service';

const tags = ['contracts'];

export function contractRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/admin/contract',
      {
        config: { permission: 'contract:read' },
        schema: {
          tags,
          summary: 'All contracts: filter relevant (default) / active / expiring (ends within 30 days) / expired / all',
          querystring: ListContractsQuerySchema,
          response: { 200: ContractPageSchema },
        },
      },
      async (request) => service.listContracts(deps, workspaceCtx(request), request.query),
    );
    app.get(
      '/admin/user/:id/contract',
      {
        config: { permission: 'contract:read' },
        schema: {
          tags,
          summary: "An employee's contracts, newest first",
          params: IdParamsSchema,
          response: { 200: ContractListSchema },
        },
      },
      async (request) => service.userContracts(deps, workspaceCtx(request), request.params.id),
    );
    app.post(
      '/admin/user/:id/contract',
      {
        config: { permission: 'contract:write' },
        schema: {
          tags,
          summary: 'Create a contract for an employee (no overlap with the others)',
          params: IdParamsSchema,
          body: ContractInputSchema,
          response: { 200: ContractSchema },
        },
      },
      async (request) => service.createContract(deps, workspaceCtx(request), request.params.id, request.body),
    );
    app.get(
      '/admin/contract/:id',
      {
        config: { permission: 'contract:read' },
        schema: { tags, summary: 'One contract', params: IdParamsSchema, response: { 200: ContractSchema } },
      },
      async (request) => service.getContract(deps, workspaceCtx(request), request.params.id),
    );
    app.post(
      '/admin/contract/:id',
      {
        config: { permission: 'contract:write' },
        schema: {
          tags,
          summary: 'Edit a contract (the worker type cannot change)',
          params: IdParamsSchema,
          body: ContractInputSchema,
          response: { 200: ContractSchema },
        },
      },
      async (request) => service.updateContract(deps, workspaceCtx(request), request.params.id, request.body),
    );
    app.delete(
      '/admin/contract/:id',
      {
        config: { permission: 'contract:write' },
        schema: {
          tags,
          summary: 'Delete a contract (and its monthly accruals)',
          params: IdParamsSchema,
          response: { 200: MessageResponseSchema },
        },
      },
      async (request) => {
        await service.deleteContract(deps, workspaceCtx(request), request.params.id);
        return { message: apiMsg.done.contractDeleted };
      },
    );
  };
}
