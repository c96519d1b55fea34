import SwapHorizOutlined from '@mui/icons-material/SwapHorizOutlined';
import { Box, MenuItem, Tab, Tabs, TextField, useMediaQuery, useTheme } from '@mui/material';
import type { Swap } from '@timbro/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { GridMessage } from '../../../components/data/grid-overlay';
import { FilterBar } from '../../../components/list/filter-bar';
import { ServerDataGrid } from '../../../components/list/list-grid';
import { PageHeader } from '../../../components/page-header';
import { useServerList, type ServerList } from '../../../lib/use-server-list';
import {
  ADMIN_SWAP_FILTERS,
  isAdminSwapFilter,
  isSwapBox,
  SWAP_BOXES,
  useAdminSwaps,
  useMySwaps,
  type AdminSwapFilter,
  type SwapBox,
} from '../api/swap-list';
import type { SwapSide } from '../api/swap-detail';
import { useSwapColumns } from './swap-columns';
import { swapPath } from './swap-links';
import { useMyUserInfoId } from './swap-viewer';

const SORT_FIELDS = ['createdAt'] as const;
const BOX_KEYS = ['box'] as const;
const STATUS_KEYS = ['status'] as const;
const DEFAULT_BOX: SwapBox = 'to_answer';
const DEFAULT_STATUS: AdminSwapFilter = 'waiting_admin';

/** Both lists: newest first, paged by the server, filtered by the given URL keys. */
function useSwapList<F extends string>(filterKeys: readonly F[]) {
  return useServerList({ sortFields: SORT_FIELDS, defaultSort: 'createdAt', defaultOrder: 'desc', filterKeys });
}

/** The swaps of a list: a row (or a card on a phone) per swap, opening it; a message when there are none. */
function SwapGrid({
  side,
  me,
  list,
  query,
  emptyTitle,
  emptyBody,
}: {
  side: SwapSide;
  /** The member's own id (their side of each swap); none for the admin. */
  me?: string | null;
  list: Pick<ServerList, 'grid'>;
  query: ReturnType<typeof useMySwaps> | ReturnType<typeof useAdminSwaps>;
  emptyTitle: string;
  emptyBody: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const columns = useSwapColumns(side, me ?? null, phone);
  return (
    <ServerDataGrid<Swap>
      list={list}
      query={query}
      columns={columns}
      autoRowHeight
      disableColumnSorting
      onRowClick={({ row }) => void navigate(swapPath(side, row.id))}
      empty={<GridMessage icon={<SwapHorizOutlined />} title={emptyTitle} body={emptyBody} />}
      label={t(side === 'admin' ? 'shiftSwaps.list.adminTitle' : 'shiftSwaps.list.memberTitle')}
      testId="swaps-grid"
    />
  );
}

/**
 * /member/shift-swap: "I miei cambi turno" in three tabs (in the URL): "Da rispondere" (awaiting my reply, with their
 * number), "Richieste da me", "Tutte"; each swap with my shift and the other's, the colleague, the status and when it
 * was asked; a row opens the swap. Newest first, paged by the server.
 */
export function MemberSwapListPage() {
  const { t } = useTranslation();
  const me = useMyUserInfoId();
  const list = useSwapList(BOX_KEYS);
  const { params, update } = list;
  const box = isSwapBox(params.filters.box) ? params.filters.box : DEFAULT_BOX;
  const query = useMySwaps({ box, page: params.page, perPage: params.perPage });
  // The tab's number: the swaps awaiting my reply, whatever the tab shown.
  const toAnswer = useMySwaps({ box: 'to_answer', page: 1, perPage: 10 });

  return (
    <>
      <PageHeader title={t('shiftSwaps.list.memberTitle')} subtitle={t('shiftSwaps.list.memberSubtitle')} />
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tabs
          value={box}
          onChange={(_e, next: SwapBox) => update({ filters: { box: next === DEFAULT_BOX ? '' : next } })}
          aria-label={t('shiftSwaps.list.boxes')}
          variant="scrollable"
          allowScrollButtonsMobile
        >
          {SWAP_BOXES.map((b) => (
            <Tab
              key={b}
              value={b}
              label={
                b === 'to_answer' && toAnswer.data && toAnswer.data.total > 0
                  ? t('shiftSwaps.box.toAnswerCount', { n: toAnswer.data.total })
                  : t(`shiftSwaps.box.${b}`)
              }
              data-testid={`swap-box-${b}`}
            />
          ))}
        </Tabs>
      </Box>
      <SwapGrid
        side="member"
        me={me}
        list={list}
        query={query}
        emptyTitle={t(`shiftSwaps.empty.${box}Title`)}
        emptyBody={t(`shiftSwaps.empty.${box}Body`)}
      />
    </>
  );
}

/**
 * /admin/shift-swap: "Cambi turno", the workspace's swaps of a status (awaiting a decision unless chosen: the open ones
 * or any status); each with both people's shifts, the status and when it was asked; a row opens the swap to decide.
 */
export function AdminSwapListPage() {
  const { t } = useTranslation();
  const list = useSwapList(STATUS_KEYS);
  const { params, update } = list;
  const status = isAdminSwapFilter(params.filters.status) ? params.filters.status : DEFAULT_STATUS;
  const query = useAdminSwaps({ status, page: params.page, perPage: params.perPage });

  return (
    <>
      <PageHeader title={t('shiftSwaps.list.adminTitle')} subtitle={t('shiftSwaps.list.adminSubtitle')} />
      <FilterBar label={t('shiftSwaps.list.filters')}>
        <TextField
          select
          size="small"
          label={t('shiftSwaps.filter.label')}
          value={status}
          onChange={(e) => update({ filters: { status: e.target.value === DEFAULT_STATUS ? '' : e.target.value } })}
          sx={{ minWidth: 280 }}
          data-testid="swaps-status-filter"
        >
          {ADMIN_SWAP_FILTERS.map((s) => (
            <MenuItem key={s} value={s}>
              {s === 'open' ? t('shiftSwaps.filter.open') : t(`shiftSwaps.status.${s}`)}
            </MenuItem>
          ))}
        </TextField>
      </FilterBar>
      <SwapGrid
        side="admin"
        list={list}
        query={query}
        emptyTitle={t(status === DEFAULT_STATUS ? 'shiftSwaps.empty.adminTitle' : 'shiftSwaps.empty.filteredTitle')}
        emptyBody={t(status === DEFAULT_STATUS ? 'shiftSwaps.empty.adminBody' : 'shiftSwaps.empty.filteredBody')}
      />
    </>
  );
}
