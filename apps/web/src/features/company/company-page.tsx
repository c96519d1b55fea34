import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useMemo, useState, type ReactNode } from 'react';
import { useWatch, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormPage, FormShell, Loaded, useFormScaffold } from '../../components/form/form-page';
import { FormTextField } from '../../components/form/form-text-field';
import { SectionCard } from '../../components/section-card';
import { paths } from '../../config/paths';
import { useAuth } from '../../lib/auth/auth-context';
import { useCan } from '../../lib/auth/use-can';
import { errorMessage, fieldErrors } from '../../lib/error-message';
import { readAsDataUrl, useWorkspaceLogoUrl, workspaceLogoQueryOptions } from '../../lib/queries/workspace-logo';
import { useWorkspace, type Workspace } from './api/get-workspace';
import { useUpdateWorkspace } from './api/update-workspace';
import { useUploadLogo } from './api/upload-logo';
import { LogoField } from './logo-field';
import { StorageCard } from './storage-card';
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

const FORM_WIDTH = 880;
const grid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } } as const;

/** The sections of the company details, in order, with their fields (the form and the read-only view share them). */
const SECTIONS: { key: 'company' | 'contacts' | 'address'; fields: TextField[] }[] = [
  { key: 'company', fields: ['name', 'vatNumber', 'fiscalCode'] },
  { key: 'contacts', fields: ['email', 'website', 'phoneNumber', 'mobileNumber'] },
  {
    key: 'address',
    fields: ['addressStreet', 'addressCity', 'addressPostCode', 'addressProvince', 'addressCountry', 'addressNote'],
  },
];
/** Fields with a hint under them. */
const HINTED: readonly TextField[] = [
  'vatNumber',
  'fiscalCode',
  'website',
  'phoneNumber',
  'mobileNumber',
  'addressProvince',
  'addressCountry',
];
/** Fields that read left to right in every language, and their keyboards. */
const LTR: Partial<Record<TextField, string>> = {
  email: 'email',
  website: 'url',
  phoneNumber: 'tel',
  mobileNumber: 'tel',
  vatNumber: 'numeric',
  fiscalCode: 'text',
  addressPostCode: 'numeric',
};
const AUTOCOMPLETE: Partial<Record<TextField, string>> = {
  name: 'organization',
  email: 'email',
  website: 'url',
  phoneNumber: 'tel',
  mobileNumber: 'tel',
  addressStreet: 'street-address',
  addressCity: 'address-level2',
  addressPostCode: 'postal-code',
  addressCountry: 'country',
};
const UPPER: readonly TextField[] = ['fiscalCode', 'addressProvince', 'addressCountry'];

/** A logo chosen in the form, waiting for the save: its form value is this marker until it is uploaded. */
const pendingId = (field: LogoFieldName) => `pending:${field}`;
const isPending = (v: string | null) => v !== null && v.startsWith('pending:');

/**
 * /admin/setting/workspace: the company details (spec section 3 "Workspace company"). Admins edit them, logos
 * included; whoever else may read the settings (the accountant) sees them read-only.
 */
export function CompanyDetailsPage() {
  const { t } = useTranslation();
  const query = useWorkspace();
  const canEdit = useCan('workspace:update');
  const back = { to: paths.adminSettings, label: t('workspaceSettings.company.back') };
  return (
    <FormPage
      width={FORM_WIDTH}
      back={back}
      title={t('workspaceSettings.company.title')}
      subtitle={t('workspaceSettings.company.subtitle')}
    >
      <Loaded queries={[query]} width={FORM_WIDTH}>
        {([workspace]) => (canEdit ? <CompanyForm workspace={workspace} /> : <CompanyView workspace={workspace} />)}
      </Loaded>
      <Box sx={{ mt: 2 }}>
        <StorageCard />
      </Box>
    </FormPage>
  );
}

function CompanyForm({ workspace }: { workspace: Workspace }) {
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
      <SectionCard
        title={t('workspaceSettings.company.sections.logos')}
        description={t('workspaceSettings.company.sections.logosHint')}
      >
        <Stack spacing={3}>
          {LOGO_FIELDS.map((name) => (
            <LogoField
              key={name}
              shape={name}
              label={t(`workspaceSettings.company.fields.${name}`)}
              hint={t(`workspaceSettings.company.hints.${name}`)}
              present={logos[name] !== null}
              pending={isPending(logos[name])}
              preview={isPending(logos[name]) ? (picked[name]?.preview ?? null) : stored[name]}
              error={form.formState.errors[name]?.message}
              disabled={submitting}
              onPick={(file) => void pick(name, file)}
              onRefused={(message) => form.setError(name, { type: 'client', message })}
              onRemove={() => remove(name)}
              testId={`company-${name}`}
            />
          ))}
        </Stack>
      </SectionCard>
    </FormShell>
  );
}

/** The company details for those who may read the settings but not change them. */
function CompanyView({ workspace }: { workspace: Workspace }) {
  const { t } = useTranslation();
  const c = workspace.workspace_company;
  const logos = { logo: useWorkspaceLogoUrl(c.logo), squareLogo: useWorkspaceLogoUrl(c.squareLogo) };
  const value = (name: TextField): ReactNode => {
    const v = c[name];
    if (!v)
      return (
        <Typography component="span" color="text.secondary">
          {t('workspaceSettings.company.notSet')}
        </Typography>
      );
    return LTR[name] ? <bdi>{v}</bdi> : v;
  };
  return (
    <Stack spacing={2} data-testid="company-view">
      <Alert severity="info" data-testid="company-read-only">
        {t('workspaceSettings.company.readOnly')}
      </Alert>
      {SECTIONS.map((s) => (
        <SectionCard key={s.key} title={t(`workspaceSettings.company.sections.${s.key}`)}>
          <Box component="dl" sx={{ ...grid, m: 0 }}>
            {s.fields.map((name) => (
              <Box key={name} data-testid={`company-view-${name}`}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {t(`workspaceSettings.company.fields.${name}`)}
                </Typography>
                <Typography component="dd" sx={{ m: 0, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                  {value(name)}
                </Typography>
              </Box>
            ))}
          </Box>
        </SectionCard>
      ))}
      <SectionCard title={t('workspaceSettings.company.sections.logos')}>
        <Stack spacing={3}>
          {LOGO_FIELDS.map((name) => (
            <LogoField
              key={name}
              shape={name}
              label={t(`workspaceSettings.company.fields.${name}`)}
              hint={t(`workspaceSettings.company.hints.${name}`)}
              present={c[name] !== null}
              preview={logos[name]}
              testId={`company-${name}`}
            />
          ))}
        </Stack>
      </SectionCard>
    </Stack>
  );
}
