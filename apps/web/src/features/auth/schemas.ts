import { isValidCodiceFiscale } from '@timbro/shared/validators/codice-fiscale';
import { isValidEmail } from '@timbro/shared/validators/email';
import type { TFunction } from 'i18next';
import { z } from 'zod/mini';

/**
 * Client-side form schemas, with the texts of the active language (the server validates again and answers in
 * Italian). zod/mini keeps the login route small.
 */
const required = (message: string) => z.string().check(z.trim(), z.minLength(1, { error: message, abort: true }));

export const emailSchema = (t: TFunction) =>
  z.string().check(z.trim(), z.minLength(1, { error: t('validation.emailRequired'), abort: true }), z.refine(isValidEmail, { error: t('validation.emailInvalid') }));

export const newPasswordSchema = (t: TFunction, min: number) =>
  z
    .string()
    .check(
      z.minLength(1, { error: t('validation.passwordRequired'), abort: true }),
      z.minLength(min, { error: t('validation.passwordTooShort', { min }) }),
      z.maxLength(256, { error: t('validation.passwordTooLong', { max: 256 }) }),
    );

const confirmation = (t: TFunction) => z.string().check(z.minLength(1, { error: t('validation.confirmationRequired') }));

const matching = <T extends Record<string, unknown>>(t: TFunction, a: keyof T & string, b: keyof T & string) =>
  z.refine<T>((v) => v[a] === v[b], { error: t('validation.passwordsDoNotMatch'), path: [b] });

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

export const profileSchema = (t: TFunction) =>
  z.object({
    first_name: required(t('validation.firstNameRequired')),
    last_name: required(t('validation.lastNameRequired')),
    email: emailSchema(t),
  });
export type ProfileForm = z.infer<ReturnType<typeof profileSchema>>;

export const changePasswordSchema = (t: TFunction, min: number) =>
  z
    .object({
      old_password: z.string().check(z.minLength(1, { error: t('validation.oldPasswordRequired') })),
      new_password: newPasswordSchema(t, min),
      confirmation: confirmation(t),
    })
    .check(matching<{ new_password: string; confirmation: string }>(t, 'new_password', 'confirmation'));
export type ChangePasswordForm = z.infer<ReturnType<typeof changePasswordSchema>>;
