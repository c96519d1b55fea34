import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useId, type ReactNode } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

type Props<T extends FieldValues> = {
  name: FieldPath<T>;
  control: Control<T>;
  label: ReactNode;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  autoFocus?: boolean;
  required?: boolean;
  helperText?: ReactNode;
};

/**
 * A one-line outlined text field bound to react-hook-form, drawn as MUI's TextField draws it (the same label, notch,
 * helper text, ids and ARIA) from its parts. For the login route only: TextField imports MUI's Select, and with it
 * the Menu, Popover, Modal and focus trap (ADR 0007: the login route's 250 KB gzip). Every other form uses
 * FormTextField.
 */
export function FormInputField<T extends FieldValues>({
  name,
  control,
  label,
  type = 'text',
  autoComplete,
  autoFocus,
  required,
  helperText,
}: Props<T>) {
  const id = useId();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field: { ref, ...field }, fieldState }) => {
        const help = fieldState.error?.message ?? helperText;
        return (
          <FormControl fullWidth required={required} error={!!fieldState.error} variant="outlined">
            <InputLabel htmlFor={id} id={`${id}-label`}>
              {label}
            </InputLabel>
            <OutlinedInput
              {...field}
              id={id}
              // The form focuses the first invalid field: the ref goes to the input, not the wrapper.
              inputRef={ref}
              value={field.value ?? ''}
              type={type}
              label={label}
              autoComplete={autoComplete}
              autoFocus={autoFocus}
              aria-describedby={help ? `${id}-helper-text` : undefined}
              // E-mail addresses read left to right in every language.
              inputProps={{ 'aria-invalid': !!fieldState.error, ...(type === 'email' ? { dir: 'ltr' } : {}) }}
            />
            {help && <FormHelperText id={`${id}-helper-text`}>{help}</FormHelperText>}
          </FormControl>
        );
      }}
    />
  );
}
