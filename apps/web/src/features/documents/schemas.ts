import type { AdminDocument } from '@timbro/shared';
import type { TFunction } from 'i18next';
import { z } from 'zod/mini';

/** Limits of the server's schema (DocumentFieldsSchema in packages/shared/src/schemas/paychecks.ts). */
export const DOCUMENT_LIMITS = { label: 200, description: 2000, note: 2000 } as const;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const text = (t: TFunction, max: number) =>
  z.string().check(z.maxLength(max, { error: t('documents.validation.tooLong', { max }) }));

/**
 * The document form, mirroring the server (DocumentFieldsSchema, and the file it requires to create): a label, an
 * optional description, expiry and internal note, and the file (required for a new document; editing, a new one
 * replaces the stored one).
 */
export const documentFormSchema = (t: TFunction, fileRequired: boolean) =>
  z.object({
    label: z.string().check(
      z.refine((v) => v.trim() !== '', { error: t('documents.validation.labelRequired'), abort: true }),
      z.refine((v) => v.trim().length <= DOCUMENT_LIMITS.label, {
        error: t('documents.validation.tooLong', { max: DOCUMENT_LIMITS.label }),
      }),
    ),
    description: text(t, DOCUMENT_LIMITS.description),
    expiresAt: z
      .nullable(z.string())
      .check(z.refine((v) => v === null || ISO_DATE.test(v), { error: t('documents.validation.dateInvalid') })),
    note: text(t, DOCUMENT_LIMITS.note),
    file: z
      .nullable(z.custom<File>((v) => typeof File !== 'undefined' && v instanceof File))
      .check(z.refine((v) => !fileRequired || v !== null, { error: t('documents.validation.fileRequired') })),
  });

export type DocumentFormValues = z.infer<ReturnType<typeof documentFormSchema>>;
export const DOCUMENT_FORM_FIELDS = ['label', 'description', 'expiresAt', 'note', 'file'] as const;

export const documentFormValues = (doc?: AdminDocument | null): DocumentFormValues => ({
  label: doc?.label ?? '',
  description: doc?.description ?? '',
  expiresAt: doc?.expiresAt ?? null,
  note: doc?.note ?? '',
  file: null,
});
