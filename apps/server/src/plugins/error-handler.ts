import {
  apiMsg,
  msg,
  ErrorCode,
  ErrorHeaderValue,
  ERROR_MESSAGE_HEADER,
  errorTexts,
  type ApiErrorBody,
  type FieldError,
} from '@timbro/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors';
import { redactTokens } from '../lib/logging';

const CLIENT_ERROR_TEXTS: Record<number, { code: string; message: string }> = {
  400: { code: ErrorCode.VALIDATION_FAILED, message: apiMsg.http.invalidRequest },
  404: { code: ErrorCode.NOT_FOUND, message: apiMsg.http.notFound },
  405: { code: ErrorCode.NOT_FOUND, message: apiMsg.http.methodNotAllowed },
  406: { code: ErrorCode.VALIDATION_FAILED, message: apiMsg.http.notAcceptable },
  413: { code: ErrorCode.PAYLOAD_TOO_LARGE, message: apiMsg.http.payloadTooLarge },
  415: { code: ErrorCode.VALIDATION_FAILED, message: apiMsg.http.unsupportedMediaType },
  429: { code: ErrorCode.RATE_LIMITED, message: apiMsg.http.tooManyRequests },
};

function send(reply: FastifyReply, status: number, body: ApiErrorBody, headers: Record<string, string> = {}) {
  for (const [k, v] of Object.entries(headers)) reply.header(k, v);
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

function pgCode(err: unknown): string | null {
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  const code = typeof e?.code === 'string' ? e.code : typeof e?.cause?.code === 'string' ? e.cause.code : null;
  return code && /^[0-9A-Z]{5}$/.test(code) ? code : null;
}

/**
 * The one place that turns errors into HTTP answers: AppError → its status; zod → 400 with every field error;
 * unique violations → 409; other client errors → their status with an Italian text; anything else → 500 with a
 * generic text and the request id (never a stack trace).
 */
export function errorHandler(this: FastifyInstance, error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    if (error.status >= 500) request.log.error({ err: error }, 'application error');
    else if (error.status === 401 || error.status === 403)
      request.log.info({ code: error.code, url: redactTokens(request.url) }, 'access refused');
    const headers: Record<string, string> = { ...(error.options.headers ?? {}) };
    if (error.options.headerValue) headers[ERROR_MESSAGE_HEADER] = error.options.headerValue;
    return send(
      reply,
      error.status,
      { code: error.code, message: error.message, ...(error.options.errors ? { errors: error.options.errors } : {}) },
      headers,
    );
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors: FieldError[] = error.validation.map((v) => ({
      path: v.instancePath.replace(/^\//, '').replace(/\//g, '.'),
      message: v.message ?? msg.invalidValue,
    }));
    return send(reply, 400, { code: ErrorCode.VALIDATION_FAILED, message: apiMsg.http.invalidFields, errors });
  }
  if (isResponseSerializationError(error)) {
    request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
    return send(reply, 500, { code: ErrorCode.INTERNAL, message: errorTexts.generic, requestId: request.id });
  }
  const sqlState = pgCode(error);
  if (sqlState === '23505') {
    // A race past the service's own check: the e-mail index still answers with the spec's header.
    const constraint =
      (error as { constraint?: string }).constraint ?? (error as { cause?: { constraint?: string } }).cause?.constraint;
    if (constraint === 'users_email_key') {
      return send(
        reply,
        409,
        {
          code: ErrorCode.CONFLICT,
          message: errorTexts.UniqueConstraintViolation,
          errors: [{ path: 'email', message: errorTexts.UniqueConstraintViolation }],
        },
        { [ERROR_MESSAGE_HEADER]: ErrorHeaderValue.UniqueConstraintViolation },
      );
    }
    return send(reply, 409, { code: ErrorCode.CONFLICT, message: apiMsg.http.duplicate });
  }
  if (sqlState === '23503') {
    return send(reply, 409, { code: ErrorCode.CONFLICT, message: apiMsg.http.inUse });
  }
  if (sqlState === '22P02' || sqlState === '22007' || sqlState === '22008' || sqlState === '22003') {
    return send(reply, 400, { code: ErrorCode.VALIDATION_FAILED, message: apiMsg.http.invalidRequest });
  }
  const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status >= 400 && status < 500) {
    const known = CLIENT_ERROR_TEXTS[status] ?? {
      code: ErrorCode.VALIDATION_FAILED,
      message: apiMsg.http.invalidRequest,
    };
    return send(reply, status, { code: known.code, message: known.message });
  }
  request.log.error({ err: error }, 'unexpected error');
  return send(reply, 500, { code: ErrorCode.INTERNAL, message: errorTexts.generic, requestId: request.id });
}
