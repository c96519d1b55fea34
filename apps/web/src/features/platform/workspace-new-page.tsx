import { zodResolver } from '@hookform/resolvers/zod';
import { Box } from '@mui/material';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormPage, FormShell, useFormScaffold, useSaved } from '../../components/form/form-page';
import { FormTextField } from '../../components/form/form-text-field';
import { SectionCard } from '../../components/section-card';
import { paths } from '../../config/paths';
import { useCreatePlatformWorkspace } from './api/create-platform-workspace';
import {
  EMPTY_WORKSPACE,
  LIMITS,
  newWorkspaceSchema,
  SERVER_FIELDS,
  toPayload,
  type NewWorkspaceValues,
} from './schemas';
import { useRefreshOperatorWorkspaces } from './use-operator-workspaces';

const FORM_WIDTH = 760;
/** Two columns, one on phones. */
const grid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } } as const;

/** /operator/workspace/new: a company and its first admin, who is invited by e-mail. */
export function PlatformWorkspaceNewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const saved = useSaved();
  const create = useCreatePlatformWorkspace();
  const refreshWorkspaces = useRefreshOperatorWorkspaces();
  const schema = useMemo(() => newWorkspaceSchema(t), [t]);
  const form = useFormScaffold<NewWorkspaceValues>({
    resolver: zodResolver(schema),
    defaultValues: EMPTY_WORKSPACE,
    serverFields: SERVER_FIELDS,
  });
  const { control } = form;
  const submit = form.submitWith(async (values) => {
    const body = toPayload(values);
    const workspace = await create.mutateAsync(body);
    void refreshWorkspaces();
    saved(t('platform.form.created', { name: workspace.name, email: body.admin.email }), paths.operatorWorkspaces);
  });

  return (
    <FormPage
      width={FORM_WIDTH}
      back={{ to: paths.operatorWorkspaces, label: t('platform.list.title') }}
      title={t('platform.form.title')}
      subtitle={t('platform.form.subtitle')}
    >
      <FormShell
        form={form}
        onSubmit={submit}
        label={t('platform.form.title')}
        testId="platform-workspace-form"
        submitLabel={t('platform.form.create')}
        onCancel={() => void navigate(paths.operatorWorkspaces)}
      >
        <SectionCard title={t('platform.form.companySection')} description={t('platform.form.companyHint')}>
          <Box sx={grid}>
            <Box sx={{ gridColumn: { sm: '1 / -1' } }}>
              <FormTextField
                control={control}
                name="workspace_company.name"
                label={t('platform.fields.name')}
                required
                fullWidth
                autoComplete="off"
                slotProps={{ htmlInput: { maxLength: LIMITS.companyName, 'data-testid': 'company-name' } }}
              />
            </Box>
            <FormTextField
              control={control}
              name="workspace_company.email"
              type="email"
              label={t('platform.fields.email')}
              required
              autoComplete="off"
              slotProps={{ htmlInput: { maxLength: LIMITS.email, 'data-testid': 'company-email' } }}
            />
            <FormTextField
              control={control}
              name="workspace_company.vatNumber"
              label={t('platform.fields.vatNumber')}
              helperText={t('platform.fields.vatNumberHint')}
              autoComplete="off"
              transform={(v) => v.replace(/\s+/g, '')}
              slotProps={{
                htmlInput: {
                  maxLength: LIMITS.vatNumber,
                  inputMode: 'numeric',
                  dir: 'ltr',
                  'data-testid': 'company-vat-number',
                },
              }}
            />
          </Box>
        </SectionCard>
        <SectionCard title={t('platform.form.adminSection')} description={t('platform.form.adminHint')}>
          <Box sx={grid}>
            <FormTextField
              control={control}
              name="admin.firstName"
              label={t('platform.fields.firstName')}
              required
              autoComplete="off"
              slotProps={{ htmlInput: { maxLength: LIMITS.name, 'data-testid': 'admin-first-name' } }}
            />
            <FormTextField
              control={control}
              name="admin.lastName"
              label={t('platform.fields.lastName')}
              required
              autoComplete="off"
              slotProps={{ htmlInput: { maxLength: LIMITS.name, 'data-testid': 'admin-last-name' } }}
            />
            <FormTextField
              control={control}
              name="admin.email"
              type="email"
              label={t('platform.fields.adminEmail')}
              required
              autoComplete="off"
              slotProps={{ htmlInput: { maxLength: LIMITS.email, 'data-testid': 'admin-email' } }}
            />
            <FormTextField
              control={control}
              name="admin.fiscalCode"
              label={t('platform.fields.fiscalCode')}
              required
              autoComplete="off"
              transform={(v) => v.toUpperCase().replace(/\s+/g, '')}
              slotProps={{ htmlInput: { maxLength: 16, dir: 'ltr', 'data-testid': 'admin-fiscal-code' } }}
            />
          </Box>
        </SectionCard>
      </FormShell>
    </FormPage>
  );
}
