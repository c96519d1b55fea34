import { Box, MenuItem, TextField } from '@mui/material';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import type { RequestStatus } from '@timbro/shared';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DateLocalization } from '../../../components/data/date-localization';
import { completeDate } from '../../../lib/dates';
import { ClearFiltersButton, FilterBar, FilterSelect } from '../../../components/list/filter-bar';
import { SearchField } from '../../../components/list/search-field';
import type { GroupRef } from '../../../lib/queries/group-lookup';
import type { useServerList } from '../../../lib/use-server-list';
import type { RequestSortField } from '../api/get-requests';
import { REQUEST_STATUSES_ORDER } from './request-statuses';

export const APPROVALS_FILTER_KEYS = ['status', 'from', 'to', 'group_id'] as const;
type ApprovalsList = ReturnType<typeof useServerList<RequestSortField, (typeof APPROVALS_FILTER_KEYS)[number]>>;

export const isDate = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);

/** `status` in the URL: absent = pending (the default of an approvals list), `all` = any status. */
export function statusFilter(value: string): RequestStatus | undefined {
  if (value === 'all') return undefined;
  return (REQUEST_STATUSES_ORDER as readonly string[]).includes(value) ? (value as RequestStatus) : 'open';
}

/** The approvals' filters, in the URL: search, status (pending by default), from/to dates, group; "clear filters". */
export function ApprovalsFilters({
  list,
  status,
  groups,
  groupId,
}: {
  list: ApprovalsList;
  status: RequestStatus | undefined;
  groups: GroupRef[] | undefined;
  groupId: string | undefined;
}) {
  const { t } = useTranslation();
  const { params, update, hasFilters, clear } = list;

  const datePicker = (key: 'from' | 'to', label: string) => (
    <DatePicker
      label={label}
      value={params.filters[key] && isDate(params.filters[key]) ? dayjs(params.filters[key]) : null}
      onChange={(d) => {
        if (d === null) update({ filters: { [key]: '' } });
        else {
          // A whole date only: the list is not asked for while the year is being typed ("0002").
          const whole = completeDate(d);
          if (whole) update({ filters: { [key]: whole } });
        }
      }}
      slotProps={{ textField: { size: 'small', fullWidth: true }, field: { clearable: true } }}
    />
  );

  return (
    <FilterBar label={t('approvals.filters.label')}>
      <DateLocalization>
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(3, 1fr)', lg: '1.6fr 1.5fr 1.1fr 1.1fr 1fr auto' },
            alignItems: 'center',
          }}
        >
          <SearchField
            label={t('approvals.filters.search')}
            value={list.searchText}
            onChange={list.setSearchText}
            sx={{ gridColumn: { xs: '1 / -1', lg: 'auto' } }}
            testId="requests-search"
          />
          <TextField
            select
            size="small"
            label={t('approvals.filters.status')}
            value={status ?? 'all'}
            onChange={(e) => update({ filters: { status: e.target.value === 'open' ? '' : e.target.value } })}
            data-testid="filter-status"
          >
            {REQUEST_STATUSES_ORDER.map((s) => (
              <MenuItem key={s} value={s}>
                {t(`attendance.statusPlural.${s}`)}
              </MenuItem>
            ))}
            <MenuItem value="all">{t('approvals.filters.allStatuses')}</MenuItem>
          </TextField>
          {datePicker('from', t('approvals.filters.from'))}
          {datePicker('to', t('approvals.filters.to'))}
          <FilterSelect
            label={t('approvals.filters.group')}
            value={groupId ?? ''}
            onChange={(v) => update({ filters: { group_id: v } })}
            all={t('approvals.filters.allGroups')}
            options={(groups ?? []).map((g) => ({ value: g.id, label: g.name }))}
            testId="filter-group"
          />
          <ClearFiltersButton onClick={clear} disabled={!hasFilters} label={t('approvals.filters.clear')} />
        </Box>
      </DateLocalization>
    </FilterBar>
  );
}
