import { paths } from '../config/paths';
import { attendance, documents, monthLogs, placeholder, type ProtectedRoute } from './lazy-page';

/** The day-to-day operations on everyone's data: attendance, requests, punch imports, month logs, announcements… */
export const OPERATOR_ROUTES: ProtectedRoute[] = [
  {
    path: paths.adminAttendanceCalendar,
    permission: 'attendance:read:any',
    page: attendance(
      () => import('../features/attendance/admin-calendar-page'),
      (m) => m.AdminCalendarPage,
    ),
  },
  {
    path: paths.adminJustificationRequest,
    permission: 'attendance:read:any',
    page: attendance(
      () => import('../features/attendance/approvals-page'),
      (m) => m.ApprovalsPage,
    ),
  },
  {
    path: paths.adminPunchImport,
    permission: 'attendance:write:any',
    page: attendance(
      () => import('../features/attendance/punch-import-page'),
      (m) => m.PunchImportPage,
    ),
  },
  {
    path: paths.adminMonthLog,
    permission: 'month-log:read',
    page: monthLogs(
      () => import('../features/month-logs/month-log-list-page'),
      (m) => m.MonthLogListPage,
    ),
  },
  {
    path: paths.adminMonthLogDetail,
    permission: 'month-log:read',
    page: monthLogs(
      () => import('../features/month-logs/month-log-detail-page'),
      (m) => m.MonthLogDetailPage,
    ),
  },
  { path: paths.adminAnnouncement, permission: 'announcement:write', page: placeholder('nav.items.announcements') },
  {
    path: paths.adminDocument,
    permission: 'document:write',
    page: documents(
      () => import('../features/documents/document-pages'),
      (m) => m.DocumentListPage,
    ),
  },
  { path: paths.adminWorkShift, permission: 'shift:write', page: placeholder('nav.items.workShifts') },
];

/** The timesheet of everyone's attendance data. */
export const TIMESHEET_ROUTES: ProtectedRoute[] = [
  {
    path: paths.timesheet,
    permission: 'attendance:read:any',
    page: attendance(
      () => import('../features/attendance/timesheet-page'),
      (m) => m.TimesheetPageScreen,
    ),
  },
];
