import {
  IdParamsSchema,
  UpdateWorkspaceInputSchema,
  WORKSPACE_HEADER,
  WorkspaceListSchema,
  WorkspaceSchema,
} from '@timbro/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { requireActor, resolveWorkspace, workspaceCtx } from '../../plugins/request-context';
import { routeOptions } from '../../plugins/route-options';
import * as service from './workspaces.service';

const route = routeOptions(['workspaces']);

export function workspaceRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/workspace/list',
      route('workspace:list', {
        summary: 'Workspaces of the current user; the X-Workspace-Id response header names the current one',
        reply: WorkspaceListSchema,
      }),
      async (request, reply) => {
        const actor = requireActor(request);
        const current = request.workspace?.membership ?? resolveWorkspace(actor, undefined);
        if (current) reply.header(WORKSPACE_HEADER, current.workspaceId);
        return service.listWorkspaces(deps, actor);
      },
    );

    app.get(
      '/admin/workspace/:id',
      route('settings:read', {
        summary: 'Company details of the active workspace',
        params: IdParamsSchema,
        reply: WorkspaceSchema,
      }),
      async (request) => service.getWorkspace(deps, workspaceCtx(request), request.params.id),
    );

    app.get(
      '/workspace/logo/:id',
      route('workspace:read', {
        summary:
          'One of the active workspace’s logos (its file id from the company details or the workspace list), shown inline; ETag and a day of private caching',
        params: IdParamsSchema,
      }),
      async (request, reply) => service.sendLogo(deps, workspaceCtx(request), reply, request.params.id),
    );

    app.post(
      '/admin/workspace/:id',
      route('workspace:update', {
        summary: 'Update the company details (admins only)',
        params: IdParamsSchema,
        body: UpdateWorkspaceInputSchema,
        reply: WorkspaceSchema,
      }),
      async (request) => service.updateWorkspace(deps, workspaceCtx(request), request.params.id, request.body),
    );
  };
}
