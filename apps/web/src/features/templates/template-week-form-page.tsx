import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Divider,
  Link,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import type { TemplateDay, TemplateWeek } from '@timbro/shared';
import { useSnackbar } from 'notistack';
import { Fragment, useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { BackLink } from '../../components/back-link';
import { FormTextField } from '../../components/form/form-text-field';
import { PageHeader } from '../../components/page-header';
import { LoadFailure } from '../../components/load-failure';
import { PageLoader } from '../../components/page-loader';
import { SectionCard } from '../../components/section-card';
import { describeSlot, formatMinutes, WEEKDAYS } from '../../components/time-slots/slot-rows';
import { hasUnsavedChanges, useUnsavedChangesGuard } from '../../components/unsaved-changes-guard';
import { paths } from '../../config/paths';
import { applyServerErrors } from '../../lib/apply-server-errors';
import { errorMessage } from '../../lib/error-message';
import { useTemplateDays } from '../../lib/queries/template-days';
import { useTemplateWeek } from '../../lib/queries/template-weeks';
import { useSaveTemplateWeek } from './api/save-template';
import { TEMPLATE_LIMITS, templateWeekFormSchema, type TemplateWeekFormValues } from './schemas';

const FORM_WIDTH = 900;

/** /admin/setting/template-week/new. */
export function TemplateWeekNewPage() {
  return <TemplateWeekPage template={null} />;
}

/** /admin/setting/template-week/:id/edit. */
export function TemplateWeekEditPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const query = useTemplateWeek(id);
  if (query.isPending) return <PageLoader />;
  if (query.isError)
    return (
      <LoadFailure
        error={query.error}
        onRetry={() => void query.refetch()}
        back={{ to: paths.adminTemplateWeek, label: t('templates.week.list.title') }}
        maxWidth={FORM_WIDTH}
      />
    );
  return <TemplateWeekPage key={query.data.id} template={query.data} />;
}

/** A weekly template: per weekday (Monday first) a daily template or a day off, and the weekly total, live. */
function TemplateWeekPage({ template }: { template: TemplateWeek | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const dayTemplates = useTemplateDays();
  const save = useSaveTemplateWeek(template?.id ?? null);
  const schema = useMemo(() => templateWeekFormSchema(t), [t]);
  const { control, handleSubmit, setError, formState } = useForm<TemplateWeekFormValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      name: template?.name ?? '',
      description: template?.description ?? '',
      days: WEEKDAYS.map((w) => template?.days.find((d) => d.weekday === w)?.templateDayId ?? ''),
    },
  });
  const leaveGuard = useUnsavedChangesGuard(hasUnsavedChanges(formState));
  const [failure, setFailure] = useState<string | null>(null);
  const days = useWatch({ control, name: 'days' });
  const byId = (id: string): TemplateDay | undefined => dayTemplates.data?.find((d) => d.id === id);
  const total = days.reduce((sum, id) => sum + (byId(id)?.minutes ?? 0), 0);
  const title = template ? t('templates.form.editTitle', { name: template.name }) : t('templates.week.form.newTitle');

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = await save.mutateAsync({
        name: values.name.trim(),
        description: values.description.trim() || null,
        days: values.days.flatMap((id, i) => (id ? [{ weekday: WEEKDAYS[i]!, templateDayId: id }] : [])),
      });
      enqueueSnackbar(t(template ? 'templates.week.form.saved' : 'templates.week.form.created', { name: saved.name }), {
        variant: 'success',
      });
      void navigate(paths.adminTemplateWeek);
    } catch (err) {
      if (!applyServerErrors(err, setError, ['name', 'description', 'days']))
        setFailure(errorMessage(err, t('errors.generic')));
    }
  });

  return (
    <Box sx={{ maxWidth: FORM_WIDTH }}>
      <BackLink to={paths.adminTemplateWeek} label={t('templates.week.list.title')} />
      <PageHeader title={title} subtitle={t('templates.week.form.subtitle')} />
      <Stack
        component="form"
        spacing={2}
        onSubmit={submit}
        noValidate
        aria-label={title}
        data-testid="template-week-form"
      >
        {failure && (
          <Alert severity="error" role="alert">
            {failure}
          </Alert>
        )}
        <SectionCard title={t('templates.form.sections.template')}>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 2fr' } }}>
            <FormTextField
              control={control}
              name="name"
              label={t('templates.fields.name')}
              required
              autoComplete="off"
              slotProps={{ htmlInput: { maxLength: TEMPLATE_LIMITS.name, 'data-testid': 'template-name' } }}
            />
            <FormTextField
              control={control}
              name="description"
              label={t('templates.fields.description')}
              autoComplete="off"
              slotProps={{ htmlInput: { maxLength: TEMPLATE_LIMITS.description } }}
            />
          </Box>
        </SectionCard>
        <SectionCard title={t('templates.week.form.daysTitle')} description={t('templates.week.form.daysHint')}>
          {dayTemplates.data?.length === 0 && (
            <Alert severity="info" sx={{ mb: 2 }}>
              {t('templates.week.form.noDayTemplates')}{' '}
              <Link component={RouterLink} to={paths.adminTemplateDayNew}>
                {t('templates.day.actions.new')}
              </Link>
            </Alert>
          )}
          <Stack
            direction="row"
            spacing={1}
            sx={{ alignItems: 'baseline', mb: 1.5 }}
            aria-live="polite"
            data-testid="week-total"
          >
            <Typography component="span" sx={{ fontWeight: 500 }}>
              {t('timeSlots.weeklyTotal')}
            </Typography>
            <Typography component="span" variant="h6">
              {t('timeSlots.hours', { time: formatMinutes(total) })}
            </Typography>
          </Stack>
          {dayTemplates.isPending && <PageLoader />}
          <Box
            sx={{
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              display: dayTemplates.isPending ? 'none' : 'block',
            }}
          >
            {WEEKDAYS.map((weekday, i) => {
              const chosen = byId(days[i] ?? '');
              return (
                <Fragment key={weekday}>
                  {i > 0 && <Divider />}
                  <Box
                    sx={{
                      display: 'grid',
                      gap: 2,
                      gridTemplateColumns: 'minmax(0, 1fr) 90px',
                      alignItems: 'start',
                      p: 1.5,
                      pt: 2,
                    }}
                  >
                    <Controller
                      control={control}
                      name={`days.${i}`}
                      render={({ field: { ref, ...field } }) => (
                        <TextField
                          select
                          size="small"
                          {...field}
                          inputRef={ref}
                          value={chosen || field.value === '' ? field.value : ''}
                          label={t(`timeSlots.weekdays.${weekday}`)}
                          helperText={
                            chosen ? chosen.timeSlots.map((s) => describeSlot(s, t)).join(' · ') : t('timeSlots.dayOff')
                          }
                          slotProps={{ htmlInput: { 'data-testid': `week-day-${weekday}` } }}
                        >
                          <MenuItem value="">
                            <em>{t('timeSlots.dayOff')}</em>
                          </MenuItem>
                          {(dayTemplates.data ?? []).map((d) => (
                            <MenuItem key={d.id} value={d.id}>
                              {t('templates.apply.optionWithHours', { name: d.name, hours: formatMinutes(d.minutes) })}
                            </MenuItem>
                          ))}
                        </TextField>
                      )}
                    />
                    <Typography
                      variant="body2"
                      color="text.secondary"
                      sx={{ textAlign: 'end', pt: 1 }}
                      data-testid={`week-day-hours-${weekday}`}
                    >
                      {t('timeSlots.hours', { time: formatMinutes(chosen?.minutes ?? 0) })}
                    </Typography>
                  </Box>
                </Fragment>
              );
            })}
          </Box>
        </SectionCard>
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
          <Button onClick={() => void navigate(paths.adminTemplateWeek)} disabled={formState.isSubmitting}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={formState.isSubmitting}
            startIcon={formState.isSubmitting ? <CircularProgress size={16} color="inherit" /> : undefined}
            data-testid="template-form-submit"
          >
            {template ? t('common.save') : t('templates.form.create')}
          </Button>
        </Box>
      </Stack>
      {leaveGuard.dialog}
    </Box>
  );
}
