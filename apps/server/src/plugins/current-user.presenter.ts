import type { CurrentUser, WorkspaceSummary } from '@timbro/shared';
import type { Actor } from './request-context';

/** GET /user in the spec's shape (snake_case; workspace_roles and attendance_infos per workspace). */
export function presentCurrentUser(
  actor: Pick<
    Actor,
    | 'userId'
    | 'firstName'
    | 'lastName'
    | 'email'
    | 'fiscalCode'
    | 'language'
    | 'memberships'
    | 'emailVerified'
    | 'pendingInvitations'
    | 'isOperator'
    | 'disabledWorkspaces'
  >,
): CurrentUser {
  return {
    id: actor.userId,
    first_name: actor.firstName,
    last_name: actor.lastName,
    email: actor.email,
    email_verified: actor.emailVerified,
    pending_invitations: actor.pendingInvitations,
    fiscal_code: actor.fiscalCode,
    language: actor.language,
    is_operator: actor.isOperator,
    workspace_roles: actor.memberships.map((m) => ({
      workspace_id: m.workspaceId,
      oimmei: m.flags.oimmei,
      admin: m.flags.admin,
      accountant: m.flags.accountant,
      member: m.flags.member,
      attendance_auto_approve_request: m.autoApprove,
    })),
    attendance_infos: actor.memberships
      .filter((m) => m.userInfoId !== null)
      .map((m) => ({
        workspace_id: m.workspaceId,
        user_info_id: m.userInfoId!,
        enabled: m.enabled,
        workspace_attendance_auto_approve_request: m.workspaceAutoApprove,
        time_zone: m.timeZone,
      })),
    disabled_workspaces: actor.disabledWorkspaces.map((w) => ({ id: w.id, name: w.name })),
  };
}

export function presentWorkspaceList(
  actor: Pick<Actor, 'memberships'>,
  logos: Map<string, string | null>,
): WorkspaceSummary[] {
  return actor.memberships.map((m) => ({
    id: m.workspaceId,
    name: m.workspaceName,
    attendance_auto_approve_request: m.workspaceAutoApprove,
    square_logo: logos.get(m.workspaceId) ?? null,
  }));
}
