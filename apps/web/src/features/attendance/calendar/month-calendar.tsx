import LockOutlined from '@mui/icons-material/LockOutlined';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import { Box, ButtonBase, Typography } from '@mui/material';
import type { DaySheetDto, JustificationRequest, Punch } from '@timbro/shared';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { HolidayIcon } from '../../../components/holiday-icons';
import { catalogFor } from '../../../i18n/languages';
import { progressOf, type DayProgress } from '../day/day-progress';
import { Duration } from '../duration';
import { formatMinutes } from '../format';
import { buildMonthGrid, type Month } from './month-grid';
import { CLOSED_ICON_COLOR, CLOSED_STRIPES, DAY_TINT, STATUS_STYLE } from '../status';

interface Props {
  month: Month;
  /** The server's today (workspace zone). */
  today: string | null;
  days: DaySheetDto[];
  punches: Punch[];
  requests: JustificationRequest[];
  onOpenDay(date: string): void;
  loading?: boolean;
  /** The month is closed: its days are marked (stripes, a lock, "mese chiuso" read out). */
  closed?: boolean;
}

const WEEK = [1, 2, 3, 4, 5, 6, 7] as const;

/**
 * The employee's month, Monday first: per day the worked and expected time, the balance in colour, the punch times,
 * the requests as chips coloured by status, holidays with their icon and name, rest days shaded, anomalies marked, the
 * days of a closed month striped with a lock. Each day is a button that opens its explanation.
 */
export function MonthCalendar({ month, today, days, punches, requests, onOpenDay, loading, closed = false }: Props) {
  const { i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const weeks = buildMonthGrid(month);
  const byDate = new Map(days.map((d) => [d.date, d]));
  // Monday of a known week gives the weekday names in the user's language.
  const weekdayName = (w: number, format: string) =>
    dayjs('2024-01-01')
      .add(w - 1, 'day')
      .locale(language)
      .format(format);

  return (
    <Box
      component="table"
      aria-label={dayjs(`${month}-01`).locale(language).format('MMMM YYYY')}
      aria-busy={loading || undefined}
      sx={{ width: '100%', tableLayout: 'fixed', borderCollapse: 'separate', borderSpacing: { xs: 2, sm: 4 } }}
      data-testid="month-calendar"
      data-closed={closed || undefined}
    >
      <thead>
        <tr>
          {WEEK.map((w) => (
            <Box
              component="th"
              scope="col"
              key={w}
              abbr={weekdayName(w, 'dddd')}
              sx={{
                fontWeight: 500,
                fontSize: '0.8125rem',
                color: 'text.secondary',
                pb: 0.5,
                textTransform: 'capitalize',
              }}
            >
              {weekdayName(w, 'ddd')}
            </Box>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={week[0]!.date}>
            {week.map((cell) => {
              if (!cell.inMonth)
                return <Box component="td" key={cell.date} aria-hidden sx={{ bgcolor: 'transparent' }} />;
              const day = byDate.get(cell.date);
              return (
                <Box component="td" key={cell.date} sx={{ p: 0, verticalAlign: 'top' }}>
                  <DayCell
                    date={cell.date}
                    day={day}
                    weekend={cell.weekday >= 6}
                    isToday={cell.date === today}
                    progress={progressOf(cell.date, today)}
                    punches={punches.filter((p) => p.localDate === cell.date)}
                    requests={requests.filter((r) => r.date === cell.date)}
                    closed={closed}
                    onOpen={() => onOpenDay(cell.date)}
                  />
                </Box>
              );
            })}
          </tr>
        ))}
      </tbody>
    </Box>
  );
}

function DayCell({
  date,
  day,
  weekend,
  isToday,
  progress,
  punches,
  requests,
  closed,
  onOpen,
}: {
  date: string;
  day: DaySheetDto | undefined;
  weekend: boolean;
  isToday: boolean;
  progress: DayProgress;
  punches: Punch[];
  requests: JustificationRequest[];
  closed: boolean;
  onOpen(): void;
}) {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const holiday = day?.holiday ?? null;
  const rest = !holiday && (day ? day.expected === 0 : weekend);
  // Days to come show no balance; today (open) shows it provisional: neutral colour, the day is not over yet.
  const anomalies = day ? day.anomalies.length : 0;
  const showBalance = !!day && (day.expected > 0 || day.worked > 0) && progress !== 'future';
  const summary = [
    dayjs(date).locale(language).format('dddd D MMMM'),
    holiday ? holiday.name : null,
    day && (day.expected > 0 || day.worked > 0)
      ? t('memberCalendar.cellWorked', { worked: formatMinutes(day.worked), expected: formatMinutes(day.expected) })
      : null,
    showBalance
      ? t(day!.open ? 'timesheet.cell.balanceOpen' : 'memberCalendar.cellBalance', {
          balance: formatMinutes(day!.balance, { signed: true }),
        })
      : null,
    ...requests.map((r) => `${r.justification.name}: ${t(`attendance.status.${r.status}`)}`),
    anomalies > 0 ? t('memberCalendar.cellAnomalies', { n: anomalies }) : null,
    closed ? t('memberCalendar.cellClosed') : null,
  ]
    .filter(Boolean)
    .join(', ');

  return (
    <ButtonBase
      onClick={onOpen}
      aria-label={summary}
      data-testid={`day-${date}`}
      data-closed={closed || undefined}
      sx={{
        width: '100%',
        minHeight: { xs: 64, sm: 112 },
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'stretch',
        justifyContent: 'flex-start',
        textAlign: 'start',
        p: { xs: 0.5, sm: 1 },
        gap: 0.25,
        borderRadius: 1,
        border: 1,
        borderColor: isToday ? 'primary.main' : 'divider',
        boxShadow: isToday ? (theme) => `inset 0 0 0 1px ${theme.palette.primary.main}` : 'none',
        bgcolor: holiday ? DAY_TINT.holiday : rest ? DAY_TINT.rest : 'background.paper',
        backgroundImage: closed ? CLOSED_STRIPES : 'none',
        transition: 'box-shadow 120ms',
        '&:hover': { boxShadow: (theme) => `0 0 0 2px ${theme.palette.primary.light}` },
        overflow: 'hidden',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
        <Typography
          component="span"
          sx={{
            fontWeight: isToday ? 700 : 500,
            fontSize: '0.875rem',
            color: isToday ? 'primary.main' : 'text.primary',
          }}
        >
          {Number(date.slice(8, 10))}
        </Typography>
        {holiday && <HolidayIcon name={holiday.icon} sx={{ fontSize: 16, color: '#8C4A00' }} aria-hidden />}
        <Box sx={{ flexGrow: 1 }} />
        {closed && (
          <LockOutlined
            aria-hidden
            sx={{ fontSize: 14, color: CLOSED_ICON_COLOR, display: { xs: 'none', sm: 'block' } }}
            data-testid="day-closed"
          />
        )}
        {anomalies > 0 && (
          <WarningAmberOutlined sx={{ fontSize: 18, color: '#B3261E' }} aria-hidden data-testid="day-anomaly" />
        )}
      </Box>
      {holiday && (
        <Typography variant="caption" noWrap sx={{ color: '#6B3A00', display: { xs: 'none', sm: 'block' } }}>
          {holiday.name}
        </Typography>
      )}
      {day && (day.expected > 0 || day.worked > 0) && (
        <Typography
          variant="caption"
          sx={{ display: { xs: 'none', sm: 'block' }, color: 'text.secondary', lineHeight: 1.4 }}
        >
          <Duration minutes={day.worked} sx={{ color: 'text.primary', fontWeight: 500 }} /> /{' '}
          <Duration minutes={day.expected} />
        </Typography>
      )}
      {showBalance && (
        <Typography variant="caption" sx={{ fontWeight: 500, lineHeight: 1.3 }}>
          <Duration
            minutes={day!.balance}
            signed
            colored={!day!.open}
            sx={day!.open ? { color: 'text.secondary' } : undefined}
            testId={`balance-${date}`}
          />
        </Typography>
      )}
      {punches.length > 0 && (
        // Times read left to right in every language, also when they wrap ("left" becomes right in Arabic pages).
        <Typography
          component="span"
          variant="caption"
          dir="ltr"
          sx={{
            display: { xs: 'none', md: 'block' },
            textAlign: 'left',
            color: 'text.secondary',
            lineHeight: 1.3,
            overflowWrap: 'anywhere',
          }}
          data-testid={`punches-${date}`}
        >
          {punches.map((p) => p.localTime).join(' · ')}
        </Typography>
      )}
      {requests.length > 0 && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.25, mt: 'auto', pt: 0.25 }}>
          {requests.map((r) => {
            const s = STATUS_STYLE[r.status];
            return (
              <Box
                key={r.id}
                component="span"
                data-testid={`request-chip-${date}`}
                data-status={r.status}
                sx={{
                  fontSize: '0.6875rem',
                  fontWeight: 500,
                  lineHeight: 1.5,
                  px: 0.5,
                  borderRadius: 0.75,
                  bgcolor: s.bg,
                  color: s.fg,
                  border: 1,
                  borderColor: s.border,
                  maxWidth: '100%',
                  overflow: 'hidden',
                  textOverflow: 'ellipsis',
                  whiteSpace: 'nowrap',
                }}
              >
                {r.justification.code}
              </Box>
            );
          })}
        </Box>
      )}
    </ButtonBase>
  );
}
