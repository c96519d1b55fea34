import { ImportPreviewSchema, ImportResultSchema, ListUsersQuerySchema } from '@timbro/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { workspaceCtx } from '../../plugins/request-context';
import { uploadedFile } from '../../lib/upload';
import * as service from './user-import.service';

const tags = ['users'];

export function userImportRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/admin/user/import/preview',
      {
        config: { permission: 'user:write' },
        schema: {
          tags,
          summary: 'Check an employee CSV/XLSX: every row with its errors; nothing is written',
          consumes: ['multipart/form-data'],
          response: { 200: ImportPreviewSchema },
        },
      },
      async (request) => service.previewImport(deps, workspaceCtx(request), await uploadedFile(request)),
    );
    app.post(
      '/admin/user/import',
      {
        config: { permission: 'user:write' },
        schema: {
          tags,
          summary: 'Import employees from CSV/XLSX, all or nothing (invitations are e-mailed)',
          consumes: ['multipart/form-data'],
          response: { 200: ImportResultSchema },
        },
      },
      async (request) => service.runImport(deps, workspaceCtx(request), await uploadedFile(request)),
    );
    app.get(
      '/admin/user/export',
      {
        config: { permission: 'user:read' },
        schema: {
          tags,
          summary: 'The employee list as XLSX (same filters as the list; same columns as the import)',
          querystring: ListUsersQuerySchema.partial(),
        },
      },
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
