import Add from '@mui/icons-material/Add';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import SearchOff from '@mui/icons-material/SearchOff';
import { Button, useMediaQuery, useTheme } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import type { Group } from '@timbro/shared';
import { useSnackbar } from 'notistack';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, Link as RouterLink, useNavigate } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { GridMessage } from '../../components/data/grid-overlay';
import { FilterBar } from '../../components/list/filter-bar';
import { ServerDataGrid } from '../../components/list/list-grid';
import { SearchField } from '../../components/list/search-field';
import { PageHeader } from '../../components/page-header';
import { paths } from '../../config/paths';
import { catalogFor } from '../../i18n/languages';
import { useCan } from '../../lib/auth/use-can';
import { formatDate } from '../../lib/dates';
import { errorMessage } from '../../lib/error-message';
import { useServerList } from '../../lib/use-server-list';
import { useDeleteGroup } from './api/delete-group';
import { GROUP_SORT_FIELDS, useGroups } from './api/get-groups';
import { CellLink, DeleteRowButton, EditRowLink } from '../../components/list/row-actions';

const NO_FILTERS = [] as const;
export const groupEditPath = (id: string) => generatePath(paths.adminGroupEdit, { id });

/** /admin/group: groups with their member counts (server-side pages, sorting and search). */
export function GroupListPage() {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const navigate = useNavigate();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const { enqueueSnackbar } = useSnackbar();
  const canWrite = useCan('group:write');
  const list = useServerList({ sortFields: GROUP_SORT_FIELDS, defaultSort: 'name', filterKeys: NO_FILTERS });
  const { params, update, hasFilters, clear } = list;
  const query = useGroups({
    page: params.page,
    perPage: params.perPage,
    sort: params.sort,
    order: params.order,
    search: params.search,
  });
  const remove = useDeleteGroup();
  const [deleting, setDeleting] = useState<Group | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const confirmDelete = async () => {
    if (!deleting) return;
    setRefusal(null);
    try {
      await remove.mutateAsync(deleting.id);
      enqueueSnackbar(t('groups.deleted', { name: deleting.name }), { variant: 'success' });
      setDeleting(null);
      // The last row of a page is gone: step back a page.
      if (query.data && query.data.items.length === 1 && params.page > 1) update({ page: params.page - 1 });
    } catch (err) {
      setRefusal(errorMessage(err, t('errors.generic')));
    }
  };

  const columns = useMemo<GridColDef<Group>[]>(
    () => [
      {
        field: 'name',
        headerName: t('groups.columns.name'),
        flex: 1,
        minWidth: 180,
        renderCell: ({ row }) => (canWrite ? <CellLink to={groupEditPath(row.id)}>{row.name}</CellLink> : row.name),
      },
      { field: 'usersCount', headerName: t('groups.columns.usersCount'), type: 'number', width: 140 },
      {
        field: 'createdAt',
        headerName: t('groups.columns.createdAt'),
        width: 170,
        renderCell: ({ row }) => formatDate(row.createdAt, language),
      },
      ...(canWrite
        ? [
            {
              field: 'actions',
              headerName: t('groups.columns.actions'),
              sortable: false,
              width: 120,
              align: 'right',
              headerAlign: 'right',
              renderCell: ({ row }) => (
                <>
                  <EditRowLink
                    to={groupEditPath(row.id)}
                    title={t('groups.actions.edit')}
                    label={t('groups.actions.editNamed', { name: row.name })}
                  />
                  <DeleteRowButton
                    title={t('groups.actions.delete')}
                    label={t('groups.actions.deleteNamed', { name: row.name })}
                    onDelete={() => {
                      setRefusal(null);
                      setDeleting(row);
                    }}
                    testId={`group-delete-${row.id}`}
                  />
                </>
              ),
            } satisfies GridColDef<Group>,
          ]
        : []),
    ],
    [t, language, canWrite],
  );

  const empty = hasFilters ? (
    <GridMessage
      icon={<SearchOff />}
      title={t('groups.empty.filteredTitle')}
      body={t('groups.empty.filteredBody')}
      action={<Button onClick={clear}>{t('users.filters.clear')}</Button>}
    />
  ) : (
    <GridMessage
      icon={<GroupsOutlined />}
      title={t('groups.empty.title')}
      body={canWrite ? t('groups.empty.body') : t('groups.empty.bodyReadOnly')}
      action={
        canWrite ? (
          <Button variant="contained" component={RouterLink} to={paths.adminGroupNew} startIcon={<Add />}>
            {t('groups.actions.new')}
          </Button>
        ) : undefined
      }
    />
  );

  return (
    <>
      <PageHeader
        title={t('groups.list.title')}
        subtitle={t('groups.list.subtitle')}
        actions={
          canWrite && (
            <Button
              variant="contained"
              component={RouterLink}
              to={paths.adminGroupNew}
              startIcon={<Add />}
              data-testid="groups-new"
            >
              {t('groups.actions.new')}
            </Button>
          )
        }
      />
      <FilterBar label={t('groups.list.searchLabel')}>
        <SearchField
          label={t('groups.list.search')}
          value={list.searchText}
          onChange={list.setSearchText}
          sx={{ maxWidth: { sm: 420 } }}
          testId="groups-search"
        />
      </FilterBar>
      <ServerDataGrid<Group>
        list={list}
        query={query}
        columns={columns}
        columnVisibilityModel={{ createdAt: !phone }}
        onRowClick={canWrite ? ({ row }) => void navigate(groupEditPath(row.id)) : undefined}
        empty={empty}
        label={t('groups.list.title')}
        testId="groups-grid"
      />
      <ConfirmDialog
        open={!!deleting}
        title={t('groups.deleteTitle', { name: deleting?.name ?? '' })}
        body={t('groups.deleteBody', { n: deleting?.usersCount ?? 0 })}
        confirmLabel={t('groups.actions.delete')}
        tone="error"
        busy={remove.isPending}
        error={refusal}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
        testId="group-delete-dialog"
      />
    </>
  );
}
