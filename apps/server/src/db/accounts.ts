import { and, eq, sql, type SQL } from 'drizzle-orm';
import { userInfos, users } from './schema';

/**
 * Conditions on accounts and people that the repositories of several modules write the same way: which account a
 * login e-mail names, and who in a workspace can sign in and be told.
 */

/** The account (`users`) that logs in with this e-mail, compared lower-cased as every login is. */
export const loginEmailIs = (email: string): SQL => sql`lower(${users.email}) = ${email.toLowerCase()}`;

/** Who can sign in and be told in a workspace: an accepted, enabled record of an enabled account (joined). */
export const reachable = (): SQL =>
  and(eq(userInfos.invitationStatus, 'accepted'), eq(userInfos.enabled, true), eq(users.enabled, true)) as SQL;
