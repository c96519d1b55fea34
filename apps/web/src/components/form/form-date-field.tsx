import { DatePicker, type DatePickerProps } from '@mui/x-date-pickers/DatePicker';
import dayjs from 'dayjs';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { DateLocalization } from '../data/date-localization';

type Props<T extends FieldValues> = {
  name: FieldPath<T>;
  control: Control<T>;
  label: string;
  required?: boolean;
  helperText?: string;
  disabled?: boolean;
  /** Said as an error at once, before any submit (e.g. a date the server will refuse); a validation error wins. */
  warning?: string | null;
} & Pick<
  DatePickerProps,
  'minDate' | 'maxDate' | 'disablePast' | 'disableFuture' | 'views' | 'openTo' | 'shouldDisableDate'
>;

/**
 * A date picker bound to react-hook-form, holding YYYY-MM-DD (the API's date-only format) or null; a partly typed
 * date is held as 'invalid' so the schema can say so. Localized (texts, first day of the week) by DateLocalization.
 */
export function FormDateField<T extends FieldValues>({
  name,
  control,
  label,
  required,
  helperText,
  disabled,
  warning,
  ...pickerProps
}: Props<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <DateLocalization>
          <DatePicker
            {...pickerProps}
            label={label}
            disabled={disabled}
            value={field.value && field.value !== 'invalid' ? dayjs(field.value as string) : null}
            onChange={(d) => field.onChange(d ? (d.isValid() ? d.format('YYYY-MM-DD') : 'invalid') : null)}
            inputRef={field.ref}
            slotProps={{
              textField: {
                fullWidth: true,
                required,
                name: field.name,
                onBlur: field.onBlur,
                error: !!fieldState.error || !!warning,
                helperText: fieldState.error?.message ?? warning ?? helperText,
              },
              field: { clearable: !required },
            }}
          />
        </DateLocalization>
      )}
    />
  );
}
