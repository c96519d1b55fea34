import {
  IdParamsSchema,
  JustificationGroupInputSchema,
  JustificationGroupListSchema,
  JustificationGroupLookupQuerySchema,
  JustificationGroupSchema,
  JustificationInputSchema,
  JustificationListSchema,
  JustificationLookupQuerySchema,
  JustificationSchema,
} from '@timbro/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { workspaceCtx } from '../../plugins/request-context';
import { routeOptions } from '../../plugins/route-options';
import * as service from './justifications.service';

const route = routeOptions(['justifications']);

export function justificationRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/admin/justification',
      route('settings:read', {
        summary: 'Every absence type (enabled or not)',
        reply: JustificationListSchema,
      }),
      async (request) => service.listJustifications(deps, workspaceCtx(request)),
    );
    app.post(
      '/admin/justification',
      route('settings:write', {
        summary: 'Create an absence type',
        body: JustificationInputSchema,
        reply: JustificationSchema,
      }),
      async (request) => service.createJustification(deps, workspaceCtx(request), request.body),
    );
    app.get(
      '/admin/justification/:id',
      route('settings:read', {
        summary: 'One absence type',
        params: IdParamsSchema,
        reply: JustificationSchema,
      }),
      async (request) => service.getJustification(deps, workspaceCtx(request), request.params.id),
    );
    app.post(
      '/admin/justification/:id',
      route('settings:write', {
        summary: 'Edit an absence type (disable it instead of deleting)',
        params: IdParamsSchema,
        body: JustificationInputSchema,
        reply: JustificationSchema,
      }),
      async (request) => service.updateJustification(deps, workspaceCtx(request), request.params.id, request.body),
    );
    app.get(
      '/admin/justification-group',
      route('settings:read', {
        summary: 'Absence-type groups',
        reply: JustificationGroupListSchema,
      }),
      async (request) => service.listJustificationGroups(deps, workspaceCtx(request), { includeDisabled: true }),
    );
    app.post(
      '/admin/justification-group',
      route('settings:write', {
        summary: 'Create an absence-type group',
        body: JustificationGroupInputSchema,
        reply: JustificationGroupSchema,
      }),
      async (request) => service.createJustificationGroup(deps, workspaceCtx(request), request.body),
    );
    app.post(
      '/admin/justification-group/:id',
      route('settings:write', {
        summary: 'Edit an absence-type group',
        params: IdParamsSchema,
        body: JustificationGroupInputSchema,
        reply: JustificationGroupSchema,
      }),
      async (request) => service.updateJustificationGroup(deps, workspaceCtx(request), request.params.id, request.body),
    );
    app.get(
      '/attendance/ajax/justifications',
      route('workspace:read', {
        summary: 'Lookup: usable absence types (+ include_id even if disabled)',
        querystring: JustificationLookupQuerySchema,
        reply: JustificationListSchema,
      }),
      async (request) => service.lookupJustifications(deps, workspaceCtx(request), request.query.include_id),
    );
    app.get(
      '/attendance/ajax/justification-groups',
      route('workspace:read', {
        summary: 'Lookup: absence-type groups (include_id, include_disabled)',
        querystring: JustificationGroupLookupQuerySchema,
        reply: JustificationGroupListSchema,
      }),
      async (request) =>
        service.listJustificationGroups(deps, workspaceCtx(request), {
          includeId: request.query.include_id,
          includeDisabled: request.query.include_disabled,
        }),
    );
  };
}
