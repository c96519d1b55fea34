import {
  AUTH_STATUS_HEADER,
  ChangePasswordInputSchema,
  CurrentUserSchema,
  LanguageInputSchema,
  MessageResponseSchema,
  ProfileEditInputSchema,
} from '@timbro/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { clearAuthCookies } from '../../lib/cookies';
import { loadActor, requireActor } from '../../plugins/request-context';
import { presentCurrentUser } from '../auth/current-user.presenter';
import * as service from './profile.service';

const tags = ['profile'];

export function profileRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/user',
      { config: { permission: 'profile:read' }, schema: { tags, summary: 'The current user', response: { 200: CurrentUserSchema } } },
      async (request) => presentCurrentUser(requireActor(request)),
    );

    app.post(
      '/user/edit',
      {
        config: { permission: 'profile:update' },
        schema: { tags, summary: 'Edit the own profile', body: ProfileEditInputSchema, response: { 200: CurrentUserSchema } },
      },
      async (request, reply) => {
        const actor = requireActor(request);
        const { loggedOut } = await service.editProfile(deps, actor, request.body);
        if (loggedOut) {
          reply.header(AUTH_STATUS_HEADER, 'LoggedOut');
          clearAuthCookies(reply, deps.config.cookieSecure);
          return presentCurrentUser({
            ...actor,
            firstName: request.body.first_name,
            lastName: request.body.last_name,
            email: request.body.email,
            language: request.body.language ?? actor.language,
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
        schema: { tags, summary: 'Remember the interface language of the current user', body: LanguageInputSchema, response: { 200: MessageResponseSchema } },
      },
      async (request) => {
        await service.setLanguage(deps, requireActor(request), request.body.language);
        return { message: 'Lingua aggiornata' };
      },
    );

    app.post(
      '/user/change-password',
      {
        config: { permission: 'profile:update' },
        schema: { tags, summary: 'Change the own password', body: ChangePasswordInputSchema, response: { 200: MessageResponseSchema } },
      },
      async (request) => {
        await service.changePassword(deps, requireActor(request), request.body, request.log);
        return { message: 'Password aggiornata' };
      },
    );

    app.post(
      '/user/immediately-delete',
      {
        config: { permission: 'profile:update' },
        schema: { tags, summary: 'Delete the own account at once', response: { 200: MessageResponseSchema } },
      },
      async (request, reply) => {
        await service.deleteAccount(deps, requireActor(request));
        reply.header(AUTH_STATUS_HEADER, 'LoggedOut');
        clearAuthCookies(reply, deps.config.cookieSecure);
        return { message: 'Profilo eliminato' };
      },
    );
  };
}
