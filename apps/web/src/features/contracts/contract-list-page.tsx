import ClearAll from '@mui/icons-material/FilterAltOff';
import HandshakeOutlined from '@mui/icons-material/HandshakeOutlined';
import SearchIcon from '@mui/icons-material/Search';
import SearchOff from '@mui/icons-material/SearchOff';
import { Alert, Box, Button, InputAdornment, Link, MenuItem, Paper, TextField, Typography, useMediaQuery, useTheme } from '@mui/material';
import type { GridColDef, GridSortModel } from '@mui/x-data-grid';
import type { Contract } from '@timbro/shared';
import { EXPIRING_WITHIN_DAYS } from '@timbro/shared/domain/contracts';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, Link as RouterLink, useNavigate } from 'react-router';
import { GridMessage } from '../../components/data/grid-overlay';
import { LocalizedDataGrid } from '../../components/data/localized-data-grid';
import { PageHeader } from '../../components/page-header';
import { formatMinutes } from '../../components/time-slots/slot-rows';
import { paths } from '../../config/paths';
import { catalogFor } from '../../i18n/languages';
import { formatDate } from '../../lib/dates';
import { errorMessage } from '../../lib/error-message';
import { PAGE_SIZES, useDebouncedSearch, useListParams } from '../../lib/use-list-params';
import { CONTRACT_FILTERS, CONTRACT_SORT_FIELDS, useContracts, type ContractFilter, type ContractSortField } from './api/get-contracts';
import { ContractStatusChip } from './contract-chips';

const FILTER_KEYS = ['filter'] as const;
/** Grid column → API sort field (the employee column sorts by last name). */
const SORTABLE: Record<string, ContractSortField> = { employee: 'lastName', startsAt: 'startsAt', endsAt: 'endsAt' };
const userContractsPath = (id: string) => generatePath(paths.adminUserContract, { id });

/** /admin/contract: every employee's contracts (server-side pages, sorting, search and the status filter). */
export function ContractListPage() {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const navigate = useNavigate();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('lg'));
  const belowXl = useMediaQuery(theme.breakpoints.down('xl'));
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const { params, update, hasFilters, clear } = useListParams({ sortFields: CONTRACT_SORT_FIELDS, defaultSort: 'lastName', filterKeys: FILTER_KEYS });
  const onSearch = useCallback((search: string) => update({ search }), [update]);
  const [searchText, setSearchText] = useDebouncedSearch(params.search, onSearch);
  const filter: ContractFilter = CONTRACT_FILTERS.includes(params.filters.filter as ContractFilter) ? (params.filters.filter as ContractFilter) : 'relevant';
  const query = useContracts({ page: params.page, perPage: params.perPage, sort: params.sort, order: params.order, filter, search: params.search });

  const columns = useMemo<GridColDef<Contract>[]>(
    () => [
      {
        field: 'employee',
        headerName: t('contracts.columns.employee'),
        flex: 1.3,
        minWidth: 160,
        valueGetter: (_v, row) => `${row.employee.lastName} ${row.employee.firstName}`,
        renderCell: ({ row, value }) => (
          <Link component={RouterLink} to={userContractsPath(row.userInfoId)} underline="hover" onClick={(e) => e.stopPropagation()} sx={{ fontWeight: 500 }} noWrap>
            {value as string}
          </Link>
        ),
      },
      { field: 'startsAt', headerName: t('contracts.columns.startsAt'), width: 140, renderCell: ({ row }) => formatDate(row.startsAt, language) },
      {
        field: 'endsAt',
        headerName: t('contracts.columns.endsAt'),
        width: 160,
        renderCell: ({ row }) =>
          row.endsAt ? formatDate(row.endsAt, language) : <Typography component="span" variant="body2" color="text.secondary">{t('contracts.permanent')}</Typography>,
      },
      { field: 'status', headerName: t('contracts.columns.status'), sortable: false, width: 170, renderCell: ({ row }) => <ContractStatusChip contract={row} /> },
      { field: 'type', headerName: t('contracts.columns.type'), sortable: false, width: 130, valueGetter: (_v, row) => t(`contracts.types.${row.type}`) },
      {
        field: 'qualification',
        headerName: t('contracts.columns.qualification'),
        sortable: false,
        flex: 1,
        minWidth: 140,
        renderCell: ({ row }) => (
          <Box sx={{ minWidth: 0, py: 0.5 }}>
            <Typography variant="body2" noWrap>
              {row.qualification ?? '—'}
            </Typography>
            {row.ccnlLevel && (
              <Typography variant="caption" color="text.secondary" component="div" noWrap>
                {row.ccnlLevel}
              </Typography>
            )}
          </Box>
        ),
      },
      {
        field: 'weeklyMinutes',
        headerName: t('contracts.columns.weeklyHours'),
        sortable: false,
        width: 120,
        renderCell: ({ row }) => (
          <Box component="span">
            {t('timeSlots.hours', { time: formatMinutes(row.weeklyMinutes) })}
          </Box>
        ),
      },
    ],
    [t, language],
  );

  const sortModel: GridSortModel = [{ field: Object.keys(SORTABLE).find((k) => SORTABLE[k] === params.sort) ?? 'employee', sort: params.order }];
  const NoRows = useMemo(
    () =>
      function NoRows() {
        return hasFilters ? (
          <GridMessage icon={<SearchOff />} title={t('contracts.empty.filteredTitle')} body={t('contracts.empty.filteredBody')} action={<Button onClick={clear} startIcon={<ClearAll />}>{t('contracts.list.clear')}</Button>} />
        ) : (
          <GridMessage icon={<HandshakeOutlined />} title={t('contracts.empty.title')} body={t('contracts.empty.body')} action={<Button component={RouterLink} to={paths.adminUser}>{t('contracts.empty.toUsers')}</Button>} />
        );
      },
    [hasFilters, clear, t],
  );

  return (
    <>
      <PageHeader title={t('contracts.list.title')} subtitle={t('contracts.list.subtitle')} />
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }} role="search" aria-label={t('contracts.list.searchLabel')}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr auto' }, alignItems: 'start' }}>
          <TextField
            size="small"
            label={t('contracts.list.search')}
            value={searchText}
            onChange={(e) => setSearchText(e.target.value)}
            slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> }, htmlInput: { 'data-testid': 'contracts-search' } }}
          />
          <TextField
            select
            size="small"
            label={t('contracts.filter.label')}
            value={filter}
            onChange={(e) => update({ filters: { filter: e.target.value === 'relevant' ? '' : e.target.value } })}
            helperText={t('contracts.filter.expiringHint', { days: EXPIRING_WITHIN_DAYS })}
            slotProps={{ htmlInput: { 'data-testid': 'contracts-filter' } }}
          >
            {CONTRACT_FILTERS.map((f) => (
              <MenuItem key={f} value={f}>
                {t(`contracts.filter.${f}`)}
              </MenuItem>
            ))}
          </TextField>
          <Button onClick={clear} disabled={!hasFilters} startIcon={<ClearAll />} sx={{ justifySelf: 'start', whiteSpace: 'nowrap', mt: { md: 0.25 } }}>
            {t('contracts.list.clear')}
          </Button>
        </Box>
      </Paper>
      {query.isError && (
        <Alert severity="error" sx={{ mb: 2 }} action={<Button color="inherit" size="small" onClick={() => void query.refetch()}>{t('common.retry')}</Button>}>
          {errorMessage(query.error, t('errors.generic'))}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ overflow: 'hidden' }} data-testid="contracts-grid">
        <LocalizedDataGrid<Contract>
          rows={query.data?.items ?? []}
          columns={columns}
          rowCount={query.data?.total ?? 0}
          loading={query.isFetching}
          paginationMode="server"
          sortingMode="server"
          filterMode="server"
          pageSizeOptions={[...PAGE_SIZES]}
          paginationModel={{ page: params.page - 1, pageSize: params.perPage }}
          onPaginationModelChange={(m) => update({ page: m.page + 1, perPage: m.pageSize })}
          sortModel={sortModel}
          onSortModelChange={(m) => {
            const first = m[0];
            update({ sort: first ? (SORTABLE[first.field] ?? 'lastName') : 'lastName', order: first?.sort === 'desc' ? 'desc' : 'asc' });
          }}
          columnVisibilityModel={{ type: !belowXl, qualification: !narrow, weeklyMinutes: !phone, startsAt: !phone }}
          disableColumnFilter
          disableColumnSelector
          disableRowSelectionOnClick
          autoHeight
          getRowHeight={() => 'auto'}
          onRowClick={({ row }) => void navigate(userContractsPath(row.userInfoId))}
          slots={{ noRowsOverlay: NoRows, noResultsOverlay: NoRows }}
          slotProps={{ loadingOverlay: { variant: 'skeleton', noRowsVariant: 'skeleton' } }}
          label={t('contracts.list.title')}
          sx={{ border: 0, '--DataGrid-overlayHeight': '280px', '& .MuiDataGrid-row': { cursor: 'pointer' }, '& .MuiDataGrid-cell': { display: 'flex', alignItems: 'center', py: 1, minHeight: 52 } }}
        />
      </Paper>
    </>
  );
}
