import { Autocomplete, TextField } from '@mui/material';
import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useUserLookup, type UserLookupItem } from '../../../lib/queries/user-lookup';
import type { ShiftFormValues } from './shift-form-schema';

/**
 * Who works the shift (one or many), picked from the workspace's people; those already on it (editing) or prefilled by
 * the planning's row show by name even when the lookup leaves them out.
 */
export function ShiftPeopleField({
  control,
  known = [],
}: {
  control: Control<ShiftFormValues>;
  known?: { id: string; name: string }[];
}) {
  const { t } = useTranslation();
  const people = useUserLookup(false);
  return (
    <Controller
      control={control}
      name="userInfoIds"
      render={({ field, fieldState }) => {
        const options = people.data ?? [];
        const byId = new Map([
          ...known.map((e) => [e.id, { id: e.id, name: e.name, enabled: true }] as const),
          ...options.map((o) => [o.id, o] as const),
        ]);
        const selected = field.value.map((id) => byId.get(id)).filter((o): o is UserLookupItem => !!o);
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
            noOptionsText={t('workShifts.form.noPeople')}
            renderInput={(params) => (
              <TextField
                {...params}
                required
                inputRef={field.ref}
                label={t('workShifts.fields.people')}
                error={!!fieldState.error}
                helperText={fieldState.error?.message ?? t('workShifts.form.peopleHint')}
                slotProps={{
                  ...params.slotProps,
                  htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'shift-people' },
                }}
              />
            )}
          />
        );
      }}
    />
  );
}
