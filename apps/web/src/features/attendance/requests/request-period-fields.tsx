import LockOutlined from '@mui/icons-material/LockOutlined';
import { Box, FormControlLabel, FormHelperText, InputAdornment, Switch } from '@mui/material';
import type { Justification } from '@timbro/shared';
import type { Dayjs } from 'dayjs';
import { Controller, type Control, type UseFormSetValue } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDateField } from '../../../components/form/form-date-field';
import { FormClockField } from '../../../components/form/form-clock-field';
import { FormTextField } from '../../../components/form/form-text-field';
import { FormToggleField } from '../../../components/form/form-toggle-field';
import { catalogFor } from '../../../i18n/languages';
import { inClosedMonth, latestClosed, monthName, monthOfDate } from '../closed-months';
import { REQUEST_LIMITS, REQUEST_MODES, type RequestFormValues } from './request-form';

/**
 * When and how much: whole day / time range / quantity, one date or a period (new requests only), then the time range
 * or the quantity in the type's unit. Switching mode clears what the other mode left.
 */
export function RequestPeriodFields({
  control,
  setValue,
  values,
  editing,
  titleId,
  justification,
  closedMonths,
}: {
  control: Control<RequestFormValues>;
  setValue: UseFormSetValue<RequestFormValues>;
  /** The form's current values. */
  values: RequestFormValues;
  editing: boolean;
  /** The dialog title's id, the prefix of the ids that label the mode and describe the period switch. */
  titleId: string;
  /** The chosen type (its unit beside the quantity). */
  justification: Justification | undefined;
  /** The employee's closed months (YYYY-MM; empty for the admin): their days cannot be picked, a typed one is flagged. */
  closedMonths: ReadonlySet<string>;
}) {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const closedDay = (d: Dayjs) => closedMonths.has(d.format('YYYY-MM'));
  // Said at once (before sending), in the words the form's check uses on submit.
  const closedWarning = (value: string | null) =>
    value && /^\d{4}-\d{2}-\d{2}$/.test(value) && inClosedMonth(closedMonths, value)
      ? t('requestDialog.validation.monthClosed', { month: monthName(monthOfDate(value), language) })
      : null;
  const latest = latestClosed(closedMonths);
  const dateProps = (name: 'date' | 'startDate' | 'endDate') => ({
    shouldDisableDate: closedMonths.size > 0 ? closedDay : undefined,
    warning: closedWarning(values[name]),
  });
  return (
    <>
      <FormToggleField
        control={control}
        name="mode"
        label={t('requestDialog.fields.mode')}
        labelId={`${titleId}-mode`}
        options={REQUEST_MODES.map((m) => ({
          value: m,
          label: t(`requestDialog.modes.${m}`),
          testId: `request-mode-${m}`,
        }))}
        onPick={(v) => {
          // A time range makes no sense for a quantity and vice versa: what the other mode left goes.
          if (v !== 'range') {
            setValue('start', '');
            setValue('end', '');
          }
          if (v !== 'amount') setValue('amount', '');
        }}
        sx={{ flexWrap: 'wrap' }}
      />
      {!editing && (
        <Controller
          control={control}
          name="multiDay"
          render={({ field }) => (
            <Box>
              <FormControlLabel
                control={
                  <Switch
                    checked={field.value}
                    onChange={(e) => {
                      field.onChange(e.target.checked);
                      if (e.target.checked && !values.startDate) setValue('startDate', values.date);
                      if (!e.target.checked && !values.date) setValue('date', values.startDate);
                    }}
                    slotProps={{ input: { 'aria-describedby': `${titleId}-period` } }}
                    data-testid="request-multi-day"
                  />
                }
                label={t('requestDialog.fields.multiDay')}
              />
              <FormHelperText id={`${titleId}-period`} sx={{ mt: 0 }}>
                {t('requestDialog.periodHint')}
              </FormHelperText>
            </Box>
          )}
        />
      )}
      <Box>
        {values.multiDay && !editing ? (
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, alignItems: 'start' }}>
            <FormDateField
              control={control}
              name="startDate"
              label={t('requestDialog.fields.startDate')}
              required
              {...dateProps('startDate')}
            />
            <FormDateField
              control={control}
              name="endDate"
              label={t('requestDialog.fields.endDate')}
              required
              {...dateProps('endDate')}
            />
          </Box>
        ) : (
          <FormDateField
            control={control}
            name="date"
            label={t('requestDialog.fields.date')}
            required
            {...dateProps('date')}
          />
        )}
        {latest && (
          <FormHelperText sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }} data-testid="request-closed-hint">
            <LockOutlined aria-hidden sx={{ fontSize: 16 }} />
            {t('requestDialog.closedHint', { month: monthName(latest, language) })}
          </FormHelperText>
        )}
      </Box>
      {values.mode === 'range' && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr', alignItems: 'start' }}>
          {(['start', 'end'] as const).map((name) => (
            <FormClockField
              key={name}
              control={control}
              name={name}
              label={t(`requestDialog.fields.${name}`)}
              placeholder={t('requestDialog.timePlaceholder')}
              testId={`request-${name}`}
            />
          ))}
        </Box>
      )}
      {values.mode === 'amount' && (
        <FormTextField
          control={control}
          name="amount"
          required
          label={t('requestDialog.fields.amount')}
          helperText={t('requestDialog.amountHint', { max: REQUEST_LIMITS.amountMax })}
          slotProps={{
            htmlInput: { inputMode: 'decimal', dir: 'ltr', maxLength: 6, 'data-testid': 'request-amount' },
            input: {
              endAdornment: justification ? (
                <InputAdornment position="end">{t(`attendance.unitNames.${justification.unit}`)}</InputAdornment>
              ) : undefined,
            },
          }}
        />
      )}
    </>
  );
}
