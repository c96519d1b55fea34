import { PASSWORD_MIN_LENGTH } from '@timbro/shared/constants';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from './form-text-field';

/**
 * The account fields of the sign-up, set-password and profile forms, as the browser's password manager expects them
 * (their rules: lib/account-fields.ts).
 */
interface Fields<T extends FieldValues> {
  control: Control<T>;
}

/** First name, then last name. */
export function NameFields<T extends FieldValues>({
  control,
  firstName,
  lastName,
}: Fields<T> & { firstName: FieldPath<T>; lastName: FieldPath<T> }) {
  const { t } = useTranslation();
  return (
    <>
      <FormTextField
        control={control}
        name={firstName}
        label={t('auth.fields.firstName')}
        autoComplete="given-name"
        required
      />
      <FormTextField
        control={control}
        name={lastName}
        label={t('auth.fields.lastName')}
        autoComplete="family-name"
        required
      />
    </>
  );
}

/** The password the user has now ("Password attuale" unless told), to prove it is them. */
export function CurrentPasswordField<T extends FieldValues>({
  control,
  name,
  label,
  autoFocus,
  fullWidth,
}: Fields<T> & { name: FieldPath<T>; label?: string; autoFocus?: boolean; fullWidth?: boolean }) {
  const { t } = useTranslation();
  return (
    <FormTextField
      control={control}
      name={name}
      label={label ?? t('auth.fields.oldPassword')}
      type="password"
      autoComplete="current-password"
      required
      fullWidth={fullWidth}
      autoFocus={autoFocus}
    />
  );
}

/** A new password (with its minimum length) and its confirmation. */
export function NewPasswordFields<T extends FieldValues>({
  control,
  password,
  confirmation,
  label,
  autoFocus,
}: Fields<T> & { password: FieldPath<T>; confirmation: FieldPath<T>; label: string; autoFocus?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <FormTextField
        control={control}
        name={password}
        label={label}
        type="password"
        autoComplete="new-password"
        autoFocus={autoFocus}
        required
        helperText={t('auth.passwordHint', { min: PASSWORD_MIN_LENGTH })}
      />
      <FormTextField
        control={control}
        name={confirmation}
        label={t('auth.fields.passwordConfirmation')}
        type="password"
        autoComplete="new-password"
        required
      />
    </>
  );
}
