import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, CircularProgress, Stack } from '@mui/material';
import type { TemplateDay } from '@timbro/shared';
import { useSnackbar } from 'notistack';
import { useMemo, useState } from 'react';
import { Controller, useForm, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { BackLink } from '../../components/back-link';
import { FormTextField } from '../../components/form/form-text-field';
import { PageHeader } from '../../components/page-header';
import { LoadFailure } from '../../components/load-failure';
import { PageLoader } from '../../components/page-loader';
import { SectionCard } from '../../components/section-card';
import { SlotGridEditor, type SlotRowErrors } from '../../components/time-slots/slot-grid-editor';
import { rowsToSlots, serverSlotErrors, slotToRow, type SlotRow } from '../../components/time-slots/slot-rows';
import { hasUnsavedChanges, useUnsavedChangesGuard } from '../../components/unsaved-changes-guard';
import { paths } from '../../config/paths';
import { applyServerErrors } from '../../lib/apply-server-errors';
import { errorMessage, fieldErrors } from '../../lib/error-message';
import { useTemplateDay } from '../../lib/queries/template-days';
import { useSaveTemplateDay } from './api/save-template';
import { TEMPLATE_LIMITS, templateDayFormSchema, type TemplateDayFormValues } from './schemas';

const FORM_WIDTH = 1100;

/** /admin/setting/template-day/new. */
export function TemplateDayNewPage() {
  return <TemplateDayPage template={null} />;
}

/** /admin/setting/template-day/:id/edit. */
export function TemplateDayEditPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const query = useTemplateDay(id);
  if (query.isPending) return <PageLoader />;
  if (query.isError)
    return (
      <LoadFailure
        error={query.error}
        onRetry={() => void query.refetch()}
        back={{ to: paths.adminTemplateDay, label: t('templates.day.list.title') }}
        maxWidth={FORM_WIDTH}
      />
    );
  return <TemplateDayPage key={query.data.id} template={query.data} />;
}

/** A daily template: name, description and the slots of the day in the same grid editor as contracts. */
function TemplateDayPage({ template }: { template: TemplateDay | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const save = useSaveTemplateDay(template?.id ?? null);
  const schema = useMemo(() => templateDayFormSchema(t), [t]);
  const { control, handleSubmit, setError, formState } = useForm<TemplateDayFormValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      name: template?.name ?? '',
      description: template?.description ?? '',
      timeSlots: (template?.timeSlots ?? []).map((s) => slotToRow(s, 1)),
    },
  });
  const leaveGuard = useUnsavedChangesGuard(hasUnsavedChanges(formState));
  const [failure, setFailure] = useState<string | null>(null);
  const title = template ? t('templates.form.editTitle', { name: template.name }) : t('templates.day.form.newTitle');

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    const rows = values.timeSlots as SlotRow[];
    try {
      const saved = await save.mutateAsync({
        name: values.name.trim(),
        description: values.description.trim() || null,
        timeSlots: rowsToSlots(rows).map(({ weekday: _weekday, ...s }) => s),
      });
      enqueueSnackbar(t(template ? 'templates.day.form.saved' : 'templates.day.form.created', { name: saved.name }), {
        variant: 'success',
      });
      void navigate(paths.adminTemplateDay);
    } catch (err) {
      const slots = serverSlotErrors(fieldErrors(err), 'timeSlots', rows);
      for (const e of slots.rows)
        setError(`timeSlots.${e.index}.${e.field}` as Path<TemplateDayFormValues>, {
          type: 'server',
          message: e.message,
        });
      const onFields = applyServerErrors(err, setError, ['name', 'description']);
      if (slots.list) setError('timeSlots', { type: 'server', message: slots.list });
      if (!onFields && slots.rows.length === 0 && !slots.list) setFailure(errorMessage(err, t('errors.generic')));
    }
  });

  return (
    <Box sx={{ maxWidth: FORM_WIDTH }}>
      <BackLink to={paths.adminTemplateDay} label={t('templates.day.list.title')} />
      <PageHeader title={title} subtitle={t('templates.day.form.subtitle')} />
      <Stack
        component="form"
        spacing={2}
        onSubmit={submit}
        noValidate
        aria-label={title}
        data-testid="template-day-form"
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
        <SectionCard title={t('templates.form.sections.slots')} description={t('templates.form.slotsHint')}>
          <Controller
            control={control}
            name="timeSlots"
            render={({ field, fieldState }) => (
              <SlotGridEditor
                mode="day"
                rows={field.value as SlotRow[]}
                onChange={field.onChange}
                errors={fieldState.error as SlotRowErrors}
                listError={fieldState.error?.message ?? fieldState.error?.root?.message}
                handleRef={field.ref}
              />
            )}
          />
        </SectionCard>
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
          <Button onClick={() => void navigate(paths.adminTemplateDay)} disabled={formState.isSubmitting}>
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
