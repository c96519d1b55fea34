import Add from '@mui/icons-material/Add';
import EventBusyOutlined from '@mui/icons-material/EventBusyOutlined';
import { Alert, AlertTitle, MenuItem, TextField, useMediaQuery, useTheme } from '@mui/material';
import type { Holiday } from '@timbro/shared';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { DeleteRowDialog, useDeleteRow } from '../../components/list/use-delete-row';
import { GridMessage } from '../../components/data/grid-overlay';
import { PageHeader } from '../../components/page-header';
import { paths } from '../../config/paths';
import { useHolidays } from './api/get-holidays';
import { useDeleteHoliday } from './api/save-holiday';
import { editPath, useHolidayColumns, type HolidayRow } from './holiday-list-columns';
import { nextOccurrence } from './schemas';
import { useCan } from '../../lib/auth/use-can';
import { FilterBar } from '../../components/list/filter-bar';
import { ListGrid } from '../../components/list/list-grid';
import { LinkButton } from '../../components/link-button';

/** /admin/setting/holiday: recurring and dated holidays, filtered by year, sorted by date; the patron saint stands out. */
export function HolidayListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canWrite = useCan('settings:write');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const narrow = useMediaQuery(theme.breakpoints.down('md'));
  const query = useHolidays();
  const [searchParams, setSearchParams] = useSearchParams();
  const deletion = useDeleteRow<Holiday>(useDeleteHoliday(), (holiday) =>
    t('holidays.deleted', { name: holiday.name }),
  );
  const today = dayjs().format('YYYY-MM-DD');
  const thisYear = dayjs().year();
  const years = useMemo(
    () =>
      [...new Set([thisYear, ...(query.data ?? []).flatMap((h) => (h.year ? [h.year] : []))])].sort((a, b) => a - b),
    [query.data, thisYear],
  );
  const yearParam = searchParams.get('year');
  const year = yearParam === 'all' ? null : years.includes(Number(yearParam)) ? Number(yearParam) : thisYear;

  const rows = useMemo<HolidayRow[]>(
    () =>
      (query.data ?? [])
        .filter((h) => year === null || (h.year === null && !(h.fromYear && year < h.fromYear)) || h.year === year)
        .map((h) => ({ ...h, next: nextOccurrence(h, today), dateKey: (h.year ?? 0) * 10000 + h.month * 100 + h.day })),
    [query.data, year, today],
  );
  const patron = query.data?.find((h) => h.kind === 'patron');

  const columns = useHolidayColumns({ canWrite, today, onDelete: deletion.ask });

  return (
    <>
      <PageHeader
        title={t('holidays.list.title')}
        subtitle={t('holidays.list.subtitle')}
        actions={
          canWrite && (
            <LinkButton variant="contained" to={paths.adminHolidayNew} startIcon={<Add />} data-testid="holidays-new">
              {t('holidays.actions.new')}
            </LinkButton>
          )
        }
      />
      {query.isSuccess && !patron && (
        <Alert
          severity="info"
          sx={{ mb: 2 }}
          data-testid="patron-missing"
          action={
            canWrite ? (
              <LinkButton
                color="inherit"
                size="small"
                to={`${paths.adminHolidayNew}?kind=patron`}
                sx={{ whiteSpace: 'nowrap' }}
              >
                {t('holidays.patronMissing.action')}
              </LinkButton>
            ) : undefined
          }
        >
          <AlertTitle>{t('holidays.patronMissing.title')}</AlertTitle>
          {t('holidays.patronMissing.body')}
        </Alert>
      )}
      <FilterBar label={t('holidays.list.filterLabel')}>
        <TextField
          select
          size="small"
          label={t('holidays.list.year')}
          value={year === null ? 'all' : String(year)}
          onChange={(e) =>
            setSearchParams(e.target.value === String(thisYear) ? {} : { year: e.target.value }, { replace: true })
          }
          helperText={t('holidays.list.yearHint')}
          sx={{ maxWidth: { sm: 320 } }}
          slotProps={{ htmlInput: { 'data-testid': 'holidays-year' } }}
        >
          <MenuItem value="all">{t('holidays.list.allYears')}</MenuItem>
          {years.map((y) => (
            <MenuItem key={y} value={String(y)}>
              {y}
            </MenuItem>
          ))}
        </TextField>
      </FilterBar>
      <ListGrid<HolidayRow>
        rows={rows}
        query={query}
        columns={columns}
        initialState={{
          sorting: { sortModel: [{ field: 'dateKey', sort: 'asc' }] },
          pagination: { paginationModel: { pageSize: 50 } },
        }}
        pageSizeOptions={[25, 50, 100]}
        columnVisibilityModel={{ year: !phone, kind: !narrow, next: !phone }}
        onRowClick={canWrite ? ({ row }) => void navigate(editPath(row.id)) : undefined}
        empty={
          <GridMessage
            icon={<EventBusyOutlined />}
            title={t('holidays.empty.title')}
            body={canWrite ? t('holidays.empty.body') : t('holidays.empty.bodyReadOnly')}
          />
        }
        label={t('holidays.list.title')}
        testId="holidays-grid"
        overlayHeight={260}
        sx={{ '& .MuiDataGrid-cell': { display: 'flex', alignItems: 'center' } }}
      />
      <DeleteRowDialog
        deletion={deletion}
        title={t('holidays.deleteTitle', { name: deletion.row?.name ?? '' })}
        body={t('holidays.deleteBody')}
        confirmLabel={t('holidays.actions.delete')}
        testId="holiday-delete-dialog"
      />
    </>
  );
}
