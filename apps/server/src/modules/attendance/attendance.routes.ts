import {
  apiMsg,
  AdminPunchInputSchema,
  AdminRequestInputSchema,
  AttendanceDataQuerySchema,
  AttendanceDataSchema,
  ClockInputSchema,
  ClockStateSchema,
  CurrentAttendanceInfoSchema,
  DecisionResultSchema,
  IdParamsSchema,
  JustificationRequestPageSchema,
  ListRequestsQuerySchema,
  MemberRequestInputSchema,
  MessageResponseSchema,
  PunchDeleteInputSchema,
  PunchImportPreviewSchema,
  PunchImportResultSchema,
  PunchListSchema,
  PunchSchema,
  RangeQuerySchema,
  RequestDecisionInputSchema,
  RequestMoveInputSchema,
  RequestUpdateInputSchema,
  RequestWriteResultSchema,
  TimesheetExportQuerySchema,
  TimesheetPageSchema,
  TimesheetQuerySchema,
  attMsg,
  hasPermission,
} from '@timbro/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { forbidden } from '../../lib/errors';
import { requireWorkspace, workspaceCtx } from '../../plugins/request-context';
import { uploadedFile } from '../../lib/upload';
import { previewPunchImport, runPunchImport } from './punch-import.service';
import * as data from './attendance-data.service';
import * as punchesService from './punches.service';
import * as decisions from './request-decisions.service';
import * as requests from './requests.service';
import { timesheetPdf, timesheetXlsx } from './timesheet-export';

const tags = ['attendance'];

function ownUserInfo(request: FastifyRequest): string {
  const id = requireWorkspace(request).membership.userInfoId;
  if (!id) throw forbidden(attMsg.noMembership);
  return id;
}

export function attendanceRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
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

    // Absence requests, admin side
    app.get(
      '/admin/justification-request',
      {
        config: { permission: 'attendance:read:any' },
        schema: {
          tags,
          summary: 'Absence requests of the workspace (status, period, employee, group, search; paginated)',
          querystring: ListRequestsQuerySchema,
          response: { 200: JustificationRequestPageSchema },
        },
      },
      async (request) => requests.listRequests(deps, workspaceCtx(request), request.query, null),
    );
    app.post(
      '/admin/justification-request',
      {
        config: { permission: 'attendance:write:any' },
        schema: {
          tags,
          summary: 'File an absence for one or more employees (approved at once)',
          body: AdminRequestInputSchema,
          response: { 200: RequestWriteResultSchema },
        },
      },
      async (request) => requests.createForEmployees(deps, workspaceCtx(request), request.body),
    );
    app.post(
      '/admin/justification-request/approve',
      {
        config: { permission: 'request:approve' },
        schema: {
          tags,
          summary: 'Approve pending requests (one or many) with an optional note',
          body: RequestDecisionInputSchema,
          response: { 200: DecisionResultSchema },
        },
      },
      async (request) => decisions.decide(deps, workspaceCtx(request), request.body, true),
    );
    app.post(
      '/admin/justification-request/reject',
      {
        config: { permission: 'request:approve' },
        schema: {
          tags,
          summary: 'Reject pending requests (one or many) with an optional note',
          body: RequestDecisionInputSchema,
          response: { 200: DecisionResultSchema },
        },
      },
      async (request) => decisions.decide(deps, workspaceCtx(request), request.body, false),
    );
    app.post(
      '/admin/justification-request/:id',
      {
        config: { permission: 'attendance:write:any' },
        schema: {
          tags,
          summary: 'Edit any request (its ledger usage follows)',
          params: IdParamsSchema,
          body: RequestUpdateInputSchema,
          response: { 200: RequestWriteResultSchema },
        },
      },
      async (request) => requests.updateRequest(deps, workspaceCtx(request), request.params.id, request.body, false),
    );
    app.post(
      '/admin/justification-request/:id/move',
      {
        config: { permission: 'attendance:write:any' },
        schema: {
          tags,
          summary: 'Move a request one day back (-1) or forward (1)',
          params: IdParamsSchema,
          body: RequestMoveInputSchema,
          response: { 200: RequestWriteResultSchema },
        },
      },
      async (request) => requests.moveRequest(deps, workspaceCtx(request), request.params.id, request.body.days, false),
    );
    app.delete(
      '/admin/justification-request/:id',
      {
        config: { permission: 'attendance:write:any' },
        schema: {
          tags,
          summary: 'Delete a request (its ledger usage is removed)',
          params: IdParamsSchema,
          response: { 200: MessageResponseSchema },
        },
      },
      async (request) => {
        await requests.deleteRequest(deps, workspaceCtx(request), request.params.id, false);
        return { message: apiMsg.done.requestDeleted };
      },
    );

    // Punches, admin side (corrections need a reason, kept in the audit log)
    app.get(
      '/admin/user/:id/punch',
      {
        config: { permission: 'attendance:read:any' },
        schema: {
          tags,
          summary: 'An employee’s punches in a date range',
          params: IdParamsSchema,
          querystring: RangeQuerySchema,
          response: { 200: PunchListSchema },
        },
      },
      async (request) =>
        punchesService.listPunches(
          deps,
          workspaceCtx(request),
          request.params.id,
          request.query.from,
          request.query.to,
        ),
    );
    app.post(
      '/admin/user/:id/punch',
      {
        config: { permission: 'attendance:write:any' },
        schema: {
          tags,
          summary: 'Add a punch for an employee (local time, with a reason)',
          params: IdParamsSchema,
          body: AdminPunchInputSchema,
          response: { 200: PunchSchema },
        },
      },
      async (request) => {
        return punchesService.addPunch(deps, workspaceCtx(request), request.params.id, request.body);
      },
    );
    app.post(
      '/admin/punch/:id',
      {
        config: { permission: 'attendance:write:any' },
        schema: {
          tags,
          summary: 'Correct a punch (with a reason)',
          params: IdParamsSchema,
          body: AdminPunchInputSchema,
          response: { 200: PunchSchema },
        },
      },
      async (request) => {
        return punchesService.updatePunch(deps, workspaceCtx(request), request.params.id, request.body);
      },
    );
    app.delete(
      '/admin/punch/:id',
      {
        config: { permission: 'attendance:write:any' },
        schema: {
          tags,
          summary: 'Delete a punch (with a reason)',
          params: IdParamsSchema,
          body: PunchDeleteInputSchema,
          response: { 200: MessageResponseSchema },
        },
      },
      async (request) => {
        await punchesService.deletePunch(deps, workspaceCtx(request), request.params.id, request.body.reason);
        return { message: apiMsg.done.punchDeleted };
      },
    );

    app.post(
      '/admin/punch/import/preview',
      {
        config: { permission: 'attendance:write:any' },
        schema: {
          tags,
          summary: 'Check a badge-reader CSV/XLSX: errors per row, duplicates already stored; nothing is written',
          consumes: ['multipart/form-data'],
          response: { 200: PunchImportPreviewSchema },
        },
      },
      async (request) => {
        return previewPunchImport(deps, workspaceCtx(request), await uploadedFile(request));
      },
    );
    app.post(
      '/admin/punch/import',
      {
        config: { permission: 'attendance:write:any' },
        schema: {
          tags,
          summary: 'Import punches from a badge-reader CSV/XLSX, all or nothing (stored duplicates are skipped)',
          consumes: ['multipart/form-data'],
          response: { 200: PunchImportResultSchema },
        },
      },
      async (request) => {
        return runPunchImport(deps, workspaceCtx(request), await uploadedFile(request));
      },
    );

    // Reads
    app.get(
      '/attendance/attendance-data',
      {
        config: { permission: 'attendance:read' },
        schema: {
          tags,
          summary:
            'Day sheets with their components, punches and requests (mode all | anomalies); an employee gets only their own',
          querystring: AttendanceDataQuerySchema,
          response: { 200: AttendanceDataSchema },
        },
      },
      async (request) => {
        const ctx = workspaceCtx(request);
        return data.attendanceData(deps, ctx, hasPermission(ctx.roles, 'attendance:read:any'), request.query);
      },
    );
    app.get(
      '/attendance/user-info/current',
      {
        config: { permission: 'workspace:read' },
        schema: {
          tags,
          summary: 'My attendance record here: auto-approval, today’s contract, clock state',
          response: { 200: CurrentAttendanceInfoSchema },
        },
      },
      async (request) => {
        return data.currentInfo(deps, workspaceCtx(request));
      },
    );
    app.get(
      '/attendance/attendance-data/timesheet',
      {
        config: { permission: 'attendance:read:any' },
        schema: {
          tags,
          summary:
            'Timesheet: employees × days (expected, worked, justified, balance) with totals; paginated by employee',
          querystring: TimesheetQuerySchema,
          response: { 200: TimesheetPageSchema },
        },
      },
      async (request) => {
        return data.timesheet(deps, workspaceCtx(request), request.query);
      },
    );
    app.get(
      '/attendance/attendance-data/timesheet/export',
      {
        config: { permission: 'attendance:read:any' },
        schema: { tags, summary: 'The timesheet as XLSX or PDF', querystring: TimesheetExportQuerySchema },
      },
      async (request, reply) => {
        const ws = requireWorkspace(request);
        const q = request.query;
        const sheet = await data.timesheetAll(deps, workspaceCtx(request), q);
        const name = `presenze_${q.from}_${q.to}`;
        if (q.format === 'pdf') {
          const pdf = await timesheetPdf(ws.membership.workspaceName, q.from, q.to, sheet);
          return reply
            .header('content-type', 'application/pdf')
            .header('content-disposition', `attachment; filename="${name}.pdf"`)
            .send(pdf);
        }
        const xlsx = await timesheetXlsx(q.from, q.to, sheet);
        return reply
          .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .header('content-disposition', `attachment; filename="${name}.xlsx"`)
          .send(xlsx);
      },
    );
  };
}
