import { Box, MenuItem } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ClearFiltersButton, FilterBar, FilterSelect } from '../../components/list/filter-bar';
import { SearchField } from '../../components/list/search-field';
import { useGroupLookup } from '../../lib/queries/group-lookup';
import type { useServerList } from '../../lib/use-server-list';
import type { UserSortField } from './api/get-users';
import { ROLE_VALUES } from './schemas';
import { STATUS_VALUES } from './user-status-filter';

/** The list's filters, by their URL keys. */
export const FILTER_KEYS = ['role', 'group_id', 'status'] as const;
type UserList = ReturnType<typeof useServerList<UserSortField, (typeof FILTER_KEYS)[number]>>;

/** The employee list's search and filters (role, group, status), kept in the URL by the list's state. */
export function UserListFilters({ list, role }: { list: UserList; role: string | undefined }) {
  const { t } = useTranslation();
  const { params, update, hasFilters, clear } = list;
  const groups = useGroupLookup();
  return (
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
        <FilterSelect
          label={t('users.filters.role')}
          value={role ?? ''}
          onChange={(v) => update({ filters: { role: v } })}
          all={t('users.filters.allRoles')}
          options={ROLE_VALUES.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
          testId="filter-role"
        />
        <FilterSelect
          label={t('users.filters.group')}
          value={groups.data?.some((g) => g.id === params.filters.group_id) ? params.filters.group_id : ''}
          onChange={(v) => update({ filters: { group_id: v } })}
          all={t('users.filters.allGroups')}
          options={(groups.data ?? []).map((g) => ({ value: g.id, label: g.name }))}
          testId="filter-group"
        >
          {groups.data?.length === 0 && (
            <MenuItem disabled value="none">
              {t('users.filters.noGroups')}
            </MenuItem>
          )}
        </FilterSelect>
        <FilterSelect
          label={t('users.filters.status')}
          value={(STATUS_VALUES as readonly string[]).includes(params.filters.status) ? params.filters.status : ''}
          onChange={(v) => update({ filters: { status: v } })}
          all={t('users.filters.allStatuses')}
          options={STATUS_VALUES.map((s) => ({ value: s, label: t(`users.filters.${s}`) }))}
          testId="filter-status"
        />
        <ClearFiltersButton onClick={clear} disabled={!hasFilters} label={t('users.filters.clear')} />
      </Box>
    </FilterBar>
  );
}
