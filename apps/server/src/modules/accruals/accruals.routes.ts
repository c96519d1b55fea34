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
import * as service from './accruals.service';

const tags = ['accruals'];

export function accrualRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/admin/user/:id/accrual',
      {
        config: { permission: 'contract:read' },
        schema: {
          tags,
          summary: "An employee's balances at a date (default today) and the ledger entries behind them",
          params: IdParamsSchema,
          querystring: BalanceQuerySchema,
          response: { 200: AccrualBalanceListSchema },
        },
      },
      async (request) => service.getBalances(deps, workspaceCtx(request), request.params.id, request.query.date),
    );
    app.post(
      '/admin/user/:id/accrual-adjustment',
      {
        config: { permission: 'contract:write' },
        schema: {
          tags,
          summary: 'Add a manual adjustment (with a reason) to a balance',
          params: IdParamsSchema,
          body: AccrualAdjustmentInputSchema,
          response: { 200: AccrualBalanceListSchema },
        },
      },
      async (request) => service.addAdjustment(deps, workspaceCtx(request), request.params.id, request.body),
    );
    app.get(
      '/member/accrual',
      {
        config: { permission: 'attendance:read:own' },
        schema: {
          tags,
          summary: 'My balances at a date (default today)',
          querystring: BalanceQuerySchema,
          response: { 200: AccrualBalanceListSchema },
        },
      },
      async (request) => {
        const ctx = workspaceCtx(request);
        if (!ctx.actor.userInfoId) throw new AppError(ErrorCode.FORBIDDEN, apiMsg.access.forbidden);
        return service.getBalances(deps, ctx, ctx.actor.userInfoId, request.query.date);
      },
    );
  };
}
