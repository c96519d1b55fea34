import { zodResolver } from '@hookform/resolvers/zod';
import type { TemplateDay } from '@timbro/shared';
import { useMemo, useRef } from 'react';
import { Controller, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useFormScaffold } from '../../components/form/form-page';
import { SectionCard } from '../../components/section-card';
import { SlotGridEditor, type SlotRowErrors } from '../../components/time-slots/slot-grid-editor';
import { rowsToSlots, serverSlotErrors, slotToRow, type SlotRow } from '../../components/time-slots/slot-rows';
import { applyServerErrors } from '../../lib/apply-server-errors';
import { errorMessage, fieldErrors } from '../../lib/error-message';
import { useTemplateDay } from '../../lib/queries/template-days';
import { useSaveTemplateDay } from './api/save-template';
import { templateDayFormSchema, type TemplateDayFormValues } from './schemas';
import { LoadedTemplate, TemplateFormPage, templateBaseDefaults, templateBasePayload } from './template-form';

/** /admin/setting/template-day/new. */
export function TemplateDayNewPage() {
  return <TemplateDayPage template={null} />;
}

/** /admin/setting/template-day/:id/edit. */
export function TemplateDayEditPage() {
  const { id = '' } = useParams();
  const query = useTemplateDay(id);
  return (
    <LoadedTemplate kind="day" query={query}>
      {(template) => <TemplateDayPage key={template.id} template={template} />}
    </LoadedTemplate>
  );
}

/** A daily template: name, description and the slots of the day in the same grid editor as contracts. */
function TemplateDayPage({ template }: { template: TemplateDay | null }) {
  const { t } = useTranslation();
  const save = useSaveTemplateDay(template?.id ?? null);
  const schema = useMemo(() => templateDayFormSchema(t), [t]);
  // The rows as sent: the server's errors name them by index.
  const sent = useRef<SlotRow[]>([]);
  const form = useFormScaffold<TemplateDayFormValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      ...templateBaseDefaults(template),
      timeSlots: (template?.timeSlots ?? []).map((s) => slotToRow(s, 1)),
    },
    serverFields: ['name', 'description'],
    onServerError: (err, { setError }) => {
      const slots = serverSlotErrors(fieldErrors(err), 'timeSlots', sent.current);
      for (const e of slots.rows)
        setError(`timeSlots.${e.index}.${e.field}` as Path<TemplateDayFormValues>, {
          type: 'server',
          message: e.message,
        });
      const onFields = applyServerErrors(err, setError, ['name', 'description']);
      if (slots.list) setError('timeSlots', { type: 'server', message: slots.list });
      return onFields || slots.rows.length > 0 || slots.list ? null : errorMessage(err, t('errors.generic'));
    },
  });

  return (
    <TemplateFormPage
      kind="day"
      template={template}
      form={form}
      onSave={(values) => {
        sent.current = values.timeSlots as SlotRow[];
        return save.mutateAsync({
          ...templateBasePayload(values),
          timeSlots: rowsToSlots(sent.current).map(({ weekday: _weekday, ...s }) => s),
        });
      }}
    >
      <SectionCard title={t('templates.form.sections.slots')} description={t('templates.form.slotsHint')}>
        <Controller
          control={form.control}
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
    </TemplateFormPage>
  );
}
