import Add from '@mui/icons-material/Add';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import SearchOff from '@mui/icons-material/SearchOff';
import { Button, useMediaQuery, useTheme } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import type { Group } from '@timbro/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, useNavigate } from 'react-router';
import { GridMessage } from '../../components/data/grid-overlay';
import { FilterBar } from '../../components/list/filter-bar';
import { ServerDataGrid } from '../../components/list/list-grid';
import { SearchField } from '../../components/list/search-field';
import { PageHeader } from '../../components/page-header';
import { paths } from '../../config/paths';
import { catalogFor } from '../../i18n/languages';
import { useCan } from '../../lib/auth/use-can';
import { formatDate } from '../../lib/dates';
import { useServerList } from '../../lib/use-server-list';
import { useDeleteGroup } from './api/delete-group';
import { GROUP_SORT_FIELDS, useGroups } from './api/get-groups';
import { CellLink, editDeleteColumn } from '../../components/list/row-actions';
import { DeleteRowDialog, useDeleteRow } from '../../components/list/use-delete-row';
import { LinkButton } from '../../components/link-button';

const NO_FILTERS = [] as const;
export const groupEditPath = (id: string) => generatePath(paths.adminGroupEdit, { id });

/** /admin/group: groups with their member counts (server-side pages, sorting and search). */
export function GroupListPage() {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const navigate = useNavigate();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
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
  const deletion = useDeleteRow<Group>(
    useDeleteGroup(),
    (group) => t('groups.deleted', { name: group.name }),
    () => {
      // The last row of a page is gone: step back a page.
      if (query.data && query.data.items.length === 1 && params.page > 1) update({ page: params.page - 1 });
    },
  );
  const askDelete = deletion.ask;

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
            editDeleteColumn<Group>({
              t,
              keyPrefix: 'groups',
              width: 120,
              editPath: groupEditPath,
              onDelete: askDelete,
              deleteTestId: (row) => `group-delete-${row.id}`,
            }),
          ]
        : []),
    ],
    [t, language, canWrite, askDelete],
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
          <LinkButton variant="contained" to={paths.adminGroupNew} startIcon={<Add />}>
            {t('groups.actions.new')}
          </LinkButton>
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
            <LinkButton variant="contained" to={paths.adminGroupNew} startIcon={<Add />} data-testid="groups-new">
              {t('groups.actions.new')}
            </LinkButton>
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
      <DeleteRowDialog
        deletion={deletion}
        title={t('groups.deleteTitle', { name: deletion.row?.name ?? '' })}
        body={t('groups.deleteBody', { n: deletion.row?.usersCount ?? 0 })}
        confirmLabel={t('groups.actions.delete')}
        testId="group-delete-dialog"
      />
    </>
  );
}
