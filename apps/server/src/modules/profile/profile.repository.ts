import { and, eq, ne, sql } from 'drizzle-orm';
import { loginEmailIs } from '../../db/accounts';
import type { Queryable } from '../../db/client';
import { userInfos, users } from '../../db/schema';

export type MembershipRow = typeof userInfos.$inferSelect;

/** Whether another account already logs in with this e-mail (compared lower-cased). */
export async function emailTakenByOther(q: Queryable, email: string, userId: string): Promise<boolean> {
  const taken = await q
    .select({ id: users.id })
    .from(users)
    .where(and(loginEmailIs(email), ne(users.id, userId)))
    .limit(1);
  return taken.length > 0;
}

/** The person's own names, login e-mail and language; a new e-mail is unverified until its link is followed. */
export async function updateOwnProfile(
  q: Queryable,
  userId: string,
  values: { firstName: string; lastName: string; email: string; language?: string; emailChanged: boolean },
  now: Date,
) {
  await q
    .update(users)
    .set({
      firstName: values.firstName,
      lastName: values.lastName,
      email: values.email,
      ...(values.emailChanged ? { emailVerifiedAt: null } : {}),
      ...(values.language ? { language: values.language } : {}),
      updatedAt: now,
    })
    .where(eq(users.id, userId));
}

export async function setLanguage(q: Queryable, userId: string, language: string) {
  await q.update(users).set({ language, updatedAt: new Date() }).where(eq(users.id, userId));
}

export async function setPasswordHash(q: Queryable, userId: string, passwordHash: string, now: Date) {
  await q.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
}

/** How many enabled platform operators there are. */
export async function countEnabledOperators(q: Queryable): Promise<number> {
  const [row] = await q
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.isOperator, true), eq(users.enabled, true)));
  return row?.n ?? 0;
}

/**
 * The person's own memberships, across workspaces (an intended read by account, in the tenancy watch's allow-list):
 * the accepted ones (`accepted: true`) or those of invitations never accepted.
 */
export async function ownMemberships(q: Queryable, userId: string, accepted: boolean): Promise<MembershipRow[]> {
  return q
    .select()
    .from(userInfos)
    .where(
      and(
        eq(userInfos.userId, userId),
        accepted ? eq(userInfos.invitationStatus, 'accepted') : ne(userInfos.invitationStatus, 'accepted'),
      ),
    );
}

/** A disabled account that keeps a company's record of an invitation the deleted person never accepted. */
export async function insertPlaceholderAccount(
  q: Queryable,
  values: { firstName: string; lastName: string; email: string; createdByWorkspaceId: string },
) {
  const [placeholder] = await q
    .insert(users)
    .values({
      email: values.email,
      firstName: values.firstName,
      lastName: values.lastName,
      enabled: false,
      createdByWorkspaceId: values.createdByWorkspaceId,
    })
    .returning({ id: users.id });
  return placeholder!.id;
}

export async function deleteAccount(q: Queryable, userId: string) {
  await q.delete(users).where(eq(users.id, userId));
}
