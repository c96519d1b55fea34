import {
  apiMsg,
  ErrorCode,
  AccrualAdjustmentInputSchema,
  AccrualBalanceListSchema,
  BalanceQuerySchema,
  IdParamsSchema,
} from '@timbro/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/errors';
import { workspaceCtx } from '../../plugins/request-context';
import { routeOptions } from '../../plugins/route-options';
import * as service from './accruals.service';

const route = routeOptions(['accruals']);

export function accrualRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/admin/user/:id/accrual',
      route('contract:read', {
        summary: "An employee's balances at a date (default today) and the ledger entries behind them",
        params: IdParamsSchema,
        querystring: BalanceQuerySchema,
        reply: AccrualBalanceListSchema,
      }),
      async (request) => service.getBalances(deps, workspaceCtx(request), request.params.id, request.query.date),
    );
    app.post(
      '/admin/user/:id/accrual-adjustment',
      route('contract:write', {
        summary: 'Add a manual adjustment (with a reason) to a balance',
        params: IdParamsSchema,
        body: AccrualAdjustmentInputSchema,
        reply: AccrualBalanceListSchema,
      }),
      async (request) => service.addAdjustment(deps, workspaceCtx(request), request.params.id, request.body),
    );
    app.get(
      '/member/accrual',
      route('attendance:read:own', {
        summary: 'My balances at a date (default today)',
        querystring: BalanceQuerySchema,
        reply: AccrualBalanceListSchema,
      }),
      async (request) => {
        const ctx = workspaceCtx(request);
        if (!ctx.actor.userInfoId) throw new AppError(ErrorCode.FORBIDDEN, apiMsg.access.forbidden);
        return service.getBalances(deps, ctx, ctx.actor.userInfoId, request.query.date);
      },
    );
  };
}
