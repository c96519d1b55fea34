import { TextField, type TextFieldProps } from '@mui/material';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

type Props<T extends FieldValues> = Omit<TextFieldProps, 'name'> & { name: FieldPath<T>; control: Control<T> };

/** A MUI text field bound to react-hook-form; the error message comes from the form (client or server). */
export function FormTextField<T extends FieldValues>({ name, control, ...rest }: Props<T>) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          {...rest}
          {...field}
          value={field.value ?? ''}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ?? rest.helperText}
          slotProps={{
            ...rest.slotProps,
            // E-mail addresses read left to right in every language.
            htmlInput: { ...(rest.slotProps?.htmlInput as object), 'aria-invalid': !!fieldState.error, ...(rest.type === 'email' ? { dir: 'ltr' } : {}) },
          }}
        />
      )}
    />
  );
}
