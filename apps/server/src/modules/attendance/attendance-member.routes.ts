import {
  apiMsg,
  ClockInputSchema,
  ClockStateSchema,
  IdParamsSchema,
  JustificationRequestPageSchema,
  ListRequestsQuerySchema,
  MemberRequestInputSchema,
  MessageResponseSchema,
  RequestMoveInputSchema,
  RequestUpdateInputSchema,
  RequestWriteResultSchema,
} from '@timbro/shared';
import type { AppDeps } from '../../deps';
import { ownUserInfo } from './attendance.routes.shared';
import type { AttendanceApp } from './attendance.routes.shared';
import * as punchesService from './punches.service';
import * as requests from './requests.service';
import { workspaceCtx } from '../../plugins/request-context';
import { confirm, routeOptions } from '../../plugins/route-options';

const route = routeOptions(['attendance']);

/** Clock-ins and absence requests of the signed-in employee. */
export function registerMemberRoutes(app: AttendanceApp, deps: AppDeps): void {
  // Clock-ins of the signed-in employee (server time only)
  app.get(
    '/member/clock',
    route('attendance:read:own', {
      summary: 'My clock state now (in/out, since, today’s punches) and the server time',
      reply: ClockStateSchema,
    }),
    async (request) => {
      const ctx = workspaceCtx(request);
      return punchesService.clockState(deps.db, ctx.scope, ctx.timeZone, ownUserInfo(request));
    },
  );
  app.post(
    '/member/clock',
    route('attendance:write:own', {
      summary: 'Clock in or out at the server’s time',
      body: ClockInputSchema,
      reply: ClockStateSchema,
    }),
    async (request) => {
      ownUserInfo(request);
      return punchesService.clock(deps, workspaceCtx(request), request.body.direction);
    },
  );

  // An employee's own absence requests
  app.get(
    '/member/justification-request',
    route('attendance:read:own', {
      summary: 'My absence requests (filters, paginated)',
      querystring: ListRequestsQuerySchema,
      reply: JustificationRequestPageSchema,
    }),
    async (request) => requests.listRequests(deps, workspaceCtx(request), request.query, ownUserInfo(request)),
  );
  app.post(
    '/member/justification-request',
    route('attendance:write:own', {
      summary: 'Ask for an absence: one day or a period (one request per working day); auto-approved per the spec rule',
      body: MemberRequestInputSchema,
      reply: RequestWriteResultSchema,
    }),
    async (request) => {
      ownUserInfo(request);
      return requests.createOwnRequest(deps, workspaceCtx(request), request.body);
    },
  );
  app.post(
    '/member/justification-request/:id',
    route('attendance:write:own', {
      summary: 'Edit my pending request',
      params: IdParamsSchema,
      body: RequestUpdateInputSchema,
      reply: RequestWriteResultSchema,
    }),
    async (request) => requests.updateRequest(deps, workspaceCtx(request), request.params.id, request.body, true),
  );
  app.post(
    '/member/justification-request/:id/move',
    route('attendance:write:own', {
      summary: 'Move my pending request one day back (-1) or forward (1)',
      params: IdParamsSchema,
      body: RequestMoveInputSchema,
      reply: RequestWriteResultSchema,
    }),
    async (request) => requests.moveRequest(deps, workspaceCtx(request), request.params.id, request.body.days, true),
  );
  app.delete(
    '/member/justification-request/:id',
    route('attendance:write:own', {
      summary: 'Withdraw my pending request',
      params: IdParamsSchema,
      reply: MessageResponseSchema,
    }),
    async (request) =>
      confirm(
        apiMsg.done.requestWithdrawn,
        requests.deleteRequest(deps, workspaceCtx(request), request.params.id, true),
      ),
  );
}
