import { AppConfigSchema, DEFAULT_LANGUAGE, LANGUAGES, PASSWORD_MIN_LENGTH } from '@timbro/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { routeOptions } from '../../plugins/route-options';

const route = routeOptions(['health']);

/** GET /app-config: what the web app needs before it renders (visual variant, languages, password rule). */
export function appConfigRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/app-config',
      route('public', {
        summary: 'Public runtime configuration of the web app',
        reply: AppConfigSchema,
      }),
      async () => ({
        theme_variant: deps.config.themeVariant,
        password_min_length: PASSWORD_MIN_LENGTH,
        languages: [...LANGUAGES],
        default_language: DEFAULT_LANGUAGE,
      }),
    );
  };
}
