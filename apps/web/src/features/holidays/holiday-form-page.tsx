import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, FormControlLabel, Stack, Switch, Typography } from '@mui/material';
import type { Holiday } from '@timbro/shared';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { FormTextField } from '../../components/form/form-text-field';
import { SectionCard } from '../../components/section-card';
import { paths } from '../../config/paths';
import { catalogFor } from '../../i18n/languages';
import { useHoliday } from './api/get-holidays';
import { useSaveHoliday } from './api/save-holiday';
import { HolidayIconPicker } from '../../components/holiday-icons';
import {
  formToPayload,
  HOLIDAY_KINDS,
  HOLIDAY_NAME_MAX,
  holidayFormSchema,
  holidayToForm,
  nextOccurrence,
  type HolidayFormValues,
} from './schemas';
import { FormPage, FormShell, Loaded, useFormScaffold, useSaved } from '../../components/form/form-page';
import { FormSelectField } from '../../components/form/form-select-field';

const FORM_WIDTH = 760;
const DAYS = Array.from({ length: 31 }, (_, i) => ({ value: String(i + 1), label: i + 1 }));
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
  return (
    <Loaded queries={[query]} back={{ to: paths.adminHoliday, label: t('holidays.list.title') }} width={FORM_WIDTH}>
      {([holiday]) => <HolidayPage key={holiday.id} holiday={holiday} />}
    </Loaded>
  );
}

function HolidayPage({ holiday, kind }: { holiday: Holiday | null; kind?: Holiday['kind'] }) {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const navigate = useNavigate();
  const saved = useSaved();
  const save = useSaveHoliday(holiday?.id ?? null);
  const schema = useMemo(() => holidayFormSchema(t), [t]);
  const form = useFormScaffold<HolidayFormValues>({
    resolver: zodResolver(schema),
    defaultValues: holidayToForm(holiday, kind),
    serverFields: ['icon', 'name', 'day', 'month', 'year', 'kind'],
  });
  const { control } = form;
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

  const submit = form.submitWith(async (v) => {
    const result = await save.mutateAsync(formToPayload(v));
    saved(t(holiday ? 'holidays.form.saved' : 'holidays.form.created', { name: result.name }), paths.adminHoliday);
  });

  return (
    <FormPage
      width={FORM_WIDTH}
      back={{ to: paths.adminHoliday, label: t('holidays.list.title') }}
      title={title}
      subtitle={t('holidays.form.subtitle')}
    >
      <FormShell
        form={form}
        onSubmit={submit}
        label={title}
        testId="holiday-form"
        submitLabel={holiday ? t('common.save') : t('holidays.form.create')}
        onCancel={() => void navigate(paths.adminHoliday)}
      >
        <SectionCard title={t('holidays.form.sections.holiday')}>
          <Stack spacing={2}>
            <Controller
              control={control}
              name="icon"
              render={({ field, fieldState }) => (
                <HolidayIconPicker
                  value={field.value}
                  onChange={field.onChange}
                  error={fieldState.error?.message}
                  inputRef={field.ref}
                />
              )}
            />
            <FormTextField
              control={control}
              name="name"
              label={t('holidays.fields.name')}
              required
              autoComplete="off"
              slotProps={{ htmlInput: { maxLength: HOLIDAY_NAME_MAX, 'data-testid': 'holiday-name' } }}
            />
            <FormSelectField
              control={control}
              name="kind"
              label={t('holidays.fields.kind')}
              options={HOLIDAY_KINDS.map((k) => ({ value: k, label: t(`holidays.kinds.${k}`) }))}
              hint={(value) => t(`holidays.kindHints.${value}`)}
              slotProps={{ htmlInput: { 'data-testid': 'holiday-kind' } }}
            />
          </Stack>
        </SectionCard>
        <SectionCard
          title={t('holidays.form.sections.date')}
          description={movable ? undefined : t('holidays.form.dateHint')}
        >
          {movable ? (
            <Typography variant="body2" data-testid="holiday-movable">
              {t('holidays.form.movableHint', { rule: t(`holidays.movable.${movable}`) })}
            </Typography>
          ) : (
            <Box
              sx={{
                display: 'grid',
                gap: 2,
                gridTemplateColumns: { xs: '1fr 2fr', sm: '1fr 2fr 1fr' },
                alignItems: 'start',
              }}
            >
              <FormSelectField
                control={control}
                name="day"
                required
                label={t('holidays.fields.day')}
                options={DAYS}
                slotProps={{ htmlInput: { 'data-testid': 'holiday-day' } }}
              />
              <FormSelectField
                control={control}
                name="month"
                required
                label={t('holidays.fields.month')}
                options={MONTHS.map((m) => ({
                  value: String(m),
                  label: dayjs(new Date(2024, m - 1, 1))
                    .locale(language)
                    .format('MMMM'),
                }))}
                slotProps={{ htmlInput: { 'data-testid': 'holiday-month' } }}
              />
              {!values.recurring && (
                <FormTextField
                  control={control}
                  name="year"
                  label={t('holidays.fields.year')}
                  required
                  autoComplete="off"
                  sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}
                  slotProps={{
                    htmlInput: { inputMode: 'numeric', maxLength: 4, dir: 'ltr', 'data-testid': 'holiday-year' },
                  }}
                />
              )}
              <Controller
                control={control}
                name="recurring"
                render={({ field }) => (
                  <Box sx={{ gridColumn: '1 / -1' }}>
                    <FormControlLabel
                      control={
                        <Switch
                          checked={field.value}
                          onChange={(e) => field.onChange(e.target.checked)}
                          slotProps={{ input: { ref: field.ref, 'data-testid': 'holiday-recurring' } as object }}
                        />
                      }
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
      </FormShell>
    </FormPage>
  );
}
