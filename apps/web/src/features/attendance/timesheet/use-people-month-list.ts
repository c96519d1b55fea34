import dayjs from 'dayjs';
import { useCallback, useMemo } from 'react';
import { useGroupLookup } from '../../../lib/queries/group-lookup';
import { useDebouncedSearch, useListParams } from '../../../lib/use-list-params';
import { monthRange, parseMonth, type Month } from '../calendar/month-grid';
import { useCurrentMonth } from '../calendar/use-current-month';

const NO_SORT = ['name'] as const;

/**
 * The state of a screen of employees × the days of a month (admin calendar, timesheet), in the URL: the month, a page
 * of employees (25 by default, by name), the search (debounced) and the group filter, plus the screen's own filters.
 * The workspace's month (the server's today), not the device's: without ?month= the screen waits for it (`ready`).
 */
export function usePeopleMonthList<F extends string>(filterKeys: readonly (F | 'month' | 'group_id')[]) {
  const list = useListParams({ sortFields: NO_SORT, defaultSort: 'name', filterKeys, defaultPerPage: 25 });
  const { params, update } = list;
  const serverMonth = useCurrentMonth();
  const ready = serverMonth !== null || parseMonth(params.filters.month, '') !== '';
  const thisMonth = serverMonth ?? dayjs().format('YYYY-MM');
  const month = parseMonth(params.filters.month, thisMonth);
  const range = useMemo(() => monthRange(month), [month]);
  const onSearch = useCallback((search: string) => update({ search }), [update]);
  const [searchText, setSearchText] = useDebouncedSearch(params.search, onSearch);
  const groups = useGroupLookup();
  const groupId = groups.data?.some((g) => g.id === params.filters.group_id) ? params.filters.group_id : undefined;
  // TypeScript cannot see that a key of the union is a key of the generic record: the patches say so.
  type Patch = Partial<Record<F | 'month' | 'group_id', string>>;
  const setMonth = (m: Month) => update({ filters: { month: m === thisMonth ? '' : m } as Patch });
  const setGroupId = (id: string) => update({ filters: { group_id: id } as Patch });
  return { ...list, ready, thisMonth, month, range, searchText, setSearchText, groups, groupId, setMonth, setGroupId };
}

export type PeopleMonthList = ReturnType<typeof usePeopleMonthList<string>>;
