import { and, asc, count, eq, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { reachable } from '../../db/accounts';
import type { Queryable } from '../../db/client';
import { announcementRecipients, announcements, groupMembers, userInfos, users } from '../../db/schema';
import { inEnabledWorkspace, inScope, insertInScope, type WorkspaceScope } from '../../db/scope';

/** An announcement's recipients: the audience resolved at sending, the due ones for the job, marks, and the reach rows. */

/** Who an audience means now: accepted, enabled records of enabled accounts, once each (one statement). */
export async function resolveAudience(
  q: Queryable,
  scope: WorkspaceScope,
  audience: { everyone: boolean; groupIds: string[]; userInfoIds: string[] },
): Promise<string[]> {
  const who: SQL[] = [];
  if (!audience.everyone) {
    if (audience.userInfoIds.length > 0) who.push(inArray(userInfos.id, audience.userInfoIds));
    if (audience.groupIds.length > 0)
      who.push(
        sql`exists (select 1 from ${groupMembers} gm where gm.workspace_id = ${userInfos.workspaceId} and gm.user_info_id = ${userInfos.id} and gm.group_id in (${sql.join(
          audience.groupIds.map((g) => sql`${g}::uuid`),
          sql`, `,
        )}))`,
      );
    if (who.length === 0) return [];
  }
  const rows = await q
    .select({ id: userInfos.id })
    .from(userInfos)
    .innerJoin(users, eq(users.id, userInfos.userId))
    .where(inScope(userInfos, scope, reachable(), who.length > 0 ? or(...who) : undefined))
    .orderBy(asc(userInfos.id));
  return rows.map((r) => r.id);
}

// Processing ---------------------------------------------------------------------------------------------------

/**
 * The next announcement due (send_at passed, not processed), locked for this transaction: another process skips it.
 * Trusted code (the job) reads across workspaces, then works in the row's scope.
 */
export async function lockNextDue(tx: Queryable, now: Date, maxAttempts: number) {
  const [row] = await tx
    .select()
    .from(announcements)
    .where(
      and(
        isNull(announcements.processedAt),
        lte(announcements.sendAt, now),
        sql`${announcements.attempts} < ${maxAttempts}`,
        // A disabled workspace's due announcements wait; they go out at the first run after it is enabled (ADR 0023).
        inEnabledWorkspace(announcements.workspaceId),
      ),
    )
    .orderBy(asc(announcements.sendAt))
    .limit(1)
    .for('update', { skipLocked: true });
  return row ?? null;
}

/** A processing that failed (an error, not a crash): counted, so that one bad announcement cannot block the others. */
export async function countFailedAttempt(q: Queryable, scope: WorkspaceScope, id: string) {
  await q
    .update(announcements)
    .set({ attempts: sql`${announcements.attempts} + 1`, processingAt: new Date() })
    .where(inScope(announcements, scope, eq(announcements.id, id)));
}

/** The recipients, each once whatever happens (primary key): returns those written now. */
export async function insertRecipients(q: Queryable, scope: WorkspaceScope, announcementId: string, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await insertInScope(
    q,
    scope,
    announcementRecipients,
    ids.map((userInfoId) => ({ announcementId, userInfoId })),
  )
    .onConflictDoNothing()
    .returning({ userInfoId: announcementRecipients.userInfoId });
  return rows.map((r) => r.userInfoId);
}

/** Marks some recipients of an announcement: e-mailed (at publication), or reminded (the remind button). */
export async function markRecipients(
  q: Queryable,
  scope: WorkspaceScope,
  announcementId: string,
  ids: string[],
  mark: { emailed: true } | { remindedAt: Date },
) {
  if (ids.length === 0) return;
  await q
    .update(announcementRecipients)
    .set(mark)
    .where(
      inScope(
        announcementRecipients,
        scope,
        eq(announcementRecipients.announcementId, announcementId),
        inArray(announcementRecipients.userInfoId, ids),
      ),
    );
}

// Reach --------------------------------------------------------------------------------------------------------

export type ReachStatus = 'all' | 'unread' | 'read' | 'unacknowledged' | 'acknowledged';

const reachStatus = (status: ReachStatus): SQL | undefined =>
  status === 'unread'
    ? isNull(announcementRecipients.openedAt)
    : status === 'read'
      ? isNotNull(announcementRecipients.openedAt)
      : status === 'unacknowledged'
        ? isNull(announcementRecipients.acknowledgedAt)
        : status === 'acknowledged'
          ? isNotNull(announcementRecipients.acknowledgedAt)
          : undefined;

export async function reachRows(
  q: Queryable,
  scope: WorkspaceScope,
  announcementId: string,
  opts: { status: ReachStatus; limit: number; offset: number },
) {
  const where = inScope(
    announcementRecipients,
    scope,
    eq(announcementRecipients.announcementId, announcementId),
    reachStatus(opts.status),
  );
  const [rows, [total]] = await Promise.all([
    q
      .select({
        r: announcementRecipients,
        firstName: userInfos.firstName,
        lastName: userInfos.lastName,
      })
      .from(announcementRecipients)
      .innerJoin(
        userInfos,
        and(
          eq(userInfos.workspaceId, announcementRecipients.workspaceId),
          eq(userInfos.id, announcementRecipients.userInfoId),
        ),
      )
      .where(where)
      .orderBy(asc(userInfos.lastName), asc(userInfos.firstName), asc(userInfos.id))
      .limit(opts.limit)
      .offset(opts.offset),
    q.select({ n: count() }).from(announcementRecipients).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Who has not read it (or, when it asks for acknowledgement, not acknowledged it). */
export async function notYetRead(q: Queryable, scope: WorkspaceScope, announcementId: string, requiresAck: boolean) {
  const rows = await q
    .select({ userInfoId: announcementRecipients.userInfoId })
    .from(announcementRecipients)
    .where(
      inScope(
        announcementRecipients,
        scope,
        eq(announcementRecipients.announcementId, announcementId),
        requiresAck ? isNull(announcementRecipients.acknowledgedAt) : isNull(announcementRecipients.openedAt),
      ),
    );
  return rows.map((r) => r.userInfoId);
}
