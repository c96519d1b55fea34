import type { TFunction } from 'i18next';
import { z } from 'zod/mini';
import { confirmation, emailSchema, matching, newPasswordSchema, required } from '../../lib/account-fields';

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

/** Whether another login e-mail than the current one is typed (the server compares them ignoring case). */
export function emailChanged(typed: string, current: string): boolean {
  const email = typed.trim().toLowerCase();
  return email !== '' && email !== current.trim().toLowerCase();
}

/** The profile form: changing the login e-mail needs the current password (the server checks it again). */
export const profileEditSchema = (t: TFunction, currentEmail: string) =>
  z.extend(profileSchema(t), { current_password: z.string() }).check(
    z.refine((v) => !emailChanged(v.email, currentEmail) || v.current_password.length > 0, {
      error: t('profile.main.currentPasswordRequired'),
      path: ['current_password'],
      // Said together with the other fields' errors, not only once they are fixed.
      when: (payload) => typeof (payload.value as { email?: unknown })?.email === 'string',
    }),
  );
export type ProfileEditForm = z.infer<ReturnType<typeof profileEditSchema>>;

/** The delete confirmation: the password proves that the person at the keyboard owns the account. */
export const deleteProfileSchema = (t: TFunction) =>
  z.object({ password: z.string().check(z.minLength(1, { error: t('profile.delete.passwordRequired') })) });
export type DeleteProfileForm = z.infer<ReturnType<typeof deleteProfileSchema>>;
