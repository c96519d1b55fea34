import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import ClearAll from '@mui/icons-material/FilterAltOff';
import PeopleOutline from '@mui/icons-material/PeopleOutlined';
import SearchIcon from '@mui/icons-material/Search';
import TableChartOutlined from '@mui/icons-material/TableChartOutlined';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import {
  Alert,
  Box,
  Button,
  ButtonBase,
  InputAdornment,
  LinearProgress,
  MenuItem,
  Paper,
  Skeleton,
  Stack,
  TablePagination,
  TextField,
} from '@mui/material';
import type { JustificationRequest, TimesheetPage } from '@timbro/shared';
import dayjs from 'dayjs';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { GridMessage } from '../../components/data/grid-overlay';
import { PageHeader } from '../../components/page-header';
import { paths } from '../../config/paths';
import { catalogFor } from '../../i18n/languages';
import { errorMessage } from '../../lib/error-message';
import { PAGE_SIZES, useDebouncedSearch, useListParams } from '../../lib/use-list-params';
import { useGroupLookup } from '../../lib/queries/group-lookup';
import { HolidayIcon } from '../../components/holiday-icons';
import { useAttendanceData } from './api/get-attendance-data';
import { useCurrentAttendanceInfo } from './api/get-current-info';
import { useTimesheet } from './api/get-timesheet';
import { CalendarLegend } from './calendar-legend';
import { progressOf } from './day-progress';
import { useDayPanel } from './day-panel';
import { formatMinutes } from './format';
import { monthDays, monthRange, parseMonth, type CalendarCell } from './month-grid';
import { MonthNav } from './month-nav';
import { PeopleMonthGrid, type GridPerson } from './people-month-grid';
import { BALANCE_COLOR, DAY_TINT, STATUS_STYLE } from './status';
import { useCurrentMonth } from './use-current-month';
import { useCan } from '../../lib/auth/use-can';

const FILTER_KEYS = ['month', 'group_id'] as const;
const NO_SORT = ['name'] as const;

interface Person extends GridPerson {
  cells: Map<string, TimesheetPage['items'][number]['days'][number]>;
}

/**
 * /admin/attendance-calendar: employees × days of a month, a page of employees at a time (group filter, search). Cells
 * show the worked time, tinted by balance, holidays, rest days and absences, with markers for pending requests and
 * anomalies; a cell opens the day's explanation with approvals and punch corrections.
 */
export function AdminCalendarPage() {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const canWrite = useCan('attendance:write:any');
  const { params, update, hasFilters, clear } = useListParams({
    sortFields: NO_SORT,
    defaultSort: 'name',
    filterKeys: FILTER_KEYS,
    defaultPerPage: 25,
  });
  // The workspace's month (the server's today), not the device's: without ?month= the screen waits for it.
  const serverMonth = useCurrentMonth();
  const ready = serverMonth !== null || parseMonth(params.filters.month, '') !== '';
  const thisMonth = serverMonth ?? dayjs().format('YYYY-MM');
  const month = parseMonth(params.filters.month, thisMonth);
  const range = useMemo(() => monthRange(month), [month]);
  const onSearch = useCallback((search: string) => update({ search }), [update]);
  const [searchText, setSearchText] = useDebouncedSearch(params.search, onSearch);
  const groups = useGroupLookup();
  const groupId = groups.data?.some((g) => g.id === params.filters.group_id) ? params.filters.group_id : undefined;
  const sheet = useTimesheet(
    { ...range, groupId, search: params.search || undefined, page: params.page, perPage: params.perPage },
    ready,
  );
  const ids = useMemo(
    () => (sheet.data?.from === range.from ? sheet.data.items.map((i) => i.userInfo.id) : []),
    [sheet.data, range.from],
  );
  const detailParams = useMemo(() => ({ ...range, userInfoIds: ids }), [range, ids]);
  const detail = useAttendanceData(detailParams, ids.length > 0);
  const openDay = useDayPanel('admin');
  const days = monthDays(month);

  const people: Person[] = useMemo(
    () =>
      (sheet.data?.from === range.from ? sheet.data.items : []).map((i) => ({
        id: i.userInfo.id,
        name: `${i.userInfo.lastName} ${i.userInfo.firstName}`,
        cells: new Map(i.days.map((d) => [d.date, d])),
      })),
    [sheet.data, range.from],
  );
  // Requests of the page's people (pending markers, absence codes): the day sheets come with the timesheet.
  const requestsOf = useMemo(() => {
    const map = new Map<string, JustificationRequest[]>();
    if (detail.data?.from === range.from) for (const u of detail.data.users) map.set(u.userInfo.id, u.requests);
    return map;
  }, [detail.data, range.from]);
  // Holidays are the workspace's: their names and icons from any person's day sheets.
  const holidayInfo = useMemo(() => {
    const map = new Map<string, { name: string; icon: string }>();
    if (detail.data?.from === range.from)
      for (const d of detail.data.users[0]?.days ?? []) if (d.holiday) map.set(d.date, d.holiday);
    return map;
  }, [detail.data, range.from]);
  const holidays = useMemo(
    () => new Set(people[0] ? [...people[0].cells.values()].filter((c) => c.holiday).map((c) => c.date) : []),
    [people],
  );
  const today = useCurrentAttendanceInfo().data?.today ?? detail.data?.today ?? null;

  const renderCell = (p: Person, d: CalendarCell) => {
    const cell = p.cells.get(d.date);
    const requests = (requestsOf.get(p.id) ?? []).filter((r) => r.date === d.date && r.status !== 'rejected');
    const pending = requests.filter((r) => r.status === 'open');
    const absences = requests.filter((r) => r.status === 'approved');
    if (!cell) return null;
    const progress = progressOf(d.date, today);
    const future = progress === 'future';
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
          : future || cell.expected === 0
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
      holidayInfo.get(d.date)?.name ?? null,
      worked > 0 || cell.expected > 0
        ? t('adminCalendar.cellWorked', { worked: formatMinutes(worked), expected: formatMinutes(cell.expected) })
        : null,
      !future && cell.expected > 0
        ? t('memberCalendar.cellBalance', { balance: formatMinutes(cell.balance, { signed: true }) })
        : null,
      ...absences.map((r) => r.justification.name),
      pending.length > 0 ? t('adminCalendar.cellPending', { n: pending.length }) : null,
      anomalies > 0 ? t('memberCalendar.cellAnomalies', { n: anomalies }) : null,
    ]
      .filter(Boolean)
      .join(', ');
    return (
      <ButtonBase
        onClick={() => openDay(detailParams, p.id, d.date)}
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
          color: !future && cell.expected > 0 && cell.balance < 0 && !absent ? BALANCE_COLOR.negative : 'text.primary',
          borderInlineEnd: (theme) => `1px solid ${theme.palette.divider}`,
          '&:hover, &.Mui-focusVisible': { boxShadow: (theme) => `inset 0 0 0 2px ${theme.palette.primary.main}` },
        }}
      >
        {cell.holiday && !text && holidayInfo.get(d.date) ? (
          <HolidayIcon name={holidayInfo.get(d.date)!.icon} aria-hidden sx={{ fontSize: 16, color: '#8C4A00' }} />
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
  };

  return (
    <>
      <PageHeader
        title={t('adminCalendar.title')}
        subtitle={canWrite ? t('adminCalendar.subtitle') : t('adminCalendar.subtitleReadOnly')}
        actions={
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: { xs: 'wrap', md: 'nowrap' }, flexShrink: 0 }}>
            <Button
              variant="outlined"
              component={RouterLink}
              to={`${paths.timesheet}?month=${month}`}
              startIcon={<TableChartOutlined />}
              data-testid="to-timesheet"
            >
              {t('adminCalendar.toTimesheet')}
            </Button>
            {canWrite && (
              <Button
                variant="outlined"
                component={RouterLink}
                to={paths.adminPunchImport}
                startIcon={<FileUploadOutlined />}
                data-testid="to-punch-import"
              >
                {t('adminCalendar.importPunches')}
              </Button>
            )}
          </Stack>
        }
      />
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }} role="search" aria-label={t('adminCalendar.filters.label')}>
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', md: 'auto 1fr 1fr auto' },
            alignItems: 'center',
          }}
        >
          {ready ? (
            <MonthNav
              month={month}
              current={thisMonth}
              onChange={(m) => update({ filters: { month: m === thisMonth ? '' : m } })}
            />
          ) : (
            <Skeleton variant="rounded" width={280} height={40} />
          )}
          <TextField
            size="small"
            label={t('adminCalendar.filters.search')}
            value={searchText}
            onChange={(e) => setSearchText(e.target.value)}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
              htmlInput: { 'data-testid': 'calendar-search' },
            }}
          />
          <TextField
            select
            size="small"
            label={t('adminCalendar.filters.group')}
            value={groupId ?? ''}
            onChange={(e) => update({ filters: { group_id: e.target.value } })}
            data-testid="calendar-group"
          >
            <MenuItem value="">{t('adminCalendar.filters.allGroups')}</MenuItem>
            {(groups.data ?? []).map((g) => (
              <MenuItem key={g.id} value={g.id}>
                {g.name}
              </MenuItem>
            ))}
          </TextField>
          <Button
            onClick={clear}
            disabled={!hasFilters}
            startIcon={<ClearAll />}
            sx={{ justifySelf: 'start', whiteSpace: 'nowrap' }}
          >
            {t('adminCalendar.filters.clear')}
          </Button>
        </Box>
      </Paper>
      {(sheet.isError || detail.isError) && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button
              color="inherit"
              size="small"
              onClick={() => void (sheet.isError ? sheet.refetch() : detail.refetch())}
            >
              {t('common.retry')}
            </Button>
          }
        >
          {errorMessage(sheet.error ?? detail.error, t('errors.generic'))}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ p: { xs: 1, md: 2 } }}>
        <Box sx={{ mb: 1.5 }}>
          <CalendarLegend absence />
        </Box>
        <Box sx={{ height: 4, mb: 0.5 }}>
          {(sheet.isFetching || detail.isFetching) && <LinearProgress aria-label={t('common.loading')} />}
        </Box>
        {!ready ? (
          <Skeleton variant="rounded" height={280} />
        ) : sheet.data && people.length === 0 && !sheet.isFetching ? (
          <Box sx={{ height: 280 }}>
            <GridMessage
              icon={<PeopleOutline />}
              title={hasFilters ? t('adminCalendar.empty.filteredTitle') : t('adminCalendar.empty.title')}
              body={hasFilters ? t('adminCalendar.empty.filteredBody') : t('adminCalendar.empty.body')}
              action={
                hasFilters ? (
                  <Button onClick={clear} startIcon={<ClearAll />}>
                    {t('adminCalendar.filters.clear')}
                  </Button>
                ) : undefined
              }
            />
          </Box>
        ) : (
          <PeopleMonthGrid
            label={t('adminCalendar.gridLabel', { month: dayjs(`${month}-01`).locale(language).format('MMMM YYYY') })}
            nameHeader={t('adminCalendar.employee')}
            days={days}
            people={people}
            holidays={holidays}
            today={today}
            renderCell={renderCell}
            busy={sheet.isFetching}
            testId="admin-calendar-grid"
          />
        )}
        <TablePagination
          component="div"
          count={sheet.data?.total ?? 0}
          page={Math.max(0, params.page - 1)}
          rowsPerPage={params.perPage}
          rowsPerPageOptions={[...PAGE_SIZES]}
          onPageChange={(_e, page) => update({ page: page + 1 })}
          onRowsPerPageChange={(e) => update({ perPage: Number(e.target.value) })}
        />
      </Paper>
    </>
  );
}
