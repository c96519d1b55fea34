import {
  ErrorCode,
  apiMsg,
  AUTH_MODE_HEADER,
  CLIENT_HEADER,
  CLIENT_HEADER_APP_VALUE,
  CurrentUserSchema,
  ForgotPasswordInputSchema,
  LoginInputSchema,
  MessageResponseSchema,
  RegisterInputSchema,
  SetPasswordInputSchema,
  TokenParamsSchema,
} from '@timbro/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { clearAuthCookies, cookieNames, deviceCookieName, setAuthCookies, setDeviceCookie } from '../../lib/cookies';
import { DEVICE_TOKEN_TTL_SECONDS, signDeviceToken, verifyDeviceToken } from '../../lib/tokens';
import { loadActor } from '../../plugins/request-context';
import { confirm, routeOptions } from '../../plugins/route-options';
import { AppError } from '../../lib/errors';
import * as service from './auth.service';
import { verifyEmail } from './email-verification.service';
import { presentCurrentUser } from '../../plugins/current-user.presenter';

const route = routeOptions(['auth']);

export function clientInfo(request: FastifyRequest): service.ClientInfo {
  return {
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
    client: request.headers[CLIENT_HEADER] === CLIENT_HEADER_APP_VALUE ? 'app' : 'web',
  };
}

/**
 * App mode: the mobile app (X-Client: timbro-app) asking with X-Auth-Mode: app gets its tokens in response headers
 * and no cookies. Anything else (the web client, a browser) works with HttpOnly cookies only: a cookie-authenticated
 * request never sees a token (ADR 0015).
 */
export function isAppMode(request: FastifyRequest): boolean {
  return request.headers[AUTH_MODE_HEADER] === 'app' && request.headers[CLIENT_HEADER] === CLIENT_HEADER_APP_VALUE;
}

function headerToken(request: FastifyRequest): string | undefined {
  const v = request.headers['x-refresh-token'];
  return typeof v === 'string' && v.length > 0 && v.length <= 200 ? v : undefined;
}

export function authRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const secure = deps.config.cookieSecure;
  const names = cookieNames(secure);

  async function answerWithUser(request: FastifyRequest, reply: FastifyReply, issued: service.IssuedSession) {
    if (isAppMode(request)) reply.header('x-access-token', issued.access).header('x-refresh-token', issued.refresh);
    else setAuthCookies(reply, { secure, ...issued });
    const actor = await loadActor(deps.db, issued.sessionId);
    if (!actor) throw new AppError(ErrorCode.UNAUTHENTICATED, apiMsg.access.invalidSession);
    return presentCurrentUser(actor);
  }

  return async (app) => {
    app.post(
      '/auth/login',
      route('public', {
        summary: 'Log in with e-mail and password',
        body: LoginInputSchema,
        reply: CurrentUserSchema,
      }),
      async (request, reply) => {
        // A browser (or the app) where this account logged in before is a known device: not slowed by attacks on it.
        const app = isAppMode(request);
        const presented = app ? request.headers['x-device-token'] : request.cookies[deviceCookieName(secure)];
        const knownDevice = verifyDeviceToken(
          deps.keys,
          typeof presented === 'string' ? presented : undefined,
          request.body.username,
        );
        const issued = await service.login(deps, request.body, { ...clientInfo(request), knownDevice });
        const device = signDeviceToken(deps.keys, request.body.username);
        if (app) reply.header('x-device-token', device);
        else setDeviceCookie(reply, secure, device, DEVICE_TOKEN_TTL_SECONDS);
        return answerWithUser(request, reply, issued);
      },
    );

    app.post(
      '/auth/token/refresh',
      route('public', {
        summary: 'Rotate the refresh token',
        reply: MessageResponseSchema,
      }),
      async (request, reply) => {
        // The app refreshes with its header token; a browser with its cookie. A cookie never yields header tokens.
        const cookieToken = request.cookies[names.refresh];
        const appMode = isAppMode(request) && !cookieToken;
        const token = appMode ? headerToken(request) : cookieToken;
        try {
          const result = await service.refresh(deps, token);
          if ('sessionId' in result) {
            if (appMode && result.client === 'app')
              reply.header('x-access-token', result.access).header('x-refresh-token', result.refresh);
            else if (!appMode) setAuthCookies(reply, { secure, ...result });
          }
          return { message: apiMsg.done.sessionRefreshed };
        } catch (err) {
          if (!appMode) clearAuthCookies(reply, secure);
          throw err;
        }
      },
    );

    app.post(
      '/auth/logout',
      route('public', {
        summary: 'Log out and revoke the session',
        reply: MessageResponseSchema,
      }),
      async (request, reply) => {
        await service.logout(
          deps,
          request.actor?.sessionId ?? null,
          request.cookies[names.refresh] ?? headerToken(request),
        );
        clearAuthCookies(reply, secure);
        return { message: apiMsg.done.loggedOut };
      },
    );

    app.post(
      '/auth/forgot-password',
      route('public', {
        summary: 'Send a password reset link',
        body: ForgotPasswordInputSchema,
        reply: MessageResponseSchema,
      }),
      async (request) =>
        confirm(
          apiMsg.done.resetLinkSent,
          service.forgotPassword(deps, request.body.username, request.ip, request.log),
        ),
    );

    for (const [path, purpose] of [
      ['/auth/new-password/:token', 'reset'],
      ['/auth/first-login/:token', 'first_login'],
    ] as const) {
      app.post(
        path,
        route('public', {
          summary:
            purpose === 'reset'
              ? 'Set a new password with a reset link'
              : 'Set the first password with an invitation link',
          params: TokenParamsSchema,
          body: SetPasswordInputSchema,
          reply: MessageResponseSchema,
        }),
        async (request) => {
          const message = await service.setPasswordWithToken(
            deps,
            purpose,
            request.params.token,
            request.body,
            request.ip,
            request.log,
          );
          return { message };
        },
      );
    }

    app.post(
      '/auth/verify-email/:token',
      route('public', {
        summary: 'Confirm the login e-mail with the link that was sent to it',
        params: TokenParamsSchema,
        reply: MessageResponseSchema,
      }),
      async (request) => ({ message: await verifyEmail(deps, request.params.token, request.ip) }),
    );

    app.post(
      '/auth/register',
      route('public', {
        summary: 'Candidate sign-up (logs the new user in)',
        body: RegisterInputSchema,
        reply: CurrentUserSchema,
      }),
      async (request, reply) => {
        const issued = await service.register(deps, request.body, clientInfo(request), request.log);
        return answerWithUser(request, reply, issued);
      },
    );
  };
}
