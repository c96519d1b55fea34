import {
  effectiveRoles,
  homeRoute,
  mainRole,
  resolveAutoApprove,
  type Role,
  type WorkspaceRoleFlags,
} from '@timbro/shared/roles';
import type { AttendanceInfo, CurrentUser, WorkspaceSummary } from '@timbro/shared';

/** The derived current user of spec section 3 (no photo is set). */
export interface DerivedUser {
  id: string;
  displayName: string;
  email: string;
  roles: Role[];
  mainRole: Role;
  isAdmin: boolean;
  isAccountant: boolean;
  isMember: boolean;
  isOperator: boolean;
  attendanceAutoApprove: boolean;
  attendanceInfo: AttendanceInfo | null;
  homeRoute: '/dashboard' | '/admin/month-log';
  language: string;
}

export function deriveCurrentUser(
  user: CurrentUser,
  workspaces: WorkspaceSummary[],
  workspaceId: string | null,
): DerivedUser {
  const entry = user.workspace_roles.find((r) => r.workspace_id === workspaceId) ?? null;
  const flags: WorkspaceRoleFlags | null = entry
    ? { oimmei: entry.oimmei, admin: entry.admin, accountant: entry.accountant, member: entry.member }
    : null;
  const roles = effectiveRoles(flags);
  const workspace = workspaces.find((w) => w.id === workspaceId);
  return {
    id: user.id,
    displayName: `${user.first_name} ${user.last_name}`.trim(),
    email: user.email,
    roles,
    mainRole: mainRole(flags),
    isAdmin: roles.includes('admin'),
    isAccountant: roles.includes('accountant'),
    isMember: roles.includes('member'),
    // Platform-wide (ADR 0023): an operator with no workspace to enter is still the operator.
    isOperator: user.is_operator || user.workspace_roles.some((r) => r.oimmei),
    attendanceAutoApprove: resolveAutoApprove(
      entry?.attendance_auto_approve_request,
      workspace?.attendance_auto_approve_request ?? false,
    ),
    attendanceInfo: user.attendance_infos.find((a) => a.workspace_id === workspaceId) ?? null,
    homeRoute: homeRoute(flags),
    language: user.language,
  };
}
