import {
  AdminSwapQuerySchema,
  IdParamsSchema,
  MemberSwapQuerySchema,
  SwapAnswerSchema,
  SwapCandidatesSchema,
  SwapCreateSchema,
  SwapDecisionSchema,
  SwapDetailSchema,
  SwapPageSchema,
} from '@timbro/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../deps';
import { workspaceCtx } from '../../../plugins/request-context';
import { created, routeOptions } from '../../../plugins/route-options';
import * as admin from './admin-swaps.service';
import * as member from './member-swaps.service';

const route = routeOptions(['shift-swaps']);
const MessageWithSwap = z.object({ message: z.string(), swap: SwapDetailSchema });

/** The admin's swaps: the list, one swap, and the decision (spec §4; ADR 0022). */
export function adminSwapRoutes(app: Parameters<FastifyPluginAsyncZod>[0], deps: AppDeps) {
  // The admin's swaps -----------------------------------------------------------------------------------------
  app.get(
    '/admin/shift-swap',
    route('shift:write', {
      summary: 'Swaps by status (default: awaiting the admin’s decision), newest first',
      querystring: AdminSwapQuerySchema,
      reply: SwapPageSchema,
    }),
    async (request) => admin.adminSwaps(deps, workspaceCtx(request), request.query),
  );
  app.get(
    '/admin/shift-swap/:id',
    route('shift:write', {
      summary: 'One swap, with the rest-rule result of the exchange for both people while it is open',
      params: IdParamsSchema,
      reply: SwapDetailSchema,
    }),
    async (request) => admin.adminSwap(deps, workspaceCtx(request), request.params.id),
  );
  for (const [action, approve] of [
    ['approve', true],
    ['reject', false],
  ] as const)
    app.post(
      `/admin/shift-swap/:id/${action}`,
      route('shift:write', {
        summary: approve
          ? 'Approve: exchanges the two assignments and marks both shifts swapped (both rows locked); with warnings a note is required'
          : 'Reject the swap',
        params: IdParamsSchema,
        body: SwapDecisionSchema,
        reply: MessageWithSwap,
      }),
      async (request) => admin.decide(deps, workspaceCtx(request), request.params.id, approve, request.body.note),
    );
}

/** The member's swaps: candidates for a shift of mine, asking, my lists, one swap, and my answer. */
export function memberSwapRoutes(app: Parameters<FastifyPluginAsyncZod>[0], deps: AppDeps) {
  app.get(
    '/member/work-shift/:id/swap-candidates',
    route('shift:swap:own', {
      summary: 'Colleagues’ published future shifts my shift can be swapped with (within 14 days of it)',
      params: IdParamsSchema,
      reply: SwapCandidatesSchema,
    }),
    async (request) => member.candidates(deps, workspaceCtx(request), request.params.id),
  );
  app.post(
    '/member/shift-swap',
    route('shift:swap:own', {
      summary: 'Ask a colleague to swap one of my future published shifts with one of theirs',
      body: SwapCreateSchema,
      response: { 201: MessageWithSwap },
    }),
    async (request, reply) => created(reply, member.requestSwap(deps, workspaceCtx(request), request.body)),
  );
  app.get(
    '/member/shift-swap',
    route('shift:read:own', {
      summary: 'My swaps: asked by me (`mine`), awaiting my reply (`to_answer`), or both',
      querystring: MemberSwapQuerySchema,
      reply: SwapPageSchema,
    }),
    async (request) => member.mySwaps(deps, workspaceCtx(request), request.query),
  );
  app.get(
    '/member/shift-swap/:id',
    route('shift:read:own', {
      summary: 'A swap I am part of, with the rest-rule result for me while it is open',
      params: IdParamsSchema,
      reply: SwapDetailSchema,
    }),
    async (request) => member.mySwap(deps, workspaceCtx(request), request.params.id),
  );
  for (const [action, accept] of [
    ['accept', true],
    ['decline', false],
  ] as const)
    app.post(
      `/member/shift-swap/:id/${action}`,
      route('shift:swap:own', {
        summary: accept ? 'Accept a swap asked of me (then an admin decides)' : 'Decline a swap asked of me',
        params: IdParamsSchema,
        body: SwapAnswerSchema,
        reply: MessageWithSwap,
      }),
      async (request) => member.answer(deps, workspaceCtx(request), request.params.id, accept, request.body.note),
    );
}
