import { isValidCodiceFiscale } from '@timbro/shared/validators/codice-fiscale';
import type { TFunction } from 'i18next';
import { z } from 'zod/mini';
import { confirmation, emailSchema, matching, newPasswordSchema, required } from '../../lib/account-fields';

/**
 * Client-side form schemas, with the texts of the active language (the server validates again and answers in
 * Italian). zod/mini keeps the login route small.
 */
export const loginSchema = (t: TFunction) =>
  z.object({
    username: emailSchema(t),
    password: z.string().check(z.minLength(1, { error: t('validation.passwordRequired') })),
    remember_me: z.boolean(),
  });
export type LoginForm = z.infer<ReturnType<typeof loginSchema>>;

export const forgotSchema = (t: TFunction) => z.object({ username: emailSchema(t) });
export type ForgotForm = z.infer<ReturnType<typeof forgotSchema>>;

export const setPasswordSchema = (t: TFunction, min: number) =>
  z
    .object({ password: newPasswordSchema(t, min), password_confirmation: confirmation(t) })
    .check(matching<{ password: string; password_confirmation: string }>(t, 'password', 'password_confirmation'));
export type SetPasswordForm = z.infer<ReturnType<typeof setPasswordSchema>>;

export const registerSchema = (t: TFunction, min: number) =>
  z
    .object({
      first_name: required(t('validation.firstNameRequired')),
      last_name: required(t('validation.lastNameRequired')),
      email: emailSchema(t),
      fiscal_code: z
        .string()
        .check(
          z.trim(),
          z.minLength(1, { error: t('validation.fiscalCodeRequired'), abort: true }),
          z.refine(isValidCodiceFiscale, { error: t('validation.fiscalCodeInvalid') }),
        ),
      password: newPasswordSchema(t, min),
      password_confirmation: confirmation(t),
    })
    .check(matching<{ password: string; password_confirmation: string }>(t, 'password', 'password_confirmation'));
export type RegisterForm = z.infer<ReturnType<typeof registerSchema>>;
