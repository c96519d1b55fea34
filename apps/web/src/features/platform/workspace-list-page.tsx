import Add from '@mui/icons-material/Add';
import ApartmentOutlined from '@mui/icons-material/ApartmentOutlined';
import SearchOff from '@mui/icons-material/SearchOff';
import { Button, useMediaQuery, useTheme } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GridMessage } from '../../components/data/grid-overlay';
import { FilterBar } from '../../components/list/filter-bar';
import { ServerDataGrid } from '../../components/list/list-grid';
import { SearchField } from '../../components/list/search-field';
import { PageHeader } from '../../components/page-header';
import { paths } from '../../config/paths';
import { catalogFor } from '../../i18n/languages';
import { errorMessage } from '../../lib/error-message';
import { useServerList } from '../../lib/use-server-list';
import {
  PLATFORM_WORKSPACE_SORT_FIELDS,
  usePlatformWorkspaces,
  type PlatformWorkspace,
} from './api/get-platform-workspaces';
import { useSetWorkspaceState, type WorkspaceStateAction } from './api/set-workspace-state';
import { useRefreshOperatorWorkspaces } from './use-operator-workspaces';
import { workspaceColumns } from './workspace-columns';
import { WorkspaceQuotaDialog } from './workspace-quota-dialog';
import { WorkspaceStateDialog } from './workspace-state-dialog';
import { LinkButton } from '../../components/link-button';

const NO_FILTERS = [] as const;

/** /operator/workspace: every workspace of the platform (server-side pages, sorting and search), disable / enable. */
export function PlatformWorkspaceListPage() {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const { enqueueSnackbar } = useSnackbar();
  const list = useServerList({
    sortFields: PLATFORM_WORKSPACE_SORT_FIELDS,
    defaultSort: 'name',
    filterKeys: NO_FILTERS,
  });
  const { params, hasFilters, clear } = list;
  const query = usePlatformWorkspaces({
    page: params.page,
    perPage: params.perPage,
    sort: params.sort,
    order: params.order,
    search: params.search,
  });
  const setState = useSetWorkspaceState();
  const refreshWorkspaces = useRefreshOperatorWorkspaces();
  const [target, setTarget] = useState<{ workspace: PlatformWorkspace; action: WorkspaceStateAction } | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [quotaOf, setQuotaOf] = useState<PlatformWorkspace | null>(null);

  const columns = useMemo(
    () =>
      workspaceColumns(
        t,
        language,
        (workspace, action) => {
          setRefusal(null);
          setTarget({ workspace, action });
        },
        setQuotaOf,
      ),
    [t, language],
  );

  const confirm = async () => {
    if (!target) return;
    const { workspace, action } = target;
    setRefusal(null);
    try {
      await setState.mutateAsync({ id: workspace.id, action });
      enqueueSnackbar(
        t(action === 'disable' ? 'platform.disable.done' : 'platform.enable.done', { name: workspace.name }),
        {
          variant: 'success',
        },
      );
      setTarget(null);
      await refreshWorkspaces(action === 'disable' ? workspace.id : undefined);
    } catch (err) {
      setRefusal(errorMessage(err, t('errors.generic')));
    }
  };

  const newButton = (
    <LinkButton
      variant="contained"
      to={paths.operatorWorkspaceNew}
      startIcon={<Add />}
      data-testid="platform-workspace-new"
    >
      {t('platform.actions.new')}
    </LinkButton>
  );
  const empty = hasFilters ? (
    <GridMessage
      icon={<SearchOff />}
      title={t('platform.empty.filteredTitle')}
      body={t('platform.empty.filteredBody')}
      action={<Button onClick={clear}>{t('platform.empty.clear')}</Button>}
    />
  ) : (
    <GridMessage
      icon={<ApartmentOutlined />}
      title={t('platform.empty.title')}
      body={t('platform.empty.body')}
      action={newButton}
    />
  );

  return (
    <>
      <PageHeader title={t('platform.list.title')} subtitle={t('platform.list.subtitle')} actions={newButton} />
      <FilterBar label={t('platform.list.searchLabel')}>
        <SearchField
          label={t('platform.list.search')}
          value={list.searchText}
          onChange={list.setSearchText}
          sx={{ maxWidth: { sm: 480 } }}
          testId="platform-workspace-search"
        />
      </FilterBar>
      <ServerDataGrid<PlatformWorkspace>
        list={list}
        query={query}
        columns={columns}
        columnVisibilityModel={{ vatNumber: !phone, createdAt: !phone, adminsCount: !phone, storage: !phone }}
        autoRowHeight
        empty={empty}
        label={t('platform.list.title')}
        testId="platform-workspace-grid"
      />
      <WorkspaceStateDialog
        target={target}
        busy={setState.isPending}
        error={refusal}
        onConfirm={() => void confirm()}
        onClose={() => setTarget(null)}
      />
      <WorkspaceQuotaDialog
        workspace={quotaOf}
        onClose={() => setQuotaOf(null)}
        onSaved={(saved) => {
          enqueueSnackbar(t('platform.quota.done', { name: `\u2068${saved.name}\u2069` }), { variant: 'success' });
          setQuotaOf(null);
        }}
      />
    </>
  );
}
