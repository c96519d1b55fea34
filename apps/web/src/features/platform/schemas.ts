import { isValidCodiceFiscale, normalizeCodiceFiscale } from '@timbro/shared/validators/codice-fiscale';
import { isValidEmail } from '@timbro/shared/validators/email';
import { isValidPartitaIva } from '@timbro/shared/validators/partita-iva';
import type { TFunction } from 'i18next';
import { z } from 'zod/mini';
import type { CreatePlatformWorkspacePayload } from './api/create-platform-workspace';

/** Limits of the server's schema (WorkspaceCompanySchema and the person's fields, packages/shared). */
export const LIMITS = { companyName: 200, email: 254, name: 100, vatNumber: 11 } as const;

const tooLong = (t: TFunction, max: number) => z.maxLength(max, { error: t('platform.validation.tooLong', { max }) });

const requiredText = (t: TFunction, message: string, max: number) =>
  z.string().check(z.trim(), z.minLength(1, { error: message, abort: true }), tooLong(t, max));

const email = (t: TFunction) =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { error: t('validation.emailRequired'), abort: true }),
      tooLong(t, LIMITS.email),
      z.refine(isValidEmail, { error: t('validation.emailInvalid') }),
    );

/**
 * The new workspace form, mirroring the server's rules with the active language's texts. Its fields are named as the
 * API's body, so the server's field errors (`workspace_company.name`, `admin.email`…) land on them as they are.
 */
export const newWorkspaceSchema = (t: TFunction) =>
  z.object({
    workspace_company: z.object({
      name: requiredText(t, t('platform.validation.nameRequired'), LIMITS.companyName),
      email: email(t),
      vatNumber: z.string().check(
        z.trim(),
        z.refine((v) => v === '' || isValidPartitaIva(v), { error: t('platform.validation.vatNumberInvalid') }),
      ),
    }),
    admin: z.object({
      email: email(t),
      firstName: requiredText(t, t('validation.firstNameRequired'), LIMITS.name),
      lastName: requiredText(t, t('validation.lastNameRequired'), LIMITS.name),
      fiscalCode: z.string().check(
        z.trim(),
        z.minLength(1, { error: t('validation.fiscalCodeRequired'), abort: true }),
        z.refine((v) => isValidCodiceFiscale(normalizeCodiceFiscale(v)), {
          error: t('validation.fiscalCodeInvalid'),
        }),
      ),
    }),
  });

export type NewWorkspaceValues = z.infer<ReturnType<typeof newWorkspaceSchema>>;

export const EMPTY_WORKSPACE: NewWorkspaceValues = {
  workspace_company: { name: '', email: '', vatNumber: '' },
  admin: { email: '', firstName: '', lastName: '', fiscalCode: '' },
};

/** The fields the server's errors may name. */
export const SERVER_FIELDS = [
  'workspace_company.name',
  'workspace_company.email',
  'workspace_company.vatNumber',
  'admin.email',
  'admin.firstName',
  'admin.lastName',
  'admin.fiscalCode',
] as const;

/** The body as the API takes it: trimmed, an empty VAT number left out. */
export function toPayload(v: NewWorkspaceValues): CreatePlatformWorkspacePayload {
  const vatNumber = v.workspace_company.vatNumber.trim();
  return {
    workspace_company: {
      name: v.workspace_company.name.trim(),
      email: v.workspace_company.email.trim(),
      ...(vatNumber ? { vatNumber } : {}),
    },
    admin: {
      email: v.admin.email.trim(),
      firstName: v.admin.firstName.trim(),
      lastName: v.admin.lastName.trim(),
      fiscalCode: normalizeCodiceFiscale(v.admin.fiscalCode),
    },
  };
}
