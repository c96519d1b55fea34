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
import { openStream } from './stream';
import * as service from './notifications.service';

const tags = ['notifications'];

export function notificationRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // Open streams end when the server closes (a hijacked reply would otherwise hold the close).
    app.addHook('preClose', async () => deps.streams.closeAll());
    app.get(
      '/notification',
      {
        config: { permission: 'notification:own' },
        schema: {
          tags,
          summary:
            'The caller’s notifications in the active workspace, newest first, with the unread count; `channel=app` lists what the mobile app shows',
          querystring: ListNotificationsQuerySchema,
          response: { 200: NotificationPageSchema },
        },
      },
      async (request) => service.listOwn(deps, workspaceCtx(request), request.query),
    );
    app.get(
      '/notification/unread-count',
      {
        config: { permission: 'notification:own' },
        schema: {
          tags,
          summary: 'How many notifications are unread (the polling fallback of the stream)',
          response: { 200: UnreadCountSchema },
        },
      },
      async (request) => service.unreadCount(deps, workspaceCtx(request)),
    );
    app.get(
      '/notification/stream',
      {
        config: { permission: 'notification:own' },
        schema: {
          tags,
          summary:
            'Server-sent events: `unread` with the count at once and whenever something new is told to the caller (from any server process); a comment about every 25 s keeps the line open. The stream ends when the session does, and after about 30 minutes (open a new one). At most 4 streams per session, 8 per account and NOTIFICATION_STREAMS_MAX per server process: 429 beyond.',
        },
      },
      async (request, reply) => openStream(deps, request, reply),
    );
    app.post(
      '/notification/:id/read',
      {
        config: { permission: 'notification:own' },
        schema: {
          tags,
          summary: 'Mark one notification read',
          params: IdParamsSchema,
          response: { 200: NotificationSchema },
        },
      },
      async (request) => service.markRead(deps, workspaceCtx(request), request.params.id),
    );
    app.post(
      '/notification/read-all',
      {
        config: { permission: 'notification:own' },
        schema: { tags, summary: 'Mark every notification read', response: { 200: ReadAllResponseSchema } },
      },
      async (request) => service.markAllRead(deps, workspaceCtx(request)),
    );
    app.get(
      '/notification/settings',
      {
        config: { permission: 'notification:own' },
        schema: {
          tags,
          summary:
            'The caller’s channels per category (web, app; e-mail instant, digest or off), and where each comes from',
          response: { 200: NotificationSettingsSchema },
        },
      },
      async (request) => service.getOwnSettings(deps, workspaceCtx(request)),
    );
    app.post(
      '/notification/settings',
      {
        config: { permission: 'notification:own' },
        schema: {
          tags,
          summary: 'Save the caller’s choice for some or all categories (locked categories stay on)',
          body: NotificationSettingsInputSchema,
          response: { 200: NotificationSettingsSchema },
        },
      },
      async (request) => service.saveOwnSettings(deps, workspaceCtx(request), request.body),
    );
    app.delete(
      '/notification/settings',
      {
        config: { permission: 'notification:own' },
        schema: {
          tags,
          summary: 'Forget the caller’s choices: the workspace defaults apply',
          response: { 200: NotificationSettingsSchema },
        },
      },
      async (request) => service.resetOwnSettings(deps, workspaceCtx(request)),
    );
    app.get(
      '/admin/setting/notification',
      {
        config: { permission: 'settings:read' },
        schema: {
          tags,
          summary: 'The workspace defaults per category (where a person chose nothing)',
          response: { 200: NotificationSettingsSchema },
        },
      },
      async (request) => service.getDefaults(deps, workspaceCtx(request)),
    );
    app.post(
      '/admin/setting/notification',
      {
        config: { permission: 'settings:write' },
        schema: {
          tags,
          summary: 'Change the workspace defaults (people’s own choices stay theirs)',
          body: NotificationSettingsInputSchema,
          response: { 200: NotificationSettingsSchema },
        },
      },
      async (request) => service.saveDefaults(deps, workspaceCtx(request), request.body),
    );
  };
}
