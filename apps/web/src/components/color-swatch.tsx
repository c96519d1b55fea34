import { Box } from '@mui/material';

/**
 * The colour picker at the start of a "#RRGGBB" field (its adornment): the browser's swatch, picking an upper-case
 * hex colour; out of the tab order, the field itself being the way to type one.
 */
export function ColorSwatch({
  value,
  onPick,
  label,
  disabled,
}: {
  /** "#rrggbb", as the browser's colour input takes it. */
  value: string;
  onPick(color: string): void;
  label: string;
  disabled?: boolean;
}) {
  return (
    <Box
      component="input"
      type="color"
      value={value}
      disabled={disabled}
      onChange={(e: React.ChangeEvent<HTMLInputElement>) => onPick(e.target.value.toUpperCase())}
      aria-label={label}
      tabIndex={-1}
      sx={{
        width: 24,
        height: 24,
        p: 0,
        marginInlineEnd: 1,
        border: 0,
        bgcolor: 'transparent',
        cursor: 'pointer',
        flexShrink: 0,
      }}
    />
  );
}
