import PeopleOutline from '@mui/icons-material/PeopleOutlined';
import {
  Box,
  LinearProgress,
  Paper,
  Skeleton,
  TablePagination,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import dayjs from 'dayjs';
import { useDeferredValue, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { GridMessage } from '../../../components/data/grid-overlay';
import { PageHeader } from '../../../components/page-header';
import { catalogFor } from '../../../i18n/languages';
import { PAGE_SIZES } from '../../../lib/use-list-params';
import { useCurrentAttendanceInfo } from '../api/get-current-info';
import { useTimesheet } from '../api/get-timesheet';
import { useDayPanel } from '../day/day-panel';
import { Duration } from '../duration';
import { monthDays } from '../calendar/month-grid';
import { PeopleMonthFilters } from './people-month-filters';
import { PeopleMonthGrid } from './people-month-grid';
import { cellsSx, timesheetCell, useCellTooltip, type CellContext } from './timesheet-cell';
import { TimesheetExportButtons } from './timesheet-export';
import { METRICS, metricTotal, type Metric, type TimesheetPerson } from './timesheet-model';
import { usePeopleMonthList } from './use-people-month-list';
import { RetryAlert } from '../../../components/retry-alert';

const FILTER_KEYS = ['month', 'metric', 'group_id'] as const;

/**
 * /attendance/attendance-data/timesheet: employees × days of a month showing one figure (expected, worked, justified
 * or balance) with the month totals; group filter, search, pages of employees; XLSX and PDF export of every page.
 */
export function TimesheetPageScreen() {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const list = usePeopleMonthList(FILTER_KEYS);
  const { params, update, hasFilters, ready, month, range, groupId } = list;
  const metric: Metric = (METRICS as readonly string[]).includes(params.filters.metric)
    ? (params.filters.metric as Metric)
    : 'worked';
  const filters = { ...range, groupId, search: params.search || undefined };
  const sheet = useTimesheet({ ...filters, page: params.page, perPage: params.perPage }, ready);
  // The grid (people × days) follows the answer in a transition: React renders it in slices that leave the browser
  // free between them, instead of one long task when the answer lands.
  const data = useDeferredValue(sheet.data);
  // The workspace's today: the grid marks it (the server's figures already stop the balance at the days that are over).
  const today = useCurrentAttendanceInfo().data?.today ?? null;
  const days = monthDays(month);
  const people: TimesheetPerson[] = useMemo(
    () =>
      (data?.from === range.from ? data.items : []).map((row) => ({
        id: row.userInfo.id,
        name: `${row.userInfo.lastName} ${row.userInfo.firstName}`,
        row,
        cells: new Map(row.days.map((d) => [d.date, d])),
      })),
    [data, range.from],
  );
  const holidays = useMemo(
    () => new Set(people[0] ? people[0].row.days.filter((c) => c.holiday).map((c) => c.date) : []),
    [people],
  );
  // A cell opens the day's explanation, as in the admin calendar: the day sheets of the page's people, one request
  // when the first panel opens (the same query as the admin calendar's page, so it is shared in the cache).
  const openDay = useDayPanel('admin');
  const detailParams = useMemo(() => ({ ...range, userInfoIds: people.map((p) => p.id) }), [range, people]);
  const onlyFilters = hasFilters && (params.search !== '' || !!params.filters.group_id);
  // What every cell shares, made once per render (the days' names: once per month and language).
  const dayNames = useMemo(
    () => new Map(days.map((d) => [d.date, dayjs(d.date).locale(language).format('dddd D MMMM')])),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the days follow the month
    [month, language],
  );
  const cellCtx: CellContext = {
    t,
    metric,
    dayNames,
    onOpen: (person, date) => openDay(detailParams, person.id, date),
  };
  const { handlers: tipHandlers, tooltip } = useCellTooltip((personId, date) => {
    const person = people.find((p) => p.id === personId);
    const cell = person?.cells.get(date);
    return person && cell ? [person, cell] : null;
  });

  return (
    <>
      <PageHeader
        title={t('timesheet.title')}
        subtitle={t('timesheet.subtitle')}
        actions={<TimesheetExportButtons filters={filters} />}
      />
      <PeopleMonthFilters
        list={list}
        labels={{
          region: t('timesheet.filters.label'),
          search: t('timesheet.filters.search'),
          group: t('timesheet.filters.group'),
          allGroups: t('timesheet.filters.allGroups'),
          clear: t('timesheet.filters.clear'),
        }}
        testIds={{ search: 'timesheet-search', group: 'timesheet-group' }}
      >
        <Box sx={{ mt: 2, display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
          <Typography variant="body2" color="text.secondary" id="timesheet-metric-label">
            {t('timesheet.metric')}
          </Typography>
          <ToggleButtonGroup
            exclusive
            size="small"
            color="primary"
            value={metric}
            onChange={(_e, v: Metric | null) => v && update({ filters: { metric: v === 'worked' ? '' : v } })}
            aria-labelledby="timesheet-metric-label"
            sx={{ flexWrap: 'wrap' }}
          >
            {METRICS.map((m) => (
              <ToggleButton key={m} value={m} data-testid={`metric-${m}`}>
                {t(`attendance.metrics.${m}`)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          <Typography variant="caption" color="text.secondary">
            {t(`timesheet.metricHints.${metric}`)}
          </Typography>
        </Box>
      </PeopleMonthFilters>
      {sheet.isError && <RetryAlert error={sheet.error} onRetry={() => void sheet.refetch()} sx={{ mb: 2 }} />}
      <Paper variant="outlined" sx={{ p: { xs: 1, md: 2 } }}>
        <Box sx={{ height: 4, mb: 0.5 }}>{sheet.isFetching && <LinearProgress aria-label={t('common.loading')} />}</Box>
        {!ready ? (
          <Skeleton variant="rounded" height={280} />
        ) : data && people.length === 0 && !sheet.isFetching ? (
          <Box sx={{ height: 280 }}>
            <GridMessage
              icon={<PeopleOutline />}
              title={onlyFilters ? t('adminCalendar.empty.filteredTitle') : t('adminCalendar.empty.title')}
              body={onlyFilters ? t('adminCalendar.empty.filteredBody') : t('adminCalendar.empty.body')}
            />
          </Box>
        ) : (
          <Box sx={cellsSx} data-metric={metric} {...tipHandlers}>
            <PeopleMonthGrid
              label={t('timesheet.gridLabel', {
                metric: t(`attendance.metrics.${metric}`),
                month: dayjs(`${month}-01`).locale(language).format('MMMM YYYY'),
              })}
              nameHeader={t('adminCalendar.employee')}
              days={days}
              people={people}
              holidays={holidays}
              today={today}
              busy={sheet.isFetching}
              testId="timesheet-grid"
              renderCell={(p, d) => {
                const cell = p.cells.get(d.date);
                return cell ? timesheetCell(cellCtx, p, d, cell) : null;
              }}
              trailing={[
                ...METRICS.map((m) => ({
                  key: m,
                  width: 76,
                  header: t(`attendance.metrics.${m}`),
                  render: (p: TimesheetPerson) => (
                    <Duration
                      minutes={metricTotal(p.row, m)}
                      signed={m === 'balance'}
                      colored={m === 'balance'}
                      testId={`ts-total-${m}-${p.id}`}
                    />
                  ),
                })),
                {
                  key: 'anomalies',
                  width: 76,
                  header: t('timesheet.anomalies'),
                  render: (p: TimesheetPerson) => <span>{p.row.totals.anomalies}</span>,
                },
              ]}
            />
            {tooltip}
          </Box>
        )}
        {/* With the first answer only: appearing under the rows, it moves nothing (no layout shift). */}
        {data && (
          <TablePagination
            component="div"
            count={data.total}
            page={Math.max(0, params.page - 1)}
            rowsPerPage={params.perPage}
            rowsPerPageOptions={[...PAGE_SIZES]}
            onPageChange={(_e, page) => update({ page: page + 1 })}
            onRowsPerPageChange={(e) => update({ perPage: Number(e.target.value) })}
          />
        )}
      </Paper>
    </>
  );
}
