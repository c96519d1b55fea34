import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import ClearAll from '@mui/icons-material/FilterAltOff';
import PeopleOutline from '@mui/icons-material/PeopleOutlined';
import TableChartOutlined from '@mui/icons-material/TableChartOutlined';
import { Box, Button, LinearProgress, Paper, Skeleton, Stack, TablePagination } from '@mui/material';
import type { JustificationRequest } from '@timbro/shared';
import dayjs from 'dayjs';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { GridMessage } from '../../../components/data/grid-overlay';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { catalogFor } from '../../../i18n/languages';
import { PAGE_SIZES } from '../../../lib/use-list-params';
import { useAttendanceData } from '../api/get-attendance-data';
import { useCurrentAttendanceInfo } from '../api/get-current-info';
import { useTimesheet } from '../api/get-timesheet';
import { AdminCalendarCell, type AdminCalendarPerson } from './admin-calendar-cell';
import { CalendarLegend } from './calendar-legend';
import { useDayPanel } from '../day/day-panel';
import { monthDays, type CalendarCell } from './month-grid';
import { PeopleMonthFilters } from '../timesheet/people-month-filters';
import { PeopleMonthGrid } from '../timesheet/people-month-grid';
import { usePeopleMonthList } from '../timesheet/use-people-month-list';
import { useCan } from '../../../lib/auth/use-can';
import { RetryAlert } from '../../../components/retry-alert';
import { LinkButton } from '../../../components/link-button';

const FILTER_KEYS = ['month', 'group_id'] as const;

/**
 * /admin/attendance-calendar: employees × days of a month, a page of employees at a time (group filter, search). Cells
 * show the worked time, tinted by balance, holidays, rest days and absences, with markers for pending requests and
 * anomalies; a cell opens the day's explanation with approvals and punch corrections.
 */
export function AdminCalendarPage() {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const canWrite = useCan('attendance:write:any');
  const list = usePeopleMonthList(FILTER_KEYS);
  const { params, update, hasFilters, clear, ready, month, range, groupId } = list;
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

  // `?day=&user=` (a link naming a person's day, as the month closing's pre-check gives): that day opens once the
  // person's row is shown.
  const [search] = useSearchParams();
  const linkedDay = search.get('day');
  const linkedUser = search.get('user');
  const opened = useRef<string | null>(null);
  useEffect(() => {
    if (!linkedDay || !linkedUser || linkedDay < range.from || linkedDay > range.to) return;
    if (!ids.includes(linkedUser) || opened.current === `${linkedUser}|${linkedDay}`) return;
    opened.current = `${linkedUser}|${linkedDay}`;
    openDay(detailParams, linkedUser, linkedDay);
  }, [linkedDay, linkedUser, ids, range.from, range.to, detailParams, openDay]);

  const people: AdminCalendarPerson[] = useMemo(
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

  const renderCell = (p: AdminCalendarPerson, d: CalendarCell) => {
    const cell = p.cells.get(d.date);
    if (!cell) return null;
    return (
      <AdminCalendarCell
        person={p}
        day={d}
        cell={cell}
        requests={requestsOf.get(p.id) ?? []}
        holiday={holidayInfo.get(d.date)}
        today={today}
        onOpen={() => openDay(detailParams, p.id, d.date)}
      />
    );
  };

  return (
    <>
      <PageHeader
        title={t('adminCalendar.title')}
        subtitle={canWrite ? t('adminCalendar.subtitle') : t('adminCalendar.subtitleReadOnly')}
        actions={
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: { xs: 'wrap', md: 'nowrap' }, flexShrink: 0 }}>
            <LinkButton
              variant="outlined"
              to={`${paths.timesheet}?month=${month}`}
              startIcon={<TableChartOutlined />}
              data-testid="to-timesheet"
            >
              {t('adminCalendar.toTimesheet')}
            </LinkButton>
            {canWrite && (
              <LinkButton
                variant="outlined"
                to={paths.adminPunchImport}
                startIcon={<FileUploadOutlined />}
                data-testid="to-punch-import"
              >
                {t('adminCalendar.importPunches')}
              </LinkButton>
            )}
          </Stack>
        }
      />
      <PeopleMonthFilters
        list={list}
        labels={{
          region: t('adminCalendar.filters.label'),
          search: t('adminCalendar.filters.search'),
          group: t('adminCalendar.filters.group'),
          allGroups: t('adminCalendar.filters.allGroups'),
          clear: t('adminCalendar.filters.clear'),
        }}
        testIds={{ search: 'calendar-search', group: 'calendar-group' }}
      />
      {(sheet.isError || detail.isError) && (
        <RetryAlert
          error={sheet.error ?? detail.error}
          onRetry={() => void (sheet.isError ? sheet.refetch() : detail.refetch())}
          sx={{ mb: 2 }}
        />
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
