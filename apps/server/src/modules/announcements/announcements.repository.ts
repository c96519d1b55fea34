import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import {
  announcementAttachments,
  announcementRecipients,
  announcements,
  files,
  groups,
  userInfos,
} from '../../db/schema';
import { inScope, insertInScope, type WorkspaceScope } from '../../db/scope';

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
