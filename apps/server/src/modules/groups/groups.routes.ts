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
import { confirm, routeOptions } from '../../plugins/route-options';
import * as service from './groups.service';

const route = routeOptions(['groups']);

export function groupRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/admin/group',
      route('group:read', {
        summary: 'Groups with their member count',
        querystring: ListGroupsQuerySchema,
        reply: GroupPageSchema,
      }),
      async (request) => service.listGroups(deps, workspaceCtx(request), request.query),
    );
    app.post(
      '/admin/group',
      route('group:write', {
        summary: 'Create a group (optionally with members)',
        body: GroupInputSchema,
        reply: GroupDetailSchema,
      }),
      async (request) => service.createGroup(deps, workspaceCtx(request), request.body),
    );
    app.get(
      '/admin/group/:id',
      route('group:read', {
        summary: 'A group and its members',
        params: IdParamsSchema,
        reply: GroupDetailSchema,
      }),
      async (request) => service.getGroup(deps, workspaceCtx(request), request.params.id),
    );
    app.post(
      '/admin/group/:id',
      route('group:write', {
        summary: 'Rename a group and/or replace its members',
        params: IdParamsSchema,
        body: GroupInputSchema,
        reply: GroupDetailSchema,
      }),
      async (request) => service.updateGroup(deps, workspaceCtx(request), request.params.id, request.body),
    );
    app.delete(
      '/admin/group/:id',
      route('group:write', {
        summary: 'Delete a group (its members stay in the workspace)',
        params: IdParamsSchema,
        reply: MessageResponseSchema,
      }),
      async (request) =>
        confirm(apiMsg.done.groupDeleted, service.deleteGroup(deps, workspaceCtx(request), request.params.id)),
    );
    app.get(
      '/attendance/ajax/groups',
      route('workspace:read', {
        summary: 'Lookup: groups of the active workspace',
        reply: GroupLookupSchema,
      }),
      async (request) => service.lookupGroups(deps, workspaceCtx(request)),
    );
  };
}
