import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from './client';
import { userInfos, users } from './schema';
import { inScope, type WorkspaceScope } from './scope';

/**
 * Accounts and people as the repositories of several modules ask about them: which account a login e-mail names, who
 * in a workspace can sign in and be told, whether a person's record is there.
 */

/** The account (`users`) that logs in with this e-mail, compared lower-cased as every login is. */
export const loginEmailIs = (email: string): SQL => sql`lower(${users.email}) = ${email.toLowerCase()}`;

/** Who can sign in and be told in a workspace: an accepted, enabled record of an enabled account (joined). */
export const reachable = (): SQL =>
  and(eq(userInfos.invitationStatus, 'accepted'), eq(userInfos.enabled, true), eq(users.enabled, true)) as SQL;

/**
 * Whether the workspace has this person's record. With `lock`, the row is locked for the transaction: that serialises
 * the writes about one person (a double click cannot write two punches, two contract saves cannot both pass the
 * overlap check).
 */
export async function recordExists(q: Queryable, scope: WorkspaceScope, userInfoId: string, lock = false) {
  const base = q
    .select({ id: userInfos.id })
    .from(userInfos)
    .where(inScope(userInfos, scope, eq(userInfos.id, userInfoId)));
  const [row] = lock ? await base.for('update') : await base;
  return Boolean(row);
}
