import ClearAll from '@mui/icons-material/FilterAltOff';
import { Box, Button, MenuItem, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { FilterBar } from '../../components/list/filter-bar';
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
        <TextField
          select
          size="small"
          label={t('users.filters.role')}
          value={role ?? ''}
          onChange={(e) => update({ filters: { role: e.target.value } })}
          data-testid="filter-role"
        >
          <MenuItem value="">{t('users.filters.allRoles')}</MenuItem>
          {ROLE_VALUES.map((r) => (
            <MenuItem key={r} value={r}>
              {t(`roles.${r}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('users.filters.group')}
          value={groups.data?.some((g) => g.id === params.filters.group_id) ? params.filters.group_id : ''}
          onChange={(e) => update({ filters: { group_id: e.target.value } })}
          data-testid="filter-group"
        >
          <MenuItem value="">{t('users.filters.allGroups')}</MenuItem>
          {(groups.data ?? []).map((g) => (
            <MenuItem key={g.id} value={g.id}>
              {g.name}
            </MenuItem>
          ))}
          {groups.data?.length === 0 && (
            <MenuItem disabled value="none">
              {t('users.filters.noGroups')}
            </MenuItem>
          )}
        </TextField>
        <TextField
          select
          size="small"
          label={t('users.filters.status')}
          value={(STATUS_VALUES as readonly string[]).includes(params.filters.status) ? params.filters.status : ''}
          onChange={(e) => update({ filters: { status: e.target.value } })}
          data-testid="filter-status"
        >
          <MenuItem value="">{t('users.filters.allStatuses')}</MenuItem>
          {STATUS_VALUES.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`users.filters.${s}`)}
            </MenuItem>
          ))}
        </TextField>
        <Button
          onClick={clear}
          disabled={!hasFilters}
          startIcon={<ClearAll />}
          sx={{ justifySelf: 'start', whiteSpace: 'nowrap' }}
        >
          {t('users.filters.clear')}
        </Button>
      </Box>
    </FilterBar>
  );
}
