import {
  apiMsg,
  HolidayInputSchema,
  HolidayListSchema,
  HolidayOccurrenceListSchema,
  HolidayRangeQuerySchema,
  HolidaySchema,
  IdParamsSchema,
  ListHolidaysQuerySchema,
  MessageResponseSchema,
} from '@timbro/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { workspaceCtx } from '../../plugins/request-context';
import * as service from './holidays.service';

const tags = ['holidays'];

export function holidayRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/admin/holiday',
      {
        config: { permission: 'settings:read' },
        schema: {
          tags,
          summary: 'Holidays (recurring ones and, with ?year, those dated in that year)',
          querystring: ListHolidaysQuerySchema,
          response: { 200: HolidayListSchema },
        },
      },
      async (request) => service.listHolidays(deps, workspaceCtx(request), request.query),
    );
    app.post(
      '/admin/holiday',
      {
        config: { permission: 'settings:write' },
        schema: {
          tags,
          summary: 'Add a holiday (no year = every year)',
          body: HolidayInputSchema,
          response: { 200: HolidaySchema },
        },
      },
      async (request) => service.createHoliday(deps, workspaceCtx(request), request.body),
    );
    app.get(
      '/admin/holiday/:id',
      {
        config: { permission: 'settings:read' },
        schema: { tags, summary: 'One holiday', params: IdParamsSchema, response: { 200: HolidaySchema } },
      },
      async (request) => service.getHoliday(deps, workspaceCtx(request), request.params.id),
    );
    app.post(
      '/admin/holiday/:id',
      {
        config: { permission: 'settings:write' },
        schema: {
          tags,
          summary: 'Edit a holiday',
          params: IdParamsSchema,
          body: HolidayInputSchema,
          response: { 200: HolidaySchema },
        },
      },
      async (request) => service.updateHoliday(deps, workspaceCtx(request), request.params.id, request.body),
    );
    app.delete(
      '/admin/holiday/:id',
      {
        config: { permission: 'settings:write' },
        schema: { tags, summary: 'Delete a holiday', params: IdParamsSchema, response: { 200: MessageResponseSchema } },
      },
      async (request) => {
        await service.deleteHoliday(deps, workspaceCtx(request), request.params.id);
        return { message: apiMsg.done.holidayDeleted };
      },
    );
    app.get(
      '/attendance/ajax/holidays',
      {
        config: { permission: 'workspace:read' },
        schema: {
          tags,
          summary: 'Holiday dates between from and to (recurring ones expanded)',
          querystring: HolidayRangeQuerySchema,
          response: { 200: HolidayOccurrenceListSchema },
        },
      },
      async (request) => service.holidaysInRange(deps, workspaceCtx(request), request.query),
    );
  };
}
