import { lazy } from 'react';
import { paths } from '../config/paths';
import {
  announcements,
  attendance,
  dashboard,
  documents,
  paychecks,
  workShifts,
  type ProtectedRoute,
} from './lazy-page';
import { prefetchDashboard } from './prefetch-dashboard';

/** Every logged-in person's own screens: the dashboard and the account. */
export const ACCOUNT_ROUTES: ProtectedRoute[] = [
  {
    path: paths.dashboard,
    permission: 'profile:read',
    page: dashboard(
      () => {
        prefetchDashboard();
        return import('./pages/dashboard-page');
      },
      (m) => m.DashboardRoute,
    ),
  },
  {
    path: paths.myAccount,
    permission: 'profile:read',
    page: lazy(() => import('../features/profile/my-account-page').then((m) => ({ default: m.MyAccountPage }))),
  },
];

/** The member's own attendance, pay slips, documents, announcements and work shifts. */
export const MEMBER_ROUTES: ProtectedRoute[] = [
  {
    path: paths.memberCalendar,
    permission: 'attendance:read:own',
    page: attendance(
      () => import('../features/attendance/calendar/member-calendar-page'),
      (m) => m.MemberCalendarPage,
    ),
  },
  {
    path: paths.memberPaycheck,
    permission: 'paycheck:read:own',
    page: paychecks(
      () => import('../features/paychecks/my-paychecks-page'),
      (m) => m.MyPaychecksPage,
    ),
  },
  {
    path: paths.memberPaycheckDetail,
    permission: 'paycheck:read:own',
    page: paychecks(
      () => import('../features/paychecks/my-paychecks-page'),
      (m) => m.MyPaycheckPage,
    ),
  },
  {
    path: paths.memberDocument,
    permission: 'document:read:own',
    page: documents(
      () => import('../features/documents/document-pages'),
      (m) => m.MyDocumentsPage,
    ),
  },
  {
    path: paths.memberDocumentDetail,
    permission: 'document:read:own',
    page: documents(
      () => import('../features/documents/document-pages'),
      (m) => m.MyDocumentPage,
    ),
  },
  {
    path: paths.memberAnnouncement,
    permission: 'announcement:read:own',
    page: announcements(
      () => import('../features/announcements/my-announcements-page'),
      (m) => m.MyAnnouncementsPage,
    ),
  },
  {
    path: paths.memberAnnouncementDetail,
    permission: 'announcement:read:own',
    page: announcements(
      () => import('../features/announcements/my-announcement-page'),
      (m) => m.MyAnnouncementPage,
    ),
  },
  {
    path: paths.memberWorkShift,
    permission: 'shift:read:own',
    page: workShifts(
      () => import('../features/work-shifts/my/my-shifts-page'),
      (m) => m.MyShiftsPage,
    ),
  },
  {
    path: paths.memberWorkShiftSwap,
    permission: 'shift:swap:own',
    page: workShifts(
      () => import('../features/work-shifts/swaps/swap-request-page'),
      (m) => m.SwapRequestPage,
    ),
  },
  {
    path: paths.memberShiftSwap,
    permission: 'shift:read:own',
    page: workShifts(
      () => import('../features/work-shifts/swaps/swap-list-page'),
      (m) => m.MemberSwapListPage,
    ),
  },
  {
    path: paths.memberShiftSwapDetail,
    permission: 'shift:read:own',
    page: workShifts(
      () => import('../features/work-shifts/swaps/swap-detail-page'),
      (m) => m.MemberSwapDetailPage,
    ),
  },
];
