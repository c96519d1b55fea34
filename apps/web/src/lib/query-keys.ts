/**
 * The root of every feature's query keys, in one place: a mutation invalidates what it makes stale by these roots
 * (its own and other features'), without importing another feature. Each query-options factory extends its root.
 */
/** Employees (lists, records, lookups). */
export const USERS_KEY = ['users'] as const;
/** Groups (lists, records, lookup). */
export const GROUPS_KEY = ['groups'] as const;
/** Contracts (lists, records, an employee's contracts). */
export const CONTRACTS_KEY = ['contracts'] as const;
/** Balances: contract changes and adjustments invalidate it. */
export const ACCRUALS_KEY = ['accruals'] as const;
/** Attendance (clock, day sheets, requests, timesheet, own balances). */
export const ATTENDANCE_KEY = ['attendance'] as const;
/** Absence types (types, groups, lookups): a change to either invalidates all. */
export const JUSTIFICATIONS_KEY = ['justifications'] as const;
/** Daily and weekly templates: a change to either invalidates both (weekly ones embed daily ones). */
export const TEMPLATES_KEY = ['templates'] as const;
/** Holidays. */
export const HOLIDAYS_KEY = ['holidays'] as const;
/** Month closings (versions, pre-close checks, diffs, payroll exports, the accountant's overview). */
export const MONTH_LOGS_KEY = ['month-logs'] as const;
/** The payroll integration's settings (company codes, employees' and absence types' codes). */
export const PAYROLL_SETTINGS_KEY = ['payroll-settings'] as const;
/** The audit trail (change histories). */
export const AUDIT_KEY = ['audit'] as const;
/** The own invitations. */
export const INVITATIONS_KEY = ['invitations'] as const;
/** The own sessions: revoking invalidates it. */
export const SESSIONS_KEY = ['profile', 'sessions'] as const;
/** Pay slips (lists, records, imports, the delivery report). */
export const PAYCHECKS_KEY = ['paychecks'] as const;
/** Employees' documents (lists, records, reminder settings). */
export const DOCUMENTS_KEY = ['documents'] as const;
/** Announcements (the admin's lists, records and reach; the member's own list and records). */
export const ANNOUNCEMENTS_KEY = ['announcements'] as const;
/**
 * The notification centre (the header's bell, its list): reading an announcement reads its notifications on the
 * server, so the announcements invalidate this root too.
 */
export const NOTIFICATIONS_KEY = ['notifications'] as const;
/**
 * Work shifts and their swaps (the planning, a shift's record, the member's shifts, swap lists and records, the
 * calendar feed): a swap's approval exchanges two shifts, so it invalidates the whole root.
 */
export const WORK_SHIFTS_KEY = ['work-shifts'] as const;
/**
 * The active workspace's company details and settings (approvals, time zone) and its logos' images: a save of the
 * company invalidates it.
 */
export const WORKSPACE_KEY = ['workspace'] as const;
/** The platform operator's list of workspaces (a new, disabled or enabled workspace changes it). */
export const PLATFORM_KEY = ['platform'] as const;
/**
 * The dashboard's one aggregated call (GET /dashboard): it summarises every feature, so any successful write makes it
 * stale (the query client's mutation cache invalidates it: lib/query-client.ts).
 */
export const DASHBOARD_KEY = ['dashboard'] as const;
