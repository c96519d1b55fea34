import { MenuItem, TextField, type TextFieldProps } from '@mui/material';
import type { ReactNode } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

export interface SelectOption {
  value: string;
  label: ReactNode;
}

type Props<T extends FieldValues> = Omit<TextFieldProps, 'name' | 'select' | 'children'> & {
  name: FieldPath<T>;
  control: Control<T>;
  options: readonly SelectOption[];
  /** A helper text that depends on the chosen value (when there is no error). */
  hint?: (value: string) => ReactNode;
};

/** A MUI select bound to react-hook-form; the error message (client or server) replaces the helper text. */
export function FormSelectField<T extends FieldValues>({ name, control, options, hint, ...rest }: Props<T>) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field: { ref, ...field }, fieldState }) => (
        <TextField
          select
          {...field}
          {...rest}
          inputRef={ref}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ?? (hint ? hint(field.value) : rest.helperText)}
        >
          {options.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}
