import { count, desc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { announcementRecipients, announcements } from '../../db/schema';
import { inScope, joinInScope, type WorkspaceScope } from '../../db/scope';

/** The member's announcements: their list, one with its attachments, the first opening. */

// The employee's side ------------------------------------------------------------------------------------------

/** The announcement of a recipient row (joined in the workspace). */
const announcementOf = () =>
  joinInScope(announcementRecipients, announcements, eq(announcements.id, announcementRecipients.announcementId));

/** The person's received announcements that are published (`more` narrows them). */
const publishedFor = (scope: WorkspaceScope, userInfoId: string, ...more: SQL[]) =>
  inScope(
    announcementRecipients,
    scope,
    eq(announcementRecipients.userInfoId, userInfoId),
    isNotNull(announcements.publishedAt),
    ...more,
  );

/** The person's announcements, unread first then newest (2 statements). */
export async function listMine(
  q: Queryable,
  scope: WorkspaceScope,
  userInfoId: string,
  opts: { limit: number; offset: number },
) {
  const where = publishedFor(scope, userInfoId);
  const join = announcementOf();
  const [rows, [counts]] = await Promise.all([
    q
      .select({ a: announcements, r: announcementRecipients })
      .from(announcementRecipients)
      .innerJoin(announcements, join)
      .where(where)
      .orderBy(
        sql`${announcementRecipients.openedAt} is not null`,
        desc(announcements.publishedAt),
        desc(announcements.id),
      )
      .limit(opts.limit)
      .offset(opts.offset),
    q
      .select({
        total: count(),
        unread: sql<number>`count(*) filter (where ${announcementRecipients.openedAt} is null)::int`,
      })
      .from(announcementRecipients)
      .innerJoin(announcements, join)
      .where(where),
  ]);
  return { rows, total: counts?.total ?? 0, unread: counts?.unread ?? 0 };
}

export async function findMine(q: Queryable, scope: WorkspaceScope, userInfoId: string, id: string) {
  const [row] = await q
    .select({ a: announcements, r: announcementRecipients })
    .from(announcementRecipients)
    .innerJoin(announcements, announcementOf())
    .where(publishedFor(scope, userInfoId, eq(announcementRecipients.announcementId, id)))
    .limit(1);
  return row ?? null;
}

export async function markOpened(q: Queryable, scope: WorkspaceScope, userInfoId: string, id: string, ack: boolean) {
  const [row] = await q
    .update(announcementRecipients)
    .set({
      openedAt: sql`coalesce(${announcementRecipients.openedAt}, now())`,
      ...(ack ? { acknowledgedAt: sql`coalesce(${announcementRecipients.acknowledgedAt}, now())` } : {}),
    })
    .where(
      inScope(
        announcementRecipients,
        scope,
        eq(announcementRecipients.userInfoId, userInfoId),
        eq(announcementRecipients.announcementId, id),
      ),
    )
    .returning();
  return row ?? null;
}

/** The latest published announcements the person received (the dashboard widget). */
export async function latestMine(q: Queryable, scope: WorkspaceScope, userInfoId: string, limit: number) {
  return listMine(q, scope, userInfoId, { limit, offset: 0 });
}
