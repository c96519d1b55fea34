import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { notifications, userInfos, users } from '../../db/schema';
import { inEnabledWorkspace, inScope, type WorkspaceScope } from '../../db/scope';

/** The daily digest's statements (digest.job.ts): the next person's items, locked; where their mail goes; marked sent. */

/** Where a person's digest goes: their login e-mail and first name (one query; null when the record is gone). */
export async function digestAddressOf(
  q: Queryable,
  scope: WorkspaceScope,
  userInfoId: string,
): Promise<{ email: string; firstName: string } | null> {
  const [row] = await q
    .select({ email: users.email, firstName: userInfos.firstName })
    .from(userInfos)
    .innerJoin(users, eq(users.id, userInfos.userId))
    .where(inScope(userInfos, scope, eq(userInfos.id, userInfoId)));
  return row ?? null;
}

// The daily digest ---------------------------------------------------------------------------------------------

/**
 * The next person with digest items waiting (any workspace), their rows locked so that two processes never put the
 * same item in two digests. Trusted code (the job): it reads across workspaces, then works in the row's scope.
 */
export async function lockNextDigest(tx: Queryable, before: Date, limit: number) {
  const [first] = await tx
    .select({ workspaceId: notifications.workspaceId, userInfoId: notifications.userInfoId })
    .from(notifications)
    .where(
      and(
        eq(notifications.email, 'digest'),
        isNull(notifications.emailedAt),
        sql`${notifications.createdAt} < ${before.toISOString()}`,
        // A disabled workspace's items wait, unsent, until it is enabled again (ADR 0023).
        inEnabledWorkspace(notifications.workspaceId),
      ),
    )
    .orderBy(asc(notifications.createdAt))
    .limit(1)
    .for('update', { skipLocked: true });
  if (!first) return null;
  const rows = await tx
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.workspaceId, first.workspaceId),
        eq(notifications.userInfoId, first.userInfoId),
        eq(notifications.email, 'digest'),
        isNull(notifications.emailedAt),
        sql`${notifications.createdAt} < ${before.toISOString()}`,
      ),
    )
    .orderBy(asc(notifications.createdAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return { ...first, rows };
}

export async function markDigested(q: Queryable, scope: WorkspaceScope, ids: string[], mailId: string | null) {
  if (ids.length === 0) return;
  await q
    .update(notifications)
    .set({ emailedAt: sql`now()`, mailId })
    .where(inScope(notifications, scope, inArray(notifications.id, ids)));
}
