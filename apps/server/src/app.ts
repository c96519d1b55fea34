import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { API_BASE_PATH, ErrorCode, apiMsg, configureZodItalian } from '@timbro/shared';
import Fastify, { type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { TrustProxy } from './config/env';
import type { AppDeps } from './deps';
import { authRoutes } from './modules/auth/auth.routes';
import { appConfigRoutes } from './modules/health/app-config.routes';
import { healthRoutes } from './modules/health/health.routes';
import { profileRoutes } from './modules/profile/profile.routes';
import { workspaceRoutes } from './modules/workspaces/workspaces.routes';
import { userRoutes } from './modules/users/users.routes';
import { fileRoutes } from './modules/files/files.routes';
import { documentRoutes } from './modules/documents/documents.routes';
import { groupRoutes } from './modules/groups/groups.routes';
import { paycheckImportRoutes } from './modules/paychecks/imports.routes';
import { paycheckRoutes } from './modules/paychecks/paychecks.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { userImportRoutes } from './modules/users/user-import.routes';
import { holidayRoutes } from './modules/holidays/holidays.routes';
import { justificationRoutes } from './modules/justifications/justifications.routes';
import { templateRoutes } from './modules/templates/templates.routes';
import { contractRoutes } from './modules/contracts/contracts.routes';
import { accrualRoutes } from './modules/accruals/accruals.routes';
import { attendanceRoutes } from './modules/attendance/attendance.routes';
import { payrollSettingsRoutes } from './modules/payroll-settings/payroll-settings.routes';
import { monthLogRoutes } from './modules/month-logs/month-logs.routes';
import { payrollExportRoutes } from './modules/payroll-exports/payroll-exports.routes';
import { invitationRoutes } from './modules/invitations/invitations.routes';
import { notificationRoutes } from './modules/notifications/notifications.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { calendarFeedRoutes, workShiftRoutes } from './modules/work-shifts/work-shifts.routes';
import { announcementRoutes } from './modules/announcements/announcements.routes';
import { platformRoutes } from './modules/platform/platform.routes';
import { requestLogController, withLogRedaction } from './lib/logging';
import { errorHandler } from './plugins/error-handler';
import { requestContext } from './plugins/request-context';

/** Largest accepted upload (imports now; documents and pay slips later). */
export const UPLOAD_LIMIT_BYTES = 10 * 1024 * 1024;

export interface BuildOptions {
  logger?: FastifyServerOptions['logger'];
  /** Folder of the built web app to serve (index.html + assets); null = API only. */
  webDist?: string | null;
}

/**
 * Query strings: `key[]=a&key[]=b` (the spec's bracket style) and repeated keys become arrays. The result has no
 * prototype, so `__proto__` keys are plain data.
 */
export function parseQueryString(str: string): Record<string, string | string[]> {
  const out = Object.create(null) as Record<string, string | string[]>;
  for (const [rawKey, value] of new URLSearchParams(str)) {
    const isArray = rawKey.endsWith('[]');
    const key = isArray ? rawKey.slice(0, -2) : rawKey;
    const prev = out[key];
    if (isArray) out[key] = Array.isArray(prev) ? [...prev, value] : prev === undefined ? [value] : [prev, value];
    else out[key] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
  }
  return out;
}

/**
 * TRUST_PROXY for Fastify. A hop count becomes a function: Fastify 5 turns a bare number into "trust nobody" (a
 * hop count cannot tell the proxy from a client that reached the server directly), so a count is only safe when
 * the server is reachable through the proxy alone (HOST=127.0.0.1, a firewall); ADR 0014. Addresses go as they are.
 */
export function fastifyTrustProxy(value: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value === 'number') return (_address, hop) => hop < value;
  return value;
}

/** API paths whose answers may carry personal data (all of /api/v1 except the public health and app-config). */
const CACHEABLE_API_PATHS = new Set([`${API_BASE_PATH}/health`, `${API_BASE_PATH}/app-config`]);

function isPrivateApiPath(url: string): boolean {
  const pathname = url.split('?')[0]!.replace(/\/+$/, '');
  return (pathname === API_BASE_PATH || pathname.startsWith(`${API_BASE_PATH}/`)) && !CACHEABLE_API_PATHS.has(pathname);
}

/** A path with a segment starting with a dot (`/.env`, `/.git/config`, `/assets/.hidden`, also percent-encoded). */
export function hasDotSegment(url: string): boolean {
  const pathname = url.split('?')[0]!;
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return true;
  }
  return decoded.split(/[/\\]/).some((segment) => segment.startsWith('.'));
}

/** Builds the HTTP application (no listen): plugins, then modules under /api/v1, then the web app. */
export async function buildApp(deps: AppDeps, opts: BuildOptions = {}) {
  configureZodItalian();
  const app = Fastify({
    // Whatever logger is given, no secret link reaches it (lib/logging.ts); development logs quietly.
    logger: opts.logger ? withLogRedaction(opts.logger === true ? {} : opts.logger, deps.config) : false,
    logController: requestLogController(deps.config),
    trustProxy: fastifyTrustProxy(deps.config.trustProxy),
    bodyLimit: 2 * 1024 * 1024,
    genReqId: () => randomUUID(),
    routerOptions: { querystringParser: parseQueryString },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // Answers of the API carry personal data: no browser or proxy cache keeps them (unless the route decided).
    if (isPrivateApiPath(request.url) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: UPLOAD_LIMIT_BYTES, files: 1, fields: 10 } });
  await app.register(helmet, {
    contentSecurityPolicy: { directives: { upgradeInsecureRequests: null } },
    hsts: deps.config.cookieSecure,
  });
  if (deps.config.apiDocs) {
    // API_DOCS=false (the default in production): neither swagger-ui nor the OpenAPI JSON; /api/docs is a 404.
    await app.register(swagger, {
      openapi: {
        info: { title: 'Timbro API', version: '1.0.0', description: 'Presenze e amministrazione del personale' },
        servers: [{ url: '/' }],
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs' });
  }

  await app.register(requestContext, {
    publicOrigin: new URL(deps.config.publicUrl).origin,
    db: deps.db,
    actors: deps.actors,
    cookieSecure: deps.config.cookieSecure,
    getKeys: () => deps.keys,
  });

  await app.register(
    async (api) => {
      await api.register(healthRoutes(deps));
      await api.register(appConfigRoutes(deps));
      await api.register(authRoutes(deps));
      await api.register(profileRoutes(deps));
      await api.register(invitationRoutes(deps));
      await api.register(workspaceRoutes(deps));
      await api.register(userRoutes(deps));
      await api.register(userImportRoutes(deps));
      await api.register(groupRoutes(deps));
      await api.register(auditRoutes(deps));
      await api.register(holidayRoutes(deps));
      await api.register(justificationRoutes(deps));
      await api.register(templateRoutes(deps));
      await api.register(contractRoutes(deps));
      await api.register(accrualRoutes(deps));
      await api.register(attendanceRoutes(deps));
      await api.register(payrollSettingsRoutes(deps));
      await api.register(monthLogRoutes(deps));
      await api.register(fileRoutes(deps));
      await api.register(documentRoutes(deps));
      await api.register(paycheckRoutes(deps));
      await api.register(notificationRoutes(deps));
      await api.register(announcementRoutes(deps));
      await api.register(paycheckImportRoutes(deps));
      await api.register(payrollExportRoutes(deps));
      await api.register(workShiftRoutes(deps));
      await api.register(calendarFeedRoutes(deps));
      await api.register(platformRoutes(deps));
      await api.register(dashboardRoutes(deps));
    },
    { prefix: API_BASE_PATH },
  );

  const webDist = opts.webDist && fs.existsSync(path.join(opts.webDist, 'index.html')) ? opts.webDist : null;
  if (webDist) {
    // Dotfiles (.env, .git/…) are never served: `send` ignores them and the not-found handler answers a JSON 404.
    // Brotli or gzip copies made at build time (apps/web/scripts/precompress.mjs) go to browsers that accept them. The
    // hashed files under /assets/ never change: cached for a year; everything else is revalidated each time.
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: true,
      index: false,
      maxAge: 0,
      dotfiles: 'ignore',
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`))
          void reply.header('cache-control', 'public, max-age=31536000, immutable');
        // The service worker and the manifest are checked at every start of the app (a new version is found at once).
        else if (/[\\/](sw\.js|manifest\.webmanifest)$/.test(filePath)) void reply.header('cache-control', 'no-cache');
      },
    });
    app.get('/', (_request, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html'));
  }
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || !webDist || request.method !== 'GET' || hasDotSegment(request.url)) {
      return reply.status(404).send({ code: ErrorCode.NOT_FOUND, message: apiMsg.http.notFound });
    }
    // Client-side routes: the SPA shell; hashed assets get long caching from their own folder.
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
