import {
  apiMsg,
  GroupDetailSchema,
  GroupInputSchema,
  GroupLookupSchema,
  GroupPageSchema,
  IdParamsSchema,
  ListGroupsQuerySchema,
  MessageResponseSchema,
} from '@timbro/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { workspaceCtx } from '../../plugins/request-context';
import * as service from './groups.service';

const tags = ['groups'];

export function groupRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/admin/group',
      {
        config: { permission: 'group:read' },
        schema: {
          tags,
          summary: 'Groups with their member count',
          querystring: ListGroupsQuerySchema,
          response: { 200: GroupPageSchema },
        },
      },
      async (request) => service.listGroups(deps, workspaceCtx(request), request.query),
    );
    app.post(
      '/admin/group',
      {
        config: { permission: 'group:write' },
        schema: {
          tags,
          summary: 'Create a group (optionally with members)',
          body: GroupInputSchema,
          response: { 200: GroupDetailSchema },
        },
      },
      async (request) => service.createGroup(deps, workspaceCtx(request), request.body),
    );
    app.get(
      '/admin/group/:id',
      {
        config: { permission: 'group:read' },
        schema: {
          tags,
          summary: 'A group and its members',
          params: IdParamsSchema,
          response: { 200: GroupDetailSchema },
        },
      },
      async (request) => service.getGroup(deps, workspaceCtx(request), request.params.id),
    );
    app.post(
      '/admin/group/:id',
      {
        config: { permission: 'group:write' },
        schema: {
          tags,
          summary: 'Rename a group and/or replace its members',
          params: IdParamsSchema,
          body: GroupInputSchema,
          response: { 200: GroupDetailSchema },
        },
      },
      async (request) => service.updateGroup(deps, workspaceCtx(request), request.params.id, request.body),
    );
    app.delete(
      '/admin/group/:id',
      {
        config: { permission: 'group:write' },
        schema: {
          tags,
          summary: 'Delete a group (its members stay in the workspace)',
          params: IdParamsSchema,
          response: { 200: MessageResponseSchema },
        },
      },
      async (request) => {
        await service.deleteGroup(deps, workspaceCtx(request), request.params.id);
        return { message: apiMsg.done.groupDeleted };
      },
    );
    app.get(
      '/attendance/ajax/groups',
      {
        config: { permission: 'workspace:read' },
        schema: { tags, summary: 'Lookup: groups of the active workspace', response: { 200: GroupLookupSchema } },
      },
      async (request) => service.lookupGroups(deps, workspaceCtx(request)),
    );
  };
}
