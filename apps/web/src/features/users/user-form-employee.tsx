import { Box } from '@mui/material';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs from 'dayjs';
import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DateLocalization } from '../../components/data/date-localization';
import { FormTextField } from '../../components/form/form-text-field';
import { SectionCard } from '../../components/section-card';
import { LIMITS, type UserFormValues } from './schemas';
import { grid } from './user-form-layout';

/** The employee's info: required for an employee (`isEmployee`), optional for the other roles. */
export function UserEmployeeSection({
  control,
  isEmployee,
}: {
  control: Control<UserFormValues>;
  isEmployee: boolean;
}) {
  const { t } = useTranslation();
  return (
    <SectionCard
      title={t('users.form.sections.employee')}
      description={isEmployee ? t('users.form.sections.employeeRequiredHint') : t('users.form.sections.employeeHint')}
    >
      <Box sx={grid}>
        <FormTextField
          control={control}
          name="workEmail"
          type="email"
          label={t('users.fields.workEmail')}
          required={isEmployee}
          autoComplete="off"
          slotProps={{ htmlInput: { maxLength: LIMITS.email } }}
        />
        <FormTextField
          control={control}
          name="pec"
          type="email"
          label={t('users.fields.pec')}
          required={isEmployee}
          autoComplete="off"
          slotProps={{ htmlInput: { maxLength: LIMITS.email } }}
        />
        <FormTextField
          control={control}
          name="phoneNumber"
          type="tel"
          label={t('users.fields.phoneNumber')}
          autoComplete="off"
          helperText={t('users.form.phoneHint')}
          slotProps={{ htmlInput: { dir: 'ltr', maxLength: LIMITS.phone } }}
        />
        <FormTextField
          control={control}
          name="iban"
          label={t('users.fields.iban')}
          autoComplete="off"
          slotProps={{ htmlInput: { dir: 'ltr', maxLength: LIMITS.iban, style: { textTransform: 'uppercase' } } }}
        />
        <FormTextField
          control={control}
          name="homeAddress"
          label={t('users.fields.homeAddress')}
          autoComplete="off"
          slotProps={{ htmlInput: { maxLength: LIMITS.address } }}
          sx={{ gridColumn: { sm: '1 / -1' } }}
        />
        <Controller
          control={control}
          name="birthday"
          render={({ field, fieldState }) => (
            <DateLocalization>
              <DatePicker
                label={t('users.fields.birthday')}
                value={field.value && field.value !== 'invalid' ? dayjs(field.value) : null}
                onChange={(d) => field.onChange(d ? (d.isValid() ? d.format('YYYY-MM-DD') : 'invalid') : null)}
                disableFuture
                openTo="year"
                views={['year', 'month', 'day']}
                inputRef={field.ref}
                slotProps={{
                  textField: {
                    fullWidth: true,
                    name: field.name,
                    onBlur: field.onBlur,
                    error: !!fieldState.error,
                    helperText: fieldState.error?.message,
                  },
                  field: { clearable: true },
                }}
              />
            </DateLocalization>
          )}
        />
        <FormTextField
          control={control}
          name="birthplace"
          label={t('users.fields.birthplace')}
          autoComplete="off"
          slotProps={{ htmlInput: { maxLength: LIMITS.birthplace } }}
        />
      </Box>
    </SectionCard>
  );
}
