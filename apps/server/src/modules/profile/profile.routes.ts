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
import { presentCurrentUser } from '../../plugins/current-user.presenter';
import { resendEmailVerification } from '../auth';
import * as service from './profile.service';

const tags = ['profile'];

export function profileRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/user',
      {
        config: { permission: 'profile:read' },
        schema: { tags, summary: 'The current user', response: { 200: CurrentUserSchema } },
      },
      async (request) => presentCurrentUser(requireActor(request)),
    );

    app.post(
      '/user/edit',
      {
        config: { permission: 'profile:update' },
        schema: {
          tags,
          summary: 'Edit the own profile',
          body: ProfileEditInputSchema,
          response: { 200: CurrentUserSchema },
        },
      },
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
      {
        config: { permission: 'profile:update' },
        schema: {
          tags,
          summary: 'Remember the interface language of the current user',
          body: LanguageInputSchema,
          response: { 200: MessageResponseSchema },
        },
      },
      async (request) => {
        await service.setLanguage(deps, requireActor(request), request.body.language);
        return { message: apiMsg.done.languageUpdated };
      },
    );

    app.post(
      '/user/change-password',
      {
        config: { permission: 'profile:update' },
        schema: {
          tags,
          summary: 'Change the own password',
          body: ChangePasswordInputSchema,
          response: { 200: MessageResponseSchema },
        },
      },
      async (request) => {
        await service.changePassword(deps, requireActor(request), request.body, request.log);
        return { message: apiMsg.done.passwordUpdated };
      },
    );

    app.post(
      '/user/immediately-delete',
      {
        config: { permission: 'profile:update' },
        schema: {
          tags,
          summary: 'Delete the own account at once (the password confirms it)',
          body: DeleteAccountInputSchema,
          response: { 200: MessageResponseSchema },
        },
      },
      async (request, reply) => {
        await service.deleteAccount(deps, requireActor(request), request.body);
        reply.header(AUTH_STATUS_HEADER, 'LoggedOut');
        clearAuthCookies(reply, deps.config.cookieSecure);
        return { message: apiMsg.done.profileDeleted };
      },
    );

    app.post(
      '/user/verify-email',
      {
        config: { permission: 'profile:update' },
        schema: {
          tags,
          summary: 'Send a new link to confirm the login e-mail',
          response: { 200: MessageResponseSchema },
        },
      },
      async (request) => {
        await resendEmailVerification(deps, requireActor(request).userId, request.log);
        return { message: apiMsg.done.verificationSent };
      },
    );

    app.get(
      '/user/sessions',
      {
        config: { permission: 'profile:read' },
        schema: { tags, summary: 'Where the current person is logged in', response: { 200: SessionListSchema } },
      },
      async (request) => service.listSessions(deps, requireActor(request)),
    );

    app.post(
      '/user/sessions/:id/revoke',
      {
        config: { permission: 'profile:update' },
        schema: {
          tags,
          summary: 'End one of the own sessions',
          params: IdParamsSchema,
          response: { 200: MessageResponseSchema },
        },
      },
      async (request) => {
        await service.revokeSession(deps, requireActor(request), request.params.id);
        return { message: apiMsg.done.sessionClosed };
      },
    );

    app.post(
      '/user/sessions/revoke-others',
      {
        config: { permission: 'profile:update' },
        schema: { tags, summary: 'End every own session but this one', response: { 200: MessageResponseSchema } },
      },
      async (request) => {
        await service.revokeOtherSessions(deps, requireActor(request));
        return { message: apiMsg.done.otherSessionsClosed };
      },
    );
  };
}
