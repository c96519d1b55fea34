import { Box } from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormPage, FormShell, Loaded, useSaved, type FormScaffold } from '../../components/form/form-page';
import { FormTextField } from '../../components/form/form-text-field';
import { SectionCard } from '../../components/section-card';
import { paths } from '../../config/paths';
import { TEMPLATE_LIMITS } from './schemas';

export type TemplateKind = 'day' | 'week';

const LIST_PATH = { day: paths.adminTemplateDay, week: paths.adminTemplateWeek } as const;
const FORM_WIDTH = { day: 1100, week: 900 } as const;

/** What both kinds of template hold besides their days or slots. */
interface TemplateBase {
  name: string;
  description: string;
}

/** The name and description as the form starts with them. */
export const templateBaseDefaults = (template: { name: string; description: string | null } | null) => ({
  name: template?.name ?? '',
  description: template?.description ?? '',
});

/** The name and description as the API takes them. */
export const templateBasePayload = (values: TemplateBase) => ({
  name: values.name.trim(),
  description: values.description.trim() || null,
});

/** /admin/setting/template-{day,week}/:id/edit: the template to edit, or the failure with the way back to its list. */
export function LoadedTemplate<D>({
  kind,
  query,
  children,
}: {
  kind: TemplateKind;
  query: UseQueryResult<D>;
  children(template: D): ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Loaded
      queries={[query]}
      back={{ to: LIST_PATH[kind], label: t(`templates.${kind}.list.title`) }}
      width={FORM_WIDTH[kind]}
    >
      {([template]) => children(template)}
    </Loaded>
  );
}

interface Props<T extends TemplateBase> {
  kind: TemplateKind;
  /** The template being edited, or null for a new one. */
  template: { name: string } | null;
  form: FormScaffold<T>;
  /** Sends the values; resolves with the saved template. */
  onSave(values: T): Promise<{ name: string }>;
  /** The kind's own section (the day's slots, the week's days). */
  children: ReactNode;
}

/**
 * A daily or weekly template's page: the way back to its list, the title, the name and description, the kind's own
 * section, Annulla and the submit button; after a save the snackbar and back to the list.
 */
export function TemplateFormPage<T extends TemplateBase>({ kind, template, form, onSave, children }: Props<T>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const saved = useSaved();
  const listPath = LIST_PATH[kind];
  const title = template
    ? t('templates.form.editTitle', { name: template.name })
    : t(`templates.${kind}.form.newTitle`);
  const submit = form.submitWith(async (values) => {
    const result = await onSave(values);
    saved(
      t(template ? `templates.${kind}.form.saved` : `templates.${kind}.form.created`, { name: result.name }),
      listPath,
    );
  });
  // Every template has a name and a description: the fields are the same whatever else the form holds.
  const control = form.control as unknown as Control<TemplateBase>;

  return (
    <FormPage
      width={FORM_WIDTH[kind]}
      back={{ to: listPath, label: t(`templates.${kind}.list.title`) }}
      title={title}
      subtitle={t(`templates.${kind}.form.subtitle`)}
    >
      <FormShell
        form={form}
        onSubmit={submit}
        label={title}
        testId={`template-${kind}-form`}
        submitTestId="template-form-submit"
        submitLabel={template ? t('common.save') : t('templates.form.create')}
        onCancel={() => void navigate(listPath)}
      >
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
        {children}
      </FormShell>
    </FormPage>
  );
}
