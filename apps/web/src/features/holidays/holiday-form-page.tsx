import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, CircularProgress, FormControlLabel, MenuItem, Stack, Switch, TextField, Typography } from '@mui/material';
import type { Holiday } from '@timbro/shared';
import dayjs from 'dayjs';
import { useSnackbar } from 'notistack';
import { useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { BackLink } from '../../components/back-link';
import { FormTextField } from '../../components/form/form-text-field';
import { PageHeader } from '../../components/page-header';
import { LoadFailure } from '../../components/load-failure';
import { PageLoader } from '../../components/page-loader';
import { SectionCard } from '../../components/section-card';
import { hasUnsavedChanges, useUnsavedChangesGuard } from '../../components/unsaved-changes-guard';
import { paths } from '../../config/paths';
import { catalogFor } from '../../i18n/languages';
import { applyServerErrors } from '../../lib/apply-server-errors';
import { errorMessage } from '../../lib/error-message';
import { useHoliday } from './api/get-holidays';
import { useSaveHoliday } from './api/save-holiday';
import { HolidayIconPicker } from '../../components/holiday-icons';
import { formToPayload, HOLIDAY_KINDS, HOLIDAY_NAME_MAX, holidayFormSchema, holidayToForm, nextOccurrence, type HolidayFormValues } from './schemas';

const FORM_WIDTH = 760;
const DAYS = Array.from({ length: 31 }, (_, i) => i + 1);
const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);

/** /admin/setting/holiday/new (`?kind=patron` starts a patron saint's day). */
export function HolidayNewPage() {
  const [searchParams] = useSearchParams();
  const kind = HOLIDAY_KINDS.find((k) => k === searchParams.get('kind')) ?? 'company';
  return <HolidayPage holiday={null} kind={kind} />;
}

/** /admin/setting/holiday/:id/edit: every holiday is editable, the national ones and the patron saint included. */
export function HolidayEditPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const query = useHoliday(id);
  if (query.isPending) return <PageLoader />;
  if (query.isError) return <LoadFailure error={query.error} onRetry={() => void query.refetch()} back={{ to: paths.adminHoliday, label: t('holidays.list.title') }} maxWidth={FORM_WIDTH} />;
  return <HolidayPage key={query.data.id} holiday={query.data} />;
}

function HolidayPage({ holiday, kind }: { holiday: Holiday | null; kind?: Holiday['kind'] }) {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const save = useSaveHoliday(holiday?.id ?? null);
  const schema = useMemo(() => holidayFormSchema(t), [t]);
  const { control, handleSubmit, setError, formState } = useForm<HolidayFormValues>({ resolver: zodResolver(schema), defaultValues: holidayToForm(holiday, kind) });
  const leaveGuard = useUnsavedChangesGuard(hasUnsavedChanges(formState));
  const [failure, setFailure] = useState<string | null>(null);
  const values = useWatch({ control });
  const title = holiday ? t('holidays.form.editTitle', { name: holiday.name }) : t('holidays.form.newTitle');
  // A movable feast (Easter Monday…) has no date to edit: the server keeps its rule when the form leaves it out.
  const movable = holiday?.rule ?? null;
  const preview = useMemo(() => {
    const parsed = schema.safeParse(values);
    if (!parsed.success) return null;
    const p = formToPayload(parsed.data);
    return nextOccurrence({ ...p, rule: movable, fromYear: holiday?.fromYear ?? null }, dayjs().format('YYYY-MM-DD'));
  }, [schema, values, movable, holiday?.fromYear]);

  const submit = handleSubmit(async (v) => {
    setFailure(null);
    try {
      const saved = await save.mutateAsync(formToPayload(v));
      enqueueSnackbar(t(holiday ? 'holidays.form.saved' : 'holidays.form.created', { name: saved.name }), { variant: 'success' });
      void navigate(paths.adminHoliday);
    } catch (err) {
      if (!applyServerErrors(err, setError, ['icon', 'name', 'day', 'month', 'year', 'kind'])) setFailure(errorMessage(err, t('errors.generic')));
    }
  });

  return (
    <Box sx={{ maxWidth: FORM_WIDTH }}>
      <BackLink to={paths.adminHoliday} label={t('holidays.list.title')} />
      <PageHeader title={title} subtitle={t('holidays.form.subtitle')} />
      <Stack component="form" spacing={2} onSubmit={submit} noValidate aria-label={title} data-testid="holiday-form">
        {failure && (
          <Alert severity="error" role="alert">
            {failure}
          </Alert>
        )}
        <SectionCard title={t('holidays.form.sections.holiday')}>
          <Stack spacing={2}>
            <Controller control={control} name="icon" render={({ field, fieldState }) => <HolidayIconPicker value={field.value} onChange={field.onChange} error={fieldState.error?.message} inputRef={field.ref} />} />
            <FormTextField control={control} name="name" label={t('holidays.fields.name')} required autoComplete="off" slotProps={{ htmlInput: { maxLength: HOLIDAY_NAME_MAX, 'data-testid': 'holiday-name' } }} />
            <Controller
              control={control}
              name="kind"
              render={({ field: { ref, ...field }, fieldState }) => (
                <TextField select label={t('holidays.fields.kind')} {...field} inputRef={ref} error={!!fieldState.error} helperText={fieldState.error?.message ?? t(`holidays.kindHints.${field.value}`)} slotProps={{ htmlInput: { 'data-testid': 'holiday-kind' } }}>
                  {HOLIDAY_KINDS.map((k) => (
                    <MenuItem key={k} value={k}>
                      {t(`holidays.kinds.${k}`)}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          </Stack>
        </SectionCard>
        <SectionCard title={t('holidays.form.sections.date')} description={movable ? undefined : t('holidays.form.dateHint')}>
          {movable ? (
            <Typography variant="body2" data-testid="holiday-movable">
              {t('holidays.form.movableHint', { rule: t(`holidays.movable.${movable}`) })}
            </Typography>
          ) : (
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 2fr', sm: '1fr 2fr 1fr' }, alignItems: 'start' }}>
              <Controller
                control={control}
                name="day"
                render={({ field: { ref, ...field }, fieldState }) => (
                  <TextField select required label={t('holidays.fields.day')} {...field} inputRef={ref} error={!!fieldState.error} helperText={fieldState.error?.message} slotProps={{ htmlInput: { 'data-testid': 'holiday-day' } }}>
                    {DAYS.map((d) => (
                      <MenuItem key={d} value={String(d)}>
                        {d}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
              <Controller
                control={control}
                name="month"
                render={({ field: { ref, ...field }, fieldState }) => (
                  <TextField select required label={t('holidays.fields.month')} {...field} inputRef={ref} error={!!fieldState.error} helperText={fieldState.error?.message} slotProps={{ htmlInput: { 'data-testid': 'holiday-month' } }}>
                    {MONTHS.map((m) => (
                      <MenuItem key={m} value={String(m)}>
                        {dayjs(new Date(2024, m - 1, 1)).locale(language).format('MMMM')}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
              {!values.recurring && (
                <FormTextField control={control} name="year" label={t('holidays.fields.year')} required autoComplete="off" sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }} slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4, dir: 'ltr', 'data-testid': 'holiday-year' } }} />
              )}
              <Controller
                control={control}
                name="recurring"
                render={({ field }) => (
                  <Box sx={{ gridColumn: '1 / -1' }}>
                    <FormControlLabel
                      control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} slotProps={{ input: { ref: field.ref, 'data-testid': 'holiday-recurring' } as object }} />}
                      label={t('holidays.form.recurring')}
                    />
                    <Typography variant="body2" color="text.secondary">
                      {field.value ? t('holidays.form.recurringHint') : t('holidays.form.yearHint')}
                    </Typography>
                  </Box>
                )}
              />
            </Box>
          )}
          {preview && (
            <Alert severity="success" icon={false} sx={{ mt: 2 }} data-testid="holiday-preview">
              {t('holidays.form.preview', { date: dayjs(preview).locale(language).format('dddd D MMMM YYYY') })}
            </Alert>
          )}
        </SectionCard>
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
          <Button onClick={() => void navigate(paths.adminHoliday)} disabled={formState.isSubmitting}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={formState.isSubmitting} startIcon={formState.isSubmitting ? <CircularProgress size={16} color="inherit" /> : undefined} data-testid="holiday-form-submit">
            {holiday ? t('common.save') : t('holidays.form.create')}
          </Button>
        </Box>
      </Stack>
      {leaveGuard.dialog}
    </Box>
  );
}
