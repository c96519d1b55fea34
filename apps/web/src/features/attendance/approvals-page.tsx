import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import DoneAll from '@mui/icons-material/DoneAll';
import ClearAll from '@mui/icons-material/FilterAltOff';
import HighlightOff from '@mui/icons-material/HighlightOff';
import SearchOff from '@mui/icons-material/SearchOff';
import {
  Box,
  Button,
  IconButton,
  MenuItem,
  Paper,
  TextField,
  Tooltip,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import type { GridColDef, GridRowSelectionModel } from '@mui/x-data-grid';
import type { JustificationRequest, RequestStatus } from '@timbro/shared';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs from 'dayjs';
import { useSnackbar } from 'notistack';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GridMessage } from '../../components/data/grid-overlay';
import { DateLocalization } from '../../components/data/date-localization';
import { PageHeader } from '../../components/page-header';
import { catalogFor } from '../../i18n/languages';
import { formatDate, formatDateTime } from '../../lib/dates';
import { errorMessage } from '../../lib/error-message';
import { useGroupLookup } from '../../lib/queries/group-lookup';
import { useAdminRequests, type RequestSortField } from './api/get-requests';
import { useDecideRequests } from './api/save-request';
import { useDayPanel } from './day-panel';
import { DecisionDialog } from './decision-dialog';
import { monthOf, monthRange } from './month-grid';
import { StatusChip } from './request-chip';
import { REQUEST_STATUSES_ORDER } from './request-statuses';
import { describeRequest } from './request-text';
import { useCan } from '../../lib/auth/use-can';
import { FilterBar, ServerDataGrid } from '../../components/list/list-grid';
import { SearchField } from '../../components/list/search-field';
import { useServerList } from '../../lib/use-server-list';

const FILTER_KEYS = ['status', 'from', 'to', 'group_id'] as const;
const SORT_FIELDS: readonly RequestSortField[] = ['date', 'lastName', 'createdAt'];
/** Grid column → API sort field. */
const SORTABLE: Record<string, RequestSortField> = { employee: 'lastName', date: 'date', createdAt: 'createdAt' };
const isDate = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);

/** `status` in the URL: absent = pending (the default of an approvals list), `all` = any status. */
function statusFilter(value: string): RequestStatus | undefined {
  if (value === 'all') return undefined;
  return (REQUEST_STATUSES_ORDER as readonly string[]).includes(value) ? (value as RequestStatus) : 'open';
}

/**
 * /admin/justification-request: the absence requests of the workspace, pending first by default; filters in the URL;
 * several pending ones selected are approved or rejected together, with an optional note. A row opens the day.
 */
export function ApprovalsPage() {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('lg'));
  const wide = useMediaQuery(theme.breakpoints.up('xl'));
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const { enqueueSnackbar } = useSnackbar();
  const canApprove = useCan('request:approve');
  const list = useServerList({
    sortFields: SORT_FIELDS,
    defaultSort: 'date',
    filterKeys: FILTER_KEYS,
    sortColumns: SORTABLE,
  });
  const { params, update, hasFilters, clear } = list;
  const groups = useGroupLookup();
  const status = statusFilter(params.filters.status);
  const from = isDate(params.filters.from) ? params.filters.from : undefined;
  const to = isDate(params.filters.to) ? params.filters.to : undefined;
  const groupId = groups.data?.some((g) => g.id === params.filters.group_id) ? params.filters.group_id : undefined;
  const query = useAdminRequests({
    page: params.page,
    perPage: params.perPage,
    sort: params.sort,
    order: params.order,
    status,
    from,
    to,
    groupId,
    search: params.search || undefined,
  });
  const decide = useDecideRequests();
  const [selection, setSelection] = useState<GridRowSelectionModel>({ type: 'include', ids: new Set() });
  const [decision, setDecision] = useState<{ approve: boolean; ids: string[]; summary?: string } | null>(null);
  const [decisionError, setDecisionError] = useState<string | null>(null);
  const selected = [...selection.ids]
    .map(String)
    .filter((id) => query.data?.items.some((r) => r.id === id && r.status === 'open'));
  // Filters other than the default "pending" decide which empty state shows.
  const filtered = hasFilters;

  const openDay = useDayPanel('admin');

  const confirmDecision = async (note: string) => {
    if (!decision) return;
    setDecisionError(null);
    try {
      const res = await decide.mutateAsync({ ids: decision.ids, approve: decision.approve, note });
      enqueueSnackbar(
        decision.approve
          ? t('approvals.done.approved', { n: res.updated })
          : t('approvals.done.rejected', { n: res.updated }),
        { variant: 'success' },
      );
      setSelection({ type: 'include', ids: new Set() });
      setDecision(null);
    } catch (err) {
      setDecisionError(errorMessage(err, t('errors.generic')));
    }
  };

  const summaryOf = useCallback(
    (r: JustificationRequest) =>
      `${r.employee.firstName} ${r.employee.lastName} · ${formatDate(r.date, language)} · ${r.justification.name} · ${describeRequest(r, t, language)}`,
    [t, language],
  );

  const columns = useMemo<GridColDef<JustificationRequest>[]>(
    () => [
      {
        field: 'employee',
        headerName: t('approvals.columns.employee'),
        flex: 1.2,
        minWidth: 170,
        valueGetter: (_v, row) => `${row.employee.lastName} ${row.employee.firstName}`,
      },
      {
        field: 'date',
        headerName: t('approvals.columns.date'),
        width: 150,
        valueFormatter: (v: string) => formatDate(v, language),
      },
      {
        field: 'justification',
        headerName: t('approvals.columns.justification'),
        flex: 1.2,
        minWidth: 170,
        sortable: false,
        valueGetter: (_v, row) => row.justification.name,
        renderCell: ({ row }) => (
          <Box sx={{ minWidth: 0, py: 0.5 }}>
            <Typography variant="body2" noWrap sx={{ fontWeight: 500 }}>
              {row.justification.name}
            </Typography>
            <Typography variant="caption" color="text.secondary" noWrap component="div">
              {row.justification.code} · {describeRequest(row, t, language)}
            </Typography>
          </Box>
        ),
      },
      {
        field: 'status',
        headerName: t('approvals.columns.status'),
        width: 150,
        sortable: false,
        renderCell: ({ row }) => <StatusChip status={row.status} />,
      },
      {
        field: 'note',
        headerName: t('approvals.columns.note'),
        flex: 1,
        minWidth: 140,
        sortable: false,
        renderCell: ({ row }) => (
          <Typography
            variant="body2"
            color={row.note ? 'text.primary' : 'text.secondary'}
            sx={{ whiteSpace: 'normal', overflowWrap: 'anywhere', py: 0.5 }}
          >
            {row.note ?? '—'}
          </Typography>
        ),
      },
      {
        field: 'createdAt',
        headerName: t('approvals.columns.createdAt'),
        width: 160,
        valueFormatter: (v: string) => formatDateTime(v, language),
      },
      {
        field: 'actions',
        headerName: t('approvals.columns.actions'),
        width: 110,
        sortable: false,
        align: 'center',
        headerAlign: 'center',
        renderCell: ({ row }) =>
          canApprove && row.status === 'open' ? (
            <Box sx={{ display: 'flex' }} onClick={(e) => e.stopPropagation()}>
              <Tooltip title={t('approvals.actions.approve')}>
                <IconButton
                  color="success"
                  aria-label={t('approvals.actions.approveOne', {
                    name: `${row.employee.firstName} ${row.employee.lastName}`,
                    date: formatDate(row.date, language),
                  })}
                  onClick={() => setDecision({ approve: true, ids: [row.id], summary: summaryOf(row) })}
                  data-testid="row-approve"
                >
                  <CheckCircleOutline />
                </IconButton>
              </Tooltip>
              <Tooltip title={t('approvals.actions.reject')}>
                <IconButton
                  color="error"
                  aria-label={t('approvals.actions.rejectOne', {
                    name: `${row.employee.firstName} ${row.employee.lastName}`,
                    date: formatDate(row.date, language),
                  })}
                  onClick={() => setDecision({ approve: false, ids: [row.id], summary: summaryOf(row) })}
                  data-testid="row-reject"
                >
                  <HighlightOff />
                </IconButton>
              </Tooltip>
            </Box>
          ) : null,
      },
    ],
    [t, language, canApprove, summaryOf],
  );

  const empty = filtered ? (
    <GridMessage
      icon={<SearchOff />}
      title={t('approvals.empty.filteredTitle')}
      body={t('approvals.empty.filteredBody')}
      action={
        <Button onClick={clear} startIcon={<ClearAll />}>
          {t('approvals.filters.clear')}
        </Button>
      }
    />
  ) : (
    <GridMessage icon={<DoneAll />} title={t('approvals.empty.title')} body={t('approvals.empty.body')} />
  );

  const datePicker = (key: 'from' | 'to', label: string) => (
    <DatePicker
      label={label}
      value={params.filters[key] && isDate(params.filters[key]) ? dayjs(params.filters[key]) : null}
      onChange={(d) => {
        if (d === null) update({ filters: { [key]: '' } });
        else if (d.isValid()) update({ filters: { [key]: d.format('YYYY-MM-DD') } });
      }}
      slotProps={{ textField: { size: 'small', fullWidth: true }, field: { clearable: true } }}
    />
  );

  return (
    <>
      <PageHeader
        title={t('approvals.title')}
        subtitle={canApprove ? t('approvals.subtitle') : t('approvals.subtitleReadOnly')}
      />
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
            <TextField
              select
              size="small"
              label={t('approvals.filters.group')}
              value={groupId ?? ''}
              onChange={(e) => update({ filters: { group_id: e.target.value } })}
              data-testid="filter-group"
            >
              <MenuItem value="">{t('approvals.filters.allGroups')}</MenuItem>
              {(groups.data ?? []).map((g) => (
                <MenuItem key={g.id} value={g.id}>
                  {g.name}
                </MenuItem>
              ))}
            </TextField>
            <Button
              onClick={clear}
              disabled={!hasFilters}
              startIcon={<ClearAll />}
              sx={{ justifySelf: 'start', whiteSpace: 'nowrap' }}
            >
              {t('approvals.filters.clear')}
            </Button>
          </Box>
        </DateLocalization>
      </FilterBar>
      <ServerDataGrid<JustificationRequest>
        list={list}
        query={query}
        columns={columns}
        above={
          canApprove &&
          selected.length > 0 && (
            <Paper
              variant="outlined"
              sx={{
                p: 1.5,
                mb: 1,
                display: 'flex',
                alignItems: 'center',
                gap: 1,
                flexWrap: 'wrap',
                borderColor: 'primary.main',
                borderWidth: 2,
              }}
              data-testid="bulk-bar"
            >
              <Typography sx={{ flexGrow: 1, fontWeight: 500 }} role="status">
                {t('approvals.selected', { n: selected.length })}
              </Typography>
              <Button
                variant="contained"
                startIcon={<CheckCircleOutline />}
                onClick={() => setDecision({ approve: true, ids: selected })}
                data-testid="bulk-approve"
              >
                {t('approvals.actions.approve')}
              </Button>
              <Button
                variant="outlined"
                color="error"
                startIcon={<HighlightOff />}
                onClick={() => setDecision({ approve: false, ids: selected })}
                data-testid="bulk-reject"
              >
                {t('approvals.actions.reject')}
              </Button>
            </Paper>
          )
        }
        // Only pending requests can be decided: no checkboxes on a list of decided ones.
        checkboxSelection={canApprove && status !== 'approved' && status !== 'rejected'}
        isRowSelectable={({ row }) => row.status === 'open'}
        rowSelectionModel={selection}
        onRowSelectionModelChange={setSelection}
        columnVisibilityModel={{ note: !narrow, createdAt: wide, status: !phone, actions: canApprove }}
        autoRowHeight
        onRowClick={({ row }) =>
          openDay({ ...monthRange(monthOf(row.date)), userInfoIds: [row.userInfoId] }, row.userInfoId, row.date)
        }
        empty={empty}
        label={t('approvals.title')}
        testId="requests-grid"
      />
      <DecisionDialog
        open={!!decision}
        approve={decision?.approve ?? true}
        count={decision?.ids.length ?? 0}
        summary={decision?.summary}
        busy={decide.isPending}
        error={decisionError}
        onClose={() => {
          setDecision(null);
          setDecisionError(null);
        }}
        onConfirm={(note) => void confirmDecision(note)}
      />
    </>
  );
}
