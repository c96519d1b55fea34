import { DEFAULT_CATEGORY_SETTING, type EmailMode, type NotificationCategory } from '@timbro/shared';
import { and, asc, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { reachable } from '../../db/accounts';
import type { Queryable } from '../../db/client';
import { notificationDefaults, notifications, notificationSettings, userInfos, users } from '../../db/schema';
import { inEnabledWorkspace, inScope, insertInScope, type WorkspaceScope } from '../../db/scope';
import { pgArray } from '../../db/sql';

export type NotificationRow = typeof notifications.$inferSelect;

/** A recipient with the channels in force for one category: own choice, else the workspace default, else all on. */
export interface ResolvedRecipient {
  userInfoId: string;
  email: string;
  firstName: string;
  web: boolean;
  app: boolean;
  emailMode: EmailMode;
}

/**
 * The recipients of an event with their settings for its category, in one statement: either these records, or the
 * enabled admins (`admins`), or everyone reachable in the workspace.
 */
export async function resolveRecipients(
  q: Queryable,
  scope: WorkspaceScope,
  category: NotificationCategory,
  to: { userInfoIds: string[] } | { admins: true } | { roles: ('admin' | 'accountant')[] } | { everyone: true },
): Promise<ResolvedRecipient[]> {
  let who: SQL | undefined;
  if ('userInfoIds' in to) {
    if (to.userInfoIds.length === 0) return [];
    who = inArray(userInfos.id, to.userInfoIds);
  } else if ('admins' in to) who = eq(userInfos.isAdmin, true);
  else if ('roles' in to)
    who = or(...to.roles.map((r) => (r === 'admin' ? eq(userInfos.isAdmin, true) : eq(userInfos.isAccountant, true))));
  const d = DEFAULT_CATEGORY_SETTING;
  // Nobody of a disabled workspace is told anything (ADR 0023), whichever path asks.
  const enabled = inEnabledWorkspace(userInfos.workspaceId);
  return q
    .select({
      userInfoId: userInfos.id,
      email: users.email,
      firstName: userInfos.firstName,
      web: sql<boolean>`coalesce(${notificationSettings.web}, ${notificationDefaults.web}, ${d.web})`,
      app: sql<boolean>`coalesce(${notificationSettings.app}, ${notificationDefaults.app}, ${d.app})`,
      emailMode: sql<EmailMode>`coalesce(${notificationSettings.email}, ${notificationDefaults.email}, ${d.email})`,
    })
    .from(userInfos)
    .innerJoin(users, eq(users.id, userInfos.userId))
    .leftJoin(
      notificationSettings,
      and(
        eq(notificationSettings.workspaceId, userInfos.workspaceId),
        eq(notificationSettings.userInfoId, userInfos.id),
        eq(notificationSettings.category, category),
      ),
    )
    .leftJoin(
      notificationDefaults,
      and(eq(notificationDefaults.workspaceId, userInfos.workspaceId), eq(notificationDefaults.category, category)),
    )
    .where(inScope(userInfos, scope, reachable(), who, enabled))
    .orderBy(asc(userInfos.id));
}

export type NewNotification = Omit<typeof notifications.$inferInsert, 'workspaceId' | 'id' | 'createdAt'>;

/** The rows of one event, skipping those already written (same person, same dedupe key). One statement. */
export async function insertNotifications(q: Queryable, scope: WorkspaceScope, rows: NewNotification[]) {
  if (rows.length === 0) return [];
  return insertInScope(q, scope, notifications, rows)
    .onConflictDoNothing()
    .returning({ id: notifications.id, userInfoId: notifications.userInfoId });
}

/** Links the instant mails to their notifications (one statement). */
export async function setMailIds(q: Queryable, scope: WorkspaceScope, pairs: { id: string; mailId: string }[]) {
  if (pairs.length === 0) return;
  const ids = pairs.map((p) => p.id);
  const mails = pairs.map((p) => p.mailId);
  await q
    .update(notifications)
    .set({ mailId: sql`v.mail_id`, emailedAt: sql`now()` })
    .from(sql`unnest(${pgArray(ids)}::uuid[], ${pgArray(mails)}::uuid[]) as v(id, mail_id)`)
    .where(inScope(notifications, scope, sql`${notifications.id} = v.id`));
}

/** NOTIFY the live channel once per person told (delivered when the transaction commits). */
export async function signal(q: Queryable, channel: string, keys: string[]) {
  if (keys.length === 0) return;
  await q.execute(sql`select pg_notify(${channel}, k) from unnest(${pgArray(keys)}::text[]) as k`);
}

// The person's own centre ------------------------------------------------------------------------------------

const channelColumn = (channel: 'web' | 'app') => (channel === 'web' ? notifications.web : notifications.app);

export async function listOwn(
  q: Queryable,
  scope: WorkspaceScope,
  userInfoId: string,
  opts: { channel: 'web' | 'app'; unread?: boolean; category?: string; limit: number; offset: number },
) {
  const where = inScope(
    notifications,
    scope,
    eq(notifications.userInfoId, userInfoId),
    eq(channelColumn(opts.channel), true),
    opts.unread ? isNull(notifications.readAt) : undefined,
    opts.category ? eq(notifications.category, opts.category) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    q
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(opts.limit)
      .offset(opts.offset),
    q.select({ n: count() }).from(notifications).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function unreadCount(
  q: Queryable,
  scope: WorkspaceScope,
  userInfoId: string,
  channel: 'web' | 'app' = 'web',
) {
  const [row] = await q
    .select({ n: count() })
    .from(notifications)
    .where(
      inScope(
        notifications,
        scope,
        eq(notifications.userInfoId, userInfoId),
        eq(channelColumn(channel), true),
        isNull(notifications.readAt),
      ),
    );
  return row?.n ?? 0;
}

export async function markRead(q: Queryable, scope: WorkspaceScope, userInfoId: string, id: string) {
  const [row] = await q
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(inScope(notifications, scope, eq(notifications.id, id), eq(notifications.userInfoId, userInfoId)))
    .returning();
  return row ?? null;
}

export async function markAllRead(q: Queryable, scope: WorkspaceScope, userInfoId: string) {
  const rows = await q
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(inScope(notifications, scope, eq(notifications.userInfoId, userInfoId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}

/** Marks read the person's notifications about one record (opening an announcement reads its notification). */
export async function markReadByLink(q: Queryable, scope: WorkspaceScope, userInfoId: string, link: string) {
  const rows = await q
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      inScope(
        notifications,
        scope,
        eq(notifications.userInfoId, userInfoId),
        eq(notifications.link, link),
        isNull(notifications.readAt),
      ),
    )
    .returning({ id: notifications.id });
  return rows.length;
}

// Settings -----------------------------------------------------------------------------------------------------

export async function ownSettings(q: Queryable, scope: WorkspaceScope, userInfoId: string) {
  return q
    .select()
    .from(notificationSettings)
    .where(inScope(notificationSettings, scope, eq(notificationSettings.userInfoId, userInfoId)));
}

export async function workspaceDefaults(q: Queryable, scope: WorkspaceScope) {
  return q.select().from(notificationDefaults).where(inScope(notificationDefaults, scope));
}

type Choice = { category: string; web: boolean; app: boolean; email: EmailMode };

export async function upsertOwnSettings(q: Queryable, scope: WorkspaceScope, userInfoId: string, items: Choice[]) {
  if (items.length === 0) return;
  await insertInScope(
    q,
    scope,
    notificationSettings,
    items.map((i) => ({ userInfoId, ...i, updatedAt: new Date() })),
  ).onConflictDoUpdate({
    target: [notificationSettings.workspaceId, notificationSettings.userInfoId, notificationSettings.category],
    set: {
      web: sql`excluded.web`,
      app: sql`excluded.app`,
      email: sql`excluded.email`,
      updatedAt: sql`excluded.updated_at`,
    },
  });
}

export async function deleteOwnSettings(q: Queryable, scope: WorkspaceScope, userInfoId: string, categories: string[]) {
  if (categories.length === 0) return;
  await q
    .delete(notificationSettings)
    .where(
      inScope(
        notificationSettings,
        scope,
        eq(notificationSettings.userInfoId, userInfoId),
        inArray(notificationSettings.category, categories),
      ),
    );
}

export async function upsertDefaults(q: Queryable, scope: WorkspaceScope, items: Choice[]) {
  if (items.length === 0) return;
  await insertInScope(
    q,
    scope,
    notificationDefaults,
    items.map((i) => ({ ...i, updatedAt: new Date() })),
  ).onConflictDoUpdate({
    target: [notificationDefaults.workspaceId, notificationDefaults.category],
    set: {
      web: sql`excluded.web`,
      app: sql`excluded.app`,
      email: sql`excluded.email`,
      updatedAt: sql`excluded.updated_at`,
    },
  });
}
