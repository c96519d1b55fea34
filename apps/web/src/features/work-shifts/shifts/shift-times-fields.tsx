import NightsStayOutlined from '@mui/icons-material/NightsStayOutlined';
import { Alert, Box, Typography } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FormClockField } from '../../../components/form/form-clock-field';
import { FormTextField } from '../../../components/form/form-text-field';
import { FormToggleField } from '../../../components/form/form-toggle-field';
import { SHIFT_LIMITS } from '../limits';
import { parsePause, type ShiftFieldsProps, type ShiftTimesSource } from './shift-form-schema';
import { useDuration } from '../shift-text';
import { ShiftTemplateField } from './shift-template-field';
import { isOvernight, parseClock, spanMinutes } from '../shift-time';

const SOURCES: readonly ShiftTimesSource[] = ['times', 'template'];

/**
 * The times: typed in (start, end, pause) or, for new shifts, from a daily template. Under the typed times a live hint
 * says whether the shift ends the next day and how long it works.
 */
export function ShiftTimesFields({ control, setValue, values, editing }: ShiftFieldsProps) {
  const { t } = useTranslation();
  const id = useId();
  const duration = useDuration();
  const start = parseClock(values.start);
  const end = parseClock(values.end);
  const pause = parsePause(values.pause);
  const times =
    start !== null && start < 1440 && end !== null && start !== end % 1440
      ? { startMinutes: start, endMinutes: end }
      : null;
  const work = times && !Number.isNaN(pause) ? spanMinutes(times) - pause : null;
  const hint = times
    ? [
        isOvernight(times) ? t('workShifts.form.endsNextDay') : null,
        work !== null && work > 0
          ? t('workShifts.form.duration', { work: duration(work), span: duration(spanMinutes(times)) })
          : null,
      ]
        .filter(Boolean)
        .join(' · ')
    : '';

  return (
    <>
      {!editing && (
        <FormToggleField
          control={control}
          name="source"
          label={t('workShifts.fields.source')}
          labelId={`${id}-source`}
          options={SOURCES.map((s) => ({
            value: s,
            label: t(`workShifts.sources.${s}`),
            testId: `shift-source-${s}`,
          }))}
          onPick={(v) => {
            if (v === 'template') (['start', 'end'] as const).forEach((f) => setValue(f, ''));
            else setValue('templateId', '');
          }}
        />
      )}
      {values.source === 'template' && !editing ? (
        <ShiftTemplateField control={control} templateId={values.templateId} />
      ) : (
        <>
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr 1fr', sm: '1fr 1fr 1fr' },
              alignItems: 'start',
            }}
          >
            {(['start', 'end'] as const).map((name) => (
              <FormClockField
                key={name}
                control={control}
                name={name}
                label={t(`workShifts.fields.${name}`)}
                placeholder={t('workShifts.form.timePlaceholder')}
                describedBy={`${id}-hint`}
                testId={`shift-${name}`}
              />
            ))}
            <FormTextField
              control={control}
              name="pause"
              label={t('workShifts.fields.pause')}
              sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}
              slotProps={{
                htmlInput: { inputMode: 'numeric', dir: 'ltr', maxLength: 3, 'data-testid': 'shift-pause' },
                input: {
                  endAdornment: (
                    <Typography variant="body2" color="text.secondary">
                      {t('workShifts.units.minutes')}
                    </Typography>
                  ),
                },
              }}
              helperText={t('workShifts.form.pauseHint', { max: SHIFT_LIMITS.pauseMax })}
            />
          </Box>
          <Box id={`${id}-hint`} aria-live="polite">
            {hint && (
              <Alert
                severity="info"
                icon={times && isOvernight(times) ? <NightsStayOutlined /> : false}
                data-testid="shift-times-hint"
              >
                {hint}
              </Alert>
            )}
          </Box>
        </>
      )}
    </>
  );
}
