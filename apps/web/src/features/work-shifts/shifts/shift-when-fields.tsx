import {
  Box,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Switch,
} from '@mui/material';
import dayjs from 'dayjs';
import { useId } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDateField } from '../../../components/form/form-date-field';
import { catalogFor } from '../../../i18n/languages';
import { SHIFT_LIMITS } from '../limits';
import { ALL_WEEKDAYS, periodDays, type ShiftFieldsProps } from './shift-form-schema';

/** A Monday (2024-01-01) + n: the weekday names in the user's language. */
const weekdayName = (weekday: number, language: string) =>
  dayjs('2024-01-01')
    .add(weekday - 1, 'day')
    .locale(language)
    .format('dddd');

/**
 * The day, or (new shifts) a period: from the day to its last day, on the chosen weekdays, one shift per day; how many
 * days that makes is said under the weekdays.
 */
export function ShiftWhenFields({ control, setValue, values, editing }: ShiftFieldsProps) {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const id = useId();
  const days =
    values.period && values.date && values.dateTo ? periodDays(values.date, values.dateTo, values.weekdays) : 0;
  return (
    <>
      {!editing && (
        <Controller
          control={control}
          name="period"
          render={({ field }) => (
            <Box>
              <FormControlLabel
                control={
                  <Switch
                    checked={field.value}
                    onChange={(e) => {
                      field.onChange(e.target.checked);
                      if (!e.target.checked) setValue('dateTo', null);
                    }}
                    slotProps={{ input: { 'aria-describedby': `${id}-period` } }}
                    data-testid="shift-period"
                  />
                }
                label={t('workShifts.fields.period')}
              />
              <FormHelperText id={`${id}-period`} sx={{ mt: 0 }}>
                {t('workShifts.form.periodHint', { days: SHIFT_LIMITS.periodDays })}
              </FormHelperText>
            </Box>
          )}
        />
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, alignItems: 'start' }}>
        <FormDateField
          control={control}
          name="date"
          label={t(values.period ? 'workShifts.fields.dateFrom' : 'workShifts.fields.date')}
          required
        />
        {values.period && !editing && (
          <FormDateField control={control} name="dateTo" label={t('workShifts.fields.dateTo')} required />
        )}
      </Box>
      {values.period && !editing && (
        <Controller
          control={control}
          name="weekdays"
          render={({ field, fieldState }) => (
            <FormControl component="fieldset" error={!!fieldState.error} data-testid="shift-weekdays">
              <FormLabel component="legend">{t('workShifts.fields.weekdays')}</FormLabel>
              <FormGroup row>
                {ALL_WEEKDAYS.map((w) => (
                  <FormControlLabel
                    key={w}
                    sx={{ textTransform: 'capitalize' }}
                    control={
                      <Checkbox
                        checked={field.value.includes(w)}
                        slotProps={{ input: { ref: w === 1 ? field.ref : undefined } }}
                        onChange={(e) =>
                          field.onChange(
                            e.target.checked
                              ? [...field.value, w].sort((a, b) => a - b)
                              : field.value.filter((x) => x !== w),
                          )
                        }
                      />
                    }
                    label={weekdayName(w, language)}
                  />
                ))}
              </FormGroup>
              <FormHelperText data-testid="shift-period-days">
                {fieldState.error?.message ??
                  (days > 0
                    ? values.userInfoIds.length > 1
                      ? t('workShifts.form.periodShifts', { days, n: days * values.userInfoIds.length })
                      : t('workShifts.form.periodDays', { n: days })
                    : ' ')}
              </FormHelperText>
            </FormControl>
          )}
        />
      )}
    </>
  );
}
