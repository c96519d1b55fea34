import { Box, ButtonBase, Tooltip } from '@mui/material';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { catalogFor } from '../../i18n/languages';
import { Duration } from './duration';
import { formatMinutes } from './format';
import type { CalendarCell } from './month-grid';
import { BALANCE_COLOR } from './status';
import type { Metric, TimesheetCell, TimesheetPerson } from './timesheet-model';

/**
 * One day of one employee: the chosen figure, a tooltip with the four (expected, worked, justified, balance) and the
 * same in its accessible name; activating it (click, Enter, Space) opens the day's explanation in the side panel.
 */
export function TimesheetCellButton({
  person,
  day,
  cell,
  metric,
  onOpen,
}: {
  person: TimesheetPerson;
  day: CalendarCell;
  cell: TimesheetCell;
  metric: Metric;
  onOpen(): void;
}) {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const value = cell[metric];
  const show = metric === 'balance' ? !cell.open && (cell.expected > 0 || cell.worked > 0) : value !== 0;
  const balance = formatMinutes(cell.balance, { signed: true });
  const label = [
    `${person.name}, ${dayjs(day.date).locale(language).format('dddd D MMMM')}`,
    cell.holiday ? t('timesheet.cell.holiday') : null,
    t('timesheet.cell.figures', {
      expected: formatMinutes(cell.expected),
      worked: formatMinutes(cell.worked),
      justified: formatMinutes(cell.justified),
    }),
    cell.open ? t('timesheet.cell.balanceOpen', { balance }) : t('memberCalendar.cellBalance', { balance }),
    cell.anomalies > 0 ? t('memberCalendar.cellAnomalies', { n: cell.anomalies }) : null,
  ]
    .filter(Boolean)
    .join(', ');
  const figures = (['expected', 'worked', 'justified', 'balance'] as const).map((m) => [m, cell[m]] as const);
  const tip = (
    <Box data-testid="ts-cell-tooltip" sx={{ py: 0.25 }}>
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto auto', columnGap: 1.5, rowGap: 0.25 }}
      >
        {figures.map(([m, minutes]) => (
          <Box key={m} sx={{ display: 'contents' }}>
            <Box component="dt" sx={{ fontWeight: m === metric ? 700 : 400 }}>
              {m === 'balance' && cell.open ? t('timesheet.cell.balanceProvisional') : t(`attendance.metrics.${m}`)}
            </Box>
            <Box component="dd" sx={{ m: 0, textAlign: 'end', fontWeight: m === metric ? 700 : 400 }}>
              <Duration minutes={minutes} signed={m === 'balance'} />
            </Box>
          </Box>
        ))}
      </Box>
      {cell.anomalies > 0 && <Box sx={{ mt: 0.5 }}>{t('memberCalendar.cellAnomalies', { n: cell.anomalies })}</Box>}
      <Box sx={{ mt: 0.5, opacity: 0.8 }}>{t('timesheet.cell.hint')}</Box>
    </Box>
  );
  return (
    <Tooltip title={tip} describeChild enterDelay={400} enterNextDelay={200} disableInteractive>
      <ButtonBase
        onClick={onOpen}
        aria-label={label}
        data-testid={`ts-${person.id}-${day.date}`}
        sx={{
          width: '100%',
          height: '100%',
          minHeight: 44,
          position: 'relative',
          fontSize: '0.75rem',
          fontVariantNumeric: 'tabular-nums',
          borderInlineEnd: (theme) => `1px solid ${theme.palette.divider}`,
          bgcolor: cell.holiday ? '#FFF4E0' : cell.expected === 0 && cell.worked === 0 ? '#F1F3F5' : undefined,
          '&:hover, &.Mui-focusVisible': { boxShadow: (theme) => `inset 0 0 0 2px ${theme.palette.primary.main}` },
        }}
      >
        {show && <Duration minutes={value} signed={metric === 'balance'} colored={metric === 'balance'} />}
        {cell.anomalies > 0 && (
          <Box
            component="span"
            aria-hidden
            sx={{
              position: 'absolute',
              top: 2,
              insetInlineEnd: 2,
              width: 6,
              height: 6,
              borderRadius: '50%',
              bgcolor: BALANCE_COLOR.negative,
            }}
          />
        )}
      </ButtonBase>
    </Tooltip>
  );
}
