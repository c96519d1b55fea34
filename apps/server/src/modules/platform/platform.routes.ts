import {
  CreatePlatformWorkspaceInputSchema,
  IdParamsSchema,
  ListPlatformWorkspacesQuerySchema,
  PlatformWorkspacePageSchema,
  PlatformWorkspaceSchema,
  WorkspaceQuotaInputSchema,
} from '@timbro/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { actorRef } from '../../plugins/request-context';
import { routeOptions } from '../../plugins/route-options';
import * as service from './platform.service';

const route = routeOptions(['platform']);

/** The platform operator's area (ADR 0023): `platform:manage` only, whatever the active workspace. */
export function platformRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/platform/workspace',
      route('platform:manage', {
        summary: 'Every workspace of the platform with its employee and admin counts (paged, sorted, searched)',
        querystring: ListPlatformWorkspacesQuerySchema,
        reply: PlatformWorkspacePageSchema,
      }),
      async (request) => service.listWorkspaces(deps, request.query),
    );

    app.post(
      '/platform/workspace',
      route('platform:manage', {
        summary: 'Create a workspace with its defaults and invite its first admin',
        body: CreatePlatformWorkspaceInputSchema,
        reply: PlatformWorkspaceSchema,
      }),
      async (request) => service.createWorkspace(deps, actorRef(request), request.body, request.log),
    );

    app.post(
      '/platform/workspace/:id/quota',
      route('platform:manage', {
        summary: 'Set a workspace’s file storage quota (megabytes and files); uploads past it are refused',
        params: IdParamsSchema,
        body: WorkspaceQuotaInputSchema,
        reply: PlatformWorkspaceSchema,
      }),
      async (request) => service.setStorageQuota(deps, actorRef(request), request.params.id, request.body),
    );

    for (const [action, disabled] of [
      ['disable', true],
      ['enable', false],
    ] as const) {
      app.post(
        `/platform/workspace/:id/${action}`,
        route('platform:manage', {
          summary: disabled
            ? 'Disable a workspace: nobody enters it any more, its data stays'
            : 'Enable a disabled workspace again',
          params: IdParamsSchema,
          reply: PlatformWorkspaceSchema,
        }),
        async (request) => service.setWorkspaceDisabled(deps, actorRef(request), request.params.id, disabled),
      );
    }
  };
}
