import { ERROR_MESSAGE_HEADER, errorTexts } from '@timbro/shared/error-codes';
import { ApiError } from './api-client';

/** Texts for the spec's X-Error-Message header values. */
const HEADER_TEXTS: Record<string, string> = {
  UniqueConstraintViolation: errorTexts.UniqueConstraintViolation,
  WrongPassword: errorTexts.WrongPassword,
  CannotDeleteUser: errorTexts.CannotDeleteUser,
};

/**
 * The text to show for a failed call (spec section 8): the error header's text if there is one, else the
 * response message (a string or a nested `{ message }`), else the generic fallback.
 */
export function errorMessage(err: unknown, fallback: string = errorTexts.generic): string {
  if (err instanceof ApiError) {
    const header = err.headers.get(ERROR_MESSAGE_HEADER);
    if (header && HEADER_TEXTS[header]) return HEADER_TEXTS[header];
    const data = err.data as { message?: unknown } | null;
    const m = data?.message;
    if (typeof m === 'string' && m.length > 0) return m;
    if (m && typeof m === 'object' && typeof (m as { message?: unknown }).message === 'string')
      return (m as { message: string }).message;
  }
  return fallback;
}

/** Field errors of a 400/409 answer, by path, for react-hook-form's setError. */
export function fieldErrors(err: unknown): Record<string, string> {
  if (!(err instanceof ApiError)) return {};
  const data = err.data as { errors?: { path: string; message: string }[] } | null;
  return Object.fromEntries((data?.errors ?? []).map((e) => [e.path, e.message]));
}
