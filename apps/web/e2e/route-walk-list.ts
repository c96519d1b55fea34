import type { PermissionRule } from '../src/lib/permissions';

/**
 * The kinds of record a route's parameters name. The walk fills each with a real id fetched as the walking role
 * (route-walk.spec.ts), or with a well-formed id of nothing when the role has none (the page must say "not found").
 */
export type IdKind =
  | 'token'
  | 'user'
  | 'contract'
  | 'paycheckImport'
  | 'group'
  | 'templateDay'
  | 'templateWeek'
  | 'holiday'
  | 'monthLog'
  | 'announcement'
  | 'workShift'
  | 'shiftSwap'
  | 'myPaycheck'
  | 'myDocument'
  | 'myAnnouncement'
  | 'myWorkShift'
  | 'myShiftSwap';

/** What an open route (no permission) shows a signed-in person. */
export type OpenOutcome = 'home' | '403' | '404' | '500' | 'verify-email';

interface Walked {
  path: string;
  /** The kind of record of each `:param` of the path. */
  params?: Record<string, IdKind>;
}

/**
 * A route of the app's route table: the protected ones with the permission the table gives them (the role's access
 * decides between the page and the 403 page), the open ones with what they show when signed in.
 */
export type WalkRoute = Walked &
  ({ permission: PermissionRule; open?: never } | { open: OpenOutcome; permission?: never });

const SETTINGS_SCREEN = ['settings:read', 'user:read'] as const;
const user = { id: 'user' } as const;

/**
 * Every path of the app's router (app/router.tsx with app/routes.tsx) that a signed-in person can open, in the order
 * walked (the table's, mostly): all but the anonymous pages (login, sign-up, forgotten password, the password links), which only send them
 * home. A copy by hand, checked against the router by app/route-walk-coverage.test.ts: a route added there and not
 * here fails that test, and so does a permission changed on one side only.
 */
export const WALK_ROUTES: WalkRoute[] = [
  // The e-mail confirmation opens for everyone (outside the frame, first: the walk leaves the frame once); the root
  // sends a signed-in person home.
  { path: '/verify-email/:token', open: 'verify-email', params: { token: 'token' } },
  { path: '/', open: 'home' },
  // Account
  { path: '/dashboard', permission: 'profile:read' },
  { path: '/my-account', permission: 'profile:read' },
  // Admin: people
  { path: '/admin/user', permission: 'user:read' },
  { path: '/admin/user/new', permission: 'user:write' },
  { path: '/admin/user/import', permission: 'user:write' },
  { path: '/admin/user/:id/edit', permission: 'user:write', params: user },
  { path: '/admin/user/:id/detail', permission: 'user:read', params: user },
  { path: '/admin/user/:id/contract', permission: 'contract:read', params: user },
  { path: '/admin/user/:id/contract/new', permission: 'contract:write', params: user },
  {
    path: '/admin/user/:id/contract/:contractId/edit',
    permission: 'contract:write',
    params: { id: 'user', contractId: 'contract' },
  },
  { path: '/admin/paycheck', permission: 'paycheck:read' },
  { path: '/admin/user/:id/paycheck', permission: 'paycheck:read', params: user },
  { path: '/admin/paycheck/import', permission: 'paycheck:write' },
  { path: '/admin/paycheck/import/:id', permission: 'paycheck:write', params: { id: 'paycheckImport' } },
  { path: '/admin/user/:id/document', permission: 'document:write', params: user },
  { path: '/admin/contract', permission: 'contract:read' },
  { path: '/admin/group', permission: 'group:read' },
  { path: '/admin/group/new', permission: 'group:write' },
  { path: '/admin/group/:id/edit', permission: 'group:write', params: { id: 'group' } },
  // Admin: settings
  { path: '/admin/setting/time-slot', permission: SETTINGS_SCREEN },
  { path: '/admin/setting/template-day', permission: SETTINGS_SCREEN },
  { path: '/admin/setting/template-day/new', permission: 'settings:write' },
  { path: '/admin/setting/template-day/:id/edit', permission: 'settings:write', params: { id: 'templateDay' } },
  { path: '/admin/setting/template-week', permission: SETTINGS_SCREEN },
  { path: '/admin/setting/template-week/new', permission: 'settings:write' },
  { path: '/admin/setting/template-week/:id/edit', permission: 'settings:write', params: { id: 'templateWeek' } },
  { path: '/admin/setting/holiday', permission: SETTINGS_SCREEN },
  { path: '/admin/setting/holiday/new', permission: 'settings:write' },
  { path: '/admin/setting/holiday/:id/edit', permission: 'settings:write', params: { id: 'holiday' } },
  { path: '/admin/setting/justification', permission: SETTINGS_SCREEN },
  { path: '/admin/setting/workspace', permission: 'settings:read' },
  { path: '/admin/setting', permission: SETTINGS_SCREEN },
  { path: '/admin/setting/notification', permission: 'notification:own' },
  // Admin: operations
  { path: '/admin/attendance-calendar', permission: 'attendance:read:any' },
  { path: '/admin/justification-request', permission: 'attendance:read:any' },
  { path: '/admin/punch/import', permission: 'attendance:write:any' },
  { path: '/admin/month-log', permission: 'month-log:read' },
  { path: '/admin/month-log/:id', permission: 'month-log:read', params: { id: 'monthLog' } },
  { path: '/admin/announcement', permission: 'announcement:read' },
  { path: '/admin/announcement/new', permission: 'announcement:write' },
  { path: '/admin/announcement/:id', permission: 'announcement:read', params: { id: 'announcement' } },
  { path: '/admin/announcement/:id/edit', permission: 'announcement:write', params: { id: 'announcement' } },
  { path: '/admin/document', permission: 'document:write' },
  { path: '/admin/work-shift', permission: 'shift:write' },
  { path: '/admin/work-shift/new', permission: 'shift:write' },
  { path: '/admin/work-shift/:id', permission: 'shift:write', params: { id: 'workShift' } },
  { path: '/admin/work-shift/:id/edit', permission: 'shift:write', params: { id: 'workShift' } },
  { path: '/admin/shift-swap', permission: 'shift:write' },
  { path: '/admin/shift-swap/:id', permission: 'shift:write', params: { id: 'shiftSwap' } },
  // Member
  { path: '/member/calendar', permission: 'attendance:read:own' },
  { path: '/member/paycheck', permission: 'paycheck:read:own' },
  { path: '/member/paycheck/:id', permission: 'paycheck:read:own', params: { id: 'myPaycheck' } },
  { path: '/member/document', permission: 'document:read:own' },
  { path: '/member/document/:id', permission: 'document:read:own', params: { id: 'myDocument' } },
  { path: '/member/announcement', permission: 'announcement:read:own' },
  { path: '/member/announcement/:id', permission: 'announcement:read:own', params: { id: 'myAnnouncement' } },
  { path: '/member/work-shift', permission: 'shift:read:own' },
  { path: '/member/work-shift/:id/swap', permission: 'shift:swap:own', params: { id: 'myWorkShift' } },
  { path: '/member/shift-swap', permission: 'shift:read:own' },
  { path: '/member/shift-swap/:id', permission: 'shift:read:own', params: { id: 'myShiftSwap' } },
  // Integration, timesheet
  { path: '/integration/zucchetti/company', permission: 'payroll:settings' },
  { path: '/integration/zucchetti/user-info', permission: 'payroll:settings' },
  { path: '/integration/zucchetti/justification', permission: 'payroll:settings' },
  { path: '/attendance/attendance-data/timesheet', permission: 'attendance:read:any' },
  // The platform operator's area
  { path: '/operator/workspace', permission: 'platform:manage' },
  { path: '/operator/workspace/new', permission: 'platform:manage' },
  // The frame's error pages and its catch-all
  { path: '/403', open: '403' },
  { path: '/500', open: '500' },
  { path: '*', open: '404' },
];
