import { zodResolver } from '@hookform/resolvers/zod';
import { Box } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useMemo, useState } from 'react';
import { useWatch, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormShell, useFormScaffold } from '../../components/form/form-page';
import { FormTextField } from '../../components/form/form-text-field';
import { SectionCard } from '../../components/section-card';
import { useAuth } from '../../lib/auth/auth-context';
import { errorMessage, fieldErrors } from '../../lib/error-message';
import { readAsDataUrl, useWorkspaceLogoUrl, workspaceLogoQueryOptions } from '../../lib/queries/workspace-logo';
import type { Workspace } from './api/get-workspace';
import { useUpdateWorkspace } from './api/update-workspace';
import { useUploadLogo } from './api/upload-logo';
import { AUTOCOMPLETE, grid, HINTED, LogosCard, LTR, SECTIONS, UPPER } from './company-sections';
import {
  COMPANY_FIELDS,
  COMPANY_LIMITS,
  companyFormSchema,
  companyPayload,
  companyToForm,
  LOGO_FIELDS,
  type CompanyFormValues,
  type LogoFieldName,
  type TextField,
} from './schemas';

/** A logo chosen in the form, waiting for the save: its form value is this marker until it is uploaded. */
const pendingId = (field: LogoFieldName) => `pending:${field}`;
const isPending = (v: string | null) => v !== null && v.startsWith('pending:');

/** The company details for the admin: the text fields by section, then the logos (uploaded on save). */
export function CompanyForm({ workspace }: { workspace: Workspace }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const { reload } = useAuth();
  const queryClient = useQueryClient();
  const update = useUpdateWorkspace(workspace.id);
  const upload = useUploadLogo();
  const schema = useMemo(() => companyFormSchema(t), [t]);
  /** The files chosen and not yet uploaded, with their previews. */
  const [picked, setPicked] = useState<Partial<Record<LogoFieldName, { file: File; preview: string }>>>({});
  const form = useFormScaffold<CompanyFormValues>({
    resolver: zodResolver(schema),
    defaultValues: companyToForm(workspace),
    serverFields: COMPANY_FIELDS,
    // The server names the company's fields `workspace_company.<field>`: each error goes on its field.
    onServerError: (err, f) => {
      let applied = false;
      for (const [path, message] of Object.entries(fieldErrors(err))) {
        const name = path.replace(/^workspace_company\./, '');
        if (!(COMPANY_FIELDS as readonly string[]).includes(name)) continue;
        f.setError(name as FieldPath<CompanyFormValues>, { type: 'server', message }, { shouldFocus: !applied });
        applied = true;
      }
      return applied ? null : errorMessage(err, t('errors.generic'));
    },
  });
  const { control } = form;
  const logos = {
    logo: useWatch({ control, name: 'logo' }),
    squareLogo: useWatch({ control, name: 'squareLogo' }),
  };
  const stored = {
    logo: useWorkspaceLogoUrl(isPending(logos.logo) ? null : logos.logo),
    squareLogo: useWorkspaceLogoUrl(isPending(logos.squareLogo) ? null : logos.squareLogo),
  };

  const pick = async (field: LogoFieldName, file: File) => {
    const preview = await readAsDataUrl(file);
    setPicked((p) => ({ ...p, [field]: { file, preview } }));
    form.clearErrors(field);
    form.setValue(field, pendingId(field), { shouldDirty: true });
  };
  const remove = (field: LogoFieldName) => {
    setPicked((p) => ({ ...p, [field]: undefined }));
    form.clearErrors(field);
    form.setValue(field, null, { shouldDirty: true });
  };

  /** Uploads the chosen logos; their ids replace the markers. False when one was refused (shown on its field). */
  const uploadPicked = async (values: CompanyFormValues) => {
    for (const field of LOGO_FIELDS) {
      const chosen = picked[field];
      if (!chosen || !isPending(values[field])) continue;
      try {
        const file = await upload.mutateAsync(chosen.file);
        // The preview is the image: the header route would only serve it once saved.
        queryClient.setQueryData(workspaceLogoQueryOptions(file.id).queryKey, chosen.preview);
        values[field] = file.id;
        form.setValue(field, file.id, { shouldDirty: true });
        setPicked((p) => ({ ...p, [field]: undefined }));
      } catch (err) {
        form.setError(field, { type: 'server', message: errorMessage(err, t('upload.failed')) });
        return false;
      }
    }
    return true;
  };

  const submit = form.submitWith(async (input) => {
    const values = { ...input };
    if (!(await uploadPicked(values))) return;
    const saved = await update.mutateAsync(companyPayload(values));
    form.reset(companyToForm(saved));
    setPicked({});
    enqueueSnackbar(t('workspaceSettings.company.saved'), { variant: 'success' });
    // The header shows the company's name and square logo from the workspace list.
    void reload().catch(() => undefined);
  });

  const field = (name: TextField) => (
    <FormTextField
      key={name}
      control={control}
      name={name}
      label={t(`workspaceSettings.company.fields.${name}`)}
      required={name === 'name' || name === 'email'}
      type={name === 'email' ? 'email' : 'text'}
      helperText={HINTED.includes(name) ? t(`workspaceSettings.company.hints.${name}`) : undefined}
      autoComplete={AUTOCOMPLETE[name] ?? 'off'}
      multiline={name === 'addressNote'}
      minRows={name === 'addressNote' ? 2 : undefined}
      transform={UPPER.includes(name) ? (v) => v.toUpperCase() : undefined}
      sx={name === 'addressNote' ? { gridColumn: { sm: '1 / -1' } } : undefined}
      slotProps={{
        htmlInput: {
          maxLength: COMPANY_LIMITS[name],
          spellCheck: name === 'addressNote',
          ...(LTR[name] ? { dir: 'ltr', inputMode: LTR[name] } : {}),
          'data-testid': `company-${name}`,
        },
      }}
    />
  );
  const submitting = form.formState.isSubmitting;

  return (
    <FormShell
      form={form}
      onSubmit={submit}
      label={t('workspaceSettings.company.formLabel')}
      testId="company-form"
      failureTestId="company-form-error"
      submitLabel={t('workspaceSettings.company.save')}
      onCancel={() => {
        form.reset();
        setPicked({});
      }}
    >
      {SECTIONS.map((s) => (
        <SectionCard
          key={s.key}
          title={t(`workspaceSettings.company.sections.${s.key}`)}
          description={t(`workspaceSettings.company.sections.${s.key}Hint`)}
        >
          <Box sx={grid}>{s.fields.map(field)}</Box>
        </SectionCard>
      ))}
      <LogosCard
        description={t('workspaceSettings.company.sections.logosHint')}
        field={(name) => ({
          present: logos[name] !== null,
          pending: isPending(logos[name]),
          preview: isPending(logos[name]) ? (picked[name]?.preview ?? null) : stored[name],
          error: form.formState.errors[name]?.message,
          disabled: submitting,
          onPick: (file) => void pick(name, file),
          onRefused: (message) => form.setError(name, { type: 'client', message }),
          onRemove: () => remove(name),
        })}
      />
    </FormShell>
  );
}
