import { Box, FormControlLabel, FormHelperText, Radio, RadioGroup } from '@mui/material';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { DateLocalization } from '../../components/data/date-localization';
import { WALL_FORMAT, wallToDayjs } from './zone';

interface Props {
  /** Null: now; else "YYYY-MM-DD HH:mm" in the workspace's zone ('' when cleared, 'invalid' when partly typed). */
  value: string | null;
  onChange(value: string | null): void;
  onBlur?(): void;
  /** The workspace's wall clock now, for the default of "Programma" (tomorrow at 9). */
  now(): string;
  timeZone: string;
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
}

/** "Invio": now, or at a date and time of the workspace's zone (said beside it, whatever the device's zone). */
export function SendAtField({ value, onChange, onBlur, now, timeZone, error, inputRef }: Props) {
  const { t } = useTranslation();
  const scheduled = value !== null;
  const tomorrowAtNine = () => wallToDayjs(now()).add(1, 'day').hour(9).minute(0).format(WALL_FORMAT);
  const picked = value && value !== 'invalid' ? wallToDayjs(value) : null;
  return (
    <Box>
      <RadioGroup
        row
        aria-label={t('announcements.sendAt.label')}
        value={scheduled ? 'scheduled' : 'now'}
        onChange={(e) => onChange(e.target.value === 'now' ? null : tomorrowAtNine())}
      >
        <FormControlLabel
          value="now"
          control={<Radio slotProps={{ input: { 'data-testid': 'send-now' } as object }} />}
          label={t('announcements.sendAt.now')}
        />
        <FormControlLabel
          value="scheduled"
          control={<Radio slotProps={{ input: { 'data-testid': 'send-scheduled' } as object }} />}
          label={t('announcements.sendAt.scheduled')}
        />
      </RadioGroup>
      {scheduled && (
        <Box sx={{ mt: 1.5, maxWidth: 320 }} data-testid="send-at-picker">
          <DateLocalization>
            <DateTimePicker
              label={t('announcements.sendAt.when')}
              value={picked?.isValid() ? picked : null}
              onChange={(d) => onChange(d ? (d.isValid() ? d.format(WALL_FORMAT) : 'invalid') : '')}
              ampm={false}
              inputRef={inputRef}
              slotProps={{
                textField: {
                  fullWidth: true,
                  required: true,
                  onBlur,
                  error: !!error,
                },
              }}
            />
          </DateLocalization>
        </Box>
      )}
      <FormHelperText error={!!error} data-testid="send-at-help">
        {error ??
          (scheduled ? t('announcements.sendAt.zoneHint', { zone: timeZone }) : t('announcements.sendAt.nowHint'))}
      </FormHelperText>
    </Box>
  );
}
