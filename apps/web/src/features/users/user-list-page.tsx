import Add from '@mui/icons-material/Add';
import ClearAll from '@mui/icons-material/FilterAltOff';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import PeopleOutline from '@mui/icons-material/PeopleOutlined';
import SearchOff from '@mui/icons-material/SearchOff';
import { Box, Button, Link, MenuItem, Stack, TextField, Typography, useMediaQuery, useTheme } from '@mui/material';
import type { GridColDef, GridColumnVisibilityModel } from '@mui/x-data-grid';
import type { User, WorkspaceRole } from '@timbro/shared';
import { useSnackbar } from 'notistack';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, Link as RouterLink, useNavigate } from 'react-router';
import { GridMessage } from '../../components/data/grid-overlay';
import { PageHeader } from '../../components/page-header';
import { paths } from '../../config/paths';
import { catalogFor } from '../../i18n/languages';
import { formatDateTime } from '../../lib/dates';
import { errorMessage } from '../../lib/error-message';
import { useGroupLookup } from '../../lib/queries/group-lookup';
import { downloadUsersExport } from './api/export-users';
import { useUsers, type UserFilters, type UserSortField } from './api/get-users';
import { ROLE_VALUES } from './schemas';
import { RoleChips, UserStatusChips } from './user-chips';
import { useCan } from '../../lib/auth/use-can';
import { FilterBar, ServerDataGrid } from '../../components/list/list-grid';
import { SearchField } from '../../components/list/search-field';
import { useServerList } from '../../lib/use-server-list';

const FILTER_KEYS = ['role', 'group_id', 'status'] as const;
/** Grid column → API sort field (the name column sorts by last name). */
const SORTABLE: Record<string, UserSortField> = {
  name: 'lastName',
  email: 'email',
  fiscalCode: 'fiscalCode',
  lastLoginWebAt: 'lastLoginWebAt',
};
const SORT_FIELDS = Object.values(SORTABLE);

export const userDetailPath = (id: string) => generatePath(paths.adminUserDetail, { id });

/** /admin/user: the employees of the active workspace (server-side pages, sorting, search and filters). */
export function UserListPage() {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const navigate = useNavigate();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('xl'));
  const narrow = useMediaQuery(theme.breakpoints.down('lg'));
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const { enqueueSnackbar } = useSnackbar();
  const canWrite = useCan('user:write');
  const list = useServerList({
    sortFields: SORT_FIELDS,
    defaultSort: 'lastName',
    filterKeys: FILTER_KEYS,
    sortColumns: SORTABLE,
  });
  const { params, update, hasFilters, clear } = list;
  const [exporting, setExporting] = useState(false);
  const groups = useGroupLookup();

  const filters: UserFilters = {
    search: params.search || undefined,
    role: (ROLE_VALUES as readonly string[]).includes(params.filters.role)
      ? (params.filters.role as WorkspaceRole)
      : undefined,
    groupId: params.filters.group_id || undefined,
    enabled: params.filters.status === 'active' ? true : params.filters.status === 'disabled' ? false : undefined,
  };
  const query = useUsers({
    page: params.page,
    perPage: params.perPage,
    sort: params.sort,
    order: params.order,
    ...filters,
  });

  const columns = useMemo<GridColDef<User>[]>(
    () => [
      {
        field: 'name',
        headerName: t('users.columns.name'),
        flex: 1.4,
        minWidth: 190,
        valueGetter: (_v, row) => `${row.lastName} ${row.firstName}`,
        renderCell: ({ row, value }) => (
          <Box sx={{ minWidth: 0, py: 0.5 }}>
            <Link
              component={RouterLink}
              to={userDetailPath(row.id)}
              underline="hover"
              onClick={(e) => e.stopPropagation()}
              sx={{ fontWeight: 500, display: 'block' }}
              noWrap
            >
              {value as string}
            </Link>
            {/* The e-mail under the name where its own column does not fit. */}
            {!wide && (
              <Typography
                variant="caption"
                color="text.secondary"
                component="div"
                noWrap
                dir="ltr"
                sx={{ textAlign: 'start' }}
              >
                {row.email}
              </Typography>
            )}
          </Box>
        ),
      },
      {
        field: 'email',
        headerName: t('users.columns.email'),
        flex: 1.3,
        minWidth: 200,
        renderCell: ({ value }) => (
          <Box component="span" dir="ltr" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
            {value as string}
          </Box>
        ),
      },
      {
        field: 'fiscalCode',
        headerName: t('users.columns.fiscalCode'),
        width: 160,
        renderCell: ({ value }) => (
          <Box component="span" sx={{ fontFamily: 'monospace', fontSize: '0.8125rem' }} dir="ltr">
            {(value as string | null) ?? '—'}
          </Box>
        ),
      },
      {
        field: 'roles',
        headerName: t('users.columns.roles'),
        sortable: false,
        flex: 1,
        minWidth: 130,
        renderCell: ({ row }) => <RoleChips roles={row.roles} />,
      },
      {
        field: 'groups',
        headerName: t('users.columns.groups'),
        sortable: false,
        flex: 1,
        minWidth: 120,
        valueGetter: (_v, row) => row.groups.map((g) => g.name).join(', '),
        renderCell: ({ value }) =>
          value ? (
            (value as string)
          ) : (
            <Typography component="span" variant="body2" color="text.secondary">
              —
            </Typography>
          ),
      },
      {
        field: 'status',
        headerName: t('users.columns.status'),
        sortable: false,
        width: 140,
        renderCell: ({ row }) => <UserStatusChips user={row} />,
      },
      {
        field: 'lastLoginWebAt',
        headerName: t('users.columns.lastLoginWeb'),
        width: 150,
        valueGetter: (_v, row) => row.lastLoginAt.web,
        renderCell: ({ value }) =>
          value ? (
            formatDateTime(value as string, language)
          ) : (
            <Typography component="span" variant="body2" color="text.secondary">
              {t('users.never')}
            </Typography>
          ),
      },
    ],
    [t, language, wide],
  );

  // Columns by width: everything on wide screens; the essentials on a phone.
  const visibility: GridColumnVisibilityModel = {
    email: wide,
    fiscalCode: !narrow,
    groups: !narrow,
    lastLoginWebAt: !narrow,
    roles: !phone,
  };

  const onExport = async () => {
    setExporting(true);
    try {
      await downloadUsersExport(filters);
    } catch (err) {
      enqueueSnackbar(errorMessage(err, t('errors.generic')), { variant: 'error' });
    } finally {
      setExporting(false);
    }
  };

  const empty = hasFilters ? (
    <GridMessage
      icon={<SearchOff />}
      title={t('users.empty.filteredTitle')}
      body={t('users.empty.filteredBody')}
      action={
        <Button onClick={clear} startIcon={<ClearAll />}>
          {t('users.filters.clear')}
        </Button>
      }
    />
  ) : (
    <GridMessage
      icon={<PeopleOutline />}
      title={t('users.empty.title')}
      body={canWrite ? t('users.empty.body') : t('users.empty.bodyReadOnly')}
      action={
        canWrite ? (
          <Button variant="contained" component={RouterLink} to={paths.adminUserNew} startIcon={<Add />}>
            {t('users.actions.new')}
          </Button>
        ) : undefined
      }
    />
  );

  return (
    <>
      <PageHeader
        title={t('users.list.title')}
        subtitle={canWrite ? t('users.list.subtitle') : t('users.list.subtitleReadOnly')}
        actions={
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: { xs: 'wrap', md: 'nowrap' }, flexShrink: 0 }}>
            {canWrite && (
              <Button
                variant="outlined"
                component={RouterLink}
                to={paths.adminUserImport}
                startIcon={<FileUploadOutlined />}
                data-testid="users-import"
              >
                {t('users.actions.import')}
              </Button>
            )}
            <Button
              variant="outlined"
              onClick={() => void onExport()}
              disabled={exporting}
              startIcon={<FileDownloadOutlined />}
              data-testid="users-export"
            >
              {exporting ? t('users.actions.exporting') : t('users.actions.export')}
            </Button>
            {canWrite && (
              <Button
                variant="contained"
                component={RouterLink}
                to={paths.adminUserNew}
                startIcon={<Add />}
                data-testid="users-new"
              >
                {t('users.actions.new')}
              </Button>
            )}
          </Stack>
        }
      />
      <FilterBar label={t('users.filters.label')}>
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr 1fr', md: '1fr 1fr 1fr', lg: '2fr 1fr 1fr 1fr auto' },
            alignItems: 'center',
          }}
        >
          <SearchField
            label={t('users.filters.search')}
            placeholder={t('users.filters.searchPlaceholder')}
            value={list.searchText}
            onChange={list.setSearchText}
            sx={{ gridColumn: { xs: '1 / -1', lg: 'auto' } }}
            testId="users-search"
          />
          <TextField
            select
            size="small"
            label={t('users.filters.role')}
            value={filters.role ?? ''}
            onChange={(e) => update({ filters: { role: e.target.value } })}
            data-testid="filter-role"
          >
            <MenuItem value="">{t('users.filters.allRoles')}</MenuItem>
            {ROLE_VALUES.map((r) => (
              <MenuItem key={r} value={r}>
                {t(`roles.${r}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={t('users.filters.group')}
            value={groups.data?.some((g) => g.id === params.filters.group_id) ? params.filters.group_id : ''}
            onChange={(e) => update({ filters: { group_id: e.target.value } })}
            data-testid="filter-group"
          >
            <MenuItem value="">{t('users.filters.allGroups')}</MenuItem>
            {(groups.data ?? []).map((g) => (
              <MenuItem key={g.id} value={g.id}>
                {g.name}
              </MenuItem>
            ))}
            {groups.data?.length === 0 && (
              <MenuItem disabled value="none">
                {t('users.filters.noGroups')}
              </MenuItem>
            )}
          </TextField>
          <TextField
            select
            size="small"
            label={t('users.filters.status')}
            value={['active', 'disabled'].includes(params.filters.status) ? params.filters.status : ''}
            onChange={(e) => update({ filters: { status: e.target.value } })}
            data-testid="filter-status"
          >
            <MenuItem value="">{t('users.filters.allStatuses')}</MenuItem>
            <MenuItem value="active">{t('users.filters.active')}</MenuItem>
            <MenuItem value="disabled">{t('users.filters.disabled')}</MenuItem>
          </TextField>
          <Button
            onClick={clear}
            disabled={!hasFilters}
            startIcon={<ClearAll />}
            sx={{ justifySelf: 'start', whiteSpace: 'nowrap' }}
          >
            {t('users.filters.clear')}
          </Button>
        </Box>
      </FilterBar>
      <ServerDataGrid<User>
        list={list}
        query={query}
        columns={columns}
        columnVisibilityModel={visibility}
        autoRowHeight
        onRowClick={({ row }) => void navigate(userDetailPath(row.id))}
        empty={empty}
        label={t('users.list.title')}
        testId="users-grid"
      />
    </>
  );
}
