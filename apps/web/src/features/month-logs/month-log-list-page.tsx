import EventAvailableOutlined from '@mui/icons-material/EventAvailableOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import OpenInNew from '@mui/icons-material/OpenInNewOutlined';
import Replay from '@mui/icons-material/Replay';
import SearchOff from '@mui/icons-material/SearchOff';
import { Box, Button, IconButton, MenuItem, Stack, TextField, Tooltip, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import type { MonthLog } from '@timbro/shared';
import { useSnackbar } from 'notistack';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { GridMessage } from '../../components/data/grid-overlay';
import { FilterBar } from '../../components/list/filter-bar';
import { ServerDataGrid } from '../../components/list/list-grid';
import { PageHeader } from '../../components/page-header';
import { catalogFor } from '../../i18n/languages';
import { useCan } from '../../lib/auth/use-can';
import { formatDateTime } from '../../lib/dates';
import { errorMessage } from '../../lib/error-message';
import { useServerList } from '../../lib/use-server-list';
import { AccountantOverviewSection } from './accountant-overview';
import { MONTH_LOG_SORT_FIELDS, useMonthLogs } from './api/get-month-logs';
import { useRetryMonthLog } from './api/month-log-actions';
import { CloseMonthDialog } from './close-month-dialog';
import { isMonthLogStatus, MONTH_LOG_STATUSES } from './constants';
import { formatMonth } from './format';
import { MonthLogMarkers, MonthLogStatusChip } from './month-log-chips';
import { monthLogDetailPath } from './paths';
import { CellLink } from '../../components/list/row-actions';
import { pageQuery } from '../../components/list/page-query';

const FILTER_KEYS = ['status'] as const;

/**
 * /admin/month-log: the versions of the closed months (newest month first), with "Chiudi un mese", the retry of a
 * failed version, and for a consultant of several companies their month at a glance. The accountant's home page.
 */
export function MonthLogListPage() {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const navigate = useNavigate();
  const canWrite = useCan('month-log:write');
  const list = useServerList({
    sortFields: MONTH_LOG_SORT_FIELDS,
    defaultSort: 'month',
    defaultOrder: 'desc',
    filterKeys: FILTER_KEYS,
  });
  const { params, update, hasFilters, clear } = list;
  const status = isMonthLogStatus(params.filters.status) ? params.filters.status : undefined;
  const query = useMonthLogs({ ...pageQuery(params), status });
  const [closing, setClosing] = useState(false);

  const columns = useMemo<GridColDef<MonthLog>[]>(
    () => [
      {
        field: 'month',
        headerName: t('monthLogs.columns.month'),
        flex: 1,
        minWidth: 160,
        renderCell: ({ row }) => (
          <CellLink to={monthLogDetailPath(row.id)}>{formatMonth(row.month, language)}</CellLink>
        ),
      },
      {
        field: 'versionNumber',
        headerName: t('monthLogs.columns.version'),
        width: 90,
        sortable: false,
        renderCell: ({ row }) => t('monthLogs.version', { n: row.versionNumber }),
      },
      {
        field: 'status',
        headerName: t('monthLogs.columns.status'),
        width: 170,
        sortable: false,
        renderCell: ({ row }) => (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <MonthLogStatusChip status={row.status} />
            {row.status === 'in_progress' && row.progressTotal > 0 && (
              <Typography variant="caption" color="text.secondary">
                {Math.round((row.progressDone / row.progressTotal) * 100)}%
              </Typography>
            )}
          </Stack>
        ),
      },
      {
        field: 'createdAt',
        headerName: t('monthLogs.columns.closedBy'),
        flex: 1,
        minWidth: 170,
        renderCell: ({ row }) => (
          <Box sx={{ lineHeight: 1.4 }}>
            <Typography variant="body2">{row.createdBy?.name ?? t('monthLogs.system')}</Typography>
            <Typography variant="caption" color="text.secondary">
              {formatDateTime(row.finishedAt ?? row.createdAt, language)}
            </Typography>
          </Box>
        ),
      },
      {
        field: 'notes',
        headerName: t('monthLogs.columns.notes'),
        flex: 1.4,
        minWidth: 170,
        sortable: false,
        renderCell: ({ row }) => <MonthLogMarkers log={row} />,
      },
      {
        field: 'actions',
        headerName: t('monthLogs.columns.actions'),
        sortable: false,
        width: 120,
        align: 'right',
        headerAlign: 'right',
        renderCell: ({ row }) => (
          <>
            {canWrite && row.status === 'failed' && <RetryButton log={row} />}
            <Tooltip title={t('monthLogs.actions.open')}>
              <IconButton
                component={RouterLink}
                to={monthLogDetailPath(row.id)}
                aria-label={t('monthLogs.actions.openNamed', {
                  month: formatMonth(row.month, language),
                  n: row.versionNumber,
                })}
                onClick={(e) => e.stopPropagation()}
              >
                <OpenInNew fontSize="small" />
              </IconButton>
            </Tooltip>
          </>
        ),
      },
    ],
    [t, language, canWrite],
  );

  const empty = hasFilters ? (
    <GridMessage
      icon={<SearchOff />}
      title={t('monthLogs.empty.filteredTitle')}
      body={t('monthLogs.empty.filteredBody')}
      action={<Button onClick={clear}>{t('monthLogs.filters.clear')}</Button>}
    />
  ) : (
    <GridMessage
      icon={<EventAvailableOutlined />}
      title={t('monthLogs.empty.title')}
      body={canWrite ? t('monthLogs.empty.body') : t('monthLogs.empty.bodyReadOnly')}
      action={
        canWrite ? (
          <Button variant="contained" startIcon={<LockOutlined />} onClick={() => setClosing(true)}>
            {t('monthLogs.actions.close')}
          </Button>
        ) : undefined
      }
    />
  );

  return (
    <>
      <PageHeader
        title={t('monthLogs.list.title')}
        subtitle={t('monthLogs.list.subtitle')}
        actions={
          canWrite && (
            <Button
              variant="contained"
              startIcon={<LockOutlined />}
              onClick={() => setClosing(true)}
              data-testid="month-log-close"
            >
              {t('monthLogs.actions.close')}
            </Button>
          )
        }
      />
      <AccountantOverviewSection />
      <FilterBar label={t('monthLogs.filters.label')}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <TextField
            select
            size="small"
            label={t('monthLogs.filters.status')}
            value={status ?? ''}
            onChange={(e) => update({ filters: { status: e.target.value } })}
            sx={{ width: { xs: '100%', sm: 280 } }}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            data-testid="month-log-status-filter"
          >
            <MenuItem value="">{t('monthLogs.filters.anyStatus')}</MenuItem>
            {MONTH_LOG_STATUSES.map((s) => (
              <MenuItem key={s} value={s}>
                {t(`monthLogs.status.${s}`)}
              </MenuItem>
            ))}
          </TextField>
          {hasFilters && <Button onClick={clear}>{t('monthLogs.filters.clear')}</Button>}
        </Stack>
      </FilterBar>
      <ServerDataGrid<MonthLog>
        list={list}
        query={query}
        columns={columns}
        autoRowHeight
        onRowClick={({ row }) => void navigate(monthLogDetailPath(row.id))}
        empty={empty}
        label={t('monthLogs.list.title')}
        testId="month-logs-grid"
      />
      {closing && <CloseMonthDialog open onClose={() => setClosing(false)} />}
    </>
  );
}

/** "Riprova" on a failed version: back in the queue, the list follows its progress. */
function RetryButton({ log }: { log: MonthLog }) {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const { enqueueSnackbar } = useSnackbar();
  const retry = useRetryMonthLog();
  const month = formatMonth(log.month, language);
  const onRetry = async () => {
    try {
      await retry.mutateAsync(log.id);
      enqueueSnackbar(t('monthLogs.retried', { month }), { variant: 'success' });
    } catch (err) {
      enqueueSnackbar(errorMessage(err, t('errors.generic')), { variant: 'error' });
    }
  };
  return (
    <Tooltip title={t('monthLogs.actions.retry')}>
      <IconButton
        color="primary"
        aria-label={t('monthLogs.actions.retryNamed', { month, n: log.versionNumber })}
        disabled={retry.isPending}
        onClick={(e) => {
          e.stopPropagation();
          void onRetry();
        }}
        data-testid={`month-log-retry-${log.id}`}
      >
        <Replay fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}
