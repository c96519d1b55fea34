import { z } from 'zod';
import { msg } from '../messages';
import { isValidCap } from '../validators/cap';
import { isValidCodiceFiscale, isValidNumericCodiceFiscale } from '../validators/codice-fiscale';
import { isValidPartitaIva } from '../validators/partita-iva';
import { isValidPhone, normalizePhone } from '../validators/phone';
import { isValidProvince } from '../validators/province';
import { isValidTimeZone } from '../validators/time-zone';
import { emailField, optionalString, requiredString } from './common';

const optionalChecked = (max: number, check: (v: string) => boolean, message: string) =>
  optionalString(max).refine((v) => v === null || check(v), { error: message });

/** Company details of a workspace (spec section 3, "Workspace company"). Field names are the spec's. */
export const WorkspaceCompanySchema = z.object({
  name: requiredString(msg.companyNameRequired, 200),
  email: emailField(),
  vatNumber: optionalChecked(11, isValidPartitaIva, msg.vatNumberInvalid),
  fiscalCode: optionalString(16)
    .transform((v) => (v === null ? null : v.toUpperCase()))
    .refine((v) => v === null || isValidNumericCodiceFiscale(v) || isValidCodiceFiscale(v), {
      error: msg.companyFiscalCodeInvalid,
    }),
  website: optionalChecked(255, (v) => /^https?:\/\/[^\s.]+\.[^\s]+$/i.test(v), msg.urlInvalid),
  phoneNumber: optionalChecked(30, isValidPhone, msg.phoneInvalid).transform((v) =>
    v === null ? null : normalizePhone(v),
  ),
  mobileNumber: optionalChecked(30, isValidPhone, msg.mobileInvalid).transform((v) =>
    v === null ? null : normalizePhone(v),
  ),
  addressStreet: optionalString(200),
  addressCity: optionalString(100),
  addressPostCode: optionalChecked(5, isValidCap, msg.postCodeInvalid),
  addressProvince: optionalString(2)
    .transform((v) => (v === null ? null : v.toUpperCase()))
    .refine((v) => v === null || isValidProvince(v, { allowForeign: true }), { error: msg.provinceInvalid }),
  addressCountry: optionalString(2).transform((v) => (v === null ? null : v.toUpperCase())),
  addressNote: optionalString(500),
  logo: z
    .uuid({ error: msg.invalidId })
    .nullish()
    .transform((v) => v ?? null),
  squareLogo: z
    .uuid({ error: msg.invalidId })
    .nullish()
    .transform((v) => v ?? null),
});
export type WorkspaceCompanyInput = z.input<typeof WorkspaceCompanySchema>;

export const UpdateWorkspaceInputSchema = z.object({
  workspace_company: WorkspaceCompanySchema,
  attendance_auto_approve_request: z.boolean({ error: msg.invalidValue }).optional(),
  /**
   * The workspace's IANA time zone (ADR 0024): new clock-ins and new shifts are read in it; punches keep the zone they
   * were recorded in and shifts their instants. Left out, it stays as it is.
   */
  time_zone: z
    .string({ error: msg.timeZoneInvalid })
    .refine(isValidTimeZone, { error: msg.timeZoneInvalid })
    .optional(),
});
export type UpdateWorkspaceInput = z.infer<typeof UpdateWorkspaceInputSchema>;

export const WorkspaceSchema = z.object({
  id: z.string(),
  attendance_auto_approve_request: z.boolean(),
  time_zone: z.string(),
  workspace_company: z.object({
    name: z.string(),
    email: z.string().nullable(),
    vatNumber: z.string().nullable(),
    fiscalCode: z.string().nullable(),
    website: z.string().nullable(),
    phoneNumber: z.string().nullable(),
    mobileNumber: z.string().nullable(),
    addressStreet: z.string().nullable(),
    addressCity: z.string().nullable(),
    addressPostCode: z.string().nullable(),
    addressProvince: z.string().nullable(),
    addressCountry: z.string().nullable(),
    addressNote: z.string().nullable(),
    logo: z.string().nullable(),
    squareLogo: z.string().nullable(),
  }),
});
export type Workspace = z.infer<typeof WorkspaceSchema>;
