import { Box, FormControl, FormControlLabel, FormLabel, Radio, RadioGroup, Typography } from '@mui/material';
import { useId } from 'react';
import { Controller, type Control } from 'react-hook-form';
import type { JustificationFormValues } from './schemas';

/** One choice among a few (impact, unit) as radio buttons, each with its explanation where it has one. */
export function ChoiceField(props: {
  control: Control<JustificationFormValues>;
  name: 'impact' | 'unit';
  label: string;
  row?: boolean;
  options: { value: string; label: string; hint?: string }[];
}) {
  const labelId = useId();
  return (
    <Controller
      control={props.control}
      name={props.name}
      render={({ field }) => (
        <FormControl component="fieldset">
          <FormLabel component="legend" id={labelId}>
            {props.label}
          </FormLabel>
          <RadioGroup
            row={props.row}
            aria-labelledby={labelId}
            value={field.value}
            onChange={(e) => field.onChange(e.target.value)}
            name={field.name}
          >
            {props.options.map((o) => (
              <FormControlLabel
                key={o.value}
                value={o.value}
                sx={{ alignItems: o.hint ? 'flex-start' : 'center', mb: o.hint ? 1 : 0 }}
                control={
                  <Radio
                    sx={o.hint ? { mt: -0.75 } : undefined}
                    slotProps={{ input: { 'data-testid': `${props.name}-${o.value}` } as object }}
                  />
                }
                label={
                  o.hint ? (
                    <Box>
                      <Typography component="span" sx={{ fontWeight: 500 }}>
                        {o.label}
                      </Typography>
                      <Typography variant="body2" color="text.secondary">
                        {o.hint}
                      </Typography>
                    </Box>
                  ) : (
                    o.label
                  )
                }
              />
            ))}
          </RadioGroup>
        </FormControl>
      )}
    />
  );
}
