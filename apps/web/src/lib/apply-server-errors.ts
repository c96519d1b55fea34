import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { fieldErrors } from './error-message';

/**
 * Puts the API's field errors on the form's fields; returns whether any field got one. A nested path
 * (`groups.0`) lands on its field (`groups`) when the form has no field of that exact name.
 */
export function applyServerErrors<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
): boolean {
  const errors = fieldErrors(err);
  let applied = false;
  for (const [path, message] of Object.entries(errors)) {
    const field = fields.includes(path) ? path : fields.find((f) => path.startsWith(`${f}.`));
    if (field) {
      // The first field with an error gets the focus (it may be out of sight on a long form).
      setError(field as Path<T>, { type: 'server', message }, { shouldFocus: !applied });
      applied = true;
    }
  }
  return applied;
}
