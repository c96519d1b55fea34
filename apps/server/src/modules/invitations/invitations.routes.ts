import { apiMsg, CurrentUserSchema, ErrorCode, IdParamsSchema, InvitationListSchema } from '@timbro/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { loadActor, requireActor } from '../../plugins/request-context';
import { routeOptions } from '../../plugins/route-options';
import { AppError } from '../../lib/errors';
import { presentCurrentUser } from '../../plugins/current-user.presenter';
import * as service from './invitations.service';

const route = routeOptions(['invitations']);

/** The person's side of an enrolment: see the companies that invited them, accept or decline (ADR 0015). */
export function invitationRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/user/invitations',
      route('profile:read', {
        summary: 'Invitations of companies waiting for an answer',
        reply: InvitationListSchema,
      }),
      async (request) => service.listInvitations(deps, requireActor(request)),
    );

    for (const [action, accept] of [
      ['accept', true],
      ['decline', false],
    ] as const) {
      app.post(
        `/user/invitations/:id/${action}`,
        route('profile:update', {
          summary: accept ? 'Accept an invitation: join the company' : 'Decline an invitation',
          params: IdParamsSchema,
          reply: CurrentUserSchema,
        }),
        async (request) => {
          const actor = requireActor(request);
          await service.answerInvitation(deps, actor, request.params.id, accept, request.id);
          const fresh = await loadActor(deps.db, actor.sessionId);
          if (!fresh) throw new AppError(ErrorCode.UNAUTHENTICATED, apiMsg.access.invalidSession);
          return presentCurrentUser(fresh);
        },
      );
    }
  };
}
