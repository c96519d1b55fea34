import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import ClearAll from '@mui/icons-material/FilterAltOff';
import PeopleOutline from '@mui/icons-material/PeopleOutlined';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import SearchIcon from '@mui/icons-material/Search';
import {
  Alert,
  Box,
  Button,
  ButtonBase,
  CircularProgress,
  InputAdornment,
  LinearProgress,
  MenuItem,
  Paper,
  Skeleton,
  Stack,
  TablePagination,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Tooltip,
  Typography,
} from '@mui/material';
import type { TimesheetPage } from '@timbro/shared';
import dayjs from 'dayjs';
import { useSnackbar } from 'notistack';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GridMessage } from '../../components/data/grid-overlay';
import { PageHeader } from '../../components/page-header';
import { catalogFor } from '../../i18n/languages';
import { errorMessage } from '../../lib/error-message';
import { PAGE_SIZES, useDebouncedSearch, useListParams } from '../../lib/use-list-params';
import { useGroupLookup } from '../../lib/queries/group-lookup';
import { downloadTimesheet } from './api/export-timesheet';
import { useCurrentAttendanceInfo } from './api/get-current-info';
import { useTimesheet } from './api/get-timesheet';
import { useDayPanel } from './day-panel';
import { Duration } from './duration';
import { formatMinutes } from './format';
import { monthDays, monthRange, parseMonth, type CalendarCell } from './month-grid';
import { MonthNav } from './month-nav';
import { PeopleMonthGrid, type GridPerson } from './people-month-grid';
import { BALANCE_COLOR } from './status';
import { useCurrentMonth } from './use-current-month';

export const METRICS = ['expected', 'worked', 'justified', 'balance'] as const;
export type Metric = (typeof METRICS)[number];
const FILTER_KEYS = ['month', 'metric', 'group_id'] as const;
const NO_SORT = ['name'] as const;

type Row = TimesheetPage['items'][number];
type Cell = Row['days'][number];
interface Person extends GridPerson {
  row: Row;
  cells: Map<string, Cell>;
}

/**
 * /attendance/attendance-data/timesheet: employees × days of a month showing one figure (expected, worked, justified
 * or balance) with the month totals; group filter, search, pages of employees; XLSX and PDF export of every page.
 */
export function TimesheetPageScreen() {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const { enqueueSnackbar } = useSnackbar();
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
  const metric: Metric = (METRICS as readonly string[]).includes(params.filters.metric)
    ? (params.filters.metric as Metric)
    : 'worked';
  const range = useMemo(() => monthRange(month), [month]);
  const onSearch = useCallback((search: string) => update({ search }), [update]);
  const [searchText, setSearchText] = useDebouncedSearch(params.search, onSearch);
  const groups = useGroupLookup();
  const groupId = groups.data?.some((g) => g.id === params.filters.group_id) ? params.filters.group_id : undefined;
  const filters = { ...range, groupId, search: params.search || undefined };
  const sheet = useTimesheet({ ...filters, page: params.page, perPage: params.perPage }, ready);
  const [exporting, setExporting] = useState<'xlsx' | 'pdf' | null>(null);
  // The workspace's today: the grid marks it (the server's figures already stop the balance at the days that are over).
  const today = useCurrentAttendanceInfo().data?.today ?? null;
  const days = monthDays(month);
  const people: Person[] = useMemo(
    () =>
      (sheet.data?.from === range.from ? sheet.data.items : []).map((row) => ({
        id: row.userInfo.id,
        name: `${row.userInfo.lastName} ${row.userInfo.firstName}`,
        row,
        cells: new Map(row.days.map((d) => [d.date, d])),
      })),
    [sheet.data, range.from],
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

  const onExport = async (format: 'xlsx' | 'pdf') => {
    setExporting(format);
    try {
      await downloadTimesheet(filters, format);
      enqueueSnackbar(t('timesheet.exported'), { variant: 'success' });
    } catch (err) {
      enqueueSnackbar(errorMessage(err, t('errors.generic')), { variant: 'error' });
    } finally {
      setExporting(null);
    }
  };

  const total = (row: Row, key: Metric) =>
    key === 'justified'
      ? row.totals.covered + row.totals.increase - row.totals.decrease
      : key === 'balance'
        ? row.totals.balance // of the days that are over
        : row.totals[key];

  return (
    <>
      <PageHeader
        title={t('timesheet.title')}
        subtitle={t('timesheet.subtitle')}
        actions={
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: { xs: 'wrap', md: 'nowrap' }, flexShrink: 0 }}>
            <Button
              variant="outlined"
              onClick={() => void onExport('xlsx')}
              disabled={exporting !== null}
              startIcon={
                exporting === 'xlsx' ? <CircularProgress size={16} color="inherit" /> : <FileDownloadOutlined />
              }
              data-testid="timesheet-export-xlsx"
            >
              {exporting === 'xlsx' ? t('timesheet.exporting') : t('timesheet.exportXlsx')}
            </Button>
            <Button
              variant="outlined"
              onClick={() => void onExport('pdf')}
              disabled={exporting !== null}
              startIcon={
                exporting === 'pdf' ? <CircularProgress size={16} color="inherit" /> : <PictureAsPdfOutlined />
              }
              data-testid="timesheet-export-pdf"
            >
              {exporting === 'pdf' ? t('timesheet.exporting') : t('timesheet.exportPdf')}
            </Button>
          </Stack>
        }
      />
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }} role="search" aria-label={t('timesheet.filters.label')}>
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
            label={t('timesheet.filters.search')}
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
              htmlInput: { 'data-testid': 'timesheet-search' },
            }}
          />
          <TextField
            select
            size="small"
            label={t('timesheet.filters.group')}
            value={groupId ?? ''}
            onChange={(e) => update({ filters: { group_id: e.target.value } })}
            data-testid="timesheet-group"
          >
            <MenuItem value="">{t('timesheet.filters.allGroups')}</MenuItem>
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
            {t('timesheet.filters.clear')}
          </Button>
        </Box>
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
      </Paper>
      {sheet.isError && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void sheet.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {errorMessage(sheet.error, t('errors.generic'))}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ p: { xs: 1, md: 2 } }}>
        <Box sx={{ height: 4, mb: 0.5 }}>{sheet.isFetching && <LinearProgress aria-label={t('common.loading')} />}</Box>
        {!ready ? (
          <Skeleton variant="rounded" height={280} />
        ) : sheet.data && people.length === 0 && !sheet.isFetching ? (
          <Box sx={{ height: 280 }}>
            <GridMessage
              icon={<PeopleOutline />}
              title={onlyFilters ? t('adminCalendar.empty.filteredTitle') : t('adminCalendar.empty.title')}
              body={onlyFilters ? t('adminCalendar.empty.filteredBody') : t('adminCalendar.empty.body')}
            />
          </Box>
        ) : (
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
              if (!cell) return null;
              return (
                <TimesheetCellButton
                  person={p}
                  day={d}
                  cell={cell}
                  metric={metric}
                  onOpen={() => openDay(detailParams, p.id, d.date)}
                />
              );
            }}
            trailing={[
              ...METRICS.map((m) => ({
                key: m,
                width: 76,
                header: t(`attendance.metrics.${m}`),
                render: (p: Person) => (
                  <Duration
                    minutes={total(p.row, m)}
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
                render: (p: Person) => <span>{p.row.totals.anomalies}</span>,
              },
            ]}
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

/**
 * One day of one employee: the chosen figure, a tooltip with the four (expected, worked, justified, balance) and the
 * same in its accessible name; activating it (click, Enter, Space) opens the day's explanation in the side panel.
 */
function TimesheetCellButton({
  person,
  day,
  cell,
  metric,
  onOpen,
}: {
  person: Person;
  day: CalendarCell;
  cell: Cell;
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
