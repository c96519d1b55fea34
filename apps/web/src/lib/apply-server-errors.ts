import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { fieldErrors } from './error-message';

/** Puts the API's field errors on the form's fields; returns whether any field got one. */
export function applyServerErrors<T extends FieldValues>(err: unknown, setError: UseFormSetError<T>, fields: readonly string[]): boolean {
  const errors = fieldErrors(err);
  let applied = false;
  for (const [path, message] of Object.entries(errors)) {
    if (fields.includes(path)) {
      setError(path as Path<T>, { type: 'server', message });
      applied = true;
    }
  }
  return applied;
}
