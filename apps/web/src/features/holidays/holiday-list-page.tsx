import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import EventBusyOutlined from '@mui/icons-material/EventBusyOutlined';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Chip,
  IconButton,
  Link,
  MenuItem,
  TextField,
  Tooltip,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import type { Holiday } from '@timbro/shared';
import dayjs from 'dayjs';
import { useSnackbar } from 'notistack';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { GridMessage } from '../../components/data/grid-overlay';
import { PageHeader } from '../../components/page-header';
import { paths } from '../../config/paths';
import { catalogFor } from '../../i18n/languages';
import { formatDate } from '../../lib/dates';
import { errorMessage } from '../../lib/error-message';
import { useHolidays } from './api/get-holidays';
import { useDeleteHoliday } from './api/save-holiday';
import { HolidayIcon } from '../../components/holiday-icons';
import { nextOccurrence } from './schemas';
import { useCan } from '../../lib/auth/use-can';
import { FilterBar, ListGrid } from '../../components/list/list-grid';

type Row = Holiday & { next: string | null; dateKey: number };
const editPath = (id: string) => generatePath(paths.adminHolidayEdit, { id });
/** "25 aprile" (recurring) or "5 aprile 2026" (one year), in the user's language. */
export const holidayDate = (h: Pick<Holiday, 'day' | 'month' | 'year'>, language: string) =>
  h.year === null
    ? dayjs(new Date(2024, h.month - 1, h.day))
        .locale(language)
        .format('D MMMM')
    : formatDate(new Date(h.year, h.month - 1, h.day), language);

/** /admin/setting/holiday: recurring and dated holidays, filtered by year, sorted by date; the patron saint stands out. */
export function HolidayListPage() {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const canWrite = useCan('settings:write');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const narrow = useMediaQuery(theme.breakpoints.down('md'));
  const query = useHolidays();
  const remove = useDeleteHoliday();
  const [searchParams, setSearchParams] = useSearchParams();
  const [deleting, setDeleting] = useState<Holiday | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const today = dayjs().format('YYYY-MM-DD');
  const thisYear = dayjs().year();
  const years = useMemo(
    () =>
      [...new Set([thisYear, ...(query.data ?? []).flatMap((h) => (h.year ? [h.year] : []))])].sort((a, b) => a - b),
    [query.data, thisYear],
  );
  const yearParam = searchParams.get('year');
  const year = yearParam === 'all' ? null : years.includes(Number(yearParam)) ? Number(yearParam) : thisYear;

  const rows = useMemo<Row[]>(
    () =>
      (query.data ?? [])
        .filter((h) => year === null || (h.year === null && !(h.fromYear && year < h.fromYear)) || h.year === year)
        .map((h) => ({ ...h, next: nextOccurrence(h, today), dateKey: (h.year ?? 0) * 10000 + h.month * 100 + h.day })),
    [query.data, year, today],
  );
  const patron = query.data?.find((h) => h.kind === 'patron');

  const confirmDelete = async () => {
    if (!deleting) return;
    setRefusal(null);
    try {
      await remove.mutateAsync(deleting.id);
      enqueueSnackbar(t('holidays.deleted', { name: deleting.name }), { variant: 'success' });
      setDeleting(null);
    } catch (err) {
      setRefusal(errorMessage(err, t('errors.generic')));
    }
  };

  const columns = useMemo<GridColDef<Row>[]>(
    () => [
      {
        field: 'name',
        headerName: t('holidays.columns.name'),
        flex: 1.3,
        minWidth: 200,
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
            <HolidayIcon name={row.icon} fontSize="small" color="primary" aria-hidden />
            {canWrite ? (
              <Link
                component={RouterLink}
                to={editPath(row.id)}
                underline="hover"
                onClick={(e) => e.stopPropagation()}
                sx={{ fontWeight: 500 }}
                noWrap
              >
                {row.name}
              </Link>
            ) : (
              <Typography variant="body2" noWrap>
                {row.name}
              </Typography>
            )}
          </Box>
        ),
      },
      // The calendar order: month and day, then the year of dated ones.
      // A movable feast (Easter Monday…) has no fixed date: its rule instead (sorted at this year's date).
      {
        field: 'dateKey',
        headerName: t('holidays.columns.date'),
        width: 170,
        renderCell: ({ row }) => (row.rule ? t(`holidays.movable.${row.rule}`) : holidayDate(row, language)),
        sortComparator: (a: number, b: number) => (a % 10000) - (b % 10000) || a - b,
      },
      {
        field: 'year',
        headerName: t('holidays.columns.recurrence'),
        width: 160,
        valueGetter: (_v, row) => row.year ?? 0,
        renderCell: ({ row }) =>
          row.year !== null ? (
            <Chip size="small" variant="outlined" label={t('holidays.onlyYear', { year: row.year })} />
          ) : (
            <Chip
              size="small"
              color="primary"
              variant="outlined"
              label={row.fromYear ? t('holidays.fromYear', { year: row.fromYear }) : t('holidays.recurring')}
            />
          ),
      },
      {
        field: 'kind',
        headerName: t('holidays.columns.kind'),
        width: 120,
        valueGetter: (_v, row) => t(`holidays.kinds.${row.kind}`),
        renderCell: ({ row, value }) =>
          row.kind === 'patron' ? (
            <Chip
              size="small"
              variant="outlined"
              label={value as string}
              sx={{ fontWeight: 500, borderColor: 'secondary.main' }}
            />
          ) : (
            (value as string)
          ),
      },
      {
        field: 'next',
        headerName: t('holidays.columns.next'),
        width: 150,
        renderCell: ({ row }) =>
          row.next ? (
            row.next === today ? (
              t('holidays.today')
            ) : (
              dayjs(row.next).locale(language).format('ddd D MMM YYYY')
            )
          ) : (
            <Typography component="span" variant="body2" color="text.secondary">
              {t('holidays.past')}
            </Typography>
          ),
      },
      ...(canWrite
        ? [
            {
              field: 'actions',
              headerName: t('holidays.columns.actions'),
              sortable: false,
              width: 110,
              align: 'right',
              headerAlign: 'right',
              renderCell: ({ row }) => (
                <>
                  <Tooltip title={t('holidays.actions.edit')}>
                    <IconButton
                      component={RouterLink}
                      to={editPath(row.id)}
                      aria-label={t('holidays.actions.editNamed', { name: row.name })}
                      onClick={(e) => e.stopPropagation()}
                    >
                      <EditOutlined fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title={t('holidays.actions.delete')}>
                    <IconButton
                      color="error"
                      aria-label={t('holidays.actions.deleteNamed', { name: row.name })}
                      onClick={(e) => (e.stopPropagation(), setRefusal(null), setDeleting(row))}
                    >
                      <DeleteOutlined fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </>
              ),
            } satisfies GridColDef<Row>,
          ]
        : []),
    ],
    [t, language, canWrite, today],
  );

  return (
    <>
      <PageHeader
        title={t('holidays.list.title')}
        subtitle={t('holidays.list.subtitle')}
        actions={
          canWrite && (
            <Button
              variant="contained"
              component={RouterLink}
              to={paths.adminHolidayNew}
              startIcon={<Add />}
              data-testid="holidays-new"
            >
              {t('holidays.actions.new')}
            </Button>
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
              <Button
                color="inherit"
                size="small"
                component={RouterLink}
                to={`${paths.adminHolidayNew}?kind=patron`}
                sx={{ whiteSpace: 'nowrap' }}
              >
                {t('holidays.patronMissing.action')}
              </Button>
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
      <ListGrid<Row>
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
      <ConfirmDialog
        open={!!deleting}
        title={t('holidays.deleteTitle', { name: deleting?.name ?? '' })}
        body={t('holidays.deleteBody')}
        confirmLabel={t('holidays.actions.delete')}
        tone="error"
        busy={remove.isPending}
        error={refusal}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
        testId="holiday-delete-dialog"
      />
    </>
  );
}
