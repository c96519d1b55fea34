import ClearAll from '@mui/icons-material/ClearAll';
import { Button, MenuItem, Paper, TextField, type SxProps, type Theme } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * The filters above a list: an outlined panel, a search landmark. In its own module, apart from the list grids: the
 * screens without a data grid (the timesheet, the calendars, the planning) do not load MUI's DataGrid for it.
 */
export function FilterBar({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} role="search" aria-label={label}>
      {children}
    </Paper>
  );
}

/** The filter bar's last button: back to the whole list (disabled while nothing is filtered). */
export function ClearFiltersButton({
  onClick,
  disabled,
  label,
  sx,
}: {
  onClick(): void;
  disabled: boolean;
  label: string;
  sx?: SxProps<Theme>;
}) {
  return (
    <Button
      onClick={onClick}
      disabled={disabled}
      startIcon={<ClearAll />}
      sx={[{ justifySelf: 'start', whiteSpace: 'nowrap' }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {label}
    </Button>
  );
}

/**
 * One filter of the bar: a small select whose first choice, "all", is the empty value (shown as such in the field when
 * `showAll`), then the options; `children` adds more items after them.
 */
export function FilterSelect({
  label,
  value,
  onChange,
  all,
  showAll = false,
  options,
  helperText,
  testId,
  children,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  /** The empty value's text ("Tutti"). */
  all: string;
  showAll?: boolean;
  options: readonly { value: string; label: string }[];
  helperText?: string;
  testId: string;
  children?: ReactNode;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      helperText={helperText}
      slotProps={showAll ? { select: { displayEmpty: true }, inputLabel: { shrink: true } } : undefined}
      data-testid={testId}
    >
      <MenuItem value="">{all}</MenuItem>
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
      {children}
    </TextField>
  );
}
