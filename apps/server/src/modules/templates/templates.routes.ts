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
import * as service from './templates.service';

const tags = ['templates'];

export function templateRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    for (const path of ['/admin/template-day', '/attendance/ajax/template-days'] as const) {
      app.get(
        path,
        {
          config: { permission: path.startsWith('/admin') ? 'settings:read' : 'workspace:read' },
          schema: {
            tags,
            summary: path.startsWith('/admin') ? 'Daily templates' : 'Lookup: daily templates with their slots',
            response: { 200: TemplateDayListSchema },
          },
        },
        async (request) => service.listTemplateDays(deps, workspaceCtx(request)),
      );
    }
    app.post(
      '/admin/template-day',
      {
        config: { permission: 'settings:write' },
        schema: {
          tags,
          summary: 'Create a daily template',
          body: TemplateDayInputSchema,
          response: { 200: TemplateDaySchema },
        },
      },
      async (request) => service.saveTemplateDay(deps, workspaceCtx(request), null, request.body),
    );
    app.get(
      '/admin/template-day/:id',
      {
        config: { permission: 'settings:read' },
        schema: { tags, summary: 'One daily template', params: IdParamsSchema, response: { 200: TemplateDaySchema } },
      },
      async (request) => service.getTemplateDay(deps, workspaceCtx(request), request.params.id),
    );
    app.post(
      '/admin/template-day/:id',
      {
        config: { permission: 'settings:write' },
        schema: {
          tags,
          summary: 'Edit a daily template (contracts that used it keep their copy)',
          params: IdParamsSchema,
          body: TemplateDayInputSchema,
          response: { 200: TemplateDaySchema },
        },
      },
      async (request) => service.saveTemplateDay(deps, workspaceCtx(request), request.params.id, request.body),
    );
    app.delete(
      '/admin/template-day/:id',
      {
        config: { permission: 'settings:write' },
        schema: {
          tags,
          summary: 'Delete a daily template not used by a weekly one',
          params: IdParamsSchema,
          response: { 200: MessageResponseSchema },
        },
      },
      async (request) => {
        await service.deleteTemplateDay(deps, workspaceCtx(request), request.params.id);
        return { message: apiMsg.done.templateDeleted };
      },
    );
    for (const path of ['/admin/template-week', '/attendance/ajax/template-weeks'] as const) {
      app.get(
        path,
        {
          config: { permission: path.startsWith('/admin') ? 'settings:read' : 'workspace:read' },
          schema: {
            tags,
            summary: path.startsWith('/admin')
              ? 'Weekly templates'
              : 'Lookup: weekly templates with the slots they produce',
            response: { 200: TemplateWeekListSchema },
          },
        },
        async (request) => service.listTemplateWeeks(deps, workspaceCtx(request)),
      );
    }
    app.post(
      '/admin/template-week',
      {
        config: { permission: 'settings:write' },
        schema: {
          tags,
          summary: 'Create a weekly template',
          body: TemplateWeekInputSchema,
          response: { 200: TemplateWeekSchema },
        },
      },
      async (request) => service.saveTemplateWeek(deps, workspaceCtx(request), null, request.body),
    );
    app.get(
      '/admin/template-week/:id',
      {
        config: { permission: 'settings:read' },
        schema: { tags, summary: 'One weekly template', params: IdParamsSchema, response: { 200: TemplateWeekSchema } },
      },
      async (request) => service.getTemplateWeek(deps, workspaceCtx(request), request.params.id),
    );
    app.post(
      '/admin/template-week/:id',
      {
        config: { permission: 'settings:write' },
        schema: {
          tags,
          summary: 'Edit a weekly template',
          params: IdParamsSchema,
          body: TemplateWeekInputSchema,
          response: { 200: TemplateWeekSchema },
        },
      },
      async (request) => service.saveTemplateWeek(deps, workspaceCtx(request), request.params.id, request.body),
    );
    app.delete(
      '/admin/template-week/:id',
      {
        config: { permission: 'settings:write' },
        schema: {
          tags,
          summary: 'Delete a weekly template',
          params: IdParamsSchema,
          response: { 200: MessageResponseSchema },
        },
      },
      async (request) => {
        await service.deleteTemplateWeek(deps, workspaceCtx(request), request.params.id);
        return { message: apiMsg.done.templateDeleted };
      },
    );
  };
}
