import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { Alert, Button, IconButton, Link, Paper, Tooltip } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useSnackbar } from 'notistack';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { BackLink } from '../../components/back-link';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { GridMessage } from '../../components/data/grid-overlay';
import { LocalizedDataGrid } from '../../components/data/localized-data-grid';
import { PageHeader } from '../../components/page-header';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/error-message';
import { useDeleteTemplate } from './api/save-template';
import { useCan } from '../../lib/auth/use-can';

interface Row {
  id: string;
  name: string;
  description: string | null;
}

interface Props<R extends Row> {
  kind: 'day' | 'week';
  rows: R[] | undefined;
  loading: boolean;
  error: unknown;
  retry(): void;
  /** The columns between the name and the actions. */
  columns: GridColDef<R>[];
  newPath: string;
  editPath(id: string): string;
  emptyIcon: ReactNode;
}

/** A list of daily or weekly templates (client-side sorting): name → edit, description, the kind's own columns, delete. */
export function TemplateList<R extends Row>({
  kind,
  rows,
  loading,
  error,
  retry,
  columns,
  newPath,
  editPath,
  emptyIcon,
}: Props<R>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const canWrite = useCan('settings:write');
  const remove = useDeleteTemplate(kind);
  const [deleting, setDeleting] = useState<R | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const confirmDelete = async () => {
    if (!deleting) return;
    setRefusal(null);
    try {
      await remove.mutateAsync(deleting.id);
      enqueueSnackbar(t(`templates.${kind}.deleted`, { name: deleting.name }), { variant: 'success' });
      setDeleting(null);
    } catch (err) {
      setRefusal(errorMessage(err, t('errors.generic')));
    }
  };

  const allColumns = useMemo<GridColDef<R>[]>(
    () => [
      {
        field: 'name',
        headerName: t('templates.columns.name'),
        flex: 1,
        minWidth: 170,
        renderCell: ({ row }) =>
          canWrite ? (
            <Link
              component={RouterLink}
              to={editPath(row.id)}
              underline="hover"
              onClick={(e) => e.stopPropagation()}
              sx={{ fontWeight: 500 }}
            >
              {row.name}
            </Link>
          ) : (
            row.name
          ),
      },
      {
        field: 'description',
        headerName: t('templates.columns.description'),
        flex: 1.2,
        minWidth: 160,
        valueGetter: (_v, row) => row.description ?? '',
      },
      ...columns,
      ...(canWrite
        ? [
            {
              field: 'actions',
              headerName: t('templates.columns.actions'),
              sortable: false,
              width: 110,
              align: 'right',
              headerAlign: 'right',
              renderCell: ({ row }) => (
                <>
                  <Tooltip title={t('templates.actions.edit')}>
                    <IconButton
                      component={RouterLink}
                      to={editPath(row.id)}
                      aria-label={t('templates.actions.editNamed', { name: row.name })}
                      onClick={(e) => e.stopPropagation()}
                    >
                      <EditOutlined fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title={t('templates.actions.delete')}>
                    <IconButton
                      color="error"
                      aria-label={t('templates.actions.deleteNamed', { name: row.name })}
                      onClick={(e) => {
                        e.stopPropagation();
                        setRefusal(null);
                        setDeleting(row);
                      }}
                    >
                      <DeleteOutlined fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </>
              ),
            } satisfies GridColDef<R>,
          ]
        : []),
    ],
    [t, canWrite, columns, editPath],
  );

  const NoRows = useMemo(
    () =>
      function NoRows() {
        return (
          <GridMessage
            icon={emptyIcon}
            title={t(`templates.${kind}.empty.title`)}
            body={canWrite ? t(`templates.${kind}.empty.body`) : t('templates.emptyReadOnly')}
            action={
              canWrite ? (
                <Button variant="contained" component={RouterLink} to={newPath} startIcon={<Add />}>
                  {t(`templates.${kind}.actions.new`)}
                </Button>
              ) : undefined
            }
          />
        );
      },
    [canWrite, emptyIcon, kind, newPath, t],
  );

  return (
    <>
      <BackLink to={paths.adminTimeSlot} label={t('templates.index.title')} />
      <PageHeader
        title={t(`templates.${kind}.list.title`)}
        subtitle={t(`templates.${kind}.list.subtitle`)}
        actions={
          canWrite && (
            <Button
              variant="contained"
              component={RouterLink}
              to={newPath}
              startIcon={<Add />}
              data-testid={`template-${kind}-new`}
            >
              {t(`templates.${kind}.actions.new`)}
            </Button>
          )
        }
      />
      {!!error && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={retry}>
              {t('common.retry')}
            </Button>
          }
        >
          {errorMessage(error, t('errors.generic'))}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ overflow: 'hidden' }} data-testid={`template-${kind}-grid`}>
        <LocalizedDataGrid<R>
          rows={rows ?? []}
          columns={allColumns}
          loading={loading}
          initialState={{ sorting: { sortModel: [{ field: 'name', sort: 'asc' }] } }}
          disableColumnFilter
          disableColumnSelector
          disableRowSelectionOnClick
          hideFooter={(rows?.length ?? 0) <= 25}
          autoHeight
          getRowHeight={() => 'auto'}
          onRowClick={canWrite ? ({ row }) => void navigate(editPath(row.id)) : undefined}
          slots={{ noRowsOverlay: NoRows }}
          slotProps={{ loadingOverlay: { variant: 'skeleton', noRowsVariant: 'skeleton' } }}
          label={t(`templates.${kind}.list.title`)}
          sx={{
            border: 0,
            '--DataGrid-overlayHeight': '260px',
            '& .MuiDataGrid-row': { cursor: canWrite ? 'pointer' : 'default' },
            '& .MuiDataGrid-cell': { display: 'flex', alignItems: 'center', py: 1, minHeight: 52 },
          }}
        />
      </Paper>
      <ConfirmDialog
        open={!!deleting}
        title={t(`templates.${kind}.deleteTitle`, { name: deleting?.name ?? '' })}
        body={t(`templates.${kind}.deleteBody`)}
        confirmLabel={t('templates.actions.delete')}
        tone="error"
        busy={remove.isPending}
        error={refusal}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
        testId="template-delete-dialog"
      />
    </>
  );
}
