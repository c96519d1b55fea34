import { Box, ToggleButton, ToggleButtonGroup, Typography, type SxProps, type Theme } from '@mui/material';
import { Controller, type Control, type FieldPath, type FieldValues, type PathValue } from 'react-hook-form';

/**
 * One choice among a few, as toggle buttons under their label (`<labelId>` names the group), bound to
 * react-hook-form. `onPick` runs before the value changes (e.g. to clear what the other choice left); a click on the
 * chosen button keeps it.
 */
export function FormToggleField<T extends FieldValues, V extends string & PathValue<T, FieldPath<T>>>({
  control,
  name,
  label,
  labelId,
  options,
  onPick,
  sx,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  labelId: string;
  options: readonly { value: V; label: string; testId: string }[];
  onPick?(value: V): void;
  sx?: SxProps<Theme>;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Box>
          <Typography variant="body2" color="text.secondary" id={labelId} sx={{ mb: 0.5 }}>
            {label}
          </Typography>
          <ToggleButtonGroup
            exclusive
            size="small"
            color="primary"
            value={field.value}
            onChange={(_e, v: V | null) => {
              if (!v) return;
              onPick?.(v);
              field.onChange(v);
            }}
            aria-labelledby={labelId}
            sx={sx}
          >
            {options.map((o) => (
              <ToggleButton key={o.value} value={o.value} data-testid={o.testId}>
                {o.label}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Box>
      )}
    />
  );
}
