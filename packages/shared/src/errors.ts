import { z } from 'zod';

export * from './error-codes';

export const FieldErrorSchema = z.object({ path: z.string(), message: z.string() });
export type FieldError = z.infer<typeof FieldErrorSchema>;

export const ApiErrorBodySchema = z.object({
  code: z.string(),
  message: z.string(),
  errors: z.array(FieldErrorSchema).optional(),
  requestId: z.string().optional(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBodySchema>;
