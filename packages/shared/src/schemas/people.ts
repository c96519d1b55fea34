import { z } from 'zod';
import { msg } from '../messages';
import { isValidCodiceFiscale, normalizeCodiceFiscale } from '../validators/codice-fiscale';
import { isValidIban, normalizeIban } from '../validators/iban';
import { isValidPhone, normalizePhone } from '../validators/phone';
import {
  DateOnlySchema,
  emailField,
  IdSchema,
  optionalString,
  paginationFields,
  QueryBoolean,
  requiredString,
} from './common';

export const peopleMsg = {
  rolesRequired: 'Seleziona almeno un ruolo',
  memberRoleLocked: 'Il ruolo dipendente non può essere rimosso una volta assegnato',
  workEmailRequired: "Inserisci l'email aziendale",
  pecRequired: 'Inserisci la PEC o l’email personale',
  ibanInvalid: "L'IBAN non è valido",
  phoneInvalid: 'Il numero di telefono non è valido',
  birthdayInFuture: 'La data di nascita non può essere nel futuro',
  fiscalCodeNotEditable: 'Il codice fiscale non si può modificare',
  alreadyMember: 'Questa persona fa già parte dell’azienda',
  fiscalCodeInWorkspace: 'Nell’azienda c’è già una scheda con questo codice fiscale',
  emailInWorkspace: 'Nell’azienda c’è già una scheda con questa email di accesso',
  loginEmailLocked: 'L’email di accesso appartiene alla persona: può cambiarla solo dal suo profilo',
  invitationNotPending: 'Questo invito non è più in attesa',
  invitationNotFound: 'Invito non trovato',
  emailNotVerified: 'Conferma prima il tuo indirizzo email: ti abbiamo inviato un link',
  groupNameRequired: 'Inserisci il nome del gruppo',
  groupNameTaken: 'Esiste già un gruppo con questo nome',
  userNotFound: 'Utente non trovato',
  groupNotFound: 'Gruppo non trovato',
  cannotDisableSelf: 'Non puoi disabilitare te stesso',
  lastAdmin: 'Deve restare almeno un amministratore attivo',
  accountDisabled: 'L’account di questa persona è disabilitato sulla piattaforma',
} as const;

export const INVITATION_STATUSES = ['pending', 'accepted', 'declined'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

export const WORKSPACE_ROLE_VALUES = ['admin', 'accountant', 'member'] as const;
export const AUTO_APPROVE_VALUES = ['default', 'admin_approval', 'automatic'] as const;
export type AutoApproveSetting = (typeof AUTO_APPROVE_VALUES)[number];

export function autoApproveToDb(v: AutoApproveSetting): boolean | null {
  return v === 'automatic' ? true : v === 'admin_approval' ? false : null;
}
export function autoApproveFromDb(v: boolean | null): AutoApproveSetting {
  return v === true ? 'automatic' : v === false ? 'admin_approval' : 'default';
}

const optionalEmail = z
  .string({ error: msg.emailInvalid })
  .trim()
  .max(254, { error: msg.tooLong(254) })
  .nullish()
  .transform((v) => (v ? v.toLowerCase() : null));

/** Employee info (spec section 3); work e-mail and PEC are required for employees (checked with the roles). */
export const EmployeeInfoSchema = z.object({
  workEmail: optionalEmail,
  phoneNumber: optionalString(30)
    .refine((v) => v === null || isValidPhone(v), { error: peopleMsg.phoneInvalid })
    .transform((v) => (v === null ? null : normalizePhone(v))),
  pec: optionalEmail,
  homeAddress: optionalString(300),
  iban: optionalString(40)
    .transform((v) => (v === null ? null : normalizeIban(v)))
    .refine((v) => v === null || isValidIban(v), { error: peopleMsg.ibanInvalid }),
  birthday: DateOnlySchema.nullish()
    .transform((v) => v ?? null)
    .refine((v) => v === null || v <= new Date().toISOString().slice(0, 10), { error: peopleMsg.birthdayInFuture }),
  birthplace: optionalString(120),
  groups: z.array(IdSchema).max(100).default([]),
});

const rolesField = z
  .array(z.enum(WORKSPACE_ROLE_VALUES, { error: msg.invalidValue }), { error: peopleMsg.rolesRequired })
  .min(1, { error: peopleMsg.rolesRequired })
  .transform((r) => [...new Set(r)]);

const commonUserFields = {
  firstName: requiredString(msg.firstNameRequired, 100),
  lastName: requiredString(msg.lastNameRequired, 100),
  email: emailField(),
  roles: rolesField,
  attendanceAutoApproveRequest: z.enum(AUTO_APPROVE_VALUES, { error: msg.invalidValue }).default('default'),
};

/** Rules that need several fields: employees must have a valid work e-mail and a PEC. */
function employeeRules(v: { roles: string[]; workEmail: string | null; pec: string | null }, ctx: z.RefinementCtx) {
  const isEmployee = v.roles.includes('member');
  for (const field of ['workEmail', 'pec'] as const) {
    const value = v[field];
    if (value === null) {
      if (isEmployee)
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: field === 'workEmail' ? peopleMsg.workEmailRequired : peopleMsg.pecRequired,
        });
    } else if (!emailField().safeParse(value).success) {
      ctx.addIssue({ code: 'custom', path: [field], message: msg.emailInvalid });
    }
  }
}

/** A fiscal code that must be given: normalised (upper case, no spaces), then required and checked. */
const requiredFiscalCode = () =>
  z
    .string({ error: msg.fiscalCodeRequired })
    .transform(normalizeCodiceFiscale)
    .pipe(
      z
        .string()
        .min(1, { error: msg.fiscalCodeRequired, abort: true })
        .refine(isValidCodiceFiscale, { error: msg.fiscalCodeInvalid }),
    );

export const CreateUserInputSchema = z
  .object({
    ...commonUserFields,
    fiscalCode: requiredFiscalCode(),
    ...EmployeeInfoSchema.shape,
  })
  .superRefine(employeeRules);
export type CreateUserInput = z.infer<typeof CreateUserInputSchema>;

export const UpdateUserInputSchema = z
  .object({
    ...commonUserFields,
    /** Accepted only unchanged: the fiscal code is not editable after creation. */
    fiscalCode: z.string().optional(),
    ...EmployeeInfoSchema.shape,
  })
  .superRefine(employeeRules);
export type UpdateUserInput = z.infer<typeof UpdateUserInputSchema>;

export const USER_SORT_FIELDS = [
  'lastName',
  'firstName',
  'email',
  'fiscalCode',
  'createdAt',
  'lastLoginWebAt',
] as const;

export const ListUsersQuerySchema = z.object({
  ...paginationFields(25),
  sort: z.enum(USER_SORT_FIELDS, { error: msg.invalidValue }).default('lastName'),
  order: z.enum(['asc', 'desc'], { error: msg.invalidValue }).default('asc'),
  search: z.string().trim().max(100).optional(),
  role: z.enum(WORKSPACE_ROLE_VALUES, { error: msg.invalidValue }).optional(),
  group_id: IdSchema.optional(),
  enabled: QueryBoolean.optional(),
  /** The invitation's state: `accepted` with `enabled` and `role=member` is who works for the company (the dashboard). */
  invitation: z.enum(INVITATION_STATUSES, { error: msg.invalidValue }).optional(),
});
export type ListUsersQuery = z.infer<typeof ListUsersQuerySchema>;

export const GroupRefSchema = z.object({ id: z.string(), name: z.string() });

/** An employee record (UserInfo) with the person's account fields, as the admin area shows it. */
export const UserSchema = z.object({
  id: z.string(),
  userId: z.string(),
  email: z.string(),
  fiscalCode: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  roles: z.array(z.enum(WORKSPACE_ROLE_VALUES)),
  enabled: z.boolean(),
  invitationPending: z.boolean(),
  lastLoginAt: z.object({ web: z.string().nullable(), app: z.string().nullable() }),
  attendanceAutoApproveRequest: z.enum(AUTO_APPROVE_VALUES),
  workEmail: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  pec: z.string().nullable(),
  homeAddress: z.string().nullable(),
  iban: z.string().nullable(),
  birthday: z.string().nullable(),
  birthplace: z.string().nullable(),
  groups: z.array(GroupRefSchema),
  /** pending until the person accepts the invitation (ADR 0015); declined records stay, disabled. */
  invitationStatus: z.enum(INVITATION_STATUSES),
  /**
   * Whether this workspace may still correct the login e-mail: only for an account it created that was never
   * activated and belongs nowhere else. Otherwise the e-mail is the person's own (ADR 0015).
   */
  loginEmailEditable: z.boolean(),
  createdAt: z.string(),
});
export type User = z.infer<typeof UserSchema>;

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number(), page: z.number(), perPage: z.number() });

export const UserPageSchema = pageOf(UserSchema);
export type UserPage = z.infer<typeof UserPageSchema>;

export const SearchUnboundQuerySchema = z.object({
  fiscal_code: requiredFiscalCode(),
  exclude_ids: z.array(IdSchema).max(100).optional(),
});

/**
 * A record of this workspace with the fiscal code that is not an active member: an invitation still pending or
 * declined. search-unbound never looks at other workspaces or at platform accounts (ADR 0015).
 */
export const UnboundUserSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** Masked (m***@example.it), as the list of the workspace's own records shows it. */
  emailHint: z.string(),
  fiscalCode: z.string(),
  invitationStatus: z.enum(INVITATION_STATUSES),
  invitedAt: z.string().nullable(),
});
export const UnboundUserListSchema = z.array(UnboundUserSchema);

/** Colleagues by name (the workspace's names; never login e-mails). */
export const UserLookupSchema = z.array(z.object({ id: z.string(), name: z.string(), enabled: z.boolean() }));
export const LookupQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  include_disabled: QueryBoolean.optional(),
});

export const GroupInputSchema = z.object({
  name: requiredString(peopleMsg.groupNameRequired, 100),
  members: z.array(IdSchema).max(5000).optional(),
});
export type GroupInput = z.infer<typeof GroupInputSchema>;

export const GroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  usersCount: z.number(),
  createdAt: z.string(),
});
export type Group = z.infer<typeof GroupSchema>;

export const GroupDetailSchema = GroupSchema.extend({
  members: z.array(z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string() })),
});
export type GroupDetail = z.infer<typeof GroupDetailSchema>;

export const ListGroupsQuerySchema = z.object({
  ...paginationFields(25),
  sort: z.enum(['name', 'usersCount', 'createdAt'], { error: msg.invalidValue }).default('name'),
  order: z.enum(['asc', 'desc'], { error: msg.invalidValue }).default('asc'),
  search: z.string().trim().max(100).optional(),
});
export const GroupPageSchema = pageOf(GroupSchema);
export const GroupLookupSchema = z.array(GroupRefSchema);

/** One row of an employee import preview. */
export const ImportRowSchema = z.object({
  line: z.number(),
  values: z.record(z.string(), z.string()),
  errors: z.array(z.object({ field: z.string(), message: z.string() })),
  /** Every valid row enrols the person (a new account or an invitation: the preview does not say which, ADR 0015). */
  action: z.enum(['create', 'skip']),
});
export const ImportPreviewSchema = z.object({
  rows: z.array(ImportRowSchema),
  total: z.number(),
  valid: z.number(),
  invalid: z.number(),
  columns: z.array(z.string()),
});
export type ImportPreview = z.infer<typeof ImportPreviewSchema>;
export const ImportResultSchema = z.object({ created: z.number() });

/** An invitation the current person may accept or decline (GET /user/invitations). */
export const InvitationSchema = z.object({
  id: z.string(),
  workspace: z.object({ id: z.string(), name: z.string() }),
  roles: z.array(z.enum(WORKSPACE_ROLE_VALUES)),
  /** The names the company recorded, so the person recognises the invitation. */
  firstName: z.string(),
  lastName: z.string(),
  invitedAt: z.string().nullable(),
});
export type Invitation = z.infer<typeof InvitationSchema>;
export const InvitationListSchema = z.array(InvitationSchema);
