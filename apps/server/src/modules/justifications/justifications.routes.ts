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
import * as service from './justifications.service';

const tags = ['justifications'];

export function justificationRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/admin/justification',
      {
        config: { permission: 'settings:read' },
        schema: { tags, summary: 'Every absence type (enabled or not)', response: { 200: JustificationListSchema } },
      },
      async (request) => service.listJustifications(deps, workspaceCtx(request)),
    );
    app.post(
      '/admin/justification',
      {
        config: { permission: 'settings:write' },
        schema: {
          tags,
          summary: 'Create an absence type',
          body: JustificationInputSchema,
          response: { 200: JustificationSchema },
        },
      },
      async (request) => service.createJustification(deps, workspaceCtx(request), request.body),
    );
    app.get(
      '/admin/justification/:id',
      {
        config: { permission: 'settings:read' },
        schema: { tags, summary: 'One absence type', params: IdParamsSchema, response: { 200: JustificationSchema } },
      },
      async (request) => service.getJustification(deps, workspaceCtx(request), request.params.id),
    );
    app.post(
      '/admin/justification/:id',
      {
        config: { permission: 'settings:write' },
        schema: {
          tags,
          summary: 'Edit an absence type (disable it instead of deleting)',
          params: IdParamsSchema,
          body: JustificationInputSchema,
          response: { 200: JustificationSchema },
        },
      },
      async (request) => service.updateJustification(deps, workspaceCtx(request), request.params.id, request.body),
    );
    app.get(
      '/admin/justification-group',
      {
        config: { permission: 'settings:read' },
        schema: { tags, summary: 'Absence-type groups', response: { 200: JustificationGroupListSchema } },
      },
      async (request) => service.listJustificationGroups(deps, workspaceCtx(request), { includeDisabled: true }),
    );
    app.post(
      '/admin/justification-group',
      {
        config: { permission: 'settings:write' },
        schema: {
          tags,
          summary: 'Create an absence-type group',
          body: JustificationGroupInputSchema,
          response: { 200: JustificationGroupSchema },
        },
      },
      async (request) => service.createJustificationGroup(deps, workspaceCtx(request), request.body),
    );
    app.post(
      '/admin/justification-group/:id',
      {
        config: { permission: 'settings:write' },
        schema: {
          tags,
          summary: 'Edit an absence-type group',
          params: IdParamsSchema,
          body: JustificationGroupInputSchema,
          response: { 200: JustificationGroupSchema },
        },
      },
      async (request) => service.updateJustificationGroup(deps, workspaceCtx(request), request.params.id, request.body),
    );
    app.get(
      '/attendance/ajax/justifications',
      {
        config: { permission: 'workspace:read' },
        schema: {
          tags,
          summary: 'Lookup: usable absence types (+ include_id even if disabled)',
          querystring: JustificationLookupQuerySchema,
          response: { 200: JustificationListSchema },
        },
      },
      async (request) => service.lookupJustifications(deps, workspaceCtx(request), request.query.include_id),
    );
    app.get(
      '/attendance/ajax/justification-groups',
      {
        config: { permission: 'workspace:read' },
        schema: {
          tags,
          summary: 'Lookup: absence-type groups (include_id, include_disabled)',
          querystring: JustificationGroupLookupQuerySchema,
          response: { 200: JustificationGroupListSchema },
        },
      },
      async (request) =>
        service.listJustificationGroups(deps, workspaceCtx(request), {
          includeId: request.query.include_id,
          includeDisabled: request.query.include_disabled,
        }),
    );
  };
}
