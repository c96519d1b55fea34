import {
  apiMsg,
  AdminPunchInputSchema,
  AdminRequestInputSchema,
  DecisionResultSchema,
  IdParamsSchema,
  JustificationRequestPageSchema,
  ListRequestsQuerySchema,
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
} from '@timbro/shared';
import type { AppDeps } from '../../deps';
import type { AttendanceApp } from './attendance.routes.shared';
import { uploadedFile } from '../../lib/upload';
import { previewPunchImport, runPunchImport } from './punch-import.service';
import * as punchesService from './punches.service';
import * as decisions from './request-decisions.service';
import * as requests from './requests.service';
import { workspaceCtx } from '../../plugins/request-context';
import { confirm, routeOptions } from '../../plugins/route-options';

const route = routeOptions(['attendance']);

/** Absence requests and punches on the admin side, and the punch import. */
export function registerAdminRoutes(app: AttendanceApp, deps: AppDeps): void {
  // Absence requests, admin side
  app.get(
    '/admin/justification-request',
    route('attendance:read:any', {
      summary: 'Absence requests of the workspace (status, period, employee, group, search; paginated)',
      querystring: ListRequestsQuerySchema,
      reply: JustificationRequestPageSchema,
    }),
    async (request) => requests.listRequests(deps, workspaceCtx(request), request.query, null),
  );
  app.post(
    '/admin/justification-request',
    route('attendance:write:any', {
      summary: 'File an absence for one or more employees (approved at once)',
      body: AdminRequestInputSchema,
      reply: RequestWriteResultSchema,
    }),
    async (request) => requests.createForEmployees(deps, workspaceCtx(request), request.body),
  );
  app.post(
    '/admin/justification-request/approve',
    route('request:approve', {
      summary: 'Approve pending requests (one or many) with an optional note',
      body: RequestDecisionInputSchema,
      reply: DecisionResultSchema,
    }),
    async (request) => decisions.decide(deps, workspaceCtx(request), request.body, true),
  );
  app.post(
    '/admin/justification-request/reject',
    route('request:approve', {
      summary: 'Reject pending requests (one or many) with an optional note',
      body: RequestDecisionInputSchema,
      reply: DecisionResultSchema,
    }),
    async (request) => decisions.decide(deps, workspaceCtx(request), request.body, false),
  );
  app.post(
    '/admin/justification-request/:id',
    route('attendance:write:any', {
      summary: 'Edit any request (its ledger usage follows)',
      params: IdParamsSchema,
      body: RequestUpdateInputSchema,
      reply: RequestWriteResultSchema,
    }),
    async (request) => requests.updateRequest(deps, workspaceCtx(request), request.params.id, request.body, false),
  );
  app.post(
    '/admin/justification-request/:id/move',
    route('attendance:write:any', {
      summary: 'Move a request one day back (-1) or forward (1)',
      params: IdParamsSchema,
      body: RequestMoveInputSchema,
      reply: RequestWriteResultSchema,
    }),
    async (request) => requests.moveRequest(deps, workspaceCtx(request), request.params.id, request.body.days, false),
  );
  app.delete(
    '/admin/justification-request/:id',
    route('attendance:write:any', {
      summary: 'Delete a request (its ledger usage is removed)',
      params: IdParamsSchema,
      reply: MessageResponseSchema,
    }),
    async (request) =>
      confirm(
        apiMsg.done.requestDeleted,
        requests.deleteRequest(deps, workspaceCtx(request), request.params.id, false),
      ),
  );

  // Punches, admin side (corrections need a reason, kept in the audit log)
  app.get(
    '/admin/user/:id/punch',
    route('attendance:read:any', {
      summary: 'An employee’s punches in a date range',
      params: IdParamsSchema,
      querystring: RangeQuerySchema,
      reply: PunchListSchema,
    }),
    async (request) =>
      punchesService.listPunches(deps, workspaceCtx(request), request.params.id, request.query.from, request.query.to),
  );
  app.post(
    '/admin/user/:id/punch',
    route('attendance:write:any', {
      summary: 'Add a punch for an employee (local time, with a reason)',
      params: IdParamsSchema,
      body: AdminPunchInputSchema,
      reply: PunchSchema,
    }),
    async (request) => {
      return punchesService.addPunch(deps, workspaceCtx(request), request.params.id, request.body);
    },
  );
  app.post(
    '/admin/punch/:id',
    route('attendance:write:any', {
      summary: 'Correct a punch (with a reason)',
      params: IdParamsSchema,
      body: AdminPunchInputSchema,
      reply: PunchSchema,
    }),
    async (request) => {
      return punchesService.updatePunch(deps, workspaceCtx(request), request.params.id, request.body);
    },
  );
  app.delete(
    '/admin/punch/:id',
    route('attendance:write:any', {
      summary: 'Delete a punch (with a reason)',
      params: IdParamsSchema,
      body: PunchDeleteInputSchema,
      reply: MessageResponseSchema,
    }),
    async (request) =>
      confirm(
        apiMsg.done.punchDeleted,
        punchesService.deletePunch(deps, workspaceCtx(request), request.params.id, request.body.reason),
      ),
  );

  app.post(
    '/admin/punch/import/preview',
    route('attendance:write:any', {
      summary: 'Check a badge-reader CSV/XLSX: errors per row, duplicates already stored; nothing is written',
      consumes: ['multipart/form-data'],
      reply: PunchImportPreviewSchema,
    }),
    async (request) => {
      return previewPunchImport(deps, workspaceCtx(request), await uploadedFile(request));
    },
  );
  app.post(
    '/admin/punch/import',
    route('attendance:write:any', {
      summary: 'Import punches from a badge-reader CSV/XLSX, all or nothing (stored duplicates are skipped)',
      consumes: ['multipart/form-data'],
      reply: PunchImportResultSchema,
    }),
    async (request) => {
      return runPunchImport(deps, workspaceCtx(request), await uploadedFile(request));
    },
  );
}
