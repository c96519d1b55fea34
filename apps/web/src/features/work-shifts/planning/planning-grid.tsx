import { Box, Tooltip, type SxProps, type Theme } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { HolidayIcon } from '../../../components/holiday-icons';
import { PlanningCell, DAY_TINT } from './planning-cell';
import { cellOf, type PlanningModel } from './planning-model';
import type { PlanningDay } from './planning-range';
import { useDayFormat } from '../shift-text';
import { visuallyHidden } from '../../../components/visually-hidden';

const NAME_WIDTH = 200;
const DAY_WIDTH = { week: 132, month: 64 } as const;

const sticky: SxProps<Theme> = { position: 'sticky', insetInlineStart: 0, zIndex: 2, bgcolor: 'background.paper' };

/**
 * Employees × days (a week or a month): a table that scrolls both ways with the names and the day header kept in view
 * (sticky in both reading directions), weekends and holidays shaded in the header, today underlined.
 */
export function PlanningGrid({
  label,
  days,
  model,
  today,
  compact,
  busy,
}: {
  label: string;
  days: PlanningDay[];
  model: PlanningModel;
  today: string;
  compact: boolean;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const formatDay = useDayFormat();
  const width = compact ? DAY_WIDTH.month : DAY_WIDTH.week;
  return (
    <Box
      sx={{ overflow: 'auto', maxHeight: '70vh', border: 1, borderColor: 'divider', borderRadius: 1 }}
      tabIndex={0}
      role="region"
      aria-label={label}
      data-testid="planning-grid"
    >
      <Box
        component="table"
        aria-busy={busy || undefined}
        sx={{
          borderCollapse: 'separate',
          borderSpacing: 0,
          minWidth: '100%',
          tableLayout: 'fixed',
          '& th, & td': { borderBottom: 1, borderColor: 'divider', p: 0 },
          '& thead th': { position: 'sticky', top: 0, zIndex: 1, bgcolor: 'background.paper' },
        }}
      >
        <Box component="caption" sx={visuallyHidden}>
          {label}
        </Box>
        <thead>
          <tr>
            <Box
              component="th"
              scope="col"
              sx={{
                ...sticky,
                zIndex: 3,
                width: NAME_WIDTH,
                textAlign: 'start',
                px: 1.5,
                fontWeight: 500,
                fontSize: '0.8125rem',
              }}
            >
              {t('workShifts.planning.employee')}
            </Box>
            {days.map((d) => {
              const holiday = model.holidays.get(d.date);
              const isToday = d.date === today;
              return (
                <Box
                  component="th"
                  scope="col"
                  key={d.date}
                  abbr={formatDay(d.date)}
                  data-testid={`day-${d.date}`}
                  sx={{
                    width,
                    minWidth: width,
                    py: 0.5,
                    fontWeight: 500,
                    fontSize: '0.75rem',
                    lineHeight: 1.3,
                    textAlign: 'center',
                    bgcolor: holiday
                      ? `${DAY_TINT.holiday} !important`
                      : d.weekday >= 6
                        ? `${DAY_TINT.rest} !important`
                        : undefined,
                    color: isToday ? 'primary.main' : 'text.primary',
                    boxShadow: isToday ? (theme) => `inset 0 -3px 0 ${theme.palette.primary.main}` : undefined,
                  }}
                >
                  <Box
                    component="span"
                    sx={{ display: 'block', textTransform: 'capitalize', color: 'text.secondary', fontWeight: 400 }}
                  >
                    {formatDay(d.date, 'weekday')}
                  </Box>
                  {d.day}
                  {holiday && (
                    <Tooltip title={holiday.name}>
                      <Box component="span" sx={{ display: 'block' }} role="img" aria-label={holiday.name}>
                        <HolidayIcon
                          name={holiday.icon ?? 'event'}
                          aria-hidden
                          sx={{ fontSize: 14, color: '#8C4A00' }}
                        />
                      </Box>
                    </Tooltip>
                  )}
                  {isToday && (
                    <Box component="span" sx={visuallyHidden}>
                      {t('workShifts.planning.today')}
                    </Box>
                  )}
                </Box>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {model.rows.map((row) => (
            <tr key={row.id} data-testid="planning-row">
              <Box
                component="th"
                scope="row"
                sx={{
                  ...sticky,
                  textAlign: 'start',
                  verticalAlign: 'top',
                  px: 1.5,
                  py: 1,
                  fontWeight: 500,
                  fontSize: '0.875rem',
                  whiteSpace: 'nowrap',
                  maxWidth: NAME_WIDTH,
                  overflow: 'hidden',
                  textOverflow: 'ellipsis',
                  borderInlineEnd: (theme) => `1px solid ${theme.palette.divider}`,
                }}
              >
                {row.name}
              </Box>
              {days.map((d) => (
                <PlanningCell
                  key={d.date}
                  row={row}
                  day={d}
                  data={cellOf(row, d.date)}
                  holiday={model.holidays.get(d.date)}
                  compact={compact}
                />
              ))}
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}
