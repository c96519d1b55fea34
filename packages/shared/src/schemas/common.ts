import { z } from 'zod';
import { DATE_MAX, DATE_MIN, YEAR_MAX, YEAR_MIN } from '../constants';
import { msg } from '../messages';
import { isValidEmail } from '../validators/email';

/** Italian texts of the input bounds (issue 10 §4): dates in a sane range, no control or direction characters. */
export const inputMsg = {
  dateOutOfRange: `La data deve essere compresa tra il ${YEAR_MIN} e il ${YEAR_MAX}`,
  yearOutOfRange: `L'anno deve essere compreso tra il ${YEAR_MIN} e il ${YEAR_MAX}`,
  forbiddenCharacters: 'Il testo contiene caratteri non ammessi',
} as const;

/**
 * Characters no text field accepts: C0 controls (U+0000–U+001F), DEL and C1 controls (U+007F–U+009F), and the
 * Unicode bidi embeddings/overrides (U+202A–U+202E) and isolates (U+2066–U+2069), which can make a name read
 * differently from what it is ("Trojan Source"). Single-line text refuses them all; multi-line text (notes,
 * descriptions, reasons) keeps tab, line feed and carriage return.
 */
const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
const MULTI_LINE_FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;

/** Whether a single-line text is free of control and bidi-control characters. */
export const isCleanText = (v: string) => !SINGLE_LINE_FORBIDDEN.test(v);
/** Whether a multi-line text is free of them (tab, line feed and carriage return allowed). */
export const isCleanMultilineText = (v: string) => !MULTI_LINE_FORBIDDEN.test(v);

/** Trimmed single-line string that must not be empty, with an Italian message. */
export const requiredString = (message: string = msg.required, max = 255) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message, abort: true })
    .max(max, { error: msg.tooLong(max) })
    .refine(isCleanText, { error: inputMsg.forbiddenCharacters });

/** Optional trimmed single-line string: empty strings become null. */
export const optionalString = (max = 255) =>
  z
    .string({ error: msg.invalidValue })
    .trim()
    .max(max, { error: msg.tooLong(max) })
    .refine(isCleanText, { error: inputMsg.forbiddenCharacters })
    .nullish()
    .transform((v) => (v === undefined || v === null || v === '' ? null : v));

/** Optional trimmed multi-line text (notes, descriptions): empty strings become null; tabs and line breaks allowed. */
export const multilineText = (max = 500) =>
  z
    .string({ error: msg.invalidValue })
    .trim()
    .max(max, { error: msg.tooLong(max) })
    .refine(isCleanMultilineText, { error: inputMsg.forbiddenCharacters })
    .nullish()
    .transform((v) => (v === undefined || v === null || v === '' ? null : v));

/** Required trimmed multi-line text (e.g. the reason of a correction), with an Italian message. */
export const requiredMultilineText = (message: string = msg.required, max = 500) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message, abort: true })
    .max(max, { error: msg.tooLong(max) })
    .refine(isCleanMultilineText, { error: inputMsg.forbiddenCharacters });

/** A required, valid e-mail address, lower-cased. */
export const emailField = (requiredMessage: string = msg.emailRequired) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { error: requiredMessage, abort: true })
    .max(254, { error: msg.tooLong(254), abort: true })
    .refine((v) => isValidEmail(v), { error: msg.emailInvalid })
    .transform((v) => v.toLowerCase());

export const IdSchema = z.uuid({ error: msg.invalidId });
export const IdParamsSchema = z.object({ id: IdSchema });

/** Whether a YYYY-MM-DD string is a real calendar date (2026-02-30 is not). */
export function isRealDate(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

/** Whether a YYYY-MM-DD date lies in DATE_MIN … DATE_MAX (string order is date order for four-digit years). */
export const isDateInRange = (v: string) => v >= DATE_MIN && v <= DATE_MAX;

/** Date-only values (spec: YYYY-MM-DD), between DATE_MIN and DATE_MAX. */
export const DateOnlySchema = z
  .string({ error: msg.invalidDate })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: msg.invalidDate })
  .refine(isRealDate, { error: msg.invalidDate })
  // No `abort` above: an aborted check would hide the message inside unions (`DateOnlySchema.or(…)`).
  .refine((v) => !isRealDate(v) || isDateInRange(v), { error: inputMsg.dateOutOfRange });

/** A calendar year between YEAR_MIN and YEAR_MAX (a whole number; `coerce` for query strings). */
export const yearField = (opts: { coerce?: boolean } = {}) =>
  (opts.coerce ? z.coerce.number({ error: msg.invalidValue }) : z.number({ error: msg.invalidValue }))
    .int({ error: msg.invalidValue })
    .min(YEAR_MIN, { error: inputMsg.yearOutOfRange })
    .max(YEAR_MAX, { error: inputMsg.yearOutOfRange });

/** A message answer, as the spec's password flows return. */
export const MessageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponseSchema>;

/** Query booleans arrive as strings. */
export const QueryBoolean = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

/** page / per_page of every paginated list (1-based; at most 200 rows a page). */
export const paginationFields = (defaultPerPage = 25) => ({
  page: z.coerce
    .number({ error: msg.invalidValue })
    .int({ error: msg.invalidValue })
    .min(1, { error: msg.invalidValue })
    .default(1),
  per_page: z.coerce
    .number({ error: msg.invalidValue })
    .int({ error: msg.invalidValue })
    .min(1, { error: msg.invalidValue })
    .max(200, { error: msg.invalidValue })
    .default(defaultPerPage),
});
