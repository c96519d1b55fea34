import { zodResolver } from '@hookform/resolvers/zod';
import { Autocomplete, Box, Chip, Stack, TextField, Typography } from '@mui/material';
import type { GroupDetail } from '@timbro/shared';
import { useMemo } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { FormTextField } from '../../components/form/form-text-field';
import { SectionCard } from '../../components/section-card';
import { paths } from '../../config/paths';
import { useUserLookup, type UserLookupItem } from '../../lib/queries/user-lookup';
import { useCreateGroup, type GroupPayload } from './api/create-group';
import { useGroup } from './api/get-group';
import { useUpdateGroup } from './api/update-group';
import { GroupHistory } from './group-history';
import { GROUP_NAME_MAX, groupFormSchema, type GroupFormValues } from './schemas';
import { useCan } from '../../lib/auth/use-can';
import { FormPage, FormShell, Loaded, useFormScaffold, useSaved } from '../../components/form/form-page';

const FORM_WIDTH = 760;

/** /admin/group/new. */
export function GroupNewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const saved = useSaved();
  const create = useCreateGroup();
  return (
    <FormPage
      width={FORM_WIDTH}
      back={{ to: paths.adminGroup, label: t('groups.list.title') }}
      title={t('groups.form.newTitle')}
      subtitle={t('groups.form.subtitle')}
    >
      <GroupForm
        submitLabel={t('groups.form.create')}
        onCancel={() => void navigate(paths.adminGroup)}
        onSubmit={async (body) => {
          const group = await create.mutateAsync(body);
          saved(t('groups.form.created', { name: group.name }), paths.adminGroup);
        }}
      />
    </FormPage>
  );
}

/** /admin/group/:id/edit, with the group's change history for whoever may read the audit trail. */
export function GroupEditPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const canReadHistory = useCan('audit:read');
  const navigate = useNavigate();
  const saved = useSaved();
  const query = useGroup(id);
  const update = useUpdateGroup(id);
  const back = { to: paths.adminGroup, label: t('groups.list.title') };
  return (
    <Loaded queries={[query]} back={back} width={FORM_WIDTH}>
      {([group]) => (
        <FormPage
          width={FORM_WIDTH}
          back={back}
          title={t('groups.form.editTitle', { name: group.name })}
          subtitle={t('groups.form.subtitle')}
        >
          <GroupForm
            key={group.id}
            group={group}
            submitLabel={t('common.save')}
            onCancel={() => void navigate(paths.adminGroup)}
            onSubmit={async (body) => {
              const saving = await update.mutateAsync(body);
              saved(t('groups.form.saved', { name: saving.name }), paths.adminGroup);
            }}
          />
          {canReadHistory && (
            <Box sx={{ mt: 3 }}>
              <SectionCard title={t('groups.history.title')} testId="group-history-section">
                <GroupHistory groupId={group.id} />
              </SectionCard>
            </Box>
          )}
        </FormPage>
      )}
    </Loaded>
  );
}

function GroupForm({
  group,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  group?: GroupDetail;
  submitLabel: string;
  onSubmit(body: GroupPayload): Promise<void>;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const schema = useMemo(() => groupFormSchema(t), [t]);
  const people = useUserLookup(true);
  const form = useFormScaffold<GroupFormValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      name: group?.name ?? '',
      members: (group?.members ?? []).map((m) => ({ id: m.id, name: `${m.firstName} ${m.lastName}`, enabled: true })),
    },
    serverFields: ['name', 'members'],
  });
  const { control } = form;
  const options = useMemo(() => [...(people.data ?? [])].sort((a, b) => a.name.localeCompare(b.name)), [people.data]);
  const submit = form.submitWith((values) =>
    onSubmit({ name: values.name.trim(), members: values.members.map((m) => m.id) }),
  );

  return (
    <FormShell
      form={form}
      onSubmit={submit}
      label={submitLabel}
      testId="group-form"
      submitLabel={submitLabel}
      onCancel={onCancel}
    >
      <SectionCard title={t('groups.form.sections.group')}>
        <FormTextField
          control={control}
          name="name"
          label={t('groups.fields.name')}
          required
          autoComplete="off"
          helperText={t('groups.form.nameHint')}
          slotProps={{ htmlInput: { maxLength: GROUP_NAME_MAX, 'data-testid': 'group-name' } }}
        />
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
                    <Box
                      component="li"
                      key={key}
                      {...props}
                      sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start !important' }}
                    >
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
                      return (
                        <Chip
                          key={key}
                          size="small"
                          label={o.name}
                          variant={o.enabled ? 'filled' : 'outlined'}
                          {...itemProps}
                        />
                      );
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
                      slotProps={{
                        ...params.slotProps,
                        htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'group-members' },
                      }}
                    />
                  )}
                />
              </Stack>
            );
          }}
        />
      </SectionCard>
    </FormShell>
  );
}
