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

const tags = ['attendance'];

/** Clock-ins and absence requests of the signed-in employee. */
export function registerMemberRoutes(app: AttendanceApp, deps: AppDeps): void {
  // Clock-ins of the signed-in employee (server time only)
  app.get(
    '/member/clock',
    {
      config: { permission: 'attendance:read:own' },
      schema: {
        tags,
        summary: 'My clock state now (in/out, since, today’s punches) and the server time',
        response: { 200: ClockStateSchema },
      },
    },
    async (request) => {
      const ctx = workspaceCtx(request);
      return punchesService.clockState(deps.db, ctx.scope, ctx.timeZone, ownUserInfo(request));
    },
  );
  app.post(
    '/member/clock',
    {
      config: { permission: 'attendance:write:own' },
      schema: {
        tags,
        summary: 'Clock in or out at the server’s time',
        body: ClockInputSchema,
        response: { 200: ClockStateSchema },
      },
    },
    async (request) => {
      ownUserInfo(request);
      return punchesService.clock(deps, workspaceCtx(request), request.body.direction);
    },
  );

  // An employee's own absence requests
  app.get(
    '/member/justification-request',
    {
      config: { permission: 'attendance:read:own' },
      schema: {
        tags,
        summary: 'My absence requests (filters, paginated)',
        querystring: ListRequestsQuerySchema,
        response: { 200: JustificationRequestPageSchema },
      },
    },
    async (request) => requests.listRequests(deps, workspaceCtx(request), request.query, ownUserInfo(request)),
  );
  app.post(
    '/member/justification-request',
    {
      config: { permission: 'attendance:write:own' },
      schema: {
        tags,
        summary:
          'Ask for an absence: one day or a period (one request per working day); auto-approved per the spec rule',
        body: MemberRequestInputSchema,
        response: { 200: RequestWriteResultSchema },
      },
    },
    async (request) => {
      ownUserInfo(request);
      return requests.createOwnRequest(deps, workspaceCtx(request), request.body);
    },
  );
  app.post(
    '/member/justification-request/:id',
    {
      config: { permission: 'attendance:write:own' },
      schema: {
        tags,
        summary: 'Edit my pending request',
        params: IdParamsSchema,
        body: RequestUpdateInputSchema,
        response: { 200: RequestWriteResultSchema },
      },
    },
    async (request) => requests.updateRequest(deps, workspaceCtx(request), request.params.id, request.body, true),
  );
  app.post(
    '/member/justification-request/:id/move',
    {
      config: { permission: 'attendance:write:own' },
      schema: {
        tags,
        summary: 'Move my pending request one day back (-1) or forward (1)',
        params: IdParamsSchema,
        body: RequestMoveInputSchema,
        response: { 200: RequestWriteResultSchema },
      },
    },
    async (request) => requests.moveRequest(deps, workspaceCtx(request), request.params.id, request.body.days, true),
  );
  app.delete(
    '/member/justification-request/:id',
    {
      config: { permission: 'attendance:write:own' },
      schema: {
        tags,
        summary: 'Withdraw my pending request',
        params: IdParamsSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (request) => {
      await requests.deleteRequest(deps, workspaceCtx(request), request.params.id, true);
      return { message: apiMsg.done.requestWithdrawn };
    },
  );
}
