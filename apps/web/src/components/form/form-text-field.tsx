import TextField from '@mui/material/TextField';
import type { TextFieldProps } from '@mui/material/TextField';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

type Props<T extends FieldValues> = Omit<TextFieldProps, 'name'> & {
  name: FieldPath<T>;
  control: Control<T>;
  /** Rewrites the typed text before it reaches the form (e.g. upper case for a fiscal code). */
  transform?: (value: string) => string;
};

/** A MUI text field bound to react-hook-form; the error message comes from the form (client or server). */
export function FormTextField<T extends FieldValues>({ name, control, transform, ...rest }: Props<T>) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field: { ref, ...field }, fieldState }) => (
        <TextField
          {...rest}
          {...field}
          // The form focuses the first invalid field: the ref goes to the input, not the wrapper.
          inputRef={ref}
          onChange={transform ? (e) => field.onChange(transform(e.target.value)) : field.onChange}
          // The form's own blur (touched), then the caller's (e.g. checking the field when it is left).
          onBlur={(e) => {
            field.onBlur();
            rest.onBlur?.(e);
          }}
          value={field.value ?? ''}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ?? rest.helperText}
          slotProps={{
            ...rest.slotProps,
            // E-mail addresses read left to right in every language.
            htmlInput: {
              ...(rest.slotProps?.htmlInput as object),
              'aria-invalid': !!fieldState.error,
              ...(rest.type === 'email' ? { dir: 'ltr' } : {}),
            },
          }}
        />
      )}
    />
  );
}
