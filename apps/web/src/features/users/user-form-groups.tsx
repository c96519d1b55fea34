import { Autocomplete, Chip, Link, TextField } from '@mui/material';
import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../config/paths';
import { useCan } from '../../lib/auth/use-can';
import { useGroupLookup } from '../../lib/queries/group-lookup';
import type { UserFormValues } from './schemas';

/** The person's groups, picked from the workspace's (with a way to create one when there is none yet). */
export function GroupsField({ control }: { control: Control<UserFormValues> }) {
  const { t } = useTranslation();
  const groups = useGroupLookup();
  const options = groups.data ?? [];
  const canCreateGroup = useCan('group:write');
  return (
    <Controller
      control={control}
      name="groups"
      render={({ field, fieldState }) => (
        <Autocomplete
          multiple
          options={options}
          value={field.value}
          onChange={(_e, value) => field.onChange(value.map((g) => ({ id: g.id, name: g.name })))}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          getOptionLabel={(g) => g.name}
          loading={groups.isLoading}
          loadingText={t('common.loading')}
          noOptionsText={
            options.length === 0 && canCreateGroup ? (
              <span>
                {t('users.form.noGroups')}{' '}
                <Link component={RouterLink} to={paths.adminGroupNew}>
                  {t('groups.actions.new')}
                </Link>
              </span>
            ) : (
              t('users.form.noGroupOptions')
            )
          }
          filterSelectedOptions
          renderValue={(value, getItemProps) =>
            value.map((g, index) => {
              const { key, ...itemProps } = getItemProps({ index });
              return <Chip key={key} size="small" label={g.name} {...itemProps} />;
            })
          }
          renderInput={(params) => (
            <TextField
              {...params}
              inputRef={field.ref}
              label={t('users.fields.groups')}
              placeholder={field.value.length === 0 ? t('users.form.groupsPlaceholder') : undefined}
              error={!!fieldState.error}
              helperText={fieldState.error?.message}
              slotProps={{
                ...params.slotProps,
                htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'field-groups' },
              }}
            />
          )}
        />
      )}
    />
  );
}
