import { Chip, Link, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import type { JustificationGroup } from '@timbro/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LocalizedDataGrid } from '../../components/data/localized-data-grid';
import { useJustificationGroups } from './api/get-justifications';
import { RetryAlert } from '../../components/retry-alert';

/** The groups tab: the justification groups (a click edits, for those who may). */
export function GroupsTable({ canWrite, onEdit }: { canWrite: boolean; onEdit(g: JustificationGroup): void }) {
  const { t } = useTranslation();
  const query = useJustificationGroups();
  const columns = useMemo<GridColDef<JustificationGroup>[]>(
    () => [
      {
        field: 'name',
        headerName: t('justifications.groups.columns.name'),
        flex: 1,
        minWidth: 200,
        renderCell: ({ row }) =>
          canWrite ? (
            <Link
              component="button"
              type="button"
              underline="hover"
              onClick={(e: React.MouseEvent) => (e.stopPropagation(), onEdit(row))}
              sx={{ fontWeight: 500 }}
              aria-label={t('justifications.groups.editNamed', { name: row.name })}
            >
              {row.name}
            </Link>
          ) : (
            row.name
          ),
      },
      {
        field: 'justificationsCount',
        headerName: t('justifications.groups.columns.count'),
        type: 'number',
        width: 150,
      },
      {
        field: 'summarizeable',
        headerName: t('justifications.groups.columns.summarizeable'),
        width: 170,
        valueGetter: (_v, row) => (row.summarizeable ? t('common.yes') : t('common.no')),
      },
      {
        field: 'disabled',
        headerName: t('justifications.groups.columns.state'),
        width: 140,
        renderCell: ({ row }) =>
          row.disabled ? (
            <Chip size="small" label={t('justifications.status.disabled')} />
          ) : (
            <Chip size="small" color="success" variant="outlined" label={t('justifications.status.enabled')} />
          ),
      },
    ],
    [t, canWrite, onEdit],
  );
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('justifications.groups.hint')}
      </Typography>
      {query.isError && <RetryAlert error={query.error} onRetry={() => void query.refetch()} sx={{ mb: 2 }} />}
      <LocalizedDataGrid<JustificationGroup>
        rows={query.data ?? []}
        columns={columns}
        loading={query.isFetching}
        initialState={{ sorting: { sortModel: [{ field: 'name', sort: 'asc' }] } }}
        disableColumnFilter
        disableColumnSelector
        disableRowSelectionOnClick
        hideFooter
        autoHeight
        onRowClick={canWrite ? ({ row }) => onEdit(row) : undefined}
        slotProps={{ loadingOverlay: { variant: 'skeleton', noRowsVariant: 'skeleton' } }}
        label={t('justifications.page.tabs.groups')}
        data-testid="groups-grid"
        sx={{
          '--DataGrid-overlayHeight': '220px',
          '& .MuiDataGrid-row': { cursor: canWrite ? 'pointer' : 'default' },
          '& .MuiDataGrid-cell': { display: 'flex', alignItems: 'center' },
        }}
      />
    </>
  );
}
