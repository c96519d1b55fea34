import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import {
  announcementAttachments,
  announcementRecipients,
  announcements,
  files,
  groupMembers,
  groups,
  userInfos,
  users,
} from '../../db/schema';
import { inEnabledWorkspace, inScope, insertInScope, type WorkspaceScope } from '../../db/scope';

export type AnnouncementRow = typeof announcements.$inferSelect;
export type NewAnnouncement = Omit<typeof announcements.$inferInsert, 'workspaceId' | 'id'>;

export async function insertAnnouncement(q: Queryable, scope: WorkspaceScope, values: NewAnnouncement) {
  const [row] = await insertInScope(q, scope, announcements, values).returning();
  return row!;
}

export async function findAnnouncement(q: Queryable, scope: WorkspaceScope, id: string, forUpdate = false) {
  const query = q
    .select()
    .from(announcements)
    .where(inScope(announcements, scope, eq(announcements.id, id)))
    .limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function updateAnnouncement(
  q: Queryable,
  scope: WorkspaceScope,
  id: string,
  patch: Partial<NewAnnouncement>,
) {
  const [row] = await q
    .update(announcements)
    .set({ ...patch, updatedAt: new Date() })
    .where(inScope(announcements, scope, eq(announcements.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteAnnouncement(q: Queryable, scope: WorkspaceScope, id: string) {
  const [row] = await q
    .delete(announcements)
    .where(inScope(announcements, scope, eq(announcements.id, id)))
    .returning();
  return row ?? null;
}

/**
 * The state as the spec names it: to be processed until sent, then processed and published. Between its send time
 * and the job's run (seconds) it is `processing`.
 */
export const stateOf = (r: Pick<AnnouncementRow, 'processedAt' | 'sendAt'>, now: Date) =>
  r.processedAt ? ('published' as const) : r.sendAt <= now ? ('processing' as const) : ('scheduled' as const);

const stateCondition = (state: 'scheduled' | 'processing' | 'published' | undefined, now: Date): SQL | undefined =>
  state === 'published'
    ? isNotNull(announcements.processedAt)
    : state === 'processing'
      ? and(isNull(announcements.processedAt), lte(announcements.sendAt, now))
      : state === 'scheduled'
        ? and(isNull(announcements.processedAt), sql`${announcements.sendAt} > ${now.toISOString()}`)
        : undefined;

const reachColumns = {
  recipients: sql<number>`(select count(*)::int from ${announcementRecipients} r where r.workspace_id = ${announcements.workspaceId} and r.announcement_id = ${announcements.id})`,
  emailed: sql<number>`(select count(*)::int from ${announcementRecipients} r where r.workspace_id = ${announcements.workspaceId} and r.announcement_id = ${announcements.id} and r.emailed)`,
  opened: sql<number>`(select count(*)::int from ${announcementRecipients} r where r.workspace_id = ${announcements.workspaceId} and r.announcement_id = ${announcements.id} and r.opened_at is not null)`,
  acknowledged: sql<number>`(select count(*)::int from ${announcementRecipients} r where r.workspace_id = ${announcements.workspaceId} and r.announcement_id = ${announcements.id} and r.acknowledged_at is not null)`,
};

export type ReachCounts = { recipients: number; emailed: number; opened: number; acknowledged: number };

/** A page of the workspace's announcements with their reach, in SQL order (2 statements). */
export async function listAnnouncements(
  q: Queryable,
  scope: WorkspaceScope,
  opts: {
    search?: string;
    state?: 'scheduled' | 'processing' | 'published';
    now: Date;
    sort: 'sendAt' | 'title' | 'createdAt';
    order: 'asc' | 'desc';
    limit: number;
    offset: number;
  },
) {
  const where = inScope(
    announcements,
    scope,
    opts.search ? ilike(announcements.title, `%${opts.search.replace(/[\\%_]/g, '\\$&')}%`) : undefined,
    stateCondition(opts.state, opts.now),
  );
  const column = { sendAt: announcements.sendAt, title: announcements.title, createdAt: announcements.createdAt }[
    opts.sort
  ];
  const dir = opts.order === 'asc' ? asc : desc;
  const [rows, [total]] = await Promise.all([
    q
      .select({ a: announcements, ...reachColumns })
      .from(announcements)
      .where(where)
      .orderBy(dir(column), dir(announcements.id))
      .limit(opts.limit)
      .offset(opts.offset),
    q.select({ n: count() }).from(announcements).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function reachOf(q: Queryable, scope: WorkspaceScope, id: string): Promise<ReachCounts> {
  const [row] = await q
    .select(reachColumns)
    .from(announcements)
    .where(inScope(announcements, scope, eq(announcements.id, id)));
  return row ?? { recipients: 0, emailed: 0, opened: 0, acknowledged: 0 };
}

// Attachments --------------------------------------------------------------------------------------------------

export async function attachmentsOf(q: Queryable, scope: WorkspaceScope, ids: string[]) {
  if (ids.length === 0) return [];
  return q
    .select({ announcementId: announcementAttachments.announcementId, file: files })
    .from(announcementAttachments)
    .innerJoin(
      files,
      and(eq(files.workspaceId, announcementAttachments.workspaceId), eq(files.id, announcementAttachments.fileId)),
    )
    .where(inScope(announcementAttachments, scope, inArray(announcementAttachments.announcementId, ids)))
    .orderBy(asc(announcementAttachments.position), asc(files.createdAt));
}

export async function insertAttachments(
  q: Queryable,
  scope: WorkspaceScope,
  announcementId: string,
  items: { fileId: string; position: number }[],
) {
  if (items.length === 0) return;
  await insertInScope(
    q,
    scope,
    announcementAttachments,
    items.map((i) => ({ announcementId, ...i })),
  );
}

export async function removeAttachments(
  q: Queryable,
  scope: WorkspaceScope,
  announcementId: string,
  fileIds: string[],
) {
  if (fileIds.length === 0) return;
  await q
    .delete(announcementAttachments)
    .where(
      inScope(
        announcementAttachments,
        scope,
        eq(announcementAttachments.announcementId, announcementId),
        inArray(announcementAttachments.fileId, fileIds),
      ),
    );
}

// Audience -----------------------------------------------------------------------------------------------------

export async function groupNames(q: Queryable, scope: WorkspaceScope, ids: string[]) {
  if (ids.length === 0) return [];
  return q
    .select({ id: groups.id, name: groups.name })
    .from(groups)
    .where(inScope(groups, scope, inArray(groups.id, ids)))
    .orderBy(asc(groups.name));
}

export async function personNames(q: Queryable, scope: WorkspaceScope, ids: string[]) {
  if (ids.length === 0) return [];
  return q
    .select({ id: userInfos.id, firstName: userInfos.firstName, lastName: userInfos.lastName })
    .from(userInfos)
    .where(inScope(userInfos, scope, inArray(userInfos.id, ids)))
    .orderBy(asc(userInfos.lastName), asc(userInfos.firstName));
}

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
    .where(
      inScope(
        userInfos,
        scope,
        eq(userInfos.invitationStatus, 'accepted'),
        eq(userInfos.enabled, true),
        eq(users.enabled, true),
        who.length > 0 ? or(...who) : undefined,
      ),
    )
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

// The employee's side ------------------------------------------------------------------------------------------

/** The person's announcements, unread first then newest (2 statements). */
export async function listMine(
  q: Queryable,
  scope: WorkspaceScope,
  userInfoId: string,
  opts: { limit: number; offset: number },
) {
  const where = inScope(
    announcementRecipients,
    scope,
    eq(announcementRecipients.userInfoId, userInfoId),
    isNotNull(announcements.publishedAt),
  );
  const join = and(
    eq(announcements.workspaceId, announcementRecipients.workspaceId),
    eq(announcements.id, announcementRecipients.announcementId),
  );
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
    .innerJoin(
      announcements,
      and(
        eq(announcements.workspaceId, announcementRecipients.workspaceId),
        eq(announcements.id, announcementRecipients.announcementId),
      ),
    )
    .where(
      inScope(
        announcementRecipients,
        scope,
        eq(announcementRecipients.userInfoId, userInfoId),
        eq(announcementRecipients.announcementId, id),
        isNotNull(announcements.publishedAt),
      ),
    )
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
