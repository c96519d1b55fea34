import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { Box, Button, IconButton, ToggleButton, ToggleButtonGroup, Tooltip, Typography } from '@mui/material';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { catalogFor } from '../../../i18n/languages';
import { moveRange, rangeOf, type DayRange, type RangeView } from './my-range';

/** The range's title: "23 – 29 nov 2026" for a week, "novembre 2026" for a month. */
export function rangeLabel(range: DayRange, language: string): string {
  const from = dayjs(range.from).locale(language);
  const to = dayjs(range.to).locale(language);
  if (range.view === 'month') return from.format('MMMM YYYY');
  return `${from.format(from.month() === to.month() ? 'D' : 'D MMM')} – ${to.format('D MMM YYYY')}`;
}

/** ‹ 23 – 29 nov 2026 › Oggi · Settimana | Mese — the arrows follow the reading direction (mirrored in Arabic). */
export function MyRangeNav({
  range,
  today,
  onChange,
}: {
  range: DayRange;
  today: string;
  onChange(range: DayRange): void;
}) {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const current = rangeOf(range.view, today);
  const flip = { transform: (theme: { direction: string }) => (theme.direction === 'rtl' ? 'scaleX(-1)' : undefined) };
  const previous = t(range.view === 'week' ? 'shiftSwaps.range.previousWeek' : 'shiftSwaps.range.previousMonth');
  const next = t(range.view === 'week' ? 'shiftSwaps.range.nextWeek' : 'shiftSwaps.range.nextMonth');
  return (
    <Box
      sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}
      role="group"
      aria-label={t('shiftSwaps.range.label')}
      data-testid="my-shifts-range"
    >
      <Tooltip title={previous}>
        <IconButton onClick={() => onChange(moveRange(range, -1))} aria-label={previous} data-testid="range-prev">
          <ChevronLeft sx={flip} />
        </IconButton>
      </Tooltip>
      <Typography
        variant="h6"
        component="h2"
        sx={{ minWidth: 180, textAlign: 'center', textTransform: 'capitalize' }}
        aria-live="polite"
        data-testid="range-label"
      >
        {rangeLabel(range, language)}
      </Typography>
      <Tooltip title={next}>
        <IconButton onClick={() => onChange(moveRange(range, 1))} aria-label={next} data-testid="range-next">
          <ChevronRight sx={flip} />
        </IconButton>
      </Tooltip>
      {range.from !== current.from && (
        <Button size="small" onClick={() => onChange(current)} data-testid="range-today">
          {t(range.view === 'week' ? 'shiftSwaps.range.thisWeek' : 'shiftSwaps.range.thisMonth')}
        </Button>
      )}
      <ToggleButtonGroup
        size="small"
        exclusive
        value={range.view}
        onChange={(_e, view: RangeView | null) =>
          // Week → month: the month of today when today is shown, else of the week's first day.
          view && onChange(rangeOf(view, today >= range.from && today <= range.to ? today : range.from))
        }
        aria-label={t('shiftSwaps.range.view')}
        sx={{ marginInlineStart: 'auto' }}
      >
        <ToggleButton value="week">{t('shiftSwaps.range.week')}</ToggleButton>
        <ToggleButton value="month">{t('shiftSwaps.range.month')}</ToggleButton>
      </ToggleButtonGroup>
    </Box>
  );
}
