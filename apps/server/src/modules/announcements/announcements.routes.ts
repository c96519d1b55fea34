import {
  AdminAnnouncementPageSchema,
  AdminAnnouncementSchema,
  ANNOUNCEMENT_MAX_FILES,
  ANNOUNCEMENT_MAX_TOTAL_MB,
  AttachmentParamsSchema,
  IdParamsSchema,
  ListAnnouncementsQuerySchema,
  MessageResponseSchema,
  MyAnnouncementPageSchema,
  MyAnnouncementSchema,
  MyAnnouncementsQuerySchema,
  ReachPageSchema,
  ReachQuerySchema,
  RemindResponseSchema,
  UPLOAD_RULES,
  annMsg,
} from '@timbro/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { workspaceCtx } from '../../plugins/request-context';
import { confirm, routeOptions } from '../../plugins/route-options';
import * as service from './announcements.service';

const route = routeOptions(['announcements']);
const multipart = ['multipart/form-data'];
const formNote =
  `multipart/form-data: title, content (HTML, sanitised), sendAt ("YYYY-MM-DD HH:mm" in the workspace's zone, or an ISO instant; absent = now, empty is refused), ` +
  `audience (JSON {everyone, groupIds, userInfoIds}), requiresAck ("true"/"false"), keepAttachmentIds (comma-separated, on edit) ` +
  `and up to ${ANNOUNCEMENT_MAX_FILES} files as \`file\` (PDF, PNG or JPEG, ${UPLOAD_RULES.attachment.maxMb} MB each, ${ANNOUNCEMENT_MAX_TOTAL_MB} MB together)`;

export function announcementRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/admin/announcement',
      route('announcement:read', {
        summary: 'Announcements of the workspace with their reach: search by title, filter by state, sorted, paged',
        querystring: ListAnnouncementsQuerySchema,
        reply: AdminAnnouncementPageSchema,
      }),
      async (request) => service.listAnnouncements(deps, workspaceCtx(request), request.query),
    );
    app.post(
      '/admin/announcement',
      route('announcement:write', {
        summary: 'New announcement, processed at its send time (recipients resolved then)',
        description: formNote,
        consumes: multipart,
        reply: AdminAnnouncementSchema,
      }),
      async (request) => service.createAnnouncement(deps, workspaceCtx(request), request),
    );
    app.get(
      '/admin/announcement/:id',
      route('announcement:read', {
        summary: 'One announcement with its reach',
        params: IdParamsSchema,
        reply: AdminAnnouncementSchema,
      }),
      async (request) => service.getAnnouncement(deps, workspaceCtx(request), request.params.id),
    );
    app.post(
      '/admin/announcement/:id',
      route('announcement:write', {
        summary:
          'Edit: before processing everything (a new send time reschedules it); after, the text and files only, never sent again',
        description: formNote,
        consumes: multipart,
        params: IdParamsSchema,
        reply: AdminAnnouncementSchema,
      }),
      async (request) => service.updateAnnouncement(deps, workspaceCtx(request), request.params.id, request),
    );
    app.delete(
      '/admin/announcement/:id',
      route('announcement:write', {
        summary: 'Delete an announcement and its files',
        params: IdParamsSchema,
        reply: MessageResponseSchema,
      }),
      async (request) =>
        confirm(annMsg.announcementDeleted, service.deleteAnnouncement(deps, workspaceCtx(request), request.params.id)),
    );
    app.get(
      '/admin/announcement/:id/reach',
      route('announcement:read', {
        summary:
          'Each recipient: notified, e-mailed, opened, acknowledged, reminded; filtered and paged, with the totals',
        params: IdParamsSchema,
        querystring: ReachQuerySchema,
        reply: ReachPageSchema,
      }),
      async (request) => service.reachPage(deps, workspaceCtx(request), request.params.id, request.query),
    );
    app.post(
      '/admin/announcement/:id/remind',
      route('announcement:write', {
        summary: 'One reminder to each recipient who has not read (or acknowledged) it; then wait 24 hours',
        params: IdParamsSchema,
        reply: RemindResponseSchema,
      }),
      async (request) => service.remind(deps, workspaceCtx(request), request.params.id),
    );
    app.get(
      '/admin/announcement/:id/attachment/:fileId',
      route('announcement:read', {
        summary: 'Download an attachment (the open is logged)',
        params: AttachmentParamsSchema,
      }),
      async (request, reply) =>
        service.adminDownload(deps, workspaceCtx(request), request.params.id, request.params.fileId, reply),
    );
    app.get(
      '/member/announcement',
      route('announcement:read:own', {
        summary: 'The caller’s announcements: unread first, then newest; with the unread count',
        querystring: MyAnnouncementsQuerySchema,
        reply: MyAnnouncementPageSchema,
      }),
      async (request) => service.myAnnouncements(deps, workspaceCtx(request), request.query),
    );
    app.get(
      '/member/announcement/:id',
      route('announcement:read:own', {
        summary: 'One of the caller’s announcements; the first open is recorded (and its notifications read)',
        params: IdParamsSchema,
        reply: MyAnnouncementSchema,
      }),
      async (request) => service.myAnnouncement(deps, workspaceCtx(request), request.params.id),
    );
    app.post(
      '/member/announcement/:id/acknowledge',
      route('announcement:read:own', {
        summary: 'Confirm having read it (where the announcement asks for it)',
        params: IdParamsSchema,
        reply: MyAnnouncementSchema,
      }),
      async (request) => service.acknowledge(deps, workspaceCtx(request), request.params.id),
    );
    app.get(
      '/member/announcement/:id/attachment/:fileId',
      route('announcement:read:own', {
        summary: 'Download an attachment of one of the caller’s announcements',
        params: AttachmentParamsSchema,
      }),
      async (request, reply) =>
        service.myDownload(deps, workspaceCtx(request), request.params.id, request.params.fileId, reply),
    );
  };
}
