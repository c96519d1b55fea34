import type { Permission } from '@timbro/shared';
import type { FastifyContextConfig, FastifySchema } from 'fastify';

/**
 * What a route declares besides its method, path and handler: its OpenAPI summary (and description, request types) and
 * its zod schemas. `reply` is the usual answer, a 200; a route answering with another status (201, 202) or with
 * several gives `response` instead.
 */
export interface RouteParts extends Omit<FastifySchema, 'tags' | 'response'> {
  summary: string;
  reply?: unknown;
  response?: Record<number, unknown>;
}

/** `reply: X` as Fastify's `response: { 200: X }`. */
type ReplyAs200<P extends RouteParts> = P extends { reply: infer R } ? { response: { 200: R } } : unknown;

/** The Fastify options `route(access, parts)` builds: the access declaration, and the schema with the module's tags. */
export interface RouteOptions<P extends RouteParts> {
  config: Pick<FastifyContextConfig, 'permission' | 'public'>;
  schema: Omit<P, 'reply'> & { tags: readonly string[] } & ReplyAs200<P>;
}

/**
 * The options of a module's routes, one call per route, beside its method, path and handler:
 *
 *     const route = routeOptions(['groups']);
 *     app.get(
 *       '/admin/group/:id',
 *       route('group:read', { summary: 'A group', params: IdParamsSchema, reply: GroupDetailSchema }),
 *       async (request) => service.getGroup(deps, workspaceCtx(request), request.params.id),
 *     );
 *
 * `access` is the permission the route needs, or `'public'`; it lands in `config`, where `plugins/request-context.ts`
 * refuses a route that declares neither, enforces it per request and lists it in the route declarations. Fastify infers
 * the handler's `request.params`, `query`, `body` and its answer from the zod schemas, as from options written out.
 */
export function routeOptions(tags: readonly string[]) {
  return <P extends RouteParts>(access: Permission | 'public', parts: P): RouteOptions<P> => {
    const { reply, ...schema } = parts;
    return {
      config: access === 'public' ? { public: true } : { permission: access },
      schema: { tags, ...schema, ...(reply === undefined ? {} : { response: { 200: reply } }) },
    } as RouteOptions<P>;
  };
}

/**
 * The answer of a route that confirms what it did (`reply: MessageResponseSchema`): `{ message }`, a text of the
 * catalogue, once `work` is done (a failure answers as it would have).
 *
 *     async (request) => confirm(apiMsg.done.groupDeleted, service.deleteGroup(deps, workspaceCtx(request), request.params.id))
 */
export async function confirm(message: string, work: Promise<unknown>): Promise<{ message: string }> {
  await work;
  return { message };
}

/** The answer of a route that creates (`response: { 201: … }`): status 201 and what `work` gives. */
export async function created<T>(reply: { code(statusCode: number): unknown }, work: Promise<T>): Promise<T> {
  reply.code(201);
  return work;
}
