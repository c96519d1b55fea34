import {
  apiMsg,
  IdParamsSchema,
  MessageResponseSchema,
  TemplateDayInputSchema,
  TemplateDayListSchema,
  TemplateDaySchema,
  TemplateWeekInputSchema,
  TemplateWeekListSchema,
  TemplateWeekSchema,
} from '@timbro/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { workspaceCtx } from '../../plugins/request-context';
import { confirm, routeOptions } from '../../plugins/route-options';
import * as service from './templates.service';

const route = routeOptions(['templates']);

export function templateRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    for (const path of ['/admin/template-day', '/attendance/ajax/template-days'] as const) {
      app.get(
        path,
        route(path.startsWith('/admin') ? 'settings:read' : 'workspace:read', {
          summary: path.startsWith('/admin') ? 'Daily templates' : 'Lookup: daily templates with their slots',
          reply: TemplateDayListSchema,
        }),
        async (request) => service.listTemplateDays(deps, workspaceCtx(request)),
      );
    }
    app.post(
      '/admin/template-day',
      route('settings:write', {
        summary: 'Create a daily template',
        body: TemplateDayInputSchema,
        reply: TemplateDaySchema,
      }),
      async (request) => service.saveTemplateDay(deps, workspaceCtx(request), null, request.body),
    );
    app.get(
      '/admin/template-day/:id',
      route('settings:read', {
        summary: 'One daily template',
        params: IdParamsSchema,
        reply: TemplateDaySchema,
      }),
      async (request) => service.getTemplateDay(deps, workspaceCtx(request), request.params.id),
    );
    app.post(
      '/admin/template-day/:id',
      route('settings:write', {
        summary: 'Edit a daily template (contracts that used it keep their copy)',
        params: IdParamsSchema,
        body: TemplateDayInputSchema,
        reply: TemplateDaySchema,
      }),
      async (request) => service.saveTemplateDay(deps, workspaceCtx(request), request.params.id, request.body),
    );
    app.delete(
      '/admin/template-day/:id',
      route('settings:write', {
        summary: 'Delete a daily template not used by a weekly one',
        params: IdParamsSchema,
        reply: MessageResponseSchema,
      }),
      async (request) =>
        confirm(apiMsg.done.templateDeleted, service.deleteTemplateDay(deps, workspaceCtx(request), request.params.id)),
    );
    for (const path of ['/admin/template-week', '/attendance/ajax/template-weeks'] as const) {
      app.get(
        path,
        route(path.startsWith('/admin') ? 'settings:read' : 'workspace:read', {
          summary: path.startsWith('/admin')
            ? 'Weekly templates'
            : 'Lookup: weekly templates with the slots they produce',
          reply: TemplateWeekListSchema,
        }),
        async (request) => service.listTemplateWeeks(deps, workspaceCtx(request)),
      );
    }
    app.post(
      '/admin/template-week',
      route('settings:write', {
        summary: 'Create a weekly template',
        body: TemplateWeekInputSchema,
        reply: TemplateWeekSchema,
      }),
      async (request) => service.saveTemplateWeek(deps, workspaceCtx(request), null, request.body),
    );
    app.get(
      '/admin/template-week/:id',
      route('settings:read', {
        summary: 'One weekly template',
        params: IdParamsSchema,
        reply: TemplateWeekSchema,
      }),
      async (request) => service.getTemplateWeek(deps, workspaceCtx(request), request.params.id),
    );
    app.post(
      '/admin/template-week/:id',
      route('settings:write', {
        summary: 'Edit a weekly template',
        params: IdParamsSchema,
        body: TemplateWeekInputSchema,
        reply: TemplateWeekSchema,
      }),
      async (request) => service.saveTemplateWeek(deps, workspaceCtx(request), request.params.id, request.body),
    );
    app.delete(
      '/admin/template-week/:id',
      route('settings:write', {
        summary: 'Delete a weekly template',
        params: IdParamsSchema,
        reply: MessageResponseSchema,
      }),
      async (request) =>
        confirm(
          apiMsg.done.templateDeleted,
          service.deleteTemplateWeek(deps, workspaceCtx(request), request.params.id),
        ),
    );
  };
}
