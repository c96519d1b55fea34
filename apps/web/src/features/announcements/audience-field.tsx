import { Autocomplete, Box, Chip, FormControlLabel, FormHelperText, Stack, Switch, TextField } from '@mui/material';
import { useMemo, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useGroupLookup } from '../../lib/queries/group-lookup';
import { useUserLookup } from '../../lib/queries/user-lookup';
import type { AudienceValue, NamedRef } from './schemas';

interface Props {
  value: AudienceValue;
  onChange(value: AudienceValue): void;
  error?: string;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

const byName = (a: NamedRef, b: NamedRef) => a.name.localeCompare(b.name);

/**
 * "Destinatari": everyone, or groups and people (both together; whoever is in a chosen group or chosen by name gets
 * it once). The server works out who they are when the announcement is sent, so people who join a group before then
 * receive it too.
 */
export function AudienceField({ value, onChange, error, disabled, inputRef }: Props) {
  const { t } = useTranslation();
  const groups = useGroupLookup();
  const people = useUserLookup(false);
  const groupOptions = useMemo(() => [...(groups.data ?? [])].sort(byName), [groups.data]);
  const peopleOptions = useMemo(
    () => (people.data ?? []).map((p) => ({ id: p.id, name: p.name })).sort(byName),
    [people.data],
  );
  // The lookups' names where they know the record (the stored one otherwise: a person disabled since).
  const shown = (chosen: NamedRef[], options: NamedRef[]) => chosen.map((c) => options.find((o) => o.id === c.id) ?? c);

  const picker = (
    key: 'groups' | 'people',
    options: NamedRef[],
    loading: boolean,
    label: string,
    placeholder: string,
    empty: string,
  ) => (
    <Autocomplete<NamedRef, true>
      multiple
      options={options}
      value={shown(value[key], options)}
      onChange={(_e, v) => onChange({ ...value, [key]: v })}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(o) => o.name}
      filterSelectedOptions
      disableCloseOnSelect
      disabled={disabled}
      loading={loading}
      loadingText={t('common.loading')}
      noOptionsText={empty}
      renderValue={(v, getItemProps) =>
        v.map((o, index) => {
          const { key: itemKey, ...itemProps } = getItemProps({ index });
          return <Chip key={itemKey} size="small" label={o.name} {...itemProps} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          placeholder={value[key].length === 0 ? placeholder : undefined}
          error={!!error}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': `audience-${key}` },
          }}
        />
      )}
    />
  );

  return (
    <Box>
      <FormControlLabel
        control={
          <Switch
            checked={value.everyone}
            onChange={(e) => onChange({ ...value, everyone: e.target.checked })}
            disabled={disabled}
            slotProps={{ input: { ref: inputRef, 'data-testid': 'audience-everyone' } as object }}
          />
        }
        label={t('announcements.audience.everyone')}
      />
      {!value.everyone && (
        <Stack spacing={2} sx={{ mt: 1.5 }}>
          {picker(
            'groups',
            groupOptions,
            groups.isLoading,
            t('announcements.audience.groups'),
            t('announcements.audience.groupsPlaceholder'),
            t('announcements.audience.noGroups'),
          )}
          {picker(
            'people',
            peopleOptions,
            people.isLoading,
            t('announcements.audience.people'),
            t('announcements.audience.peoplePlaceholder'),
            t('announcements.audience.noPeople'),
          )}
        </Stack>
      )}
      <FormHelperText error={!!error} data-testid="audience-help">
        {error ??
          (value.everyone
            ? t('announcements.audience.everyoneHint')
            : t('announcements.audience.hint', { groups: value.groups.length, people: value.people.length }))}
      </FormHelperText>
    </Box>
  );
}
