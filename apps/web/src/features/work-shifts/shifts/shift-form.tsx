import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Stack } from '@mui/material';
import type { WorkShift } from '@timbro/shared';
import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormShell, useFormScaffold } from '../../../components/form/form-page';
import { FormPeopleField } from '../../../components/form/form-people-field';
import { FormTextField } from '../../../components/form/form-text-field';
import { ColorSwatch } from '../../../components/color-swatch';
import { SectionCard } from '../../../components/section-card';
import { errorMessage } from '../../../lib/error-message';
import { useUserLookup } from '../../../lib/queries/user-lookup';
import { SHIFT_COLOR, SHIFT_LIMITS } from '../limits';
import {
  applyShiftServerErrors,
  SHIFT_FORM_FIELDS,
  shiftFormSchema,
  shiftFormValues,
  type ShiftFormValues,
} from './shift-form-schema';
import { personName } from '../shift-text';
import { ShiftTimesFields } from './shift-times-fields';
import { ShiftWhenFields } from './shift-when-fields';

interface Props {
  /** The shift being edited; a new one without it. */
  shift?: WorkShift;
  /** A new shift from a cell of the planning: its day and person. */
  prefill?: { date?: string | null; userInfoId?: string | null };
  submitLabel: string;
  onSubmit(values: ShiftFormValues): Promise<void>;
  onCancel(): void;
}

/**
 * The shift's form: when (a day, or for a new shift a period on some weekdays), who, the times (typed, or for a new
 * shift from a daily template) with the pause, a label and a colour. Editing a shift with open swaps says that saving
 * rejects them. The server's field errors land on their fields.
 */
export function ShiftForm({ shift, prefill, submitLabel, onSubmit, onCancel }: Props) {
  const { t } = useTranslation();
  const editing = !!shift;
  const defaults = useMemo(() => shiftFormValues(shift, prefill), [shift, prefill]);
  const schema = useMemo(() => shiftFormSchema(t), [t]);
  const form = useFormScaffold<ShiftFormValues>({
    resolver: zodResolver(schema),
    defaultValues: defaults,
    serverFields: SHIFT_FORM_FIELDS,
    onServerError: (err, { setError, getValues }) =>
      applyShiftServerErrors(err, setError, getValues('source')) ? null : errorMessage(err, t('errors.generic')),
  });
  const { control, setValue } = form;
  const values = useWatch({ control }) as ShiftFormValues;
  const people = useUserLookup(false);
  const known = useMemo(() => (shift?.assignees ?? []).map((a) => ({ id: a.id, name: personName(a) })), [shift]);
  const swatch = SHIFT_COLOR.test(values.color.trim()) ? values.color.trim() : '#1A415B';

  return (
    <FormShell
      form={form}
      onSubmit={form.submitWith(async (v) => {
        await onSubmit(v);
        // Saved: nothing is unsaved any more, so the warnings shown after a save do not hold the way out.
        form.reset(v);
      })}
      label={submitLabel}
      testId="shift-form"
      failureTestId="shift-form-error"
      submitLabel={submitLabel}
      onCancel={onCancel}
      banner={
        shift && shift.openSwaps > 0 ? (
          <Alert severity="warning" data-testid="shift-open-swaps">
            {t('workShifts.form.openSwaps', { n: shift.openSwaps })}
          </Alert>
        ) : undefined
      }
    >
      <SectionCard title={t('workShifts.form.when')}>
        <Stack spacing={2}>
          <ShiftWhenFields control={control} setValue={setValue} values={values} editing={editing} />
        </Stack>
      </SectionCard>
      <SectionCard title={t('workShifts.form.who')}>
        {/* Those already on the shift (editing) or prefilled by the planning's row show by name even when the lookup
            leaves them out. */}
        <FormPeopleField
          control={control}
          name="userInfoIds"
          people={people}
          known={known}
          label={t('workShifts.fields.people')}
          hint={t('workShifts.form.peopleHint')}
          noOptionsText={t('workShifts.form.noPeople')}
          testId="shift-people"
        />
      </SectionCard>
      <SectionCard title={t('workShifts.form.times')} description={t('workShifts.form.timesHint')}>
        <Stack spacing={2}>
          <ShiftTimesFields control={control} setValue={setValue} values={values} editing={editing} />
        </Stack>
      </SectionCard>
      <SectionCard title={t('workShifts.form.look')}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' }, alignItems: 'start' }}>
          <FormTextField
            control={control}
            name="label"
            label={t('workShifts.fields.label')}
            helperText={t('workShifts.form.labelHint', { max: SHIFT_LIMITS.label })}
            slotProps={{ htmlInput: { maxLength: SHIFT_LIMITS.label, 'data-testid': 'shift-label' } }}
          />
          <FormTextField
            control={control}
            name="color"
            label={t('workShifts.fields.color')}
            placeholder="#RRGGBB"
            transform={(v) => v.toUpperCase()}
            slotProps={{
              inputLabel: { shrink: true },
              input: {
                startAdornment: (
                  <ColorSwatch
                    value={swatch.toLowerCase()}
                    onPick={(color) => setValue('color', color, { shouldDirty: true, shouldValidate: true })}
                    label={t('workShifts.fields.colorPicker')}
                  />
                ),
              },
              htmlInput: { maxLength: 7, dir: 'ltr', 'data-testid': 'shift-color' },
            }}
          />
        </Box>
      </SectionCard>
    </FormShell>
  );
}
