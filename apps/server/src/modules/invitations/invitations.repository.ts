import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { userInfos, workspaces } from '../../db/schema';
import { inScope, type WorkspaceScope } from '../../db/scope';

/**
 * Invitations are employee records (user_infos) waiting for the account holder's answer. These reads are by account,
 * across workspaces, on purpose: they are the person's own invitations (ADR 0015).
 */
export async function listPendingForAccount(q: Queryable, userId: string) {
  return q
    .select({ info: userInfos, workspaceName: workspaces.name })
    .from(userInfos)
    .innerJoin(workspaces, eq(workspaces.id, userInfos.workspaceId))
    .where(
      and(
        eq(userInfos.userId, userId),
        eq(userInfos.invitationStatus, 'pending'),
        eq(userInfos.enabled, true),
        // A disabled workspace (ADR 0023) invites nobody until the operator enables it again.
        isNull(workspaces.disabledAt),
      ),
    )
    .orderBy(asc(userInfos.invitedAt), asc(userInfos.id))
    .limit(100);
}

/** One pending invitation of this account, locked for the answer. */
export async function findPendingForAccount(q: Queryable, userId: string, userInfoId: string) {
  const rows = await q
    .select()
    .from(userInfos)
    .where(
      and(
        eq(userInfos.id, userInfoId),
        eq(userInfos.userId, userId),
        eq(userInfos.invitationStatus, 'pending'),
        eq(userInfos.enabled, true),
      ),
    )
    .for('update')
    .limit(1);
  return rows[0] ?? null;
}

export async function answer(
  q: Queryable,
  info: { id: string; workspaceId: string },
  status: 'accepted' | 'declined',
  now: Date,
) {
  await q
    .update(userInfos)
    .set({
      invitationStatus: status,
      respondedAt: now,
      updatedAt: now,
      ...(status === 'declined' ? { enabled: false } : {}),
    })
    .where(and(eq(userInfos.workspaceId, info.workspaceId), eq(userInfos.id, info.id)));
}

/**
 * The first-login link of an account that a workspace created is that workspace's invitation: setting the password
 * through it accepts the workspace's pending record (the page showed the company). Other invitations stay pending.
 */
export async function acceptCreatorInvitations(q: Queryable, userId: string, workspaceId: string | null, now: Date) {
  if (!workspaceId) return;
  await q
    .update(userInfos)
    .set({ invitationStatus: 'accepted', respondedAt: now, updatedAt: now })
    .where(
      and(
        eq(userInfos.userId, userId),
        eq(userInfos.workspaceId, workspaceId),
        eq(userInfos.invitationStatus, 'pending'),
        isNull(userInfos.respondedAt),
      ),
    );
}

/** Moves a membership to another account, declined and disabled. */
export async function handOverDeclined(
  q: Queryable,
  scope: WorkspaceScope,
  userInfoId: string,
  userId: string,
  now: Date,
) {
  await q
    .update(userInfos)
    .set({ userId, invitationStatus: 'declined', enabled: false, respondedAt: now, updatedAt: now })
    .where(inScope(userInfos, scope, eq(userInfos.id, userInfoId)));
}
