import { StoredFileSchema } from '@timbro/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { workspaceCtx } from '../../plugins/request-context';
import * as service from './files.service';

const tags = ['files'];

export function fileRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/admin/file/logo',
      {
        config: { permission: 'workspace:update' },
        schema: {
          tags,
          summary:
            'Upload a company logo (PNG, JPEG or WebP, at most 2 MB, read from its content); its id goes into the company details as logo or squareLogo',
          consumes: ['multipart/form-data'],
          response: { 200: StoredFileSchema },
        },
      },
      async (request) => service.uploadLogo(deps, workspaceCtx(request), request),
    );
  };
}
