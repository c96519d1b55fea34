import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { registerAdminRoutes } from './attendance-admin.routes';
import { registerDataRoutes } from './attendance-data.routes';
import { registerMemberRoutes } from './attendance-member.routes';

/**
 * The attendance API: the member's clock and requests, the admin's requests, punches and import, then the reads.
 * Registered in this order, in one plugin, so the route table (and its permission snapshot) keeps its order.
 */
export function attendanceRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    registerMemberRoutes(app, deps);
    registerAdminRoutes(app, deps);
    registerDataRoutes(app, deps);
  };
}
