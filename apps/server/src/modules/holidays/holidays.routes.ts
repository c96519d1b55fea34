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
import { confirm, routeOptions } from '../../plugins/route-options';
import * as service from './holidays.service';

const route = routeOptions(['holidays']);

export function holidayRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/admin/holiday',
      route('settings:read', {
        summary: 'Holidays (recurring ones and, with ?year, those dated in that year)',
        querystring: ListHolidaysQuerySchema,
        reply: HolidayListSchema,
      }),
      async (request) => service.listHolidays(deps, workspaceCtx(request), request.query),
    );
    app.post(
      '/admin/holiday',
      route('settings:write', {
        summary: 'Add a holiday (no year = every year)',
        body: HolidayInputSchema,
        reply: HolidaySchema,
      }),
      async (request) => service.createHoliday(deps, workspaceCtx(request), request.body),
    );
    app.get(
      '/admin/holiday/:id',
      route('settings:read', {
        summary: 'One holiday',
        params: IdParamsSchema,
        reply: HolidaySchema,
      }),
      async (request) => service.getHoliday(deps, workspaceCtx(request), request.params.id),
    );
    app.post(
      '/admin/holiday/:id',
      route('settings:write', {
        summary: 'Edit a holiday',
        params: IdParamsSchema,
        body: HolidayInputSchema,
        reply: HolidaySchema,
      }),
      async (request) => service.updateHoliday(deps, workspaceCtx(request), request.params.id, request.body),
    );
    app.delete(
      '/admin/holiday/:id',
      route('settings:write', {
        summary: 'Delete a holiday',
        params: IdParamsSchema,
        reply: MessageResponseSchema,
      }),
      async (request) =>
        confirm(apiMsg.done.holidayDeleted, service.deleteHoliday(deps, workspaceCtx(request), request.params.id)),
    );
    app.get(
      '/attendance/ajax/holidays',
      route('workspace:read', {
        summary: 'Holiday dates between from and to (recurring ones expanded)',
        querystring: HolidayRangeQuerySchema,
        reply: HolidayOccurrenceListSchema,
      }),
      async (request) => service.holidaysInRange(deps, workspaceCtx(request), request.query),
    );
  };
}
