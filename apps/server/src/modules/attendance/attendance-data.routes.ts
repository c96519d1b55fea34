import {
  AttendanceDataQuerySchema,
  AttendanceDataSchema,
  CurrentAttendanceInfoSchema,
  TimesheetExportQuerySchema,
  TimesheetPageSchema,
  TimesheetQuerySchema,
  hasPermission,
} from '@timbro/shared';
import type { AppDeps } from '../../deps';
import { renderForRequest } from '../../lib/render-pool';
import { limitWork } from '../../lib/work-limits';
import type { AttendanceApp } from './attendance.routes.shared';
import * as data from './attendance-data.service';
import { TIMESHEET_EXPORT, timesheetXlsx } from './timesheet-export';
import { workspaceCtx } from '../../plugins/request-context';
import { routeOptions } from '../../plugins/route-options';
import { letterhead } from '../workspaces';

const route = routeOptions(['attendance']);

/** Reads: attendance data, the current user info, the timesheet and its exports. */
export function registerDataRoutes(app: AttendanceApp, deps: AppDeps): void {
  // Reads
  app.get(
    '/attendance/attendance-data',
    route('attendance:read', {
      summary:
        'Day sheets with their components, punches and requests (mode all | anomalies); an employee gets only their own',
      querystring: AttendanceDataQuerySchema,
      reply: AttendanceDataSchema,
    }),
    async (request) => {
      const ctx = workspaceCtx(request);
      return data.attendanceData(deps, ctx, hasPermission(ctx.roles, 'attendance:read:any'), request.query);
    },
  );
  app.get(
    '/attendance/user-info/current',
    route('workspace:read', {
      summary: 'My attendance record here: auto-approval, today’s contract, clock state',
      reply: CurrentAttendanceInfoSchema,
    }),
    async (request) => {
      return data.currentInfo(deps, workspaceCtx(request));
    },
  );
  app.get(
    '/attendance/attendance-data/timesheet',
    route('attendance:read:any', {
      summary: 'Timesheet: employees × days (expected, worked, justified, balance) with totals; paginated by employee',
      querystring: TimesheetQuerySchema,
      reply: TimesheetPageSchema,
    }),
    async (request) => {
      return data.timesheet(deps, workspaceCtx(request), request.query);
    },
  );
  app.get(
    '/attendance/attendance-data/timesheet/export',
    route('attendance:read:any', {
      summary: 'The timesheet as XLSX or PDF',
      querystring: TimesheetExportQuerySchema,
    }),
    async (request, reply) => {
      const ctx = workspaceCtx(request);
      const q = request.query;
      await limitWork(deps.db, 'export', { userId: ctx.actor.userId, workspaceId: ctx.scope.workspaceId });
      const sheet = await data.timesheetAll(deps, ctx, q);
      const name = `presenze_${q.from}_${q.to}`;
      if (q.format === 'pdf') {
        const company = await letterhead(deps, ctx);
        const pdf = await renderForRequest(
          request.log,
          TIMESHEET_EXPORT,
          'timesheetPdf',
          [company.name, q.from, q.to, sheet, company.logo],
          ctx.scope.workspaceId,
        );
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
}
