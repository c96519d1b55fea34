import { Box, MenuItem, TextField } from '@mui/material';
import type { TemplateDay } from '@timbro/shared';
import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useTemplateDays } from '../../../lib/queries/template-days';
import type { ShiftFormValues } from './shift-form-schema';
import { useDuration } from '../shift-text';
import { formatShiftRange } from '../shift-time';

/** A template's span: its first slot's start to its last slot's end (null without slots). */
function templateSpan(t: TemplateDay): { startMinutes: number; endMinutes: number } | null {
  const first = t.timeSlots[0];
  const last = t.timeSlots.at(-1);
  return first && last ? { startMinutes: first.startsAtMinutes, endMinutes: last.endsAtMinutes } : null;
}

/**
 * "Da modello giornaliero": the workspace's daily templates (the pickers' lookup), each with its span; under the chosen
 * one, its times and work. The server takes the times from it.
 */
export function ShiftTemplateField({ control, templateId }: { control: Control<ShiftFormValues>; templateId: string }) {
  const { t } = useTranslation();
  const duration = useDuration();
  const templates = useTemplateDays('lookup');
  const chosen = templates.data?.find((d) => d.id === templateId);
  const chosenSpan = chosen ? templateSpan(chosen) : null;
  return (
    <Controller
      control={control}
      name="templateId"
      render={({ field: { ref, ...field }, fieldState }) => (
        <TextField
          select
          {...field}
          inputRef={ref}
          required
          label={t('workShifts.fields.template')}
          error={!!fieldState.error}
          helperText={
            fieldState.error?.message ??
            (chosen && chosenSpan
              ? t('workShifts.form.templateHint', {
                  range: formatShiftRange(chosenSpan),
                  work: duration(chosen.minutes),
                })
              : templates.data?.length === 0
                ? t('workShifts.form.noTemplates')
                : undefined)
          }
          slotProps={{ htmlInput: { 'data-testid': 'shift-template' } }}
        >
          {(templates.data ?? []).map((d) => {
            const span = templateSpan(d);
            return (
              <MenuItem key={d.id} value={d.id}>
                {d.name}
                {span && (
                  <Box component="bdi" dir="ltr" sx={{ color: 'text.secondary', marginInlineStart: 1 }}>
                    {formatShiftRange(span)}
                  </Box>
                )}
              </MenuItem>
            );
          })}
        </TextField>
      )}
    />
  );
}
