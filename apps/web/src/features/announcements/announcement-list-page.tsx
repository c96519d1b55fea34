import Add from '@mui/icons-material/Add';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import ClearAll from '@mui/icons-material/FilterAltOff';
import SearchOff from '@mui/icons-material/SearchOff';
import { Box, Button } from '@mui/material';
import type { AdminAnnouncement } from '@timbro/shared';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { DeleteRowDialog, useDeleteRow } from '../../components/list/use-delete-row';
import { GridMessage } from '../../components/data/grid-overlay';
import { ClearFiltersButton, FilterBar, FilterSelect } from '../../components/list/filter-bar';
import { ServerDataGrid } from '../../components/list/list-grid';
import { SearchField } from '../../components/list/search-field';
import { PageHeader } from '../../components/page-header';
import { pageQuery } from '../../components/list/page-query';
import { paths } from '../../config/paths';
import { useCan } from '../../lib/auth/use-can';
import { useServerList } from '../../lib/use-server-list';
import { useDeleteAnnouncement } from './api/delete-announcement';
import {
  ANNOUNCEMENT_SORT_FIELDS,
  ANNOUNCEMENT_STATES,
  isAnnouncementState,
  useAnnouncements,
} from './api/get-announcements';
import { useWorkspaceTimeZone } from './api/get-time-zone';
import { useAnnouncementColumns, useAnnouncementColumnVisibility } from './announcement-columns';
import { announcementPath } from './links';

const FILTER_KEYS = ['state'] as const;

/**
 * /admin/announcement: the workspace's announcements, newest send time first, searchable by title and filtered by
 * state; each with its recipients and reach, opening its page; "Nuova comunicazione", edit and delete (confirmed).
 */
export function AnnouncementListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canWrite = useCan('announcement:write');
  const timeZone = useWorkspaceTimeZone();
  const list = useServerList({
    sortFields: ANNOUNCEMENT_SORT_FIELDS,
    defaultSort: 'sendAt',
    defaultOrder: 'desc',
    filterKeys: FILTER_KEYS,
  });
  const { params, update, hasFilters, clear } = list;
  const state = isAnnouncementState(params.filters.state) ? params.filters.state : undefined;
  const query = useAnnouncements({ ...pageQuery(params), state, search: params.search });
  const deletion = useDeleteRow<AdminAnnouncement>(useDeleteAnnouncement(), (a) =>
    t('announcements.saved.deleted', { title: a.title }),
  );
  const columns = useAnnouncementColumns({ timeZone, canWrite, onDelete: deletion.ask });
  const columnVisibilityModel = useAnnouncementColumnVisibility();

  const newButton = canWrite && (
    <Button
      variant="contained"
      startIcon={<Add />}
      component={RouterLink}
      to={paths.adminAnnouncementNew}
      sx={{ whiteSpace: 'nowrap', alignSelf: { xs: 'flex-start', sm: 'center' } }}
      data-testid="announcement-new"
    >
      {t('announcements.actions.new')}
    </Button>
  );

  return (
    <>
      <PageHeader
        title={t('announcements.list.title')}
        subtitle={t('announcements.list.subtitle')}
        actions={newButton}
      />
      <FilterBar label={t('announcements.list.searchLabel')}>
        <Box
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr auto' }, alignItems: 'start' }}
        >
          <SearchField
            label={t('announcements.list.search')}
            placeholder={t('announcements.list.searchHint')}
            value={list.searchText}
            onChange={list.setSearchText}
            testId="announcements-search"
          />
          <FilterSelect
            label={t('announcements.filter.label')}
            value={state ?? ''}
            onChange={(v) => update({ filters: { state: v } })}
            all={t('announcements.filter.all')}
            showAll
            options={ANNOUNCEMENT_STATES.map((s) => ({ value: s, label: t(`announcements.state.${s}`) }))}
            testId="announcements-state-filter"
          />
          <ClearFiltersButton
            onClick={clear}
            disabled={!hasFilters}
            label={t('announcements.list.clear')}
            sx={{ mt: { md: 0.25 } }}
          />
        </Box>
      </FilterBar>
      <ServerDataGrid<AdminAnnouncement>
        list={list}
        query={query}
        columns={columns}
        columnVisibilityModel={columnVisibilityModel}
        autoRowHeight
        onRowClick={({ row }) => void navigate(announcementPath(row.id))}
        empty={
          hasFilters ? (
            <GridMessage
              icon={<SearchOff />}
              title={t('announcements.empty.filteredTitle')}
              body={t('announcements.empty.filteredBody')}
              action={
                <Button onClick={clear} startIcon={<ClearAll />}>
                  {t('announcements.list.clear')}
                </Button>
              }
            />
          ) : (
            <GridMessage
              icon={<CampaignOutlined />}
              title={t('announcements.empty.title')}
              body={t('announcements.empty.body')}
              action={
                canWrite && (
                  <Button component={RouterLink} to={paths.adminAnnouncementNew} startIcon={<Add />}>
                    {t('announcements.actions.first')}
                  </Button>
                )
              }
            />
          )
        }
        label={t('announcements.list.title')}
        testId="announcements-grid"
      />
      <DeleteRowDialog
        deletion={deletion}
        title={t('announcements.delete.title')}
        body={
          deletion.row
            ? t(deletion.row.processedAt ? 'announcements.delete.bodySent' : 'announcements.delete.bodyScheduled', {
                title: deletion.row.title,
              })
            : ''
        }
        confirmLabel={t('announcements.actions.delete')}
        testId="announcement-delete-dialog"
      />
    </>
  );
}
