import { apiMsg, ErrorCode, type ErrorHeaderValue, type FieldError, errorTexts } from '@timbro/shared';

const STATUS: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  TOKEN_INVALID: 400,
  WRONG_PASSWORD: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  WORKSPACE_FORBIDDEN: 403,
  CSRF_REJECTED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  CANNOT_DELETE_USER: 409,
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
};

/** The one error type that services throw; the error handler turns it into the API error body. */
export class AppError extends Error {
  override name = 'AppError';
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly options: { errors?: FieldError[]; headerValue?: ErrorHeaderValue; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.status = STATUS[code];
  }
}

export const notFound = (message: string = apiMsg.http.itemNotFound) => new AppError(ErrorCode.NOT_FOUND, message);
export const forbidden = (message: string = errorTexts.forbiddenPage) => new AppError(ErrorCode.FORBIDDEN, message);
export const unauthenticated = (message: string = apiMsg.access.loginRequired) =>
  new AppError(ErrorCode.UNAUTHENTICATED, message);
export const validation = (errors: FieldError[], message: string = apiMsg.http.invalidFields) =>
  new AppError(ErrorCode.VALIDATION_FAILED, message, { errors });
export const conflict = (message: string, errors?: FieldError[], headerValue?: ErrorHeaderValue) =>
  new AppError(ErrorCode.CONFLICT, message, { errors, headerValue });
/** An uploaded file refused as a whole: a 400 with the message on the `file` field. */
export const fileError = (message: string) =>
  new AppError(ErrorCode.VALIDATION_FAILED, message, { errors: [{ path: 'file', message }] });
