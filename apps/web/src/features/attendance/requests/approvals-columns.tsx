import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import HighlightOff from '@mui/icons-material/HighlightOff';
import { Box, IconButton, Tooltip, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import type { JustificationRequest } from '@timbro/shared';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { catalogFor } from '../../../i18n/languages';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { StatusChip } from './request-chip';
import { describeRequest } from './request-text';

/** A decision being confirmed: approve or reject these requests; `summary` names the one request decided from its row. */
export interface Decision {
  approve: boolean;
  ids: string[];
  summary?: string;
}

/**
 * The approvals grid's columns: employee, date, type with what it asks, status, note, sent at, and, for approvers,
 * approve / reject on each pending row (`onDecide` opens the confirmation).
 */
export function useApprovalsColumns(canApprove: boolean, onDecide: (decision: Decision) => void) {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
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
                  onClick={() => onDecide({ approve: true, ids: [row.id], summary: summaryOf(row) })}
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
                  onClick={() => onDecide({ approve: false, ids: [row.id], summary: summaryOf(row) })}
                  data-testid="row-reject"
                >
                  <HighlightOff />
                </IconButton>
              </Tooltip>
            </Box>
          ) : null,
      },
    ],
    [t, language, canApprove, summaryOf, onDecide],
  );
  return columns;
}
