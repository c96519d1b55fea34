import { useState } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Resolver, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../lib/apply-server-errors';
import { errorMessage } from '../../lib/error-message';

export interface ServerFormOptions<T extends FieldValues> {
  resolver: Resolver<T>;
  defaultValues: DefaultValues<T>;
  /** The form's fields that the server's field errors may name (lib/apply-server-errors). */
  serverFields: readonly string[];
  /**
   * A refusal the generic handling does not cover (errors on rows of a list, a conflict to show above the form, a file
   * field kept apart): returns the text to show above the form, or null. By default the field errors go on their
   * fields and anything else shows above the form.
   */
  onServerError?(err: unknown, form: UseFormReturn<T>): string | null;
}

export interface ServerForm<T extends FieldValues> extends UseFormReturn<T> {
  /** The refusal shown above the form (none while a submit runs). */
  failure: string | null;
  /** The form's submit handler: validates, runs `action` with the values, and puts a refusal on the fields or above. */
  submitWith(action: (values: T) => Promise<void>): (e?: React.BaseSyntheticEvent) => Promise<void>;
  /** Forgets the refusal (a dialog closing). */
  clearFailure(): void;
}

/**
 * A react-hook-form form with the app's submit habit: zod validation (the resolver), and the server's refusal on the
 * fields it names or above the form. The page form (`useFormScaffold`) and the dialog form (`useDialogForm`) build on it.
 */
export function useServerForm<T extends FieldValues>({
  resolver,
  defaultValues,
  serverFields,
  onServerError,
}: ServerFormOptions<T>): ServerForm<T> {
  const { t } = useTranslation();
  const form = useForm<T>({ resolver, defaultValues });
  const [failure, setFailure] = useState<string | null>(null);
  const submitWith = (action: (values: T) => Promise<void>) =>
    form.handleSubmit(async (values) => {
      setFailure(null);
      try {
        await action(values);
      } catch (err) {
        if (onServerError) setFailure(onServerError(err, form));
        else if (!applyServerErrors(err, form.setError, serverFields))
          setFailure(errorMessage(err, t('errors.generic')));
      }
    });
  return { ...form, failure, submitWith, clearFailure: () => setFailure(null) };
}
