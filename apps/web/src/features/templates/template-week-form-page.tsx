import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Divider, Link, Stack, Typography } from '@mui/material';
import type { TemplateDay, TemplateWeek } from '@timbro/shared';
import { Fragment, useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { useFormScaffold } from '../../components/form/form-page';
import { FormSelectField } from '../../components/form/form-select-field';
import { PageLoader } from '../../components/page-loader';
import { SectionCard } from '../../components/section-card';
import { describeSlot, formatMinutes, WEEKDAYS } from '../../components/time-slots/slot-rows';
import { paths } from '../../config/paths';
import { useTemplateDays } from '../../lib/queries/template-days';
import { useTemplateWeek } from '../../lib/queries/template-weeks';
import { useSaveTemplateWeek } from './api/save-template';
import { templateWeekFormSchema, type TemplateWeekFormValues } from './schemas';
import { LoadedTemplate, TemplateFormPage, templateBaseDefaults, templateBasePayload } from './template-form';

/** /admin/setting/template-week/new. */
export function TemplateWeekNewPage() {
  return <TemplateWeekPage template={null} />;
}

/** /admin/setting/template-week/:id/edit. */
export function TemplateWeekEditPage() {
  const { id = '' } = useParams();
  const query = useTemplateWeek(id);
  return (
    <LoadedTemplate kind="week" query={query}>
      {(template) => <TemplateWeekPage key={template.id} template={template} />}
    </LoadedTemplate>
  );
}

/** A weekly template: per weekday (Monday first) a daily template or a day off, and the weekly total, live. */
function TemplateWeekPage({ template }: { template: TemplateWeek | null }) {
  const { t } = useTranslation();
  const dayTemplates = useTemplateDays();
  const save = useSaveTemplateWeek(template?.id ?? null);
  const schema = useMemo(() => templateWeekFormSchema(t), [t]);
  const form = useFormScaffold<TemplateWeekFormValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      ...templateBaseDefaults(template),
      days: WEEKDAYS.map((w) => template?.days.find((d) => d.weekday === w)?.templateDayId ?? ''),
    },
    serverFields: ['name', 'description', 'days'],
  });
  const { control } = form;
  const days = useWatch({ control, name: 'days' });
  const byId = (id: string): TemplateDay | undefined => dayTemplates.data?.find((d) => d.id === id);
  const total = days.reduce((sum, id) => sum + (byId(id)?.minutes ?? 0), 0);
  const options = [
    { value: '', label: <em>{t('timeSlots.dayOff')}</em> },
    ...(dayTemplates.data ?? []).map((d) => ({
      value: d.id,
      label: t('templates.apply.optionWithHours', { name: d.name, hours: formatMinutes(d.minutes) }),
    })),
  ];

  return (
    <TemplateFormPage
      kind="week"
      template={template}
      form={form}
      onSave={(values) =>
        save.mutateAsync({
          ...templateBasePayload(values),
          days: values.days.flatMap((id, i) => (id ? [{ weekday: WEEKDAYS[i]!, templateDayId: id }] : [])),
        })
      }
    >
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
                  <FormSelectField
                    control={control}
                    name={`days.${i}`}
                    size="small"
                    // A daily template since removed shows as a day off.
                    value={chosen ? chosen.id : ''}
                    label={t(`timeSlots.weekdays.${weekday}`)}
                    options={options}
                    hint={() =>
                      chosen ? chosen.timeSlots.map((s) => describeSlot(s, t)).join(' · ') : t('timeSlots.dayOff')
                    }
                    slotProps={{ htmlInput: { 'data-testid': `week-day-${weekday}` } }}
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
    </TemplateFormPage>
  );
}
