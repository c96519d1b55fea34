import { DashboardSchema, HoursByGroupQuerySchema, HoursByGroupSchema } from '@timbro/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { workspaceCtx } from '../../plugins/request-context';
import { routeOptions } from '../../plugins/route-options';
import * as service from './dashboard.service';
import { hoursByGroup } from './hours-by-group.service';

const route = routeOptions(['dashboard']);

/** The dashboard in one call (issue 16): the widgets the caller's roles may see; and the admin's hours chart. */
export function dashboardRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/dashboard',
      route('workspace:read', {
        summary:
          'Every dashboard widget the caller may see (absent otherwise), each counted by the same query as the list it links to',
        reply: DashboardSchema,
      }),
      async (request) => service.dashboard(deps, workspaceCtx(request)),
    );
    app.get(
      '/dashboard/hours-by-group',
      // The timesheet's permission: the figures are its totals, summed per group.
      route('attendance:read:any', {
        summary:
          'Expected, worked and justified minutes per group for a month to date (default: the current month), from the timesheet; people in no group apart, and the total',
        querystring: HoursByGroupQuerySchema,
        reply: HoursByGroupSchema,
      }),
      async (request) => hoursByGroup(deps, workspaceCtx(request), request.query),
    );
  };
}
