import { z } from 'zod';
import { msg } from '../messages';
import { isValidEmail } from '../validators/email';

/** Trimmed string that must not be empty, with an Italian message. */
export const requiredString = (message: string = msg.required, max = 255) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message, abort: true })
    .max(max, { error: msg.tooLong(max) });

/** Optional trimmed string: empty strings become null. */
export const optionalString = (max = 255) =>
  z
    .string({ error: msg.invalidValue })
    .trim()
    .max(max, { error: msg.tooLong(max) })
    .nullish()
    .transform((v) => (v === undefined || v === null || v === '' ? null : v));

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

/** Date-only values (spec: YYYY-MM-DD). */
export const DateOnlySchema = z
  .string({ error: msg.invalidDate })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: msg.invalidDate })
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, { error: msg.invalidDate });

/** A message answer, as the spec's password flows return. */
export const MessageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponseSchema>;

/** Query booleans arrive as strings. */
export const QueryBoolean = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

/** page / per_page of every paginated list (1-based; at most 200 rows a page). */
export const paginationFields = (defaultPerPage = 25) => ({
  page: z.coerce.number({ error: msg.invalidValue }).int({ error: msg.invalidValue }).min(1, { error: msg.invalidValue }).default(1),
  per_page: z.coerce
    .number({ error: msg.invalidValue })
    .int({ error: msg.invalidValue })
    .min(1, { error: msg.invalidValue })
    .max(200, { error: msg.invalidValue })
    .default(defaultPerPage),
});
