import { Autocomplete, TextField } from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { UserLookupItem } from '../../lib/queries/user-lookup';

interface Props<T extends FieldValues> {
  control: Control<T>;
  /** The field holding the chosen people's UserInfo ids. */
  name: FieldPath<T>;
  /** The workspace's people to pick from (lib/queries/user-lookup). */
  people: Pick<UseQueryResult<UserLookupItem[]>, 'data' | 'isLoading'>;
  /** People shown by name even where the lookup leaves them out or has not arrived (already chosen, prefilled). */
  known?: { id: string; name: string }[];
  label: string;
  /** Under the field while it has no error. */
  hint: string;
  noOptionsText: string;
  testId: string;
}

/** One or more people of the workspace, picked by name, bound to react-hook-form as a list of ids. */
export function FormPeopleField<T extends FieldValues>({
  control,
  name,
  people,
  known = [],
  label,
  hint,
  noOptionsText,
  testId,
}: Props<T>) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const options = people.data ?? [];
        const byId = new Map([
          ...known.map((e) => [e.id, { id: e.id, name: e.name, enabled: true }] as const),
          ...options.map((o) => [o.id, o] as const),
        ]);
        const selected = (field.value as string[]).map((id) => byId.get(id)).filter((o): o is UserLookupItem => !!o);
        return (
          <Autocomplete<UserLookupItem, true>
            multiple
            options={options}
            value={selected}
            onChange={(_e, v) => field.onChange(v.map((o) => o.id))}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            getOptionLabel={(o) => o.name}
            filterSelectedOptions
            loading={people.isLoading}
            loadingText={t('common.loading')}
            noOptionsText={noOptionsText}
            renderInput={(params) => (
              <TextField
                {...params}
                required
                inputRef={field.ref}
                label={label}
                error={!!fieldState.error}
                helperText={fieldState.error?.message ?? hint}
                slotProps={{
                  ...params.slotProps,
                  htmlInput: { ...params.slotProps.htmlInput, 'data-testid': testId },
                }}
              />
            )}
          />
        );
      }}
    />
  );
}
