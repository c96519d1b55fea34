import ClearAll from '@mui/icons-material/FilterAltOff';
import HandshakeOutlined from '@mui/icons-material/HandshakeOutlined';
import SearchOff from '@mui/icons-material/SearchOff';
import { Box, Button, Link, MenuItem, TextField, Typography, useMediaQuery, useTheme } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import type { Contract } from '@timbro/shared';
import { EXPIRING_WITHIN_DAYS } from '@timbro/shared/domain/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, Link as RouterLink, useNavigate } from 'react-router';
import { GridMessage } from '../../components/data/grid-overlay';
import { PageHeader } from '../../components/page-header';
import { formatMinutes } from '../../components/time-slots/slot-rows';
import { paths } from '../../config/paths';
import { catalogFor } from '../../i18n/languages';
import { formatDate } from '../../lib/dates';
import {
  CONTRACT_FILTERS,
  CONTRACT_SORT_FIELDS,
  useContracts,
  type ContractFilter,
  type ContractSortField,
} from './api/get-contracts';
import { ContractStatusChip } from './contract-chips';
import { ClearFiltersButton, FilterBar } from '../../components/list/filter-bar';
import { ServerDataGrid } from '../../components/list/list-grid';
import { SearchField } from '../../components/list/search-field';
import { useServerList } from '../../lib/use-server-list';
import { LinkButton } from '../../components/link-button';

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
  const list = useServerList({
    sortFields: CONTRACT_SORT_FIELDS,
    defaultSort: 'lastName',
    filterKeys: FILTER_KEYS,
    sortColumns: SORTABLE,
  });
  const { params, update, hasFilters, clear } = list;
  const filter: ContractFilter = CONTRACT_FILTERS.includes(params.filters.filter as ContractFilter)
    ? (params.filters.filter as ContractFilter)
    : 'relevant';
  const query = useContracts({
    page: params.page,
    perPage: params.perPage,
    sort: params.sort,
    order: params.order,
    filter,
    search: params.search,
  });

  const columns = useMemo<GridColDef<Contract>[]>(
    () => [
      {
        field: 'employee',
        headerName: t('contracts.columns.employee'),
        flex: 1.3,
        minWidth: 160,
        valueGetter: (_v, row) => `${row.employee.lastName} ${row.employee.firstName}`,
        renderCell: ({ row, value }) => (
          <Link
            component={RouterLink}
            to={userContractsPath(row.userInfoId)}
            underline="hover"
            onClick={(e) => e.stopPropagation()}
            sx={{ fontWeight: 500 }}
            noWrap
          >
            {value as string}
          </Link>
        ),
      },
      {
        field: 'startsAt',
        headerName: t('contracts.columns.startsAt'),
        width: 140,
        renderCell: ({ row }) => formatDate(row.startsAt, language),
      },
      {
        field: 'endsAt',
        headerName: t('contracts.columns.endsAt'),
        width: 160,
        renderCell: ({ row }) =>
          row.endsAt ? (
            formatDate(row.endsAt, language)
          ) : (
            <Typography component="span" variant="body2" color="text.secondary">
              {t('contracts.permanent')}
            </Typography>
          ),
      },
      {
        field: 'status',
        headerName: t('contracts.columns.status'),
        sortable: false,
        width: 170,
        renderCell: ({ row }) => <ContractStatusChip contract={row} />,
      },
      {
        field: 'type',
        headerName: t('contracts.columns.type'),
        sortable: false,
        width: 130,
        valueGetter: (_v, row) => t(`contracts.types.${row.type}`),
      },
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
          <Box component="span">{t('timeSlots.hours', { time: formatMinutes(row.weeklyMinutes) })}</Box>
        ),
      },
    ],
    [t, language],
  );

  const empty = hasFilters ? (
    <GridMessage
      icon={<SearchOff />}
      title={t('contracts.empty.filteredTitle')}
      body={t('contracts.empty.filteredBody')}
      action={
        <Button onClick={clear} startIcon={<ClearAll />}>
          {t('contracts.list.clear')}
        </Button>
      }
    />
  ) : (
    <GridMessage
      icon={<HandshakeOutlined />}
      title={t('contracts.empty.title')}
      body={t('contracts.empty.body')}
      action={<LinkButton to={paths.adminUser}>{t('contracts.empty.toUsers')}</LinkButton>}
    />
  );

  return (
    <>
      <PageHeader title={t('contracts.list.title')} subtitle={t('contracts.list.subtitle')} />
      <FilterBar label={t('contracts.list.searchLabel')}>
        <Box
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr auto' }, alignItems: 'start' }}
        >
          <SearchField
            label={t('contracts.list.search')}
            value={list.searchText}
            onChange={list.setSearchText}
            testId="contracts-search"
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
          <ClearFiltersButton
            onClick={clear}
            disabled={!hasFilters}
            label={t('contracts.list.clear')}
            sx={{ mt: { md: 0.25 } }}
          />
        </Box>
      </FilterBar>
      <ServerDataGrid<Contract>
        list={list}
        query={query}
        columns={columns}
        columnVisibilityModel={{ type: !belowXl, qualification: !narrow, weeklyMinutes: !phone, startsAt: !phone }}
        autoRowHeight
        onRowClick={({ row }) => void navigate(userContractsPath(row.userInfoId))}
        empty={empty}
        label={t('contracts.list.title')}
        testId="contracts-grid"
      />
    </>
  );
}
