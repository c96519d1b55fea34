import type { AutoApproveSetting, User, WorkspaceRole } from '@timbro/shared';
import { isValidCodiceFiscale, normalizeCodiceFiscale } from '@timbro/shared/validators/codice-fiscale';
import { isValidEmail } from '@timbro/shared/validators/email';
import { isValidIban } from '@timbro/shared/validators/iban';
import { isValidPhone } from '@timbro/shared/validators/phone';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { z } from 'zod/mini';
import type { CreateUserPayload, UserPayload } from './api/create-user';

export const ROLE_VALUES = ['admin', 'accountant', 'member'] as const satisfies readonly WorkspaceRole[];
export const AUTO_APPROVE_VALUES = [
  'default',
  'admin_approval',
  'automatic',
] as const satisfies readonly AutoApproveSetting[];

/** Limits of the server's schema (packages/shared/src/schemas/people.ts). */
export const LIMITS = { name: 100, email: 254, phone: 30, address: 300, iban: 40, birthplace: 120 } as const;

const tooLong = (t: TFunction, max: number) => z.maxLength(max, { error: t('users.validation.tooLong', { max }) });

const requiredText = (t: TFunction, message: string, max: number) =>
  z.string().check(z.trim(), z.minLength(1, { error: message, abort: true }), tooLong(t, max));

const optionalText = (t: TFunction, max: number) => z.string().check(z.trim(), tooLong(t, max));

/** An optional e-mail (work e-mail, PEC): valid when given; required for employees by the object check below. */
const optionalEmail = (t: TFunction) =>
  z.string().check(
    z.trim(),
    tooLong(t, LIMITS.email),
    z.refine((v) => v === '' || isValidEmail(v), { error: t('validation.emailInvalid') }),
  );

/**
 * The employee form, mirroring the server's rules with the active language's texts: names, e-mail, a valid fiscal
 * code, at least one role; for employees (member) a work e-mail and a PEC; phone, IBAN and birthday valid when given.
 */
export const userFormSchema = (t: TFunction, { editing = false }: { editing?: boolean } = {}) =>
  z
    .object({
      firstName: requiredText(t, t('validation.firstNameRequired'), LIMITS.name),
      lastName: requiredText(t, t('validation.lastNameRequired'), LIMITS.name),
      email: z
        .string()
        .check(
          z.trim(),
          z.minLength(1, { error: t('validation.emailRequired'), abort: true }),
          tooLong(t, LIMITS.email),
          z.refine(isValidEmail, { error: t('validation.emailInvalid') }),
        ),
      // Not editable after creation: checked only for a new employee.
      fiscalCode: editing
        ? z.string()
        : z.string().check(
            z.trim(),
            z.minLength(1, { error: t('validation.fiscalCodeRequired'), abort: true }),
            z.refine((v) => isValidCodiceFiscale(normalizeCodiceFiscale(v)), {
              error: t('validation.fiscalCodeInvalid'),
            }),
          ),
      roles: z.array(z.enum(ROLE_VALUES)).check(z.minLength(1, { error: t('users.validation.rolesRequired') })),
      attendanceAutoApproveRequest: z.enum(AUTO_APPROVE_VALUES),
      workEmail: optionalEmail(t),
      pec: optionalEmail(t),
      phoneNumber: optionalText(t, LIMITS.phone).check(
        z.refine((v) => v === '' || isValidPhone(v), { error: t('users.validation.phoneInvalid') }),
      ),
      homeAddress: optionalText(t, LIMITS.address),
      iban: optionalText(t, LIMITS.iban).check(
        z.refine((v) => v === '' || isValidIban(v), { error: t('users.validation.ibanInvalid') }),
      ),
      birthday: z.nullable(
        z.string().check(
          z.refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && dayjs(v).format('YYYY-MM-DD') === v, {
            error: t('users.validation.birthdayInvalid'),
            abort: true,
          }),
          z.refine((v) => v <= dayjs().format('YYYY-MM-DD'), { error: t('users.validation.birthdayInFuture') }),
        ),
      ),
      birthplace: optionalText(t, LIMITS.birthplace),
      groups: z.array(z.object({ id: z.string(), name: z.string() })),
    })
    .check(
      // Runs even when other fields have errors, so every message shows at once.
      z.superRefine(
        (v, ctx) => {
          if (!Array.isArray(v?.roles) || !v.roles.includes('member')) return;
          if (!v.workEmail?.trim())
            ctx.addIssue({
              code: 'custom',
              path: ['workEmail'],
              message: t('users.validation.workEmailRequired'),
              input: v.workEmail,
            });
          if (!v.pec?.trim())
            ctx.addIssue({ code: 'custom', path: ['pec'], message: t('users.validation.pecRequired'), input: v.pec });
        },
        { when: () => true },
      ),
    );

export type UserFormValues = z.infer<ReturnType<typeof userFormSchema>>;

export const USER_FORM_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'fiscalCode',
  'roles',
  'attendanceAutoApproveRequest',
  'workEmail',
  'pec',
  'phoneNumber',
  'homeAddress',
  'iban',
  'birthday',
  'birthplace',
  'groups',
] as const satisfies readonly (keyof UserFormValues)[];

export const emptyUserForm: UserFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  fiscalCode: '',
  roles: ['member'],
  attendanceAutoApproveRequest: 'default',
  workEmail: '',
  pec: '',
  phoneNumber: '',
  homeAddress: '',
  iban: '',
  birthday: null,
  birthplace: '',
  groups: [],
};

export function userToForm(u: User): UserFormValues {
  return {
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    fiscalCode: u.fiscalCode ?? '',
    roles: [...u.roles],
    attendanceAutoApproveRequest: u.attendanceAutoApproveRequest,
    workEmail: u.workEmail ?? '',
    pec: u.pec ?? '',
    phoneNumber: u.phoneNumber ?? '',
    homeAddress: u.homeAddress ?? '',
    iban: u.iban ?? '',
    birthday: u.birthday,
    birthplace: u.birthplace ?? '',
    groups: u.groups.map((g) => ({ id: g.id, name: g.name })),
  };
}

const orNull = (v: string) => (v.trim() === '' ? null : v.trim());

/** The API body (without the fiscal code): trimmed, empty optional fields as null, groups as ids, roles in a stable order. */
export function formToPayload(v: UserFormValues): UserPayload {
  return {
    firstName: v.firstName.trim(),
    lastName: v.lastName.trim(),
    email: v.email.trim(),
    roles: ROLE_VALUES.filter((r) => v.roles.includes(r)),
    attendanceAutoApproveRequest: v.attendanceAutoApproveRequest,
    workEmail: orNull(v.workEmail),
    pec: orNull(v.pec),
    phoneNumber: orNull(v.phoneNumber),
    homeAddress: orNull(v.homeAddress),
    iban: v.iban.trim() === '' ? null : v.iban.replace(/\s+/g, '').toUpperCase(),
    birthday: v.birthday,
    birthplace: orNull(v.birthplace),
    groups: v.groups.map((g) => g.id),
  };
}

export function formToCreatePayload(v: UserFormValues): CreateUserPayload {
  return { ...formToPayload(v), fiscalCode: normalizeCodiceFiscale(v.fiscalCode) };
}
