import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import DoneAll from '@mui/icons-material/DoneAll';
import ClearAll from '@mui/icons-material/FilterAltOff';
import HighlightOff from '@mui/icons-material/HighlightOff';
import SearchOff from '@mui/icons-material/SearchOff';
import { Button, Paper, Typography, useMediaQuery, useTheme } from '@mui/material';
import type { GridRowSelectionModel } from '@mui/x-data-grid';
import type { JustificationRequest } from '@timbro/shared';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GridMessage } from '../../../components/data/grid-overlay';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/error-message';
import { useGroupLookup } from '../../../lib/queries/group-lookup';
import { useAdminRequests, type RequestSortField } from '../api/get-requests';
import { useDecideRequests } from '../api/save-request';
import { useApprovalsColumns, type Decision } from './approvals-columns';
import { ApprovalsFilters, APPROVALS_FILTER_KEYS, isDate, statusFilter } from './approvals-filters';
import { useDayPanel } from '../day/day-panel';
import { DecisionDialog } from './decision-dialog';
import { monthOf, monthRange } from '../calendar/month-grid';
import { useCan } from '../../../lib/auth/use-can';
import { ServerDataGrid } from '../../../components/list/list-grid';
import { useServerList } from '../../../lib/use-server-list';

const SORT_FIELDS: readonly RequestSortField[] = ['date', 'lastName', 'createdAt'];
/** Grid column → API sort field. */
const SORTABLE: Record<string, RequestSortField> = { employee: 'lastName', date: 'date', createdAt: 'createdAt' };

/**
 * /admin/justification-request: the absence requests of the workspace, pending first by default; filters in the URL;
 * several pending ones selected are approved or rejected together, with an optional note. A row opens the day.
 */
export function ApprovalsPage() {
  const { t } = useTranslation();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('lg'));
  const wide = useMediaQuery(theme.breakpoints.up('xl'));
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const { enqueueSnackbar } = useSnackbar();
  const canApprove = useCan('request:approve');
  const list = useServerList({
    sortFields: SORT_FIELDS,
    defaultSort: 'date',
    filterKeys: APPROVALS_FILTER_KEYS,
    sortColumns: SORTABLE,
  });
  const { params, hasFilters, clear } = list;
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
  const [decision, setDecision] = useState<Decision | null>(null);
  const [decisionError, setDecisionError] = useState<string | null>(null);
  const selected = [...selection.ids]
    .map(String)
    .filter((id) => query.data?.items.some((r) => r.id === id && r.status === 'open'));
  // Filters other than the default "pending" decide which empty state shows.
  const filtered = hasFilters;

  const openDay = useDayPanel('admin');
  const columns = useApprovalsColumns(canApprove, setDecision);

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

  return (
    <>
      <PageHeader
        title={t('approvals.title')}
        subtitle={canApprove ? t('approvals.subtitle') : t('approvals.subtitleReadOnly')}
      />
      <ApprovalsFilters list={list} status={status} groups={groups.data} groupId={groupId} />
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
