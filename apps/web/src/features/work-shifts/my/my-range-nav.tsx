import { Box, ToggleButton, ToggleButtonGroup } from '@mui/material';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { catalogFor } from '../../../i18n/languages';
import { RangeStepper } from '../range-stepper';
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
  const previous = t(range.view === 'week' ? 'shiftSwaps.range.previousWeek' : 'shiftSwaps.range.previousMonth');
  const next = t(range.view === 'week' ? 'shiftSwaps.range.nextWeek' : 'shiftSwaps.range.nextMonth');
  return (
    <Box
      sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}
      role="group"
      aria-label={t('shiftSwaps.range.label')}
      data-testid="my-shifts-range"
    >
      <RangeStepper
        label={rangeLabel(range, language)}
        labelWidth={180}
        previous={previous}
        next={next}
        onStep={(step) => onChange(moveRange(range, step))}
        current={
          range.from !== current.from
            ? {
                label: t(range.view === 'week' ? 'shiftSwaps.range.thisWeek' : 'shiftSwaps.range.thisMonth'),
                onClick: () => onChange(current),
              }
            : null
        }
      />
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
