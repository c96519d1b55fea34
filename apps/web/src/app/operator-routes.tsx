import { paths } from '../config/paths';
import { announcements, attendance, documents, monthLogs, workShifts, type ProtectedRoute } from './lazy-page';

/** The day-to-day operations on everyone's data: attendance, requests, punch imports, month logs, announcements… */
export const OPERATOR_ROUTES: ProtectedRoute[] = [
  {
    path: paths.adminAttendanceCalendar,
    permission: 'attendance:read:any',
    page: attendance(
      () => import('../features/attendance/calendar/admin-calendar-page'),
      (m) => m.AdminCalendarPage,
    ),
  },
  {
    path: paths.adminJustificationRequest,
    permission: 'attendance:read:any',
    page: attendance(
      () => import('../features/attendance/requests/approvals-page'),
      (m) => m.ApprovalsPage,
    ),
  },
  {
    path: paths.adminPunchImport,
    permission: 'attendance:write:any',
    page: attendance(
      () => import('../features/attendance/punches/punch-import-page'),
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
  {
    path: paths.adminAnnouncement,
    permission: 'announcement:read',
    page: announcements(
      () => import('../features/announcements/announcement-list-page'),
      (m) => m.AnnouncementListPage,
    ),
  },
  {
    path: paths.adminAnnouncementNew,
    permission: 'announcement:write',
    page: announcements(
      () => import('../features/announcements/announcement-form-pages'),
      (m) => m.AnnouncementNewPage,
    ),
  },
  {
    path: paths.adminAnnouncementDetail,
    permission: 'announcement:read',
    page: announcements(
      () => import('../features/announcements/announcement-detail-page'),
      (m) => m.AnnouncementDetailPage,
    ),
  },
  {
    path: paths.adminAnnouncementEdit,
    permission: 'announcement:write',
    page: announcements(
      () => import('../features/announcements/announcement-form-pages'),
      (m) => m.AnnouncementEditPage,
    ),
  },
  {
    path: paths.adminDocument,
    permission: 'document:write',
    page: documents(
      () => import('../features/documents/document-pages'),
      (m) => m.DocumentListPage,
    ),
  },
  {
    path: paths.adminWorkShift,
    permission: 'shift:write',
    page: workShifts(
      () => import('../features/work-shifts/planning/planning-page'),
      (m) => m.PlanningPage,
    ),
  },
  {
    path: paths.adminWorkShiftNew,
    permission: 'shift:write',
    page: workShifts(
      () => import('../features/work-shifts/shifts/shift-form-pages'),
      (m) => m.WorkShiftNewPage,
    ),
  },
  {
    path: paths.adminWorkShiftDetail,
    permission: 'shift:write',
    page: workShifts(
      () => import('../features/work-shifts/shifts/shift-detail-page'),
      (m) => m.WorkShiftDetailPage,
    ),
  },
  {
    path: paths.adminWorkShiftEdit,
    permission: 'shift:write',
    page: workShifts(
      () => import('../features/work-shifts/shifts/shift-form-pages'),
      (m) => m.WorkShiftEditPage,
    ),
  },
  {
    path: paths.adminShiftSwap,
    permission: 'shift:write',
    page: workShifts(
      () => import('../features/work-shifts/swaps/swap-list-page'),
      (m) => m.AdminSwapListPage,
    ),
  },
  {
    path: paths.adminShiftSwapDetail,
    permission: 'shift:write',
    page: workShifts(
      () => import('../features/work-shifts/swaps/swap-detail-page'),
      (m) => m.AdminSwapDetailPage,
    ),
  },
];

/** The timesheet of everyone's attendance data. */
export const TIMESHEET_ROUTES: ProtectedRoute[] = [
  {
    path: paths.timesheet,
    permission: 'attendance:read:any',
    page: attendance(
      () => import('../features/attendance/timesheet/timesheet-page'),
      (m) => m.TimesheetPageScreen,
    ),
  },
];
