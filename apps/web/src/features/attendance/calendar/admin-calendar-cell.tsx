import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import { Box, ButtonBase } from '@mui/material';
import type { JustificationRequest, TimesheetPage } from '@timbro/shared';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { HolidayIcon } from '../../../components/holiday-icons';
import { catalogFor } from '../../../i18n/languages';
import { progressOf } from '../day/day-progress';
import { formatMinutes } from '../format';
import type { CalendarCell } from './month-grid';
import type { GridPerson } from '../timesheet/people-month-grid';
import { BALANCE_COLOR, DAY_TINT, STATUS_STYLE } from '../status';

/** A row of the admin calendar: the employee's days of the timesheet by date. */
export interface AdminCalendarPerson extends GridPerson {
  cells: Map<string, TimesheetPage['items'][number]['days'][number]>;
}

/**
 * One day of one employee: the worked time (or the absence's code), tinted by balance, holiday, rest day or absence,
 * a dot for pending requests and a mark for anomalies; the same in its accessible name. Activating it opens the day.
 */
export function AdminCalendarCell({
  person: p,
  day: d,
  cell,
  requests: personRequests,
  holiday,
  today,
  onOpen,
}: {
  person: AdminCalendarPerson;
  day: CalendarCell;
  cell: TimesheetPage['items'][number]['days'][number];
  /** The person's requests of the month (those of the day are picked by date). */
  requests: JustificationRequest[];
  /** The day's holiday, its name and icon. */
  holiday: { name: string; icon: string } | undefined;
  today: string | null;
  onOpen(): void;
}) {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const requests = personRequests.filter((r) => r.date === d.date && r.status !== 'rejected');
  const pending = requests.filter((r) => r.status === 'open');
  const absences = requests.filter((r) => r.status === 'approved');
  const progress = progressOf(d.date, today);
  const future = progress === 'future';
  // Today (or a day with an entry still running) is not over: its balance is provisional, short until the work is done
  // — no red before the working day has even started (issue 30 item 17). Its tint waits, as a day to come.
  const open = future || cell.open;
  const anomalies = cell.anomalies;
  const worked = cell.worked;
  const absent = cell.justified > 0 && worked === 0;
  const rest = cell.expected === 0 && worked === 0;
  const bg = cell.holiday
    ? DAY_TINT.holiday
    : absent
      ? DAY_TINT.absence
      : rest
        ? DAY_TINT.rest
        : open || cell.expected === 0
          ? 'transparent'
          : cell.balance >= 0
            ? '#EAF5EC'
            : '#FDECEC';
  const text = absent
    ? (absences[0]?.justification.code ?? formatMinutes(cell.justified))
    : worked > 0
      ? formatMinutes(worked)
      : '';
  const label = [
    `${p.name}, ${dayjs(d.date).locale(language).format('dddd D MMMM')}`,
    holiday?.name ?? null,
    worked > 0 || cell.expected > 0
      ? t('adminCalendar.cellWorked', { worked: formatMinutes(worked), expected: formatMinutes(cell.expected) })
      : null,
    !future && cell.expected > 0
      ? t(open ? 'timesheet.cell.balanceOpen' : 'memberCalendar.cellBalance', {
          balance: formatMinutes(cell.balance, { signed: true }),
        })
      : null,
    ...absences.map((r) => r.justification.name),
    pending.length > 0 ? t('adminCalendar.cellPending', { n: pending.length }) : null,
    anomalies > 0 ? t('memberCalendar.cellAnomalies', { n: anomalies }) : null,
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <ButtonBase
      onClick={onOpen}
      aria-label={label}
      data-testid={`cell-${p.id}-${d.date}`}
      sx={{
        width: '100%',
        height: '100%',
        minHeight: 44,
        position: 'relative',
        bgcolor: bg,
        fontSize: '0.75rem',
        fontWeight: 500,
        fontVariantNumeric: 'tabular-nums',
        color: !open && cell.expected > 0 && cell.balance < 0 && !absent ? BALANCE_COLOR.negative : 'text.primary',
        borderInlineEnd: (theme) => `1px solid ${theme.palette.divider}`,
        '&:hover, &.Mui-focusVisible': { boxShadow: (theme) => `inset 0 0 0 2px ${theme.palette.primary.main}` },
      }}
    >
      {cell.holiday && !text && holiday ? (
        <HolidayIcon name={holiday.icon} aria-hidden sx={{ fontSize: 16, color: '#8C4A00' }} />
      ) : (
        <bdi dir="ltr">{text}</bdi>
      )}
      {pending.length > 0 && (
        <Box
          aria-hidden
          data-testid="cell-pending"
          sx={{
            position: 'absolute',
            top: 3,
            insetInlineEnd: 3,
            width: 8,
            height: 8,
            borderRadius: '50%',
            bgcolor: STATUS_STYLE.open.border,
            border: 1,
            borderColor: STATUS_STYLE.open.fg,
          }}
        />
      )}
      {anomalies > 0 && (
        <WarningAmberOutlined
          aria-hidden
          sx={{ position: 'absolute', bottom: 1, insetInlineEnd: 1, fontSize: 13, color: BALANCE_COLOR.negative }}
        />
      )}
    </ButtonBase>
  );
}
