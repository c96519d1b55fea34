import TextField from '@mui/material/TextField';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { normalizeClock } from '../time-slots/slot-rows';

interface Props<T extends FieldValues> {
  name: FieldPath<T>;
  control: Control<T>;
  label: string;
  /** How to type it ("hh:mm"). */
  placeholder: string;
  testId: string;
  /** The id of a hint beside the field that describes it. */
  describedBy?: string;
}

/**
 * A time of day typed as digits (hh:mm), bound to react-hook-form: on leaving the field "9" or "930" become "09:00" and
 * "09:30"; left to right in every language; the error message comes from the form.
 */
export function FormClockField<T extends FieldValues>({
  name,
  control,
  label,
  placeholder,
  testId,
  describedBy,
}: Props<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { ref, ...field }, fieldState }) => (
        <TextField
          {...field}
          inputRef={ref}
          required
          label={label}
          placeholder={placeholder}
          onBlur={() => {
            field.onChange(normalizeClock(field.value));
            field.onBlur();
          }}
          error={!!fieldState.error}
          helperText={fieldState.error?.message}
          slotProps={{
            htmlInput: {
              inputMode: 'numeric',
              dir: 'ltr',
              maxLength: 5,
              autoComplete: 'off',
              ...(describedBy ? { 'aria-describedby': describedBy } : {}),
              'data-testid': testId,
            },
          }}
        />
      )}
    />
  );
}
