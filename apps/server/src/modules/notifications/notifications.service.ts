import {
  DEFAULT_CATEGORY_SETTING,
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_TYPES,
  notifyMsg,
  type CategorySetting,
  type CategorySettingView,
  ListNotificationsQuerySchema,
  type Notification,
  type NotificationType,
} from '@timbro/shared';
import type { z } from 'zod';
import type { Queryable } from '../../db/client';
import type { WorkspaceScope } from '../../db/scope';
import type { AppDeps } from '../../deps';
import { audit } from '../../lib/audit';
import { forbidden, notFound } from '../../lib/errors';
import type { RequestCtx } from '../../plugins/request-context';
import * as repo from './notifications.repository';

export {
  notify,
  notifyAccount,
  liveKey,
  LIVE_CHANNEL,
  type NotifyEvent,
  type NotifyCtx,
  type MailContent,
  type Notice,
} from './notify';

function own(ctx: RequestCtx) {
  const userInfoId = ctx.actor.userInfoId;
  if (!userInfoId) throw forbidden();
  return userInfoId;
}

function present(row: repo.NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type as NotificationType,
    category: row.category as Notification['category'],
    title: row.title,
    body: row.body,
    params: (row.params ?? {}) as Notification['params'],
    link: row.link,
    readAt: row.readAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** GET /notification: the person's notifications in this workspace, newest first, with the unread count (3 statements). */
export async function listOwn(deps: AppDeps, ctx: RequestCtx, query: z.infer<typeof ListNotificationsQuerySchema>) {
  const userInfoId = own(ctx);
  const { page, per_page: perPage, channel } = query;
  const [{ rows, total }, unread] = await Promise.all([
    repo.listOwn(deps.db, ctx.scope, userInfoId, {
      channel,
      unread: query.unread === true,
      category: query.category,
      limit: perPage,
      offset: (page - 1) * perPage,
    }),
    repo.unreadCount(deps.db, ctx.scope, userInfoId, channel),
  ]);
  return { items: rows.map(present), total, page, perPage, unread };
}

export async function unreadOf(q: Queryable, scope: WorkspaceScope, userInfoId: string) {
  return repo.unreadCount(q, scope, userInfoId);
}

export async function unreadCount(deps: AppDeps, ctx: RequestCtx) {
  return { unread: await repo.unreadCount(deps.db, ctx.scope, own(ctx)) };
}

export async function markRead(deps: AppDeps, ctx: RequestCtx, id: string) {
  const row = await repo.markRead(deps.db, ctx.scope, own(ctx), id);
  if (!row) throw notFound(notifyMsg.notificationNotFound);
  return present(row);
}

export async function markAllRead(deps: AppDeps, ctx: RequestCtx) {
  const userInfoId = own(ctx);
  const updated = await repo.markAllRead(deps.db, ctx.scope, userInfoId);
  return { updated, unread: 0 };
}

/** Opening a record reads the person's notifications that point at it (e.g. an announcement's page). */
export async function markReadByLink(q: Queryable, scope: WorkspaceScope, userInfoId: string, link: string) {
  return repo.markReadByLink(q, scope, userInfoId, link);
}

// Settings -----------------------------------------------------------------------------------------------------

const lockedTypesOf = (category: string) =>
  (Object.entries(NOTIFICATION_TYPES) as [NotificationType, { category: string; locked?: boolean }][])
    .filter(([, t]) => t.category === category && t.locked === true)
    .map(([k]) => k);

/** A category is locked when all its types are (account security): its switches do nothing and the page says why. */
const categoryLocked = (category: string) => {
  const types = Object.values(NOTIFICATION_TYPES).filter((t) => t.category === category);
  return types.length > 0 && types.every((t) => 'locked' in t && t.locked === true);
};

function view(own: Map<string, CategorySetting>, defaults: Map<string, CategorySetting>): CategorySettingView[] {
  return NOTIFICATION_CATEGORIES.map((category) => {
    const mine = own.get(category);
    const ws = defaults.get(category);
    const chosen = mine ?? ws ?? { category, ...DEFAULT_CATEGORY_SETTING };
    const locked = categoryLocked(category);
    return {
      category,
      web: locked || chosen.web,
      app: locked || chosen.app,
      email: locked ? 'instant' : chosen.email,
      source: mine ? 'own' : ws ? 'workspace' : 'default',
      lockedTypes: lockedTypesOf(category),
      locked,
    };
  });
}

const byCategory = (rows: { category: string; web: boolean; app: boolean; email: CategorySetting['email'] }[]) =>
  new Map(
    rows.map((r) => [
      r.category,
      { category: r.category as CategorySetting['category'], web: r.web, app: r.app, email: r.email },
    ]),
  );

/** GET /notification/settings: each category with what is in force and where it comes from (2 statements). */
export async function getOwnSettings(deps: AppDeps, ctx: RequestCtx) {
  const userInfoId = own(ctx);
  const [mine, defaults] = await Promise.all([
    repo.ownSettings(deps.db, ctx.scope, userInfoId),
    repo.workspaceDefaults(deps.db, ctx.scope),
  ]);
  return { categories: view(byCategory(mine), byCategory(defaults)) };
}

/** POST /notification/settings: the categories sent become the person's own choice (a locked one cannot be changed). */
export async function saveOwnSettings(deps: AppDeps, ctx: RequestCtx, input: { categories: CategorySetting[] }) {
  const userInfoId = own(ctx);
  const changeable = input.categories.filter((c) => !categoryLocked(c.category));
  await deps.db.transaction(async (tx) => {
    await repo.upsertOwnSettings(tx, ctx.scope, userInfoId, changeable);
  });
  return getOwnSettings(deps, ctx);
}

/** DELETE /notification/settings: back to the workspace's defaults. */
export async function resetOwnSettings(deps: AppDeps, ctx: RequestCtx) {
  const userInfoId = own(ctx);
  await repo.deleteOwnSettings(deps.db, ctx.scope, userInfoId, [...NOTIFICATION_CATEGORIES]);
  return getOwnSettings(deps, ctx);
}

/** GET /admin/setting/notification/defaults: the workspace's defaults (where a person chose nothing). */
export async function getDefaults(deps: AppDeps, ctx: RequestCtx) {
  const defaults = await repo.workspaceDefaults(deps.db, ctx.scope);
  return { categories: view(new Map(), byCategory(defaults)) };
}

export async function saveDefaults(deps: AppDeps, ctx: RequestCtx, input: { categories: CategorySetting[] }) {
  const changeable = input.categories.filter((c) => !categoryLocked(c.category));
  await deps.db.transaction(async (tx) => {
    await repo.upsertDefaults(tx, ctx.scope, changeable);
    await audit(tx, ctx, {
      action: 'notification.defaults',
      entity: { type: 'workspace', id: ctx.scope.workspaceId },
      changes: { categories: changeable },
    });
  });
  return getDefaults(deps, ctx);
}
