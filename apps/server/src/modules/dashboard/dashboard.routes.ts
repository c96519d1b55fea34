import { DashboardSchema } from '@timbro/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { workspaceCtx } from '../../plugins/request-context';
import * as service from './dashboard.service';

/** The dashboard in one call (issue 16): the widgets the caller's roles may see. */
export function dashboardRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/dashboard',
      {
        config: { permission: 'workspace:read' },
        schema: {
          tags: ['dashboard'],
          summary:
            'Every dashboard widget the caller may see (absent otherwise), each counted by the same query as the list it links to',
          response: { 200: DashboardSchema },
        },
      },
      async (request) => service.dashboard(deps, workspaceCtx(request)),
    );
  };
}
