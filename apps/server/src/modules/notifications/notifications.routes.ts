import {
  IdParamsSchema,
  ListNotificationsQuerySchema,
  NotificationPageSchema,
  NotificationSchema,
  NotificationSettingsInputSchema,
  NotificationSettingsSchema,
  ReadAllResponseSchema,
  UnreadCountSchema,
} from '@timbro/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { workspaceCtx } from '../../plugins/request-context';
import { routeOptions } from '../../plugins/route-options';
import { openStream } from './stream';
import * as service from './notifications.service';

const route = routeOptions(['notifications']);

export function notificationRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // Open streams end when the server closes (a hijacked reply would otherwise hold the close).
    app.addHook('preClose', async () => deps.streams.closeAll());
    app.get(
      '/notification',
      route('notification:own', {
        summary:
          'The caller’s notifications in the active workspace, newest first, with the unread count; `channel=app` lists what the mobile app shows',
        querystring: ListNotificationsQuerySchema,
        reply: NotificationPageSchema,
      }),
      async (request) => service.listOwn(deps, workspaceCtx(request), request.query),
    );
    app.get(
      '/notification/unread-count',
      route('notification:own', {
        summary: 'How many notifications are unread (the polling fallback of the stream)',
        reply: UnreadCountSchema,
      }),
      async (request) => service.unreadCount(deps, workspaceCtx(request)),
    );
    app.get(
      '/notification/stream',
      route('notification:own', {
        summary:
          'Server-sent events: `unread` with the count at once and whenever something new is told to the caller (from any server process); a comment about every 25 s keeps the line open. The stream ends when the session does, and after about 30 minutes (open a new one). At most 4 streams per session, 8 per account and NOTIFICATION_STREAMS_MAX per server process: 429 beyond.',
      }),
      async (request, reply) => openStream(deps, request, reply),
    );
    app.post(
      '/notification/:id/read',
      route('notification:own', {
        summary: 'Mark one notification read',
        params: IdParamsSchema,
        reply: NotificationSchema,
      }),
      async (request) => service.markRead(deps, workspaceCtx(request), request.params.id),
    );
    app.post(
      '/notification/read-all',
      route('notification:own', {
        summary: 'Mark every notification read',
        reply: ReadAllResponseSchema,
      }),
      async (request) => service.markAllRead(deps, workspaceCtx(request)),
    );
    app.get(
      '/notification/settings',
      route('notification:own', {
        summary:
          'The caller’s channels per category (web, app; e-mail instant, digest or off), and where each comes from',
        reply: NotificationSettingsSchema,
      }),
      async (request) => service.getOwnSettings(deps, workspaceCtx(request)),
    );
    app.post(
      '/notification/settings',
      route('notification:own', {
        summary: 'Save the caller’s choice for some or all categories (locked categories stay on)',
        body: NotificationSettingsInputSchema,
        reply: NotificationSettingsSchema,
      }),
      async (request) => service.saveOwnSettings(deps, workspaceCtx(request), request.body),
    );
    app.delete(
      '/notification/settings',
      route('notification:own', {
        summary: 'Forget the caller’s choices: the workspace defaults apply',
        reply: NotificationSettingsSchema,
      }),
      async (request) => service.resetOwnSettings(deps, workspaceCtx(request)),
    );
    app.get(
      '/admin/setting/notification',
      route('settings:read', {
        summary: 'The workspace defaults per category (where a person chose nothing)',
        reply: NotificationSettingsSchema,
      }),
      async (request) => service.getDefaults(deps, workspaceCtx(request)),
    );
    app.post(
      '/admin/setting/notification',
      route('settings:write', {
        summary: 'Change the workspace defaults (people’s own choices stay theirs)',
        body: NotificationSettingsInputSchema,
        reply: NotificationSettingsSchema,
      }),
      async (request) => service.saveDefaults(deps, workspaceCtx(request), request.body),
    );
  };
}
