import { AuditPageSchema, AuditQuerySchema } from '@timbro/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { workspaceCtx } from '../../plugins/request-context';
import { routeOptions } from '../../plugins/route-options';
import { listAudit } from './audit.service';

const route = routeOptions(['audit']);

export function auditRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/admin/audit',
      route('audit:read', {
        summary: 'Who changed what and when (newest first)',
        querystring: AuditQuerySchema,
        reply: AuditPageSchema,
      }),
      async (request) => listAudit(deps, workspaceCtx(request), request.query),
    );
  };
}
