import { StorageUsageSchema, StoredFileSchema } from '@timbro/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { workspaceCtx } from '../../plugins/request-context';
import { routeOptions } from '../../plugins/route-options';
import * as service from './files.service';

const route = routeOptions(['files']);

export function fileRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/admin/file/logo',
      route('workspace:update', {
        summary:
          'Upload a company logo (PNG, JPEG or WebP, at most 2 MB, read from its content); its id goes into the company details as logo or squareLogo',
        consumes: ['multipart/form-data'],
        reply: StoredFileSchema,
      }),
      async (request) => service.uploadLogo(deps, workspaceCtx(request), request),
    );

    app.get(
      '/admin/file/storage',
      route('settings:read', {
        summary: 'The company’s file storage: bytes and files used, and the quota the platform operator set',
        reply: StorageUsageSchema,
      }),
      async (request) => service.storageUsage(deps.db, workspaceCtx(request).scope),
    );
  };
}
