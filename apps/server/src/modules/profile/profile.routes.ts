import {
  apiMsg,
  AUTH_STATUS_HEADER,
  ChangePasswordInputSchema,
  CurrentUserSchema,
  DeleteAccountInputSchema,
  IdParamsSchema,
  LanguageInputSchema,
  SessionListSchema,
  MessageResponseSchema,
  ProfileEditInputSchema,
} from '@timbro/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { clearAuthCookies } from '../../lib/cookies';
import { loadActor, requireActor } from '../../plugins/request-context';
import { confirm, routeOptions } from '../../plugins/route-options';
import { presentCurrentUser } from '../../plugins/current-user.presenter';
import { resendEmailVerification } from '../auth';
import * as service from './profile.service';

const route = routeOptions(['profile']);

export function profileRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/user',
      route('profile:read', {
        summary: 'The current user',
        reply: CurrentUserSchema,
      }),
      async (request) => presentCurrentUser(requireActor(request)),
    );

    app.post(
      '/user/edit',
      route('profile:update', {
        summary: 'Edit the own profile',
        body: ProfileEditInputSchema,
        reply: CurrentUserSchema,
      }),
      async (request, reply) => {
        const actor = requireActor(request);
        const { loggedOut } = await service.editProfile(deps, actor, request.body, request.log);
        if (loggedOut) {
          reply.header(AUTH_STATUS_HEADER, 'LoggedOut');
          clearAuthCookies(reply, deps.config.cookieSecure);
          return presentCurrentUser({
            ...actor,
            firstName: request.body.first_name,
            lastName: request.body.last_name,
            email: request.body.email,
            language: request.body.language ?? actor.language,
            emailVerified: false,
          });
        }
        const fresh = await loadActor(deps.db, actor.sessionId);
        return presentCurrentUser(fresh ?? actor);
      },
    );

    app.post(
      '/user/language',
      route('profile:update', {
        summary: 'Remember the interface language of the current user',
        body: LanguageInputSchema,
        reply: MessageResponseSchema,
      }),
      async (request) =>
        confirm(apiMsg.done.languageUpdated, service.setLanguage(deps, requireActor(request), request.body.language)),
    );

    app.post(
      '/user/change-password',
      route('profile:update', {
        summary: 'Change the own password',
        body: ChangePasswordInputSchema,
        reply: MessageResponseSchema,
      }),
      async (request) =>
        confirm(
          apiMsg.done.passwordUpdated,
          service.changePassword(deps, requireActor(request), request.body, request.log),
        ),
    );

    app.post(
      '/user/immediately-delete',
      route('profile:update', {
        summary: 'Delete the own account at once (the password confirms it)',
        body: DeleteAccountInputSchema,
        reply: MessageResponseSchema,
      }),
      async (request, reply) => {
        await service.deleteAccount(deps, requireActor(request), request.body);
        reply.header(AUTH_STATUS_HEADER, 'LoggedOut');
        clearAuthCookies(reply, deps.config.cookieSecure);
        return { message: apiMsg.done.profileDeleted };
      },
    );

    app.post(
      '/user/verify-email',
      route('profile:update', {
        summary: 'Send a new link to confirm the login e-mail',
        reply: MessageResponseSchema,
      }),
      async (request) =>
        confirm(apiMsg.done.verificationSent, resendEmailVerification(deps, requireActor(request).userId, request.log)),
    );

    app.get(
      '/user/sessions',
      route('profile:read', {
        summary: 'Where the current person is logged in',
        reply: SessionListSchema,
      }),
      async (request) => service.listSessions(deps, requireActor(request)),
    );

    app.post(
      '/user/sessions/:id/revoke',
      route('profile:update', {
        summary: 'End one of the own sessions',
        params: IdParamsSchema,
        reply: MessageResponseSchema,
      }),
      async (request) =>
        confirm(apiMsg.done.sessionClosed, service.revokeSession(deps, requireActor(request), request.params.id)),
    );

    app.post(
      '/user/sessions/revoke-others',
      route('profile:update', {
        summary: 'End every own session but this one',
        reply: MessageResponseSchema,
      }),
      async (request) =>
        confirm(apiMsg.done.otherSessionsClosed, service.revokeOtherSessions(deps, requireActor(request))),
    );
  };
}
