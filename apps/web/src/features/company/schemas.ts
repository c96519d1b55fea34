import { isValidCap } from '@timbro/shared/validators/cap';
import { isValidCodiceFiscale, isValidNumericCodiceFiscale } from '@timbro/shared/validators/codice-fiscale';
import { isValidEmail } from '@timbro/shared/validators/email';
import { isValidPartitaIva } from '@timbro/shared/validators/partita-iva';
import { isValidPhone } from '@timbro/shared/validators/phone';
import { isValidProvince } from '@timbro/shared/validators/province';
import type { TFunction } from 'i18next';
import { z } from 'zod/mini';
import type { UpdateWorkspaceBody } from './api/update-workspace';
import type { Workspace } from './api/get-workspace';

/**
 * The limits of the server's `WorkspaceCompanySchema` (packages/shared/src/schemas/workspace.ts), mirrored: a value
 * import from a schema module would bring all of zod into the page.
 */
export const COMPANY_LIMITS = {
  name: 200,
  email: 254,
  vatNumber: 11,
  fiscalCode: 16,
  website: 255,
  phoneNumber: 30,
  mobileNumber: 30,
  addressStreet: 200,
  addressCity: 100,
  addressPostCode: 5,
  addressProvince: 2,
  addressCountry: 2,
  addressNote: 500,
} as const;

/** The server's website rule: http(s), a host with a dot, no spaces. */
const WEBSITE = /^https?:\/\/[^\s.]+\.[^\s]+$/i;

export const TEXT_FIELDS = [
  'name',
  'email',
  'vatNumber',
  'fiscalCode',
  'website',
  'phoneNumber',
  'mobileNumber',
  'addressStreet',
  'addressCity',
  'addressPostCode',
  'addressProvince',
  'addressCountry',
  'addressNote',
] as const;
export type TextField = (typeof TEXT_FIELDS)[number];
export const LOGO_FIELDS = ['logo', 'squareLogo'] as const;
export type LogoFieldName = (typeof LOGO_FIELDS)[number];
/** Every field the server's errors may name (`workspace_company.<field>`). */
export const COMPANY_FIELDS = [...TEXT_FIELDS, ...LOGO_FIELDS] as const;

const tooLong = (t: TFunction, max: number) =>
  z.maxLength(max, { error: t('workspaceSettings.validation.tooLong', { max }) });

/** An optional text: empty is fine; when given, within its length and passing `check`. */
const optional = (t: TFunction, max: number, check?: { test(v: string): boolean; message: string }) =>
  check
    ? z.string().check(
        z.trim(),
        tooLong(t, max),
        z.refine((v) => v === '' || check.test(v), { error: check.message }),
      )
    : z.string().check(z.trim(), tooLong(t, max));

/**
 * The company form, with the server's rules (spec section 5 "Company") and the same Italian texts: name and e-mail
 * required and valid; P.IVA and fiscal code by their check characters; phone, mobile, postcode and province valid.
 * Logos are file ids (or null), checked by the server.
 */
export const companyFormSchema = (t: TFunction) => {
  const v = (key: string) => t(`workspaceSettings.validation.${key}`);
  return z.object({
    name: z
      .string()
      .check(z.trim(), z.minLength(1, { error: v('nameRequired'), abort: true }), tooLong(t, COMPANY_LIMITS.name)),
    email: z.string().check(
      z.trim(),
      z.minLength(1, { error: v('emailRequired'), abort: true }),
      z.maxLength(COMPANY_LIMITS.email, {
        error: t('workspaceSettings.validation.tooLong', { max: 254 }),
        abort: true,
      }),
      z.refine(isValidEmail, { error: v('emailInvalid') }),
    ),
    vatNumber: optional(t, COMPANY_LIMITS.vatNumber, { test: isValidPartitaIva, message: v('vatNumberInvalid') }),
    fiscalCode: optional(t, COMPANY_LIMITS.fiscalCode, {
      test: (s) => isValidNumericCodiceFiscale(s.toUpperCase()) || isValidCodiceFiscale(s.toUpperCase()),
      message: v('fiscalCodeInvalid'),
    }),
    website: optional(t, COMPANY_LIMITS.website, { test: (s) => WEBSITE.test(s), message: v('websiteInvalid') }),
    phoneNumber: optional(t, COMPANY_LIMITS.phoneNumber, { test: isValidPhone, message: v('phoneInvalid') }),
    mobileNumber: optional(t, COMPANY_LIMITS.mobileNumber, { test: isValidPhone, message: v('mobileInvalid') }),
    addressStreet: optional(t, COMPANY_LIMITS.addressStreet),
    addressCity: optional(t, COMPANY_LIMITS.addressCity),
    addressPostCode: optional(t, COMPANY_LIMITS.addressPostCode, { test: isValidCap, message: v('postCodeInvalid') }),
    addressProvince: optional(t, COMPANY_LIMITS.addressProvince, {
      test: (s) => isValidProvince(s.toUpperCase(), { allowForeign: true }),
      message: v('provinceInvalid'),
    }),
    // The server takes any two characters here (upper-cased): no check of its own.
    addressCountry: optional(t, COMPANY_LIMITS.addressCountry),
    addressNote: optional(t, COMPANY_LIMITS.addressNote),
    logo: z.nullable(z.string()),
    squareLogo: z.nullable(z.string()),
  });
};
export type CompanyFormValues = z.infer<ReturnType<typeof companyFormSchema>>;

export const companyToForm = (w: Workspace): CompanyFormValues => {
  const c = w.workspace_company;
  return {
    name: c.name,
    email: c.email ?? '',
    vatNumber: c.vatNumber ?? '',
    fiscalCode: c.fiscalCode ?? '',
    website: c.website ?? '',
    phoneNumber: c.phoneNumber ?? '',
    mobileNumber: c.mobileNumber ?? '',
    addressStreet: c.addressStreet ?? '',
    addressCity: c.addressCity ?? '',
    addressPostCode: c.addressPostCode ?? '',
    addressProvince: c.addressProvince ?? '',
    addressCountry: c.addressCountry ?? '',
    addressNote: c.addressNote ?? '',
    logo: c.logo,
    squareLogo: c.squareLogo,
  };
};

/** The body of POST /admin/workspace/{id}: trimmed texts, empty ones as null, codes upper-cased, the logos' ids. */
export function companyPayload(v: CompanyFormValues): UpdateWorkspaceBody {
  const text = (s: string, upper = false) => {
    const trimmed = s.trim();
    if (trimmed === '') return null;
    return upper ? trimmed.toUpperCase() : trimmed;
  };
  return {
    workspace_company: {
      name: v.name.trim(),
      email: v.email.trim(),
      vatNumber: text(v.vatNumber),
      fiscalCode: text(v.fiscalCode, true),
      website: text(v.website),
      phoneNumber: text(v.phoneNumber),
      mobileNumber: text(v.mobileNumber),
      addressStreet: text(v.addressStreet),
      addressCity: text(v.addressCity),
      addressPostCode: text(v.addressPostCode),
      addressProvince: text(v.addressProvince, true),
      addressCountry: text(v.addressCountry, true),
      addressNote: text(v.addressNote),
      logo: v.logo,
      squareLogo: v.squareLogo,
    },
  };
}
