import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Autocomplete, Box, Button, Chip, CircularProgress, Stack, TextField, Typography } from '@mui/material';
import type { GroupDetail } from '@timbro/shared';
import { useSnackbar } from 'notistack';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { BackLink } from '../../components/back-link';
import { FormTextField } from '../../components/form/form-text-field';
import { PageHeader } from '../../components/page-header';
import { LoadFailure } from '../../components/load-failure';
import { PageLoader } from '../../components/page-loader';
import { SectionCard } from '../../components/section-card';
import { hasUnsavedChanges, useUnsavedChangesGuard } from '../../components/unsaved-changes-guard';
import { paths } from '../../config/paths';
import { applyServerErrors } from '../../lib/apply-server-errors';
import { errorMessage } from '../../lib/error-message';
import { useUserLookup, type UserLookupItem } from '../../lib/queries/user-lookup';
import { useCreateGroup, type GroupPayload } from './api/create-group';
import { useGroup } from './api/get-group';
import { useUpdateGroup } from './api/update-group';
import { GroupHistory } from './group-history';
import { GROUP_NAME_MAX, groupFormSchema, type GroupFormValues } from './schemas';
import { useCan } from '../../lib/auth/use-can';

const FORM_WIDTH = 760;

/** /admin/group/new. */
export function GroupNewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const create = useCreateGroup();
  return (
    <Box sx={{ maxWidth: FORM_WIDTH }}>
      <BackLink to={paths.adminGroup} label={t('groups.list.title')} />
      <PageHeader title={t('groups.form.newTitle')} subtitle={t('groups.form.subtitle')} />
      <GroupForm
        submitLabel={t('groups.form.create')}
        onCancel={() => void navigate(paths.adminGroup)}
        onSubmit={async (body) => {
          const group = await create.mutateAsync(body);
          enqueueSnackbar(t('groups.form.created', { name: group.name }), { variant: 'success' });
          void navigate(paths.adminGroup);
        }}
      />
    </Box>
  );
}

/** /admin/group/:id/edit, with the group's change history for whoever may read the audit trail. */
export function GroupEditPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const canReadHistory = useCan('audit:read');
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const query = useGroup(id);
  const update = useUpdateGroup(id);
  if (query.isPending) return <PageLoader />;
  if (query.isError) return <LoadFailure error={query.error} onRetry={() => void query.refetch()} back={{ to: paths.adminGroup, label: t('groups.list.title') }} maxWidth={FORM_WIDTH} />;
  return (
    <Box sx={{ maxWidth: FORM_WIDTH }}>
      <BackLink to={paths.adminGroup} label={t('groups.list.title')} />
      <PageHeader title={t('groups.form.editTitle', { name: query.data.name })} subtitle={t('groups.form.subtitle')} />
      <GroupForm
        key={query.data.id}
        group={query.data}
        submitLabel={t('common.save')}
        onCancel={() => void navigate(paths.adminGroup)}
        onSubmit={async (body) => {
          const group = await update.mutateAsync(body);
          enqueueSnackbar(t('groups.form.saved', { name: group.name }), { variant: 'success' });
          void navigate(paths.adminGroup);
        }}
      />
      {canReadHistory && (
        <Box sx={{ mt: 3 }}>
          <SectionCard title={t('groups.history.title')} testId="group-history-section">
            <GroupHistory groupId={query.data.id} />
          </SectionCard>
        </Box>
      )}
    </Box>
  );
}

function GroupForm({ group, submitLabel, onSubmit, onCancel }: { group?: GroupDetail; submitLabel: string; onSubmit(body: GroupPayload): Promise<void>; onCancel(): void }) {
  const { t } = useTranslation();
  const schema = useMemo(() => groupFormSchema(t), [t]);
  const people = useUserLookup(true);
  const { control, handleSubmit, setError, formState } = useForm<GroupFormValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      name: group?.name ?? '',
      members: (group?.members ?? []).map((m) => ({ id: m.id, name: `${m.firstName} ${m.lastName}`, enabled: true })),
    },
  });
  const leaveGuard = useUnsavedChangesGuard(hasUnsavedChanges(formState));
  const [failure, setFailure] = useState<string | null>(null);
  const options = useMemo(() => [...(people.data ?? [])].sort((a, b) => a.name.localeCompare(b.name)), [people.data]);

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await onSubmit({ name: values.name.trim(), members: values.members.map((m) => m.id) });
    } catch (err) {
      if (!applyServerErrors(err, setError, ['name', 'members'])) setFailure(errorMessage(err, t('errors.generic')));
    }
  });

  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate aria-label={submitLabel} data-testid="group-form">
      {failure && (
        <Alert severity="error" role="alert">
          {failure}
        </Alert>
      )}
      <SectionCard title={t('groups.form.sections.group')}>
        <FormTextField control={control} name="name" label={t('groups.fields.name')} required autoComplete="off" helperText={t('groups.form.nameHint')} slotProps={{ htmlInput: { maxLength: GROUP_NAME_MAX, 'data-testid': 'group-name' } }} />
      </SectionCard>
      <SectionCard title={t('groups.form.sections.members')} description={t('groups.form.membersHint')}>
        <Controller
          control={control}
          name="members"
          render={({ field, fieldState }) => {
            // The lookup has the current enabled flag; the group's own list is the fallback while it loads.
            const value = field.value.map((m) => options.find((o) => o.id === m.id) ?? m);
            return (
              <Stack spacing={1}>
                <Autocomplete<UserLookupItem, true>
                  multiple
                  options={options}
                  value={value}
                  onChange={(_e, v) => field.onChange(v)}
                  isOptionEqualToValue={(a, b) => a.id === b.id}
                  getOptionLabel={(o) => o.name}
                  filterOptions={(opts, state) => {
                    const q = state.inputValue.trim().toLowerCase();
                    return q ? opts.filter((o) => o.name.toLowerCase().includes(q)) : opts;
                  }}
                  filterSelectedOptions
                  disableCloseOnSelect
                  loading={people.isLoading}
                  loadingText={t('common.loading')}
                  noOptionsText={t('groups.form.noPeople')}
                  renderOption={({ key, ...props }, o) => (
                    <Box component="li" key={key} {...props} sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start !important' }}>
                      <Typography variant="body2" sx={{ fontWeight: 500 }}>
                        {o.name}
                        {!o.enabled && (
                          <Typography component="span" variant="caption" color="text.secondary">
                            {' · '}
                            {t('users.status.disabled')}
                          </Typography>
                        )}
                      </Typography>
                    </Box>
                  )}
                  renderValue={(v, getItemProps) =>
                    v.map((o, index) => {
                      const { key, ...itemProps } = getItemProps({ index });
                      return <Chip key={key} size="small" label={o.name} variant={o.enabled ? 'filled' : 'outlined'} {...itemProps} />;
                    })
                  }
                  renderInput={(params) => (
                    <TextField
                      {...params}
                      inputRef={field.ref}
                      label={t('groups.fields.members')}
                      placeholder={t('groups.form.membersPlaceholder')}
                      error={!!fieldState.error}
                      helperText={fieldState.error?.message ?? t('groups.form.selected', { n: field.value.length })}
                      slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'group-members' } }}
                    />
                  )}
                />
              </Stack>
            );
          }}
        />
      </SectionCard>
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
        <Button onClick={onCancel} disabled={formState.isSubmitting}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={formState.isSubmitting} startIcon={formState.isSubmitting ? <CircularProgress size={16} color="inherit" /> : undefined} data-testid="group-form-submit">
          {submitLabel}
        </Button>
      </Box>
      {leaveGuard.dialog}
    </Stack>
  );
}
