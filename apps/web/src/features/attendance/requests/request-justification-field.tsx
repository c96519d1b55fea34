import { ListSubheader, MenuItem, TextField } from '@mui/material';
import type { Justification, JustificationRequest } from '@timbro/shared';
import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { RequestFormValues } from './request-form';

/** The absence types by their group, in the order given (those without a group under "Altri giustificativi"). */
function groupJustifications(list: Justification[]): [string, Justification[]][] {
  const map = new Map<string, Justification[]>();
  for (const j of list) map.set(j.groupName ?? '', [...(map.get(j.groupName ?? '') ?? []), j]);
  return [...map.entries()];
}

/**
 * The absence type, grouped, each with its unit; the chosen one's unit as the hint. A request being edited keeps its
 * type even when the lookup no longer offers it.
 */
export function RequestJustificationField({
  control,
  justifications,
  justification,
  request,
}: {
  control: Control<RequestFormValues>;
  /** The workspace's types (the lookup's data, while loading none). */
  justifications: Justification[] | undefined;
  /** The chosen type. */
  justification: Justification | undefined;
  request?: JustificationRequest | null;
}) {
  const { t } = useTranslation();
  const grouped = groupJustifications(justifications ?? []);
  return (
    <Controller
      control={control}
      name="justificationId"
      render={({ field: { ref, ...field }, fieldState }) => (
        <TextField
          select
          required
          label={t('requestDialog.fields.justification')}
          {...field}
          inputRef={ref}
          error={!!fieldState.error}
          helperText={
            fieldState.error?.message ?? (justification ? t(`requestDialog.unitHint.${justification.unit}`) : undefined)
          }
          slotProps={{
            htmlInput: { 'data-testid': 'request-justification' },
            select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 420 } } } } },
          }}
        >
          {grouped.flatMap(([group, items]) => [
            <ListSubheader key={`g-${group}`}>{group || t('requestDialog.otherTypes')}</ListSubheader>,
            ...items.map((j) => (
              <MenuItem key={j.id} value={j.id}>
                {j.name} ({t(`attendance.unitNames.${j.unit}`)})
              </MenuItem>
            )),
          ])}
          {request && !justifications?.some((j) => j.id === request.justification.id) && (
            <MenuItem value={request.justification.id}>{request.justification.name}</MenuItem>
          )}
        </TextField>
      )}
    />
  );
}
