import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import UploadFile from '@mui/icons-material/UploadFile';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Grid,
  IconButton,
  MenuItem,
  Stack,
  TextField,
  Tooltip,
} from '@mui/material';
import type { GridColDef, GridPaginationModel } from '@mui/x-data-grid';
import type { PaycheckImport } from '@timbro/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, useNavigate } from 'react-router';
import { BackLink } from '../../../components/back-link';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { GridMessage } from '../../../components/data/grid-overlay';
import { fileSize } from '../../../components/import/spreadsheet-file';
import { ListGrid } from '../../../components/list/list-grid';
import { PageHeader } from '../../../components/page-header';
import { SectionCard } from '../../../components/section-card';
import { FileField } from '../../../components/upload/file-field';
import { paths } from '../../../config/paths';
import { catalogFor } from '../../../i18n/languages';
import { formatDateTime } from '../../../lib/dates';
import { errorMessage, fieldErrors } from '../../../lib/error-message';
import { useDeleteImport, useImports, useUploadImport } from '../api/imports';
import { DeleteConfirm } from '../delete-confirm';
import { formatPeriod, lastMonth, monthNames } from '../format';
import { ImportStatusChip } from './import-status';

const reviewPath = (id: string) => generatePath(paths.adminPaycheckImportDetail, { id });

/** The upload: the month the slips are for, and the PDF of all of them (read by the server's job, page by page). */
function UploadCard() {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const navigate = useNavigate();
  const upload = useUploadImport();
  const start = lastMonth();
  const [year, setYear] = useState(start.year);
  const [month, setMonth] = useState(start.month);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [duplicate, setDuplicate] = useState<string | null>(null);
  const thisYear = new Date().getFullYear();

  const send = async (confirm: boolean) => {
    if (!file) {
      setFileError(t('paychecks.import.upload.fileRequired'));
      return;
    }
    setFailure(null);
    try {
      const created = await upload.mutateAsync({ year, month, file, confirm });
      setDuplicate(null);
      void navigate(reviewPath(created.id));
    } catch (err) {
      const errors = fieldErrors(err);
      if (errors.confirm) setDuplicate(errors.confirm);
      else if (errors.file) setFileError(errors.file);
      else setFailure(errorMessage(err, t('errors.generic')));
      if (!errors.confirm) setDuplicate(null);
    }
  };

  return (
    <SectionCard title={t('paychecks.import.upload.title')} description={t('paychecks.import.upload.description')}>
      <Stack spacing={2}>
        {failure && (
          <Alert severity="error" role="alert">
            {failure}
          </Alert>
        )}
        <Grid container spacing={2}>
          <Grid size={{ xs: 7, sm: 4 }}>
            <TextField
              select
              fullWidth
              label={t('paychecks.form.month')}
              value={month}
              onChange={(e) => setMonth(Number(e.target.value))}
              slotProps={{ htmlInput: { 'data-testid': 'import-month' } }}
            >
              {monthNames(language).map((m, i) => (
                <MenuItem key={m} value={i + 1} sx={{ textTransform: 'capitalize' }}>
                  {m}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
          <Grid size={{ xs: 5, sm: 3 }}>
            <TextField
              select
              fullWidth
              label={t('paychecks.form.year')}
              value={year}
              onChange={(e) => setYear(Number(e.target.value))}
              slotProps={{ htmlInput: { 'data-testid': 'import-year' } }}
            >
              {[thisYear + 1, thisYear, thisYear - 1, thisYear - 2].map((y) => (
                <MenuItem key={y} value={y}>
                  {y}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
        </Grid>
        <FileField
          kind="payslip-import"
          label={t('paychecks.import.upload.file')}
          file={file}
          onChange={(f) => {
            setFileError(undefined);
            setFile(f);
          }}
          error={fileError}
          required
          disabled={upload.isPending}
          testId="import-file"
        />
        <Box>
          <Button
            variant="contained"
            startIcon={upload.isPending ? <CircularProgress size={16} color="inherit" /> : <UploadFile />}
            disabled={upload.isPending}
            onClick={() => void send(false)}
            data-testid="import-upload"
          >
            {t('paychecks.import.upload.submit')}
          </Button>
        </Box>
      </Stack>
      <ConfirmDialog
        open={duplicate !== null}
        title={t('paychecks.import.upload.duplicateTitle')}
        body={duplicate ?? ''}
        confirmLabel={t('paychecks.import.upload.duplicateConfirm', {
          period: formatPeriod(year, month, language),
        })}
        busy={upload.isPending}
        onClose={() => setDuplicate(null)}
        onConfirm={() => void send(true)}
        testId="import-duplicate"
      />
    </SectionCard>
  );
}

/** /admin/paycheck/import: upload the month's PDF of every pay slip; the imports so far, their state. */
export function PaycheckImportPage() {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const navigate = useNavigate();
  const [pagination, setPagination] = useState<GridPaginationModel>({ page: 0, pageSize: 10 });
  const imports = useImports(pagination.page + 1, pagination.pageSize);
  const remove = useDeleteImport();
  const [deleting, setDeleting] = useState<PaycheckImport | null>(null);

  const columns = useMemo<GridColDef<PaycheckImport>[]>(
    () => [
      {
        field: 'period',
        headerName: t('paychecks.columns.period'),
        width: 160,
        sortable: false,
        renderCell: ({ row }) => (
          <Box component="span" sx={{ textTransform: 'capitalize' }}>
            {formatPeriod(row.year, row.month, language)}
          </Box>
        ),
      },
      { field: 'fileName', headerName: t('paychecks.import.columns.file'), flex: 1, minWidth: 180, sortable: false },
      {
        field: 'size',
        headerName: t('paychecks.import.columns.size'),
        width: 100,
        sortable: false,
        renderCell: ({ row }) => fileSize(row.size, language),
      },
      {
        field: 'status',
        headerName: t('paychecks.import.columns.status'),
        width: 170,
        sortable: false,
        renderCell: ({ row }) => <ImportStatusChip status={row.status} />,
      },
      {
        field: 'pagesTotal',
        headerName: t('paychecks.import.columns.pages'),
        width: 90,
        sortable: false,
        align: 'right',
        headerAlign: 'right',
      },
      {
        field: 'publishedCount',
        headerName: t('paychecks.import.columns.published'),
        width: 110,
        sortable: false,
        align: 'right',
        headerAlign: 'right',
        renderCell: ({ row }) => row.publishedCount ?? '—',
      },
      {
        field: 'createdAt',
        headerName: t('paychecks.import.columns.created'),
        width: 160,
        sortable: false,
        renderCell: ({ row }) => formatDateTime(row.createdAt, language),
      },
      {
        field: 'actions',
        headerName: '',
        width: 56,
        sortable: false,
        renderCell: ({ row }) =>
          row.status === 'published' || row.status === 'publishing' ? null : (
            <Tooltip title={t('paychecks.import.delete.action')}>
              <IconButton
                size="small"
                aria-label={t('paychecks.import.delete.action')}
                onClick={(e) => {
                  e.stopPropagation();
                  remove.reset();
                  setDeleting(row);
                }}
              >
                <DeleteOutline fontSize="small" />
              </IconButton>
            </Tooltip>
          ),
      },
    ],
    [t, language, remove],
  );

  return (
    <>
      <BackLink to={paths.adminPaycheck} label={t('paychecks.list.title')} />
      <PageHeader title={t('paychecks.import.title')} subtitle={t('paychecks.import.subtitle')} />
      <Stack spacing={3}>
        <UploadCard />
        <ListGrid<PaycheckImport>
          rows={imports.data?.items ?? []}
          rowCount={imports.data?.total ?? 0}
          query={imports}
          label={t('paychecks.import.recent')}
          testId="import-list"
          paginationMode="server"
          paginationModel={pagination}
          onPaginationModelChange={setPagination}
          pageSizeOptions={[10, 25]}
          columns={columns}
          onRowClick={({ row }) => void navigate(reviewPath(row.id))}
          empty={<GridMessage title={t('paychecks.import.none')} body={t('paychecks.import.noneBody')} />}
          overlayHeight={160}
        />
      </Stack>
      {deleting && (
        <DeleteConfirm
          id={deleting.id}
          remove={remove}
          title={t('paychecks.import.delete.title')}
          body={t('paychecks.import.delete.body', { file: deleting.fileName })}
          confirmLabel={t('paychecks.import.delete.confirm')}
          onClose={() => setDeleting(null)}
          testId="import-delete"
        />
      )}
    </>
  );
}
