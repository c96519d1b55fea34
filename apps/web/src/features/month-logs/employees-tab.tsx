import PeopleOutline from '@mui/icons-material/PeopleOutlined';
import { Box, Tooltip } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import type { MonthLogDetail } from '@timbro/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { GridMessage } from '../../components/data/grid-overlay';
import { ListGrid, type ListGridProps } from '../../components/list/list-grid';
import { catalogFor } from '../../i18n/languages';
import { useJustificationLookup } from '../../lib/queries/justification-lookup';
import { PAGE_SIZES } from '../../lib/use-list-params';
import { formatMinutes, formatQuantity } from './format';

type Employee = MonthLogDetail['employees'][number];
interface Row extends Employee {
  name: string;
  justified: number;
}

/** Minutes as h:mm, right-aligned in a number column. */
const minutesColumn = (
  field: string,
  headerName: string,
  value: (r: Row) => number,
  signed = false,
): GridColDef<Row> => ({
  field,
  headerName,
  type: 'number',
  width: 110,
  valueGetter: (_v, row) => value(row),
  // bdi ltr: "−1:30" keeps its sign in front in Arabic too.
  renderCell: ({ row }) => <bdi dir="ltr">{formatMinutes(value(row), { signed })}</bdi>,
});

/**
 * The version's employees as frozen: expected, worked, justified (covered + increase − decrease) and balance of the
 * month, anomalies, the minutes of each absence type, and the accrual balances at month end (in hours or days).
 */
export function EmployeesTab({ log, query }: { log: MonthLogDetail; query: ListGridProps<Row>['query'] }) {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  // Units of the accrual balances (hours or days); without them the plain figure shows.
  const lookup = useJustificationLookup();
  const rows = useMemo<Row[]>(
    () =>
      log.employees
        .map((e) => ({
          ...e,
          name: `${e.lastName} ${e.firstName}`,
          justified: e.totals.covered + e.totals.increase - e.totals.decrease,
        }))
        .sort((a, b) => a.name.localeCompare(b.name, language)),
    [log.employees, language],
  );

  const columns = useMemo<GridColDef<Row>[]>(() => {
    const used = (pick: (e: Employee) => Record<string, number>) =>
      log.justifications.filter((j) => log.employees.some((e) => pick(e)[j.id] !== undefined));
    const unitOf = (id: string) => lookup.data?.find((j) => j.id === id)?.unit;
    const header = (code: string, name: string, text: string) => (
      <Tooltip title={name}>
        <Box component="span" sx={{ fontWeight: 500 }}>
          {text || code}
        </Box>
      </Tooltip>
    );
    return [
      {
        field: 'name',
        headerName: t('monthLogs.employees.name'),
        flex: 1,
        minWidth: 180,
        renderCell: ({ row }) => <bdi>{row.name}</bdi>,
      },
      minutesColumn('expected', t('monthLogs.employees.expected'), (r) => r.totals.expected),
      minutesColumn('worked', t('monthLogs.employees.worked'), (r) => r.totals.worked),
      minutesColumn('justified', t('monthLogs.employees.justified'), (r) => r.justified),
      minutesColumn('balance', t('monthLogs.employees.balance'), (r) => r.totals.balance, true),
      {
        field: 'anomalies',
        headerName: t('monthLogs.employees.anomalies'),
        type: 'number',
        width: 120,
        valueGetter: (_v, row) => row.totals.anomalies,
        renderCell: ({ row }) => (
          <Box component="span" sx={{ color: row.totals.anomalies > 0 ? 'warning.dark' : undefined }}>
            {row.totals.anomalies}
          </Box>
        ),
      },
      ...used((e) => e.totals.byJustification).map((j): GridColDef<Row> => ({
        ...minutesColumn(`just-${j.id}`, j.code, (r) => r.totals.byJustification[j.id] ?? 0),
        width: 90,
        description: j.name,
        renderHeader: () => header(j.code, j.name, j.code),
      })),
      ...used((e) => e.balances).map((j): GridColDef<Row> => ({
        field: `bal-${j.id}`,
        headerName: t('monthLogs.employees.balanceOf', { code: j.code }),
        description: t('monthLogs.employees.balanceHint', { name: j.name }),
        type: 'number',
        width: 140,
        valueGetter: (_v, row) => row.balances[j.id] ?? null,
        renderCell: ({ row }) => {
          const v = row.balances[j.id];
          if (v === undefined) return '—';
          const unit = unitOf(j.id);
          const text = formatQuantity(v, language);
          return <bdi>{unit ? t(`monthLogs.employees.units.${unit}`, { value: text }) : text}</bdi>;
        },
      })),
    ];
  }, [t, language, log.justifications, log.employees, lookup.data]);

  return (
    <ListGrid<Row>
      rows={rows}
      getRowId={(r) => r.userInfoId}
      query={query}
      columns={columns}
      initialState={{ pagination: { paginationModel: { pageSize: 25 } } }}
      pageSizeOptions={[...PAGE_SIZES]}
      empty={<GridMessage icon={<PeopleOutline />} title={t('monthLogs.employees.empty')} />}
      label={t('monthLogs.tabs.employees')}
      testId="month-log-employees"
    />
  );
}
