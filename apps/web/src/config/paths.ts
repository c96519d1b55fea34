/** Route constants (spec section 2) plus the paths the spec leaves to us. */
export const PAYROLL_PROVIDER = 'zucchetti';

export const paths = {
  signin: '/signin',
  signup: '/signup',
  forgetPassword: '/forget-password',
  resetPassword: '/reset-password/:token',
  firstLogin: '/first-login/:token',
  /** The link mailed to confirm a login e-mail (the server builds `${PUBLIC_URL}/verify-email/<token>`). */
  verifyEmail: '/verify-email/:token',
  myAccount: '/my-account',
  dashboard: '/dashboard',
  adminUser: '/admin/user',
  adminUserNew: '/admin/user/new',
  adminUserImport: '/admin/user/import',
  adminUserEdit: '/admin/user/:id/edit',
  adminUserDetail: '/admin/user/:id/detail',
  adminUserContract: '/admin/user/:id/contract',
  adminUserContractNew: '/admin/user/:id/contract/new',
  adminUserContractEdit: '/admin/user/:id/contract/:contractId/edit',
  adminUserPaycheck: '/admin/user/:id/paycheck',
  adminUserDocument: '/admin/user/:id/document',
  adminPaycheckImport: '/admin/paycheck/import',
  /** The review of one bulk import (its progress, then the choice of every page). */
  adminPaycheckImportDetail: '/admin/paycheck/import/:id',
  /** The sidebar's "Cedolini": every pay slip of the workspace, by month, with who opened theirs. */
  adminPaycheck: '/admin/paycheck',
  adminContract: '/admin/contract',
  adminGroup: '/admin/group',
  adminGroupNew: '/admin/group/new',
  adminGroupEdit: '/admin/group/:id/edit',
  adminTimeSlot: '/admin/setting/time-slot',
  adminTemplateDay: '/admin/setting/template-day',
  adminTemplateDayNew: '/admin/setting/template-day/new',
  adminTemplateDayEdit: '/admin/setting/template-day/:id/edit',
  adminTemplateWeek: '/admin/setting/template-week',
  adminTemplateWeekNew: '/admin/setting/template-week/new',
  adminTemplateWeekEdit: '/admin/setting/template-week/:id/edit',
  adminHoliday: '/admin/setting/holiday',
  adminHolidayNew: '/admin/setting/holiday/new',
  adminHolidayEdit: '/admin/setting/holiday/:id/edit',
  adminJustification: '/admin/setting/justification',
  adminWorkspace: '/admin/setting/workspace',
  adminSettings: '/admin/setting',
  adminNotificationSettings: '/admin/setting/notification',
  adminAttendanceCalendar: '/admin/attendance-calendar',
  /** Absence requests of the workspace (approvals); the server's e-mails link here too (ADR 0012). */
  adminJustificationRequest: '/admin/justification-request',
  adminPunchImport: '/admin/punch/import',
  adminMonthLog: '/admin/month-log',
  adminMonthLogDetail: '/admin/month-log/:id',
  adminAnnouncement: '/admin/announcement',
  adminAnnouncementNew: '/admin/announcement/new',
  /** One announcement: its content, attachments and reach (who was told, who read it), and the reminder. */
  adminAnnouncementDetail: '/admin/announcement/:id',
  adminAnnouncementEdit: '/admin/announcement/:id/edit',
  adminDocument: '/admin/document',
  /** The planning grid: employees × days, drafts and published shifts, absences and holidays behind. */
  adminWorkShift: '/admin/work-shift',
  adminWorkShiftNew: '/admin/work-shift/new',
  adminWorkShiftDetail: '/admin/work-shift/:id',
  adminWorkShiftEdit: '/admin/work-shift/:id/edit',
  /** Swaps awaiting the admin's decision (and the others, by status). */
  adminShiftSwap: '/admin/shift-swap',
  adminShiftSwapDetail: '/admin/shift-swap/:id',
  memberCalendar: '/member/calendar',
  memberPaycheck: '/member/paycheck',
  memberPaycheckDetail: '/member/paycheck/:id',
  memberDocument: '/member/document',
  memberDocumentDetail: '/member/document/:id',
  memberAnnouncement: '/member/announcement',
  /** One of the member's announcements (the server's notifications and e-mails link here). */
  memberAnnouncementDetail: '/member/announcement/:id',
  memberWorkShift: '/member/work-shift',
  /** Ask to swap one of my shifts with a colleague's. */
  memberWorkShiftSwap: '/member/work-shift/:id/swap',
  /** My swaps: those I asked and those awaiting my reply. */
  memberShiftSwap: '/member/shift-swap',
  memberShiftSwapDetail: '/member/shift-swap/:id',
  integrationCompany: `/integration/${PAYROLL_PROVIDER}/company`,
  integrationUserInfo: `/integration/${PAYROLL_PROVIDER}/user-info`,
  integrationJustification: `/integration/${PAYROLL_PROVIDER}/justification`,
  timesheet: '/attendance/attendance-data/timesheet',
  /** The platform operator's area (ADR 0023): every workspace of the platform, a new one, disabling one. */
  operatorWorkspaces: '/operator/workspace',
  operatorWorkspaceNew: '/operator/workspace/new',
  forbidden: '/403',
  serverError: '/500',
} as const;

export type PathKey = keyof typeof paths;
