import { Box, MenuItem, Skeleton, TextField } from '@mui/material';
import type { ReactNode } from 'react';
import { ClearFiltersButton, FilterBar } from '../../../components/list/filter-bar';
import { SearchField } from '../../../components/list/search-field';
import { MonthNav } from '../calendar/month-nav';
import type { PeopleMonthList } from './use-people-month-list';

type FiltersState = Pick<
  PeopleMonthList,
  | 'ready'
  | 'month'
  | 'thisMonth'
  | 'setMonth'
  | 'searchText'
  | 'setSearchText'
  | 'groups'
  | 'groupId'
  | 'setGroupId'
  | 'hasFilters'
  | 'clear'
>;

/**
 * The filters of a screen of employees × days (admin calendar, timesheet): the month (a placeholder until the
 * workspace's month is known), the search, the group and "clear filters"; below them the screen's own (`children`).
 */
export function PeopleMonthFilters({
  list,
  labels,
  testIds,
  children,
}: {
  list: FiltersState;
  /** The screen's texts: the search region's name, the fields' labels, "all groups" and "clear filters". */
  labels: { region: string; search: string; group: string; allGroups: string; clear: string };
  testIds: { search: string; group: string };
  children?: ReactNode;
}) {
  return (
    <FilterBar label={labels.region}>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'auto 1fr 1fr auto' },
          alignItems: 'center',
        }}
      >
        {list.ready ? (
          <MonthNav month={list.month} current={list.thisMonth} onChange={list.setMonth} />
        ) : (
          <Skeleton variant="rounded" width={280} height={40} />
        )}
        <SearchField
          label={labels.search}
          value={list.searchText}
          onChange={list.setSearchText}
          testId={testIds.search}
        />
        <TextField
          select
          size="small"
          label={labels.group}
          value={list.groupId ?? ''}
          onChange={(e) => list.setGroupId(e.target.value)}
          data-testid={testIds.group}
        >
          <MenuItem value="">{labels.allGroups}</MenuItem>
          {(list.groups.data ?? []).map((g) => (
            <MenuItem key={g.id} value={g.id}>
              {g.name}
            </MenuItem>
          ))}
        </TextField>
        <ClearFiltersButton onClick={list.clear} disabled={!list.hasFilters} label={labels.clear} />
      </Box>
      {children}
    </FilterBar>
  );
}
