import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { userInfos, users } from '../../db/schema';
import { inScope, type WorkspaceScope } from '../../db/scope';

// Who gets told: the lookups every notification uses (one place), and the last-admin count that rests on the same
// notion of "an enabled admin".

/** The condition of "an enabled admin of the workspace": admin role, enabled record, enabled account (one place). */
const enabledAdmin = () => and(eq(userInfos.isAdmin, true), eq(userInfos.enabled, true), eq(users.enabled, true));

/** Enabled admins of the workspace other than this record (the last admin must stay). */
export async function otherEnabledAdmins(
  q: Queryable,
  scope: WorkspaceScope,
  exceptUserInfoId: string,
): Promise<number> {
  const [row] = await q
    .select({ n: sql<number>`count(*)::int` })
    .from(userInfos)
    .innerJoin(users, eq(users.id, userInfos.userId))
    .where(inScope(userInfos, scope, enabledAdmin(), ne(userInfos.id, exceptUserInfoId)));
  return row?.n ?? 0;
}

/** Who gets a message: the person's record id, login e-mail, first name and language. */
export interface Recipient {
  userInfoId: string;
  userId: string;
  email: string;
  firstName: string;
  language: string;
}

const recipientColumns = {
  userInfoId: userInfos.id,
  userId: users.id,
  email: users.email,
  firstName: userInfos.firstName,
  language: users.language,
};

/** The enabled admins of the workspace, as recipients: the one lookup every notification to admins uses. */
export async function enabledAdmins(q: Queryable, scope: WorkspaceScope): Promise<Recipient[]> {
  return q
    .select(recipientColumns)
    .from(userInfos)
    .innerJoin(users, eq(users.id, userInfos.userId))
    .where(inScope(userInfos, scope, enabledAdmin()))
    .orderBy(asc(userInfos.id));
}

/** These people of the workspace, as recipients (one query). */
export async function recipientsOf(q: Queryable, scope: WorkspaceScope, userInfoIds: string[]): Promise<Recipient[]> {
  if (userInfoIds.length === 0) return [];
  return q
    .select(recipientColumns)
    .from(userInfos)
    .innerJoin(users, eq(users.id, userInfos.userId))
    .where(inScope(userInfos, scope, inArray(userInfos.id, userInfoIds)))
    .orderBy(asc(userInfos.id));
}
