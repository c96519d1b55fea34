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
import { accountantOverview } from './accountant.service';
import { diff } from './month-diff.service';
import * as service from './month-logs.service';

const tags = ['month-logs'];

export function monthLogRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/accountant/overview',
      {
        config: { permission: 'accountant:overview' },
        schema: {
          tags,
          summary: 'The consultant’s cockpit: the month in every workspace where the account is accountant',
          querystring: MonthQuerySchema.partial(),
          response: { 200: AccountantOverviewSchema },
        },
      },
      async (request) => accountantOverview(deps, requireActor(request), request.query.month),
    );
    app.get(
      '/admin/month-log',
      {
        config: { permission: 'month-log:read' },
        schema: {
          tags,
          summary: 'Month-log versions: month, status, version, who closed and when',
          querystring: ListMonthLogsQuerySchema,
          response: { 200: MonthLogPageSchema },
        },
      },
      async (request) => service.listMonthLogs(deps, workspaceCtx(request), request.query),
    );
    app.get(
      '/admin/month-log/precheck',
      {
        config: { permission: 'month-log:read' },
        schema: {
          tags,
          summary: 'The pre-close check of a month: open requests, missing punches, shortfalls, missing payroll codes',
          querystring: MonthQuerySchema,
          response: { 200: PrecheckSchema },
        },
      },
      async (request) => service.precheck(deps, workspaceCtx(request), request.query.month),
    );
    app.post(
      '/admin/month-log',
      {
        config: { permission: 'month-log:write' },
        schema: {
          tags,
          summary: 'Close a month: a new version, made by the month-close job (409 while one is running)',
          body: CloseMonthInputSchema,
          response: { 200: MonthLogSchema },
        },
      },
      async (request) => service.closeMonth(deps, workspaceCtx(request), request.body),
    );
    app.get(
      '/attendance/admin/month-log/latest',
      {
        config: { permission: 'month-log:read' },
        schema: {
          tags,
          summary: 'The workspace’s latest month log (null when no month was closed yet)',
          response: { 200: LatestMonthLogSchema },
        },
      },
      async (request) => service.latestMonthLog(deps, workspaceCtx(request)),
    );
    app.get(
      '/attendance/ajax/closed-months',
      {
        // A lookup of the workspace, like the other /attendance/ajax ones: the employee learns which months are
        // closed before trying to change them (issue 30); nothing personal in it.
        config: { permission: 'workspace:read' },
        schema: {
          tags,
          summary:
            'The closed months of the active workspace (YYYY-MM, oldest first): employees can no longer change punches or requests there',
          response: { 200: ClosedMonthsSchema },
        },
      },
      async (request) => service.closedMonths(deps, workspaceCtx(request)),
    );
    app.get(
      '/admin/month-log/:id',
      {
        config: { permission: 'month-log:read' },
        schema: {
          tags,
          summary: 'A version with its frozen employees (totals, balances at month end)',
          params: IdParamsSchema,
          response: { 200: MonthLogDetailSchema },
        },
      },
      async (request) => service.monthLogDetail(deps, workspaceCtx(request), request.params.id),
    );
    app.get(
      '/admin/month-log/:id/changes',
      {
        config: { permission: 'month-log:read' },
        schema: {
          tags,
          summary: 'What changed in the month after this version was made',
          params: IdParamsSchema,
          response: { 200: MonthChangeListSchema },
        },
      },
      async (request) => service.changesSince(deps, workspaceCtx(request), request.params.id),
    );
    app.get(
      '/admin/month-log/:id/diff',
      {
        config: { permission: 'month-log:read' },
        schema: {
          tags,
          summary: 'Per employee, day and item: minutes before and after, against the previous (or a chosen) version',
          params: IdParamsSchema,
          querystring: DiffQuerySchema,
          response: { 200: MonthLogDiffSchema },
        },
      },
      async (request) => diff(deps, workspaceCtx(request), request.params.id, request.query.against),
    );
    app.post(
      '/admin/month-log/:id/retry',
      {
        config: { permission: 'month-log:write' },
        schema: {
          tags,
          summary: 'Run a failed version again',
          params: IdParamsSchema,
          response: { 200: MonthLogSchema },
        },
      },
      async (request) => service.retry(deps, workspaceCtx(request), request.params.id),
    );
    app.post(
      '/admin/month-log/:id/reopen',
      {
        config: { permission: 'month-log:reopen' },
        schema: {
          tags,
          summary: 'Reopen the month for employees (admin, with a reason kept in the audit log)',
          params: IdParamsSchema,
          body: ReopenMonthInputSchema,
          response: { 200: MonthLogSchema },
        },
      },
      async (request) => service.reopen(deps, workspaceCtx(request), request.params.id, request.body.reason),
    );
  };
}
