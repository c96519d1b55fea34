import { Box, FormControlLabel, Switch, Typography, type SxProps, type Theme } from '@mui/material';
import { useId, type ReactNode } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

/**
 * An on/off field bound to react-hook-form: the switch and its label, and, with `hint`, the explanation under it
 * (the switch's description). The form focuses the switch when it is wrong.
 */
export function FormSwitchField<T extends FieldValues>({
  control,
  name,
  label,
  hint,
  testId,
  sx,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  label: ReactNode;
  hint?: ReactNode;
  testId?: string;
  /** The label's own place (without a hint). */
  sx?: SxProps<Theme>;
}) {
  const hintId = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        const labelled = (
          <FormControlLabel
            sx={sx}
            control={
              <Switch
                checked={field.value}
                onChange={(e) => field.onChange(e.target.checked)}
                slotProps={{
                  input: {
                    ref: field.ref,
                    'aria-describedby': hint ? hintId : undefined,
                    'data-testid': testId,
                  } as object,
                }}
              />
            }
            label={label}
          />
        );
        return hint ? (
          <Box>
            {labelled}
            <Typography id={hintId} variant="body2" color="text.secondary" sx={{ ml: 7 }}>
              {hint}
            </Typography>
          </Box>
        ) : (
          labelled
        );
      }}
    />
  );
}
