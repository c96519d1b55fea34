import {
  AccountantOverviewSchema,
  ClosedMonthsSchema,
  CloseMonthInputSchema,
  DiffQuerySchema,
  IdParamsSchema,
  LatestMonthLogSchema,
  ListMonthLogsQuerySchema,
  MonthChangeListSchema,
  MonthLogDetailSchema,
  MonthLogDiffSchema,
  MonthLogPageSchema,
  MonthLogSchema,
  MonthQuerySchema,
  PrecheckSchema,
  ReopenMonthInputSchema,
} from '@timbro/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { requireActor, workspaceCtx } from '../../plugins/request-context';
import { routeOptions } from '../../plugins/route-options';
import { accountantOverview } from './accountant.service';
import { diff } from './month-diff.service';
import * as service from './month-logs.service';

const route = routeOptions(['month-logs']);

export function monthLogRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/accountant/overview',
      route('accountant:overview', {
        summary: 'The consultant’s cockpit: the month in every workspace where the account is accountant',
        querystring: MonthQuerySchema.partial(),
        reply: AccountantOverviewSchema,
      }),
      async (request) => accountantOverview(deps, requireActor(request), request.query.month),
    );
    app.get(
      '/admin/month-log',
      route('month-log:read', {
        summary: 'Month-log versions: month, status, version, who closed and when',
        querystring: ListMonthLogsQuerySchema,
        reply: MonthLogPageSchema,
      }),
      async (request) => service.listMonthLogs(deps, workspaceCtx(request), request.query),
    );
    app.get(
      '/admin/month-log/precheck',
      route('month-log:read', {
        summary: 'The pre-close check of a month: open requests, missing punches, shortfalls, missing payroll codes',
        querystring: MonthQuerySchema,
        reply: PrecheckSchema,
      }),
      async (request) => service.precheck(deps, workspaceCtx(request), request.query.month),
    );
    app.post(
      '/admin/month-log',
      route('month-log:write', {
        summary: 'Close a month: a new version, made by the month-close job (409 while one is running)',
        body: CloseMonthInputSchema,
        reply: MonthLogSchema,
      }),
      async (request) => service.closeMonth(deps, workspaceCtx(request), request.body),
    );
    app.get(
      '/attendance/admin/month-log/latest',
      route('month-log:read', {
        summary: 'The workspace’s latest month log (null when no month was closed yet)',
        reply: LatestMonthLogSchema,
      }),
      async (request) => service.latestMonthLog(deps, workspaceCtx(request)),
    );
    app.get(
      '/attendance/ajax/closed-months',
      // A lookup of the workspace, like the other /attendance/ajax ones: the employee learns which months are
      // closed before trying to change them (issue 30); nothing personal in it.
      route('workspace:read', {
        summary:
          'The closed months of the active workspace (YYYY-MM, oldest first): employees can no longer change punches or requests there',
        reply: ClosedMonthsSchema,
      }),
      async (request) => service.closedMonths(deps, workspaceCtx(request)),
    );
    app.get(
      '/admin/month-log/:id',
      route('month-log:read', {
        summary: 'A version with its frozen employees (totals, balances at month end)',
        params: IdParamsSchema,
        reply: MonthLogDetailSchema,
      }),
      async (request) => service.monthLogDetail(deps, workspaceCtx(request), request.params.id),
    );
    app.get(
      '/admin/month-log/:id/changes',
      route('month-log:read', {
        summary: 'What changed in the month after this version was made',
        params: IdParamsSchema,
        reply: MonthChangeListSchema,
      }),
      async (request) => service.changesSince(deps, workspaceCtx(request), request.params.id),
    );
    app.get(
      '/admin/month-log/:id/diff',
      route('month-log:read', {
        summary: 'Per employee, day and item: minutes before and after, against the previous (or a chosen) version',
        params: IdParamsSchema,
        querystring: DiffQuerySchema,
        reply: MonthLogDiffSchema,
      }),
      async (request) => diff(deps, workspaceCtx(request), request.params.id, request.query.against),
    );
    app.post(
      '/admin/month-log/:id/retry',
      route('month-log:write', {
        summary: 'Run a failed version again',
        params: IdParamsSchema,
        reply: MonthLogSchema,
      }),
      async (request) => service.retry(deps, workspaceCtx(request), request.params.id),
    );
    app.post(
      '/admin/month-log/:id/reopen',
      route('month-log:reopen', {
        summary: 'Reopen the month for employees (admin, with a reason kept in the audit log)',
        params: IdParamsSchema,
        body: ReopenMonthInputSchema,
        reply: MonthLogSchema,
      }),
      async (request) => service.reopen(deps, workspaceCtx(request), request.params.id, request.body.reason),
    );
  };
}
