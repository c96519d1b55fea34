import {
  CalendarFeedSchema,
  CalendarFeedSettingsSchema,
  FeedTokenParamsSchema,
  MessageResponseSchema,
} from '@timbro/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../deps';
import { workspaceCtx } from '../../../plugins/request-context';
import { routeOptions } from '../../../plugins/route-options';
import * as feed from './calendar-feed.service';

const route = routeOptions(['work-shifts']);

/** The member's calendar link: see it, make it, its settings, revoke it (ADR 0022). */
export function feedSettingsRoutes(app: Parameters<FastifyPluginAsyncZod>[0], deps: AppDeps) {
  app.get(
    '/member/work-shift/calendar-feed',
    route('shift:read:own', {
      summary:
        'Whether my calendar link exists (the link is shown only when it is made), until when, and when it was last read',
      reply: CalendarFeedSchema,
    }),
    async (request) => feed.getFeed(deps, workspaceCtx(request)),
  );
  app.post(
    '/member/work-shift/calendar-feed',
    route('shift:read:own', {
      summary:
        'A new secret calendar link (iCal) for my shifts and absences, valid 12 months; the old one stops working',
      reply: CalendarFeedSchema.extend({ message: z.string() }),
    }),
    async (request) => feed.createFeed(deps, workspaceCtx(request)),
  );
  app.post(
    '/member/work-shift/calendar-feed/settings',
    route('shift:read:own', {
      summary: 'What my calendar link shows: absences as "Assenza" (default) or with their type',
      body: CalendarFeedSettingsSchema,
      reply: CalendarFeedSchema.extend({ message: z.string() }),
    }),
    async (request) => feed.setFeedSettings(deps, workspaceCtx(request), request.body),
  );
  app.delete(
    '/member/work-shift/calendar-feed',
    route('shift:read:own', {
      summary: 'Revoke my calendar link',
      reply: MessageResponseSchema,
    }),
    async (request) => feed.revokeFeed(deps, workspaceCtx(request)),
  );
}

/** The calendar feed itself (public: the secret is the link; ADR 0022). */
export function calendarFeedRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/calendar/:token',
      route('public', {
        summary:
          'A personal calendar (iCalendar): published shifts and approved absences; the token is the secret. 404 when unknown, revoked or its owner is no longer active; 410 when expired',
        params: FeedTokenParamsSchema,
      }),
      async (request, reply) => {
        const body = await feed.publicFeed(deps, request.params.token);
        reply
          .type('text/calendar; charset=utf-8')
          .header('cache-control', 'private, max-age=300')
          .header('content-disposition', 'inline; filename="turni.ics"');
        return body;
      },
    );
  };
}
