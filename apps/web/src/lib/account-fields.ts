import { isValidEmail } from '@timbro/shared/validators/email';
import type { TFunction } from 'i18next';
import { z } from 'zod/mini';

/**
 * The account fields' client-side rules (names, e-mail, new password and its confirmation), shared by the auth and
 * profile forms, with the texts of the active language (the server validates again and answers in Italian).
 * zod/mini keeps the login route small.
 */
export const required = (message: string) =>
  z.string().check(z.trim(), z.minLength(1, { error: message, abort: true }));

export const emailSchema = (t: TFunction) =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { error: t('validation.emailRequired'), abort: true }),
      z.refine(isValidEmail, { error: t('validation.emailInvalid') }),
    );

export const newPasswordSchema = (t: TFunction, min: number) =>
  z
    .string()
    .check(
      z.minLength(1, { error: t('validation.passwordRequired'), abort: true }),
      z.minLength(min, { error: t('validation.passwordTooShort', { min }) }),
      z.maxLength(256, { error: t('validation.passwordTooLong', { max: 256 }) }),
    );

export const confirmation = (t: TFunction) =>
  z.string().check(z.minLength(1, { error: t('validation.confirmationRequired') }));

export const matching = <T extends Record<string, unknown>>(t: TFunction, a: keyof T & string, b: keyof T & string) =>
  z.refine<T>((v) => v[a] === v[b], { error: t('validation.passwordsDoNotMatch'), path: [b] });
