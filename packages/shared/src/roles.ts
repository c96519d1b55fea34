/**
 * Roles and permissions (spec section 6). The role → permission map is the single source of truth for both the
 * API (every route declares one permission) and the web client (which only hides what the server would refuse).
 */
export const ROLES = ['operator', 'admin', 'accountant', 'member', 'user'] as const;
export type Role = (typeof ROLES)[number];

/** Roles a user can hold inside one workspace (the operator flag is platform-wide). */
export const WORKSPACE_ROLES = ['admin', 'accountant', 'member'] as const;
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];

/** What the API says about a user's roles in one workspace (spec section 3, `workspace_roles` entry). */
export interface WorkspaceRoleFlags {
  oimmei: boolean;
  admin: boolean;
  accountant: boolean;
  member: boolean;
}

/**
 * The roles in force for a user in the current workspace, in the spec's order. Everyone holds `user`; the admin
 * role or the operator flag adds `admin`; accountant and member add theirs. Without a workspace only `user` applies.
 */
export function effectiveRoles(flags: WorkspaceRoleFlags | null | undefined): Role[] {
  const roles: Role[] = ['user'];
  if (!flags) return roles;
  if (flags.admin || flags.oimmei) roles.push('admin');
  if (flags.accountant) roles.push('accountant');
  if (flags.member) roles.push('member');
  return roles;
}

/**
 * The main role: the last that applies in the order admin, then accountant, then member (spec section 6,
 * "flags may combine; the main role is the last that applies"), otherwise `user`.
 */
export function mainRole(flags: WorkspaceRoleFlags | null | undefined): Role {
  if (!flags) return 'user';
  let main: Role = 'user';
  if (flags.admin || flags.oimmei) main = 'admin';
  if (flags.accountant) main = 'accountant';
  if (flags.member) main = 'member';
  return main;
}

/** Home route: accountant only (no admin, member or operator) → /admin/month-log, everyone else → /dashboard. */
export function homeRoute(flags: WorkspaceRoleFlags | null | undefined): '/admin/month-log' | '/dashboard' {
  if (flags && flags.accountant && !flags.admin && !flags.member && !flags.oimmei) return '/admin/month-log';
  return '/dashboard';
}

/**
 * Per-action permissions. A route declares exactly one of these (or that it is public). `user` means any
 * authenticated person, even one with no workspace (a candidate).
 */
export const PERMISSIONS = {
  // own account
  'profile:read': ['user'],
  'profile:update': ['user'],
  'workspace:list': ['user'],
  // workspace administration
  'workspace:read': ['admin', 'accountant', 'member'],
  'workspace:update': ['admin'],
  // people
  'user:read': ['admin', 'accountant'],
  'user:write': ['admin'],
  'group:read': ['admin', 'accountant'],
  'group:write': ['admin'],
  'audit:read': ['admin'],
  // working time
  'contract:read': ['admin', 'accountant'],
  'contract:write': ['admin'],
  // /admin/* reads are for admins and accountants; members read what they need through the /attendance/ajax/* lookups.
  'settings:read': ['admin', 'accountant'],
  'settings:write': ['admin'],
  // attendance ("read" alone: everyone with a role; the service narrows an employee to their own data)
  'attendance:read': ['admin', 'accountant', 'member'],
  'attendance:read:own': ['member'],
  'attendance:write:own': ['member'],
  'attendance:read:any': ['admin', 'accountant'],
  'attendance:write:any': ['admin'],
  'request:approve': ['admin'],
  // month closing and payroll
  'month-log:read': ['admin', 'accountant'],
  'month-log:write': ['admin', 'accountant'],
  /** Reopening a closed month for employees: an admin's deliberate act, with a reason. */
  'month-log:reopen': ['admin'],
  /** The consultant's cockpit: the workspaces where the account is accountant (the service narrows to those). */
  'accountant:overview': ['user'],
  'payroll:export': ['admin', 'accountant'],
  'payroll:settings': ['admin'],
  // pay slips, documents, announcements, shifts
  'paycheck:read:own': ['member'],
  'paycheck:read': ['admin', 'accountant'],
  'paycheck:write': ['admin', 'accountant'],
  'document:read:own': ['member'],
  'document:read': ['admin'],
  'document:write': ['admin'],
  'announcement:read:own': ['member'],
  'announcement:read': ['admin'],
  'announcement:write': ['admin'],
  // notifications: one's own centre and settings in the active workspace, whatever the role
  'notification:own': ['admin', 'accountant', 'member'],
  'shift:read:own': ['member'],
  'shift:swap:own': ['member'],
  'shift:write': ['admin'],
  // platform
  'platform:manage': ['operator'],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;
export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as Permission[];

/** Whether a set of roles grants a permission. The operator flag is checked separately (`platform:manage`). */
export function hasPermission(roles: readonly Role[], permission: Permission): boolean {
  const allowed = PERMISSIONS[permission] as readonly Role[];
  return roles.some((r) => allowed.includes(r));
}

/** Whether a permission can be granted without an active workspace (only `user`-level ones). */
export function isWorkspaceIndependent(permission: Permission): boolean {
  const allowed = PERMISSIONS[permission] as readonly Role[];
  return allowed.includes('user') || (allowed.length === 1 && allowed[0] === 'operator');
}

/** The spec's auto-approve rule: own true → true; own unset → workspace setting; own false → false. */
export function resolveAutoApprove(own: boolean | null | undefined, workspaceSetting: boolean): boolean {
  if (own === true) return true;
  if (own === false) return false;
  return workspaceSetting;
}
