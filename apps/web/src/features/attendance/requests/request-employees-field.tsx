import { Autocomplete, TextField } from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { UserLookupItem } from '../../../lib/queries/user-lookup';
import type { RequestFormValues } from './request-form';

/**
 * Admin, new request: the employees it is filed for (several at once), picked from the workspace's people; those
 * prefilled by the screen (the calendar's row) show by name before the lookup arrives.
 */
export function RequestEmployeesField({
  control,
  people,
  initialEmployees,
}: {
  control: Control<RequestFormValues>;
  people: Pick<UseQueryResult<UserLookupItem[]>, 'data' | 'isLoading'>;
  initialEmployees?: { id: string; name: string }[];
}) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name="userInfoIds"
      render={({ field, fieldState }) => {
        const options = people.data ?? [];
        const known = new Map([
          ...(initialEmployees ?? []).map((e) => [e.id, { id: e.id, name: e.name, enabled: true }] as const),
          ...options.map((o) => [o.id, o] as const),
        ]);
        const selected = field.value.map((id) => known.get(id)).filter((o): o is UserLookupItem => !!o);
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
            noOptionsText={t('requestDialog.noPeople')}
            renderInput={(params) => (
              <TextField
                {...params}
                required
                inputRef={field.ref}
                label={t('requestDialog.fields.employees')}
                error={!!fieldState.error}
                helperText={fieldState.error?.message ?? t('requestDialog.employeesHint')}
                slotProps={{
                  ...params.slotProps,
                  htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'request-employees' },
                }}
              />
            )}
          />
        );
      }}
    />
  );
}
