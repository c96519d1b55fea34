import SearchOff from '@mui/icons-material/SearchOff';
import {
  Box,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  MenuItem,
  Paper,
  Radio,
  RadioGroup,
  TextField,
  Typography,
} from '@mui/material';
import type { SwapCandidates } from '@timbro/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GridMessage } from '../../../components/data/grid-overlay';
import { SearchField } from '../../../components/list/search-field';
import { personName, ShiftFigures, ShiftLabel, ShiftTime, useShiftTexts } from './swap-shift';

export type Candidate = SwapCandidates['items'][number];

interface Props {
  candidates: Candidate[];
  /** The chosen shift's id ('' for none). */
  value: string;
  onChange(shiftId: string): void;
  error?: string;
  inputRef?: React.Ref<HTMLInputElement>;
}

const normalize = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/**
 * The colleagues' shifts one can take instead of one's own: searchable by name, filtered by day, one to choose (a
 * radio per shift: the colleague, the day, the times, the label). The chosen one stays listed whatever the filters.
 */
export function SwapCandidatePicker({ candidates, value, onChange, error, inputRef }: Props) {
  const { t } = useTranslation();
  const texts = useShiftTexts();
  const labelId = useId();
  const errorId = useId();
  const [search, setSearch] = useState('');
  const [date, setDate] = useState('');
  const dates = [...new Set(candidates.map((c) => c.shift.date))].sort();
  const needle = normalize(search.trim());
  const shown = candidates.filter(
    (c) =>
      c.shift.id === value ||
      ((!date || c.shift.date === date) && (!needle || normalize(personName(c.person)).includes(needle))),
  );

  return (
    <FormControl component="fieldset" error={!!error} sx={{ width: '100%' }}>
      <FormLabel component="legend" id={labelId} sx={{ mb: 1 }}>
        {t('shiftSwaps.request.candidates')}
      </FormLabel>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' }, mb: 1.5 }}>
        <SearchField
          label={t('shiftSwaps.request.search')}
          placeholder={t('shiftSwaps.request.searchHint')}
          value={search}
          onChange={setSearch}
          testId="swap-candidates-search"
        />
        <TextField
          select
          size="small"
          label={t('shiftSwaps.request.date')}
          value={date}
          onChange={(e) => setDate(e.target.value)}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          data-testid="swap-candidates-date"
        >
          <MenuItem value="">{t('shiftSwaps.request.allDates')}</MenuItem>
          {dates.map((d) => (
            <MenuItem key={d} value={d} sx={{ textTransform: 'capitalize' }}>
              {texts.day(d)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {error && (
        <FormHelperText id={errorId} sx={{ mx: 0, mb: 1 }} role="alert">
          {error}
        </FormHelperText>
      )}
      {shown.length === 0 ? (
        <Paper variant="outlined" sx={{ py: 3 }} data-testid="swap-candidates-none-match">
          <GridMessage
            icon={<SearchOff />}
            title={t('shiftSwaps.request.noMatchTitle')}
            body={t('shiftSwaps.request.noMatchBody')}
          />
        </Paper>
      ) : (
        <RadioGroup
          aria-labelledby={labelId}
          aria-describedby={error ? errorId : undefined}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          data-testid="swap-candidates"
          sx={{ gap: 1 }}
        >
          {shown.map((c, i) => (
            <Paper
              key={c.shift.id}
              variant="outlined"
              sx={{ px: 1.5, py: 1, borderColor: c.shift.id === value ? 'primary.main' : undefined }}
              data-testid="swap-candidate"
            >
              <FormControlLabel
                value={c.shift.id}
                control={<Radio slotProps={{ input: { ref: i === 0 ? inputRef : undefined } as object }} />}
                sx={{ m: 0, width: '100%', alignItems: 'flex-start', '& .MuiRadio-root': { mt: -0.5 } }}
                label={
                  <Box sx={{ minWidth: 0 }}>
                    <Typography variant="subtitle2" component="span" sx={{ display: 'block' }}>
                      {personName(c.person)}
                    </Typography>
                    <Typography variant="body2" component="span" sx={{ textTransform: 'capitalize' }}>
                      {texts.day(c.shift.date)}
                    </Typography>
                    {' · '}
                    <ShiftTime shift={c.shift} />
                    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mt: 0.25 }}>
                      <ShiftFigures shift={c.shift} />
                      <ShiftLabel shift={c.shift} />
                    </Box>
                  </Box>
                }
              />
            </Paper>
          ))}
        </RadioGroup>
      )}
    </FormControl>
  );
}
