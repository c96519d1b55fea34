import {
  AdminSwapQuerySchema,
  CalendarFeedSchema,
  CalendarFeedSettingsSchema,
  FeedTokenParamsSchema,
  CopyWeekResponseSchema,
  CopyWeekSchema,
  CreateShiftsResponseSchema,
  IdParamsSchema,
  MemberShiftQuerySchema,
  MemberSwapQuerySchema,
  MessageResponseSchema,
  MyShiftsSchema,
  PlanningQuerySchema,
  PlanningSchema,
  PublishResponseSchema,
  PublishSchema,
  ShiftWarningSchema,
  SwapAnswerSchema,
  SwapCandidatesSchema,
  SwapCreateSchema,
  SwapDecisionSchema,
  SwapDetailSchema,
  SwapPageSchema,
  UpdateShiftResponseSchema,
  WorkShiftCreateSchema,
  WorkShiftDetailSchema,
  WorkShiftUpdateSchema,
} from '@timbro/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { workspaceCtx } from '../../plugins/request-context';
import * as feed from './calendar-feed.service';
import * as member from './my-shifts.service';
import * as swaps from './swaps.service';
import * as service from './work-shifts.service';

const tags = ['work-shifts'];
const swapTags = ['shift-swaps'];
const MessageWithSwap = z.object({ message: z.string(), swap: SwapDetailSchema });

/** Work shifts and swaps (spec §3, §4; ADR 0022): the admin plans and decides, the member sees and asks. */
export function workShiftRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // The admin's planning ------------------------------------------------------------------------------------
    app.get(
      '/admin/work-shift',
      {
        config: { permission: 'shift:write' },
        schema: {
          tags,
          summary:
            'The planning grid: a page of employees (group, search) with their shifts of [from, to] (≤ 62 days), approved absences, holidays and the drafts count',
          querystring: PlanningQuerySchema,
          response: { 200: PlanningSchema },
        },
      },
      async (request) => service.planning(deps, workspaceCtx(request), request.query),
    );
    app.post(
      '/admin/work-shift',
      {
        config: { permission: 'shift:write' },
        schema: {
          tags,
          summary:
            'New draft shifts: a date or a period (≤ 93 days, chosen weekdays), one or many employees, times typed in or from a daily template; answers their rest-rule warnings',
          body: WorkShiftCreateSchema,
          response: { 201: CreateShiftsResponseSchema },
        },
      },
      async (request, reply) => {
        reply.code(201);
        return service.createShifts(deps, workspaceCtx(request), request.body);
      },
    );
    app.post(
      '/admin/work-shift/check',
      {
        config: { permission: 'shift:write' },
        schema: {
          tags,
          summary: 'The rest-rule warnings the form’s shifts would have; nothing is saved',
          body: WorkShiftCreateSchema,
          response: { 200: z.object({ warnings: z.array(ShiftWarningSchema) }) },
        },
      },
      async (request) => service.previewWarnings(deps, workspaceCtx(request), request.body),
    );
    app.post(
      '/admin/work-shift/publish',
      {
        config: { permission: 'shift:write' },
        schema: {
          tags,
          summary:
            'Publish the drafts of a period (of a group): never fails as a whole — published N, skipped M with a reason each; warnings need an override note',
          body: PublishSchema,
          response: { 200: PublishResponseSchema },
        },
      },
      async (request) => service.publish(deps, workspaceCtx(request), request.body),
    );
    app.post(
      '/admin/work-shift/copy-week',
      {
        config: { permission: 'shift:write' },
        schema: {
          tags,
          summary: 'Copy a week’s shifts (Monday `from`) to another week (Monday `to`) as drafts',
          body: CopyWeekSchema,
          response: { 200: CopyWeekResponseSchema },
        },
      },
      async (request) => service.copyWeek(deps, workspaceCtx(request), request.body),
    );
    app.get(
      '/admin/work-shift/:id',
      {
        config: { permission: 'shift:write' },
        schema: {
          tags,
          summary: 'One shift with its people, warnings and swaps',
          params: IdParamsSchema,
          response: { 200: WorkShiftDetailSchema },
        },
      },
      async (request) => service.getShift(deps, workspaceCtx(request), request.params.id),
    );
    app.post(
      '/admin/work-shift/:id',
      {
        config: { permission: 'shift:write' },
        schema: {
          tags,
          summary:
            'Edit a shift: a change of day, times, pause or people rejects its open swaps automatically (same transaction) and tells its people if published',
          params: IdParamsSchema,
          body: WorkShiftUpdateSchema,
          response: { 200: UpdateShiftResponseSchema },
        },
      },
      async (request) => service.updateShift(deps, workspaceCtx(request), request.params.id, request.body),
    );
    app.delete(
      '/admin/work-shift/:id',
      {
        config: { permission: 'shift:write' },
        schema: {
          tags,
          summary: 'Delete a shift (its open swaps are rejected automatically)',
          params: IdParamsSchema,
          response: { 200: z.object({ message: z.string(), autoRejected: z.number() }) },
        },
      },
      async (request) => service.deleteShift(deps, workspaceCtx(request), request.params.id),
    );

    // The admin's swaps -----------------------------------------------------------------------------------------
    app.get(
      '/admin/shift-swap',
      {
        config: { permission: 'shift:write' },
        schema: {
          tags: swapTags,
          summary: 'Swaps by status (default: awaiting the admin’s decision), newest first',
          querystring: AdminSwapQuerySchema,
          response: { 200: SwapPageSchema },
        },
      },
      async (request) => swaps.adminSwaps(deps, workspaceCtx(request), request.query),
    );
    app.get(
      '/admin/shift-swap/:id',
      {
        config: { permission: 'shift:write' },
        schema: {
          tags: swapTags,
          summary: 'One swap, with the rest-rule result of the exchange for both people while it is open',
          params: IdParamsSchema,
          response: { 200: SwapDetailSchema },
        },
      },
      async (request) => swaps.adminSwap(deps, workspaceCtx(request), request.params.id),
    );
    for (const [action, approve] of [
      ['approve', true],
      ['reject', false],
    ] as const)
      app.post(
        `/admin/shift-swap/:id/${action}`,
        {
          config: { permission: 'shift:write' },
          schema: {
            tags: swapTags,
            summary: approve
              ? 'Approve: exchanges the two assignments and marks both shifts swapped (both rows locked); with warnings a note is required'
              : 'Reject the swap',
            params: IdParamsSchema,
            body: SwapDecisionSchema,
            response: { 200: MessageWithSwap },
          },
        },
        async (request) => swaps.decide(deps, workspaceCtx(request), request.params.id, approve, request.body.note),
      );

    // The member --------------------------------------------------------------------------------------------------
    app.get(
      '/member/work-shift',
      {
        config: { permission: 'shift:read:own' },
        schema: {
          tags,
          summary: 'My published shifts of [from, to] (≤ 62 days), each with my open swap on it, and the holidays',
          querystring: MemberShiftQuerySchema,
          response: { 200: MyShiftsSchema },
        },
      },
      async (request) => member.myShifts(deps, workspaceCtx(request), request.query),
    );
    app.get(
      '/member/work-shift/calendar-feed',
      {
        config: { permission: 'shift:read:own' },
        schema: {
          tags,
          summary:
            'Whether my calendar link exists (the link is shown only when it is made), until when, and when it was last read',
          response: { 200: CalendarFeedSchema },
        },
      },
      async (request) => feed.getFeed(deps, workspaceCtx(request)),
    );
    app.post(
      '/member/work-shift/calendar-feed',
      {
        config: { permission: 'shift:read:own' },
        schema: {
          tags,
          summary:
            'A new secret calendar link (iCal) for my shifts and absences, valid 12 months; the old one stops working',
          response: { 200: CalendarFeedSchema.extend({ message: z.string() }) },
        },
      },
      async (request) => feed.createFeed(deps, workspaceCtx(request)),
    );
    app.post(
      '/member/work-shift/calendar-feed/settings',
      {
        config: { permission: 'shift:read:own' },
        schema: {
          tags,
          summary: 'What my calendar link shows: absences as "Assenza" (default) or with their type',
          body: CalendarFeedSettingsSchema,
          response: { 200: CalendarFeedSchema.extend({ message: z.string() }) },
        },
      },
      async (request) => feed.setFeedSettings(deps, workspaceCtx(request), request.body),
    );
    app.delete(
      '/member/work-shift/calendar-feed',
      {
        config: { permission: 'shift:read:own' },
        schema: { tags, summary: 'Revoke my calendar link', response: { 200: MessageResponseSchema } },
      },
      async (request) => feed.revokeFeed(deps, workspaceCtx(request)),
    );
    app.get(
      '/member/work-shift/:id/swap-candidates',
      {
        config: { permission: 'shift:swap:own' },
        schema: {
          tags: swapTags,
          summary: 'Colleagues’ published future shifts my shift can be swapped with (within 14 days of it)',
          params: IdParamsSchema,
          response: { 200: SwapCandidatesSchema },
        },
      },
      async (request) => swaps.candidates(deps, workspaceCtx(request), request.params.id),
    );
    app.post(
      '/member/shift-swap',
      {
        config: { permission: 'shift:swap:own' },
        schema: {
          tags: swapTags,
          summary: 'Ask a colleague to swap one of my future published shifts with one of theirs',
          body: SwapCreateSchema,
          response: { 201: MessageWithSwap },
        },
      },
      async (request, reply) => {
        reply.code(201);
        return swaps.requestSwap(deps, workspaceCtx(request), request.body);
      },
    );
    app.get(
      '/member/shift-swap',
      {
        config: { permission: 'shift:read:own' },
        schema: {
          tags: swapTags,
          summary: 'My swaps: asked by me (`mine`), awaiting my reply (`to_answer`), or both',
          querystring: MemberSwapQuerySchema,
          response: { 200: SwapPageSchema },
        },
      },
      async (request) => swaps.mySwaps(deps, workspaceCtx(request), request.query),
    );
    app.get(
      '/member/shift-swap/:id',
      {
        config: { permission: 'shift:read:own' },
        schema: {
          tags: swapTags,
          summary: 'A swap I am part of, with the rest-rule result for me while it is open',
          params: IdParamsSchema,
          response: { 200: SwapDetailSchema },
        },
      },
      async (request) => swaps.mySwap(deps, workspaceCtx(request), request.params.id),
    );
    for (const [action, accept] of [
      ['accept', true],
      ['decline', false],
    ] as const)
      app.post(
        `/member/shift-swap/:id/${action}`,
        {
          config: { permission: 'shift:swap:own' },
          schema: {
            tags: swapTags,
            summary: accept ? 'Accept a swap asked of me (then an admin decides)' : 'Decline a swap asked of me',
            params: IdParamsSchema,
            body: SwapAnswerSchema,
            response: { 200: MessageWithSwap },
          },
        },
        async (request) => swaps.answer(deps, workspaceCtx(request), request.params.id, accept, request.body.note),
      );
  };
}

/** The calendar feed itself (public: the secret is the link; ADR 0022). */
export function calendarFeedRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/calendar/:token',
      {
        config: { public: true },
        schema: {
          tags,
          summary:
            'A personal calendar (iCalendar): published shifts and approved absences; the token is the secret. 404 when unknown, revoked or its owner is no longer active; 410 when expired',
          params: FeedTokenParamsSchema,
        },
      },
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
