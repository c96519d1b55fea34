import { AuditPageSchema, AuditQuerySchema } from '@timbro/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { workspaceCtx } from '../../plugins/request-context';
import { listAudit } from './audit.service';

export function auditRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/admin/audit',
      {
        config: { permission: 'audit:read' },
        schema: {
          tags: ['audit'],
          summary: 'Who changed what and when (newest first)',
          querystring: AuditQuerySchema,
          response: { 200: AuditPageSchema },
        },
      },
      async (request) => listAudit(deps, workspaceCtx(request), request.query),
    );
  };
}
