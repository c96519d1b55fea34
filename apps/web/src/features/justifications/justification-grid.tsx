import { Chip } from '@mui/material';
import type { DataGridProps, GridValidRowModel } from '@mui/x-data-grid';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LocalizedDataGrid } from '../../components/data/localized-data-grid';
import { RetryAlert } from '../../components/retry-alert';

/**
 * A tab's grid of the justifications page: the query's rows (sorted by name), its failure with Riprova above, and a
 * click on a row that edits it, for those who may.
 */
export function JustificationGrid<R extends GridValidRowModel>({
  query,
  canWrite,
  onEdit,
  testId,
  ...props
}: Omit<DataGridProps<R>, 'rows' | 'loading' | 'onRowClick'> & {
  query: UseQueryResult<unknown>;
  rows: R[];
  canWrite: boolean;
  onEdit(row: R): void;
  testId: string;
}) {
  return (
    <>
      {query.isError && <RetryAlert error={query.error} onRetry={() => void query.refetch()} sx={{ mb: 2 }} />}
      <LocalizedDataGrid<R>
        loading={query.isFetching}
        disableColumnFilter
        disableColumnSelector
        disableRowSelectionOnClick
        autoHeight
        onRowClick={canWrite ? ({ row }) => onEdit(row) : undefined}
        slotProps={{ loadingOverlay: { variant: 'skeleton', noRowsVariant: 'skeleton' } }}
        data-testid={testId}
        sx={{
          '--DataGrid-overlayHeight': '220px',
          '& .MuiDataGrid-row': { cursor: canWrite ? 'pointer' : 'default' },
          '& .MuiDataGrid-cell': { display: 'flex', alignItems: 'center' },
        }}
        {...props}
      />
    </>
  );
}

/** Whether a type or a group is in use: "Attivo" (green) or "Disattivato". */
export function EnabledChip({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  return enabled ? (
    <Chip size="small" color="success" variant="outlined" label={t('justifications.status.enabled')} />
  ) : (
    <Chip size="small" label={t('justifications.status.disabled')} />
  );
}
