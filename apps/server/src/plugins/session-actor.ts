import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { WorkspaceRoleFlags } from '@timbro/shared';
import type { Db } from '../db/client';
import { authSessions, userInfos, users, workspaces } from '../db/schema';
import { REMEMBER_IDLE_SECONDS, SESSION_IDLE_SECONDS } from '../lib/cookies';

/**
 * Who a request's session is: the account and its memberships, loaded from the database (two queries). The
 * request-context plugin reads them through the actor cache (actor-cache.ts), which every change to sessions, accounts,
 * memberships or workspaces empties at once, in every process.
 */

export interface Membership {
  workspaceId: string;
  workspaceName: string;
  userInfoId: string | null;
  flags: WorkspaceRoleFlags;
  enabled: boolean;
  autoApprove: boolean | null;
  workspaceAutoApprove: boolean;
  timeZone: string;
}

export interface Actor {
  userId: string;
  sessionId: string;
  email: string;
  firstName: string;
  lastName: string;
  fiscalCode: string | null;
  language: string;
  isOperator: boolean;
  lastWorkspaceId: string | null;
  emailVerified: boolean;
  /** Invitations of companies waiting for this person's answer. */
  pendingInvitations: number;
  /** Workspaces this person may enter (enabled memberships; every workspace for the operator), never a disabled one. */
  memberships: Membership[];
  /**
   * Disabled workspaces where this person has an accepted, enabled membership (ADR 0023): only named, so the web can
   * say why the company is gone. Never the operator's (they see every workspace's state in the platform list).
   */
  disabledWorkspaces: DisabledWorkspace[];
}

export interface DisabledWorkspace {
  id: string;
  name: string;
}

/** Loads the session's user and memberships in two queries; null when the session is gone, revoked or disabled. */
export async function loadActor(db: Db, sessionId: string, now = new Date()): Promise<Actor | null> {
  return (await loadSessionActor(db, sessionId, now))?.actor ?? null;
}

/** The session's clock: what decides, as time passes, whether a cached actor is still valid (actor-cache.ts). */
export interface SessionClock {
  expiresAt: Date;
  lastSeenAt: Date;
  rememberMe: boolean;
}

/** Whether a session is still live at `now`: not expired, not idle for too long (lib/cookies.ts). */
export function sessionLive(clock: SessionClock, now: Date): boolean {
  const idleSeconds = clock.rememberMe ? REMEMBER_IDLE_SECONDS : SESSION_IDLE_SECONDS;
  return clock.expiresAt > now && clock.lastSeenAt.getTime() > now.getTime() - idleSeconds * 1000;
}

/** `loadActor` with the session's clock. */
export async function loadSessionActor(
  db: Db,
  sessionId: string,
  now = new Date(),
): Promise<{ actor: Actor; clock: SessionClock } | null> {
  const rows = await db
    .select({
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      fiscalCode: users.fiscalCode,
      language: users.language,
      isOperator: users.isOperator,
      lastWorkspaceId: users.lastWorkspaceId,
      emailVerified: sql<boolean>`${users.emailVerifiedAt} is not null`,
      expiresAt: authSessions.expiresAt,
      lastSeenAt: authSessions.lastSeenAt,
      rememberMe: authSessions.rememberMe,
      pendingInvitations: sql<number>`case when ${users.isOperator} then 0 else (select count(*)::int from ${userInfos} pi where pi.user_id = ${users.id} and pi.invitation_status = 'pending' and pi.enabled and not exists (select 1 from ${workspaces} dw where dw.id = pi.workspace_id and dw.disabled_at is not null)) end`,
    })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(
      and(
        eq(authSessions.id, sessionId),
        isNull(authSessions.revokedAt),
        gt(authSessions.expiresAt, now),
        // Idle timeout (lib/cookies.ts): the refresh that proves activity also moves last_seen_at.
        sql`${authSessions.lastSeenAt} > case when ${authSessions.rememberMe} then ${new Date(now.getTime() - REMEMBER_IDLE_SECONDS * 1000).toISOString()}::timestamptz else ${new Date(now.getTime() - SESSION_IDLE_SECONDS * 1000).toISOString()}::timestamptz end`,
        eq(users.enabled, true),
      ),
    )
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  const { expiresAt, lastSeenAt, rememberMe, ...u } = row;
  const { memberships, disabledWorkspaces } = await loadMemberships(db, u.userId, u.isOperator);
  return { actor: { ...u, sessionId, memberships, disabledWorkspaces }, clock: { expiresAt, lastSeenAt, rememberMe } };
}

/**
 * The person's memberships, and in the same statement the disabled workspaces they would otherwise be in (ADR 0023:
 * those give no access, they are only named).
 */
export async function loadMemberships(
  db: Db,
  userId: string,
  isOperator: boolean,
): Promise<{ memberships: Membership[]; disabledWorkspaces: DisabledWorkspace[] }> {
  const rows = await db
    .select({
      workspaceId: workspaces.id,
      workspaceName: workspaces.name,
      disabled: sql<boolean>`${workspaces.disabledAt} is not null`,
      timeZone: workspaces.timeZone,
      workspaceAutoApprove: workspaces.attendanceAutoApproveRequest,
      userInfoId: userInfos.id,
      isAdmin: userInfos.isAdmin,
      isAccountant: userInfos.isAccountant,
      isMember: userInfos.isMember,
      enabled: userInfos.enabled,
      autoApprove: userInfos.attendanceAutoApproveRequest,
    })
    .from(workspaces)
    // Only accepted memberships give access: a pending or declined invitation is the company's record, not the person's.
    .leftJoin(
      userInfos,
      and(
        eq(userInfos.workspaceId, workspaces.id),
        eq(userInfos.userId, userId),
        eq(userInfos.invitationStatus, 'accepted'),
      ),
    )
    // A disabled workspace (ADR 0023) is nobody's, the operator's included: they enable it again from the platform list.
    // A person's own disabled ones come back only to be named (split below); the operator's never come back.
    .where(isOperator ? isNull(workspaces.disabledAt) : and(eq(userInfos.userId, userId), eq(userInfos.enabled, true)))
    .orderBy(asc(workspaces.name), asc(workspaces.id));
  const disabledWorkspaces = rows.filter((r) => r.disabled).map((r) => ({ id: r.workspaceId, name: r.workspaceName }));
  const memberships = rows
    .filter((r) => !r.disabled)
    .map((r) => ({
      workspaceId: r.workspaceId,
      workspaceName: r.workspaceName,
      userInfoId: r.userInfoId,
      enabled: r.enabled ?? true,
      autoApprove: r.autoApprove ?? null,
      workspaceAutoApprove: r.workspaceAutoApprove,
      timeZone: r.timeZone,
      flags: {
        oimmei: isOperator,
        admin: (r.enabled ?? false) && (r.isAdmin ?? false),
        accountant: (r.enabled ?? false) && (r.isAccountant ?? false),
        member: (r.enabled ?? false) && (r.isMember ?? false),
      },
    }));
  return { memberships, disabledWorkspaces };
}
