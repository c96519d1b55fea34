/**
 * Stable error codes. Every API error body carries one; clients switch on the code, never on the message.
 */
export const ErrorCode = {
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  FORBIDDEN: 'FORBIDDEN',
  /** The X-Workspace-Id header names a workspace the user has no (enabled) access to. */
  WORKSPACE_FORBIDDEN: 'WORKSPACE_FORBIDDEN',
  /** A state-changing request came without the application header (CSRF defence). */
  CSRF_REJECTED: 'CSRF_REJECTED',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  /** Something that existed and ended for good (an expired calendar link). */
  GONE: 'GONE',
  RATE_LIMITED: 'RATE_LIMITED',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  TOKEN_INVALID: 'TOKEN_INVALID',
  WRONG_PASSWORD: 'WRONG_PASSWORD',
  CANNOT_DELETE_USER: 'CANNOT_DELETE_USER',
  /** Work that failed on the server's side for this request only (a PDF whose renderer crashed or took too long). */
  UNAVAILABLE: 'UNAVAILABLE',
  INTERNAL: 'INTERNAL',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Values of the spec's `X-Error-Message` response header. */
export const ErrorHeaderValue = {
  UniqueConstraintViolation: 'UniqueConstraintViolation',
  WrongPassword: 'WrongPassword',
  CannotDeleteUser: 'CannotDeleteUser',
} as const;
export type ErrorHeaderValue = (typeof ErrorHeaderValue)[keyof typeof ErrorHeaderValue];

export const ERROR_MESSAGE_HEADER = 'x-error-message';
export const AUTH_STATUS_HEADER = 'x-auth-status';
export const WORKSPACE_HEADER = 'x-workspace-id';
export const CLIENT_HEADER = 'x-client';
export const CLIENT_HEADER_VALUE = 'timbro-web';
/** The same header from the mobile app: accepted like the web's (CSRF), and it records the app's last login. */
export const CLIENT_HEADER_APP_VALUE = 'timbro-app';
export const AUTH_MODE_HEADER = 'x-auth-mode';

/** Italian texts of the spec's error catalogue (section 8). */
export const errorTexts = {
  generic: 'Si è verificato un errore',
  [ErrorHeaderValue.UniqueConstraintViolation]: 'Questo indirizzo email è già in uso',
  [ErrorHeaderValue.WrongPassword]: 'La password attuale non è corretta',
  [ErrorHeaderValue.CannotDeleteUser]: 'Questo profilo non può essere eliminato',
  forgotPasswordNotFound: 'Non è stato trovato nessun utente con queste credenziali',
  forbiddenPage: 'Non autorizzato',
  notFoundPage: 'Pagina non trovata',
} as const;
