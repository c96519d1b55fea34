import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import pino, { type LoggerOptions } from 'pino';
import type { Config } from '../config/env';

/**
 * The server's log (issue 30, items 6 and 17): no secret link ever reaches it, and development is quiet.
 *
 * Links that carry a token in their path: the web pages `/first-login/<token>`, `/reset-password/<token>` and
 * `/verify-email/<token>` (the SPA shell is served for them, so they reach the server as GET), the API calls
 * `/api/v1/auth/first-login/<token>`, `/api/v1/auth/new-password/<token>`, `/api/v1/auth/verify-email/<token>`, and
 * the calendar feed `/api/v1/calendar/<token>.ics`. Whoever reads a log with one can set that person's password or
 * read their calendar. The token is replaced by `[redacted]` in the request's logged URL (the `req` serializer), in
 * any `url` field, in error messages and stacks (the `err` serializer) and in message strings (a `logMethod` hook);
 * and, as a last net, in every line written (pino's `streamWrite` hook) unless mail bodies are printed on purpose
 * (development on a local address, ADR 0014). `test/request-log.test.ts` checks that every route with a `:token`
 * parameter, and every web path with one, is covered.
 */

/** A path segment that follows one of these is a secret. */
const TOKEN_PATH =
  /(\/(?:first-login|reset-password|new-password|verify-email)\/|\/api\/v1\/calendar\/)[^/?#\s"'.<>\\]+/g;

export const REDACTED = '[redacted]';

/** `text` with the token of every secret link replaced by `[redacted]` (the rest of the URL kept). */
export function redactTokens(text: string): string {
  return text.includes('/') ? text.replace(TOKEN_PATH, `$1${REDACTED}`) : text;
}

function redactErr(err: Error) {
  const out = pino.stdSerializers.err(err);
  const fields = out as unknown as Record<string, unknown>;
  for (const [key, value] of Object.entries(fields)) if (typeof value === 'string') fields[key] = redactTokens(value);
  return out;
}

/** Fastify's request serializer (method, url, host, client address and port), with the URL's token redacted. */
function redactReq(req: FastifyRequest) {
  return {
    method: req.method,
    url: typeof req.url === 'string' ? redactTokens(req.url) : req.url,
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

type LoggerConfig = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/**
 * Adds the redaction to any logger options given to the app (the production and development ones of
 * `loggerOptions`, or a test's): serializers for `req`, `err` and `url`, the message hook, and the last net unless
 * `printMailBodies`. The caller's own serializers and hooks of other names are kept.
 */
export function withLogRedaction(options: LoggerConfig, opts: { printMailBodies: boolean }): LoggerConfig {
  const given = options as LoggerOptions;
  const streamWrite = given.hooks?.streamWrite;
  return {
    ...given,
    serializers: { ...given.serializers, req: redactReq, err: redactErr, url: (v: unknown) => redactValue(v) },
    hooks: {
      ...given.hooks,
      logMethod(args, method) {
        const clean = args.map((a: unknown) => (typeof a === 'string' ? redactTokens(a) : a)) as typeof args;
        return method.apply(this, clean);
      },
      ...(opts.printMailBodies
        ? {}
        : {
            streamWrite: (line: string) => redactTokens(streamWrite ? streamWrite(line) : line),
          }),
    },
  } as LoggerConfig;
}

const redactValue = (v: unknown) => (typeof v === 'string' ? redactTokens(v) : v);

/**
 * The logger of `npm start` / `npm run dev`: JSON lines in production; in development pino-pretty without pid,
 * hostname and request id. Headers are never logged; should one be, its cookies, authorization and referer
 * (a page's URL) are hidden.
 */
export function loggerOptions(config: Pick<Config, 'logLevel' | 'isProduction' | 'printMailBodies'>): LoggerConfig {
  const base: LoggerOptions = {
    level: config.logLevel,
    redact: [
      'req.headers.cookie',
      'req.headers.authorization',
      'req.headers.referer',
      'req.headers["x-refresh-token"]',
      'req.headers["x-device-token"]',
      'res.headers["set-cookie"]',
      'res.headers["x-access-token"]',
      'res.headers["x-refresh-token"]',
    ],
    ...(config.isProduction
      ? {}
      : {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname,reqId' },
          },
        }),
  };
  return withLogRedaction(base, config);
}

/**
 * How many lines a request writes. `full` (production and tests): Fastify's "incoming request" and "request
 * completed" at info, with the redacted URL, and "request errored" at error. `quiet` (development): one short line
 * per request (`GET /api/v1/user 200 12 ms`) at debug, shown only with LOG_LEVEL=debug, or at error with the error when
 * the request failed (5xx); a live stream the browser closed says nothing. The errors the error handler logs
 * (plugins/error-handler.ts) are logged in both modes.
 */
export class RequestLogController extends LogController {
  constructor(private readonly mode: 'full' | 'quiet') {
    super();
  }

  override incomingRequest(request: FastifyRequest, reply: FastifyReply) {
    if (this.mode === 'full') super.incomingRequest(request, reply);
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.mode === 'full') return super.requestCompleted(error, request, reply);
    const line = `${request.method} ${redactTokens(request.url)} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`;
    if (error || reply.statusCode >= 500) reply.log.error({ err: error }, line);
    else reply.log.debug(line);
  }

  override streamError(error: Error, request: FastifyRequest, reply: FastifyReply) {
    if (this.mode === 'quiet' && (error as { code?: string }).code === 'ERR_STREAM_PREMATURE_CLOSE') return;
    super.streamError(error, request, reply);
  }
}

/** The request log of this configuration: quiet in development (issue 30, item 17), full elsewhere. */
export function requestLogController(config: Pick<Config, 'nodeEnv'>): RequestLogController {
  return new RequestLogController(config.nodeEnv === 'development' ? 'quiet' : 'full');
}
