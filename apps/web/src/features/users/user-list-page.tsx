import Add from '@mui/icons-material/Add';
import ClearAll from '@mui/icons-material/FilterAltOff';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import PeopleOutline from '@mui/icons-material/PeopleOutlined';
import SearchOff from '@mui/icons-material/SearchOff';
import { Button, Stack, useMediaQuery, useTheme } from '@mui/material';
import type { GridColumnVisibilityModel } from '@mui/x-data-grid';
import type { User, WorkspaceRole } from '@timbro/shared';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { GridMessage } from '../../components/data/grid-overlay';
import { PageHeader } from '../../components/page-header';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/error-message';
import { downloadUsersExport } from './api/export-users';
import { useUsers, type UserFilters, type UserSortField } from './api/get-users';
import { ROLE_VALUES } from './schemas';
import { useUserColumns } from './user-list-columns';
import { FILTER_KEYS, UserListFilters } from './user-list-filters';
import { statusFilter } from './user-status-filter';
import { userDetailPath } from './user-paths';
import { useCan } from '../../lib/auth/use-can';
import { ServerDataGrid } from '../../components/list/list-grid';
import { useServerList } from '../../lib/use-server-list';
import { LinkButton } from '../../components/link-button';

/** Grid column → API sort field (the name column sorts by last name). */
const SORTABLE: Record<string, UserSortField> = {
  name: 'lastName',
  email: 'email',
  fiscalCode: 'fiscalCode',
  lastLoginWebAt: 'lastLoginWebAt',
};
const SORT_FIELDS = Object.values(SORTABLE);

/** /admin/user: the employees of the active workspace (server-side pages, sorting, search and filters). */
export function UserListPage() {
  const { t } = useTranslation();
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
  const { params, hasFilters, clear } = list;
  const [exporting, setExporting] = useState(false);

  const filters: UserFilters = {
    search: params.search || undefined,
    role: (ROLE_VALUES as readonly string[]).includes(params.filters.role)
      ? (params.filters.role as WorkspaceRole)
      : undefined,
    groupId: params.filters.group_id || undefined,
    ...statusFilter(params.filters.status),
  };
  const query = useUsers({
    page: params.page,
    perPage: params.perPage,
    sort: params.sort,
    order: params.order,
    ...filters,
  });

  const columns = useUserColumns(wide);

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
          <LinkButton variant="contained" to={paths.adminUserNew} startIcon={<Add />}>
            {t('users.actions.new')}
          </LinkButton>
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
              <LinkButton
                variant="outlined"
                to={paths.adminUserImport}
                startIcon={<FileUploadOutlined />}
                data-testid="users-import"
              >
                {t('users.actions.import')}
              </LinkButton>
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
              <LinkButton variant="contained" to={paths.adminUserNew} startIcon={<Add />} data-testid="users-new">
                {t('users.actions.new')}
              </LinkButton>
            )}
          </Stack>
        }
      />
      <UserListFilters list={list} role={filters.role} />
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
