import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { Box, Button, IconButton, Tooltip, Typography } from '@mui/material';
import dayjs from 'dayjs';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { catalogFor } from '../../../i18n/languages';
import { parseMonth, shiftMonth, type Month } from './month-grid';

/** The month of a screen in the URL (`?month=2026-11`), so it can be bookmarked and the back button restores it. */
export function useMonthParam(fallback: Month) {
  const [searchParams, setSearchParams] = useSearchParams();
  const month = parseMonth(searchParams.get('month'), fallback);
  const setMonth = useCallback(
    (next: Month) =>
      setSearchParams(
        (prev) => {
          const p = new URLSearchParams(prev);
          if (next === fallback) p.delete('month');
          else p.set('month', next);
          p.delete('page');
          return p;
        },
        { replace: false },
      ),
    [setSearchParams, fallback],
  );
  return [month, setMonth] as const;
}

/** ‹ novembre 2026 › Oggi — the arrows follow the reading direction (mirrored in Arabic). */
export function MonthNav({
  month,
  current,
  onChange,
  headingLevel = 'h2',
}: {
  month: Month;
  current: Month;
  onChange(m: Month): void;
  headingLevel?: 'h2' | 'h3';
}) {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const label = dayjs(`${month}-01`).locale(language).format('MMMM YYYY');
  const flip = { transform: (theme: { direction: string }) => (theme.direction === 'rtl' ? 'scaleX(-1)' : undefined) };
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }} data-testid="month-nav">
      <Tooltip title={t('attendance.month.previous')}>
        <IconButton
          onClick={() => onChange(shiftMonth(month, -1))}
          aria-label={t('attendance.month.previous')}
          data-testid="month-prev"
        >
          <ChevronLeft sx={flip} />
        </IconButton>
      </Tooltip>
      <Typography
        variant="h6"
        component={headingLevel}
        sx={{ minWidth: 168, textAlign: 'center', textTransform: 'capitalize' }}
        aria-live="polite"
        data-testid="month-label"
      >
        {label}
      </Typography>
      <Tooltip title={t('attendance.month.next')}>
        <IconButton
          onClick={() => onChange(shiftMonth(month, 1))}
          aria-label={t('attendance.month.next')}
          data-testid="month-next"
        >
          <ChevronRight sx={flip} />
        </IconButton>
      </Tooltip>
      {month !== current && (
        <Button size="small" onClick={() => onChange(current)} data-testid="month-today">
          {t('attendance.month.current')}
        </Button>
      )}
    </Box>
  );
}
