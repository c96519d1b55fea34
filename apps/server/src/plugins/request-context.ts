import {
  apiMsg,
  CLIENT_HEADER,
  CLIENT_HEADER_APP_VALUE,
  CLIENT_HEADER_VALUE,
  ErrorCode,
  WORKSPACE_HEADER,
  effectiveRoles,
  hasPermission,
  isWorkspaceIndependent,
  type Permission,
  type Role,
} from '@timbro/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { workspaceScope, type WorkspaceScope } from '../db/scope';
import { AppError } from '../lib/errors';
import { cookieNames } from '../lib/cookies';
import { verifyAccessTokenCached, type SigningKeys } from '../lib/tokens';
import type { ActorCache } from './actor-cache';
import { type Actor, type Membership } from './session-actor';

/** The session's account and memberships: loaded per request by session-actor.ts. */
export { loadActor, loadMemberships, type Actor, type Membership } from './session-actor';

export interface ActiveWorkspace {
  scope: WorkspaceScope;
  membership: Membership;
  roles: Role[];
}

export interface RouteDeclaration {
  method: string;
  url: string;
  permission: Permission | 'public';
  /** The route's body schema (zod), if it has one: the generated suites (fuzzing) draw bodies from it. */
  bodySchema?: unknown;
  /** The route's query schema (zod), if it has one: the generated suites (cross-tenant matrix) fill its id fields. */
  querySchema?: unknown;
  /** The request types the route reads (its schema's `consumes`): `multipart/form-data` marks an upload route. */
  consumes?: readonly string[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The permission this route needs. Every /api/v1 route declares it, or `public: true`. */
    permission?: Permission;
    public?: boolean;
  }
  interface FastifyRequest {
    actor: Actor | null;
    workspace: ActiveWorkspace | null;
  }
  interface FastifyInstance {
    routeDeclarations: RouteDeclaration[];
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The workspace a request works in: the header's (checked against the memberships) or the remembered/first one. */
export function resolveWorkspace(actor: Actor, headerValue: string | undefined): Membership | null {
  if (headerValue !== undefined && headerValue !== '') {
    const m = UUID_RE.test(headerValue) ? actor.memberships.find((x) => x.workspaceId === headerValue) : undefined;
    if (!m) throw new AppError(ErrorCode.WORKSPACE_FORBIDDEN, apiMsg.access.workspaceForbidden);
    return m;
  }
  return actor.memberships.find((m) => m.workspaceId === actor.lastWorkspaceId) ?? actor.memberships[0] ?? null;
}

interface ContextOptions {
  /** The app's own origin (PUBLIC_URL): a state-changing request from a page of any other origin is refused. */
  publicOrigin?: string;
  db: Db;
  /** Who each session is (plugins/actor-cache.ts). */
  actors: Pick<ActorCache, 'load'>;
  cookieSecure: boolean;
  getKeys: () => SigningKeys;
}

/**
 * The request pipeline in one plugin: every /api/v1 route must declare a permission (or be public) or it refuses to
 * register; then, per request: CSRF header check → session → active workspace → permission, all before the body is
 * validated, so the answers come in the order 401 → 403 → 400.
 */
export const requestContext = fp(
  async (app: FastifyInstance, opts: ContextOptions) => {
    const names = cookieNames(opts.cookieSecure);
    app.decorateRequest('actor', null);
    app.decorateRequest('workspace', null);
    app.decorate('routeDeclarations', [] as RouteDeclaration[]);

    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api/v1')) return;
      const cfg = (route.config ?? {}) as { permission?: Permission; public?: boolean };
      if (!cfg.permission && !cfg.public) {
        throw new Error(`Route ${String(route.method)} ${route.url} declares neither a permission nor public: true`);
      }
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        if (method === 'HEAD') continue;
        app.routeDeclarations.push({
          method,
          url: route.url,
          permission: cfg.public ? 'public' : cfg.permission!,
          bodySchema: route.schema?.body,
          querySchema: route.schema?.querystring,
          consumes: route.schema?.consumes,
        });
      }
    });

    app.addHook('onRequest', async (request: FastifyRequest) => {
      // Only declared API routes; unknown paths fall through to the (public) 404 handler.
      if (!request.routeOptions.url?.startsWith('/api/v1')) return;
      const cfg = request.routeOptions.config as { permission?: Permission; public?: boolean };

      if (!SAFE_METHODS.has(request.method)) {
        const client = request.headers[CLIENT_HEADER];
        if (client !== CLIENT_HEADER_VALUE && client !== CLIENT_HEADER_APP_VALUE) {
          throw new AppError(ErrorCode.CSRF_REJECTED, apiMsg.access.csrfHeaderMissing);
        }
        if (request.headers['sec-fetch-site'] === 'cross-site' || foreignOrigin(request, opts.publicOrigin)) {
          throw new AppError(ErrorCode.CSRF_REJECTED, apiMsg.access.csrfCrossSite);
        }
      }

      const token = request.cookies[names.access] ?? bearer(request.headers.authorization);
      if (token) {
        const verified = verifyAccessTokenCached(opts.getKeys(), token);
        if (verified) request.actor = await opts.actors.load(opts.db, verified.sessionId);
      }

      if (cfg.public) return;
      if (!request.actor) throw new AppError(ErrorCode.UNAUTHENTICATED, apiMsg.access.loginRequired);
      const permission = cfg.permission!;

      const header = request.headers[WORKSPACE_HEADER];
      const membership = resolveWorkspace(request.actor, Array.isArray(header) ? header[0] : header);
      if (membership) {
        request.workspace = {
          scope: workspaceScope(membership.workspaceId),
          membership,
          roles: effectiveRoles(membership.flags),
        };
        if (header && request.actor.lastWorkspaceId !== membership.workspaceId) {
          await opts.db
            .update(users)
            .set({ lastWorkspaceId: membership.workspaceId })
            .where(eq(users.id, request.actor.userId));
          request.actor.lastWorkspaceId = membership.workspaceId;
        }
      }
      if (isWorkspaceIndependent(permission)) {
        if (permission === 'platform:manage' && !request.actor.isOperator) throw forbiddenError();
        return;
      }
      if (!request.workspace || !hasPermission(request.workspace.roles, permission)) throw forbiddenError();
    });
  },
  { name: 'request-context' },
);

/**
 * Whether a state-changing request names an origin that is neither the app's (PUBLIC_URL) nor the host it was sent to
 * (the development proxy). Browsers send `Origin` on every cross-origin POST, and on same-origin ones too; the mobile
 * app and scripts send none (they carry `X-Client`, which a page of another origin cannot add without CORS, which the
 * server never grants). `null` (a sandboxed frame, a file) is foreign.
 */
function foreignOrigin(request: FastifyRequest, publicOrigin: string | undefined): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  if (publicOrigin && origin === publicOrigin) return false;
  try {
    const from = new URL(origin);
    // The Host header read with the origin's scheme, so a default port (":80", ":443") compares equal.
    return from.host !== new URL(`${from.protocol}//${request.headers.host ?? ''}`).host;
  } catch {
    return true;
  }
}

function forbiddenError() {
  return new AppError(ErrorCode.FORBIDDEN, apiMsg.access.forbidden);
}

function bearer(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  return m?.[1];
}

/** The active workspace of a route that declared a workspace permission (always set there). */
export function requireWorkspace(request: FastifyRequest): ActiveWorkspace {
  if (!request.workspace) throw forbiddenError();
  return request.workspace;
}

export function requireActor(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError(ErrorCode.UNAUTHENTICATED, apiMsg.access.loginRequired);
  return request.actor;
}

/** Who did it: the account, its record in the active workspace (if any) and the request, for the audit trail. */
export interface ActorRef {
  userId: string;
  userInfoId: string | null;
  requestId: string;
}

/** What a service needs to know about the logger: mail and jobs report through it. */
export interface CtxLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/**
 * The request context: everything a workspace service needs about who asks and where, in one object, so services take
 * `(deps, ctx, …input)` instead of six positional parameters. Routes build it with `workspaceCtx(request)`; work outside
 * a request (a job calling a workspace service) builds the same object, with its own actor and no membership.
 */
export interface RequestCtx {
  readonly scope: WorkspaceScope;
  readonly actor: ActorRef;
  /** The workspace's IANA time zone (local dates and times of punches and requests). */
  readonly timeZone: string;
  /** The caller's membership in the active workspace (roles, auto-approval…); null for system work. */
  readonly membership: Membership | null;
  readonly roles: readonly Role[];
  readonly log: CtxLogger;
}

/** The actor of a request, for the audit trail. */
export function actorRef(request: FastifyRequest): ActorRef {
  return {
    userId: requireActor(request).userId,
    userInfoId: request.workspace?.membership.userInfoId ?? null,
    requestId: request.id,
  };
}

/** The context of a route that declared a workspace permission. */
export function workspaceCtx(request: FastifyRequest): RequestCtx {
  const ws = requireWorkspace(request);
  return Object.freeze({
    scope: ws.scope,
    actor: actorRef(request),
    timeZone: ws.membership.timeZone,
    membership: ws.membership,
    roles: ws.roles,
    log: request.log,
  });
}
