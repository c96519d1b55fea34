import { Box, Divider, Paper, Typography } from '@mui/material';
import type { DaySheetDto } from '@timbro/shared';
import { useTranslation } from 'react-i18next';
import type { DayProgress } from './day-progress';
import { Duration } from '../duration';

/** One line of the balance: a sign, a label with its source, the figure. */
function FigureRow({
  sign,
  label,
  hint,
  minutes,
  strong,
  testId,
}: {
  sign?: string;
  label: string;
  hint?: string;
  minutes: number;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <Box
      component="li"
      sx={{ display: 'grid', gridTemplateColumns: '1.25rem 1fr auto', columnGap: 1, alignItems: 'baseline', py: 0.5 }}
      data-testid={testId}
    >
      <Typography component="span" aria-hidden sx={{ color: 'text.secondary', fontWeight: 500, textAlign: 'center' }}>
        {sign ?? ''}
      </Typography>
      <Box sx={{ minWidth: 0 }}>
        <Typography component="span" variant="body2" sx={{ fontWeight: strong ? 700 : 400 }}>
          {label}
        </Typography>
        {hint && (
          <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
            {hint}
          </Typography>
        )}
      </Box>
      <Typography component="span" variant="body2" sx={{ fontWeight: strong ? 700 : 500 }}>
        <Duration minutes={minutes} signed={strong} colored={strong} />
      </Typography>
    </Box>
  );
}

/**
 * The day's balance as its formula: worked, what approved requests added, took off or covered, less the expected time
 * (and where it comes from: contract, holiday, rest day), equals the balance; a note while the day is not over.
 */
export function DayFigures({ day, progress }: { day: DaySheetDto; progress: DayProgress }) {
  const { t } = useTranslation();
  const rest = day.expected === 0 && !day.holiday;
  const expectedHint = day.holiday
    ? t('dayPanel.expectedHoliday', { name: day.holiday.name })
    : rest
      ? t('dayPanel.expectedNone')
      : t('dayPanel.expectedContract');
  return (
    <>
      <Paper variant="outlined" sx={{ px: 1.5, py: 1 }}>
        <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
          <FigureRow
            label={t('dayPanel.worked')}
            hint={t('dayPanel.workedHint', { n: day.pairs.filter((p) => !p.anomaly && !p.open).length })}
            minutes={day.worked}
            testId="figure-worked"
          />
          {day.increase > 0 && (
            <FigureRow
              sign="+"
              label={t('dayPanel.increase')}
              hint={t('dayPanel.increaseHint')}
              minutes={day.increase}
              testId="figure-increase"
            />
          )}
          {day.decrease > 0 && (
            <FigureRow
              sign={'\u2212'}
              label={t('dayPanel.decrease')}
              hint={t('dayPanel.decreaseHint')}
              minutes={day.decrease}
              testId="figure-decrease"
            />
          )}
          {day.covered > 0 && (
            <FigureRow
              sign="+"
              label={t('dayPanel.covered')}
              hint={t('dayPanel.coveredHint')}
              minutes={day.covered}
              testId="figure-covered"
            />
          )}
          <FigureRow
            sign={'\u2212'}
            label={t('dayPanel.expected')}
            hint={expectedHint}
            minutes={day.expected}
            testId="figure-expected"
          />
          <Divider component="li" sx={{ my: 0.5 }} aria-hidden />
          <FigureRow sign="=" label={t('dayPanel.balance')} minutes={day.balance} strong testId="figure-balance" />
        </Box>
      </Paper>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
        {t('dayPanel.formula')}
      </Typography>
      {progress !== 'past' && (
        <Typography
          variant="caption"
          color="text.secondary"
          sx={{ display: 'block', mt: 0.5 }}
          data-testid="day-progress"
        >
          {t(`dayPanel.progress.${progress}`)}
        </Typography>
      )}
    </>
  );
}
