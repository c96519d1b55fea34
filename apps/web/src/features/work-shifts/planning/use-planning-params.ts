import dayjs from 'dayjs';
import { useCallback, useMemo } from 'react';
import { useGroupLookup } from '../../../lib/queries/group-lookup';
import { useDebouncedSearch, useListParams } from '../../../lib/use-list-params';
import { useCurrentInfo } from '../../../components/current-info';
import { holds, isIsoDate, rangeOf, type PlanningRange, type PlanningView } from './planning-range';

const NO_SORT = ['name'] as const;
const FILTER_KEYS = ['view', 'date', 'group_id'] as const;

/**
 * The planning's state in the URL, so it can be bookmarked and the back button restores it: the view (week unless
 * `view=month`), the shown period (`date`, any day of it; the workspace's today without it), the group, the search
 * (debounced) and the page of people. The workspace's today, not the device's: without `date` the screen waits for it.
 */
export function usePlanningParams() {
  const list = useListParams({ sortFields: NO_SORT, defaultSort: 'name', filterKeys: FILTER_KEYS, defaultPerPage: 25 });
  const { params, update } = list;
  const info = useCurrentInfo();
  const serverToday = info.data?.today ?? (info.isError ? dayjs().format('YYYY-MM-DD') : null);
  const dateParam = isIsoDate(params.filters.date) ? params.filters.date : null;
  const ready = serverToday !== null || dateParam !== null;
  const today = serverToday ?? dateParam ?? dayjs().format('YYYY-MM-DD');
  const view: PlanningView = params.filters.view === 'month' ? 'month' : 'week';
  const range = useMemo(() => rangeOf(view, dateParam ?? today), [view, dateParam, today]);
  const groups = useGroupLookup();
  const groupId = groups.data?.some((g) => g.id === params.filters.group_id) ? params.filters.group_id : undefined;
  const onSearch = useCallback((search: string) => update({ search }), [update]);
  const [searchText, setSearchText] = useDebouncedSearch(params.search, onSearch);

  /** Shows another period (the current one leaves the URL clean). */
  const setRange = (next: PlanningRange) =>
    update({
      filters: {
        view: next.view === 'month' ? 'month' : '',
        date: holds(next, today) ? '' : next.from,
      },
    });
  /** Week ↔ month around today when it is shown, else around the first day shown. */
  const setView = (next: PlanningView) => setRange(rangeOf(next, holds(range, today) ? today : range.from));
  const setGroupId = (id: string) => update({ filters: { group_id: id } });
  const hasFilters = params.search !== '' || params.filters.group_id !== '';
  const clear = () => update({ search: '', filters: { group_id: '' } });
  return {
    params,
    update,
    ready,
    today,
    timeZone: info.data?.timeZone,
    range,
    setRange,
    setView,
    groups,
    groupId,
    setGroupId,
    searchText,
    setSearchText,
    hasFilters,
    clear,
  };
}

export type PlanningState = ReturnType<typeof usePlanningParams>;
