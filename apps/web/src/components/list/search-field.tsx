import SearchIcon from '@mui/icons-material/Search';
import { InputAdornment, TextField, type SxProps, type Theme } from '@mui/material';

interface Props {
  label: string;
  placeholder?: string;
  /** The typed text (useServerList's `searchText`), sent on after a pause in typing. */
  value: string;
  onChange(text: string): void;
  testId: string;
  sx?: SxProps<Theme>;
}

/** A list's search box: small, with the magnifier. */
export function SearchField({ label, placeholder, value, onChange, testId, sx }: Props) {
  return (
    <TextField
      size="small"
      label={label}
      placeholder={placeholder}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      sx={sx}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
        htmlInput: { 'data-testid': testId },
      }}
    />
  );
}
