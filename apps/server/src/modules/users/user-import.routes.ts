import { ImportPreviewSchema, ImportResultSchema, ListUsersQuerySchema } from '@timbro/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { workspaceCtx } from '../../plugins/request-context';
import { routeOptions } from '../../plugins/route-options';
import { uploadedFile } from '../../lib/upload';
import * as service from './user-import.service';

const route = routeOptions(['users']);

export function userImportRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/admin/user/import/preview',
      route('user:write', {
        summary: 'Check an employee CSV/XLSX: every row with its errors; nothing is written',
        consumes: ['multipart/form-data'],
        reply: ImportPreviewSchema,
      }),
      async (request) => service.previewImport(deps, workspaceCtx(request), await uploadedFile(request)),
    );
    app.post(
      '/admin/user/import',
      route('user:write', {
        summary: 'Import employees from CSV/XLSX, all or nothing (invitations are e-mailed)',
        consumes: ['multipart/form-data'],
        reply: ImportResultSchema,
      }),
      async (request) => service.runImport(deps, workspaceCtx(request), await uploadedFile(request)),
    );
    app.get(
      '/admin/user/export',
      route('user:read', {
        summary: 'The employee list as XLSX (same filters as the list; same columns as the import)',
        querystring: ListUsersQuerySchema.partial(),
      }),
      async (request, reply) => {
        const buf = await service.exportUsers(deps, workspaceCtx(request), request.query);
        const date = new Date().toISOString().slice(0, 10);
        return reply
          .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .header('content-disposition', `attachment; filename="dipendenti-${date}.xlsx"`)
          .send(buf);
      },
    );
  };
}
