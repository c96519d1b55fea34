import { zodResolver } from '@hookform/resolvers/zod';
import ContentCopy from '@mui/icons-material/ContentCopy';
import Download from '@mui/icons-material/Download';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { Box, Button, CircularProgress, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import type { MonthLog, PayrollExport } from '@timbro/shared';
import { useSnackbar } from 'notistack';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GridMessage } from '../../components/data/grid-overlay';
import { FormSelectField } from '../../components/form/form-select-field';
import { useServerForm } from '../../components/form/use-server-form';
import { ListGrid } from '../../components/list/list-grid';
import { SectionCard } from '../../components/section-card';
import { PAGE_SIZES } from '../../lib/use-list-params';
import { catalogFor } from '../../i18n/languages';
import { formatDateTime } from '../../lib/dates';
import { useAuth } from '../../lib/auth/auth-context';
import { errorMessage } from '../../lib/error-message';
import { useMonthVersions } from './api/get-month-logs';
import { downloadPayrollExport, useCreatePayrollExport, usePayrollExports } from './api/payroll-exports';
import { PAYROLL_PROFILES } from './constants';
import { ExportRefusalAlert, exportRefusalOf, type ExportRefusal } from './export-refusal';
import { formatMonth, formatSize, shortHash } from './format';
import { exportFormSchema, type ExportFormValues } from './schemas';

/** The payroll files of a completed version: the form that makes one, and the files made so far. */
export function ExportsTab({ log }: { log: MonthLog }) {
  return (
    <Stack spacing={3}>
      <ExportForm log={log} />
      <ExportHistory log={log} />
    </Stack>
  );
}

function ExportForm({ log }: { log: MonthLog }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const create = useCreatePayrollExport(log.id);
  const versions = useMonthVersions(log.month);
  const older = (versions.data?.items ?? []).filter(
    (v) => v.status === 'completed' && v.versionNumber < log.versionNumber,
  );
  const resolver = useMemo(() => zodResolver(exportFormSchema(t)), [t]);
  const [refusal, setRefusal] = useState<ExportRefusal | null>(null);
  const form = useServerForm<ExportFormValues>({
    resolver,
    defaultValues: { profile: 'zucchetti', changesSince: '' },
    serverFields: [],
    // A refusal the export explains (the month's problems) shows as such; any other as one line.
    onServerError: (err) => {
      const refused = exportRefusalOf(err, t);
      setRefusal(refused);
      return refused ? null : errorMessage(err, t('errors.generic'));
    },
  });
  const { failure } = form;

  const onSubmit = form.submitWith(async ({ profile, changesSince }) => {
    setRefusal(null);
    const file = await create.mutateAsync({ profile, changesSince: changesSince || undefined });
    enqueueSnackbar(t('monthLogs.exports.created', { name: file.fileName }), { variant: 'success' });
    // "Crea il file" gives the file, as it says (issue 30 item 17): downloaded at once; if that fails, the file is
    // made all the same and stays in the history below.
    try {
      await downloadPayrollExport(file);
    } catch (err) {
      enqueueSnackbar(errorMessage(err, t('errors.generic')), { variant: 'error' });
    }
  });
  const busy = form.formState.isSubmitting;
  const profileOptions = PAYROLL_PROFILES.map((p) => ({ value: p, label: t(`monthLogs.exports.profiles.${p}`) }));
  const contentOptions = [
    { value: '', label: t('monthLogs.exports.wholeMonth') },
    ...older.map((v) => ({ value: v.id, label: t('monthLogs.exports.changesSince', { n: v.versionNumber }) })),
  ];

  return (
    <SectionCard title={t('monthLogs.exports.formTitle')} description={t('monthLogs.exports.formBody')}>
      <Stack
        component="form"
        spacing={2}
        noValidate
        onSubmit={(e) => void onSubmit(e)}
        aria-label={t('monthLogs.exports.formTitle')}
        data-testid="export-form"
      >
        {refusal && <ExportRefusalAlert refusal={refusal} />}
        {failure && (
          <Typography color="error" role="alert" variant="body2">
            {failure}
          </Typography>
        )}
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <FormSelectField
            name="profile"
            control={form.control}
            options={profileOptions}
            label={t('monthLogs.exports.profile')}
            sx={{ width: { xs: '100%', md: 320 } }}
            data-testid="export-profile"
          />
          {older.length > 0 && (
            <FormSelectField
              name="changesSince"
              control={form.control}
              options={contentOptions}
              label={t('monthLogs.exports.content')}
              sx={{ width: { xs: '100%', md: 360 } }}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              data-testid="export-changes-since"
            />
          )}
        </Stack>
        <Box>
          <Button
            type="submit"
            variant="contained"
            disabled={busy}
            startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <FileDownloadOutlined />}
            data-testid="export-submit"
          >
            {t('monthLogs.exports.submit')}
          </Button>
        </Box>
      </Stack>
    </SectionCard>
  );
}

function ExportHistory({ log }: { log: MonthLog }) {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  // Which company and month a file holds, said beside its name (issue 30 item 17): INAZ's file must be called DATRILEU
  // whatever it holds, and two downloads must still be told apart.
  const { workspaces, workspaceId } = useAuth();
  const company = workspaces.find((w) => w.id === workspaceId)?.name ?? '';
  const holds = t('monthLogs.exports.holds', { company, month: formatMonth(log.month, language) });
  const { enqueueSnackbar } = useSnackbar();
  const query = usePayrollExports(log.id);
  const [downloading, setDownloading] = useState<string | null>(null);

  const columns = useMemo<GridColDef<PayrollExport>[]>(() => {
    const download = async (file: PayrollExport) => {
      setDownloading(file.id);
      try {
        await downloadPayrollExport(file);
      } catch (err) {
        enqueueSnackbar(errorMessage(err, t('errors.generic')), { variant: 'error' });
      } finally {
        setDownloading(null);
      }
    };
    const copy = async (sha: string) => {
      try {
        await navigator.clipboard.writeText(sha);
        enqueueSnackbar(t('monthLogs.exports.copied'), { variant: 'success' });
      } catch {
        enqueueSnackbar(t('monthLogs.exports.copyFailed'), { variant: 'error' });
      }
    };
    return [
      {
        field: 'fileName',
        headerName: t('monthLogs.exports.columns.fileName'),
        flex: 1.6,
        minWidth: 200,
        renderCell: ({ row }) => (
          <Box sx={{ minWidth: 0, width: '100%' }}>
            {/* A file name reads left to right in every language ("left" is mirrored to the start in Arabic). */}
            <Box
              dir="ltr"
              sx={{ fontFamily: 'monospace', fontSize: '0.8125rem', overflowWrap: 'anywhere', textAlign: 'left' }}
            >
              {row.fileName}
            </Box>
            <Typography variant="caption" component="p" data-testid={`export-holds-${row.id}`}>
              {holds}
            </Typography>
            <Stack direction="row" spacing={0.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography variant="caption" color="text.secondary">
                {t('monthLogs.exports.columns.sha256')}
              </Typography>
              <Tooltip title={row.sha256}>
                <Box component="code" dir="ltr" sx={{ fontSize: '0.75rem', color: 'text.secondary' }}>
                  {shortHash(row.sha256)}
                </Box>
              </Tooltip>
              <Tooltip title={t('monthLogs.exports.copy')}>
                <IconButton
                  size="small"
                  aria-label={t('monthLogs.exports.copyNamed', { name: row.fileName })}
                  onClick={() => void copy(row.sha256)}
                  sx={{ p: 0.25 }}
                >
                  <ContentCopy sx={{ fontSize: 14 }} />
                </IconButton>
              </Tooltip>
            </Stack>
          </Box>
        ),
      },
      {
        field: 'profile',
        headerName: t('monthLogs.exports.columns.profile'),
        flex: 1,
        minWidth: 130,
        valueGetter: (_v, row) => t(`monthLogs.exports.profiles.${row.profile}`),
      },
      {
        field: 'versionNumber',
        headerName: t('monthLogs.exports.columns.version'),
        width: 130,
        valueGetter: (_v, row) =>
          row.baseVersionNumber === null
            ? t('monthLogs.version', { n: row.versionNumber })
            : t('monthLogs.exports.versionSince', { n: row.versionNumber, base: row.baseVersionNumber }),
      },
      { field: 'rows', headerName: t('monthLogs.exports.columns.rows'), type: 'number', width: 70 },
      {
        field: 'size',
        headerName: t('monthLogs.exports.columns.size'),
        type: 'number',
        width: 100,
        renderCell: ({ row }) => formatSize(row.size, language),
      },
      {
        field: 'createdAt',
        headerName: t('monthLogs.exports.columns.createdBy'),
        width: 160,
        renderCell: ({ row }) => (
          <Box sx={{ lineHeight: 1.4 }}>
            <Typography variant="body2">{row.createdBy?.name ?? t('monthLogs.system')}</Typography>
            <Typography variant="caption" color="text.secondary">
              {formatDateTime(row.createdAt, language)}
            </Typography>
          </Box>
        ),
      },
      {
        field: 'download',
        headerName: '',
        sortable: false,
        width: 64,
        align: 'center',
        renderCell: ({ row }) => (
          <Tooltip title={t('monthLogs.exports.download')}>
            <span>
              <IconButton
                color="primary"
                disabled={downloading !== null}
                onClick={() => void download(row)}
                aria-label={t('monthLogs.exports.downloadNamed', { name: row.fileName })}
                data-testid={`export-download-${row.id}`}
              >
                {downloading === row.id ? <CircularProgress size={18} color="inherit" /> : <Download />}
              </IconButton>
            </span>
          </Tooltip>
        ),
      },
    ];
  }, [t, language, enqueueSnackbar, downloading, holds]);

  return (
    <Box>
      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {t('monthLogs.exports.historyTitle')}
      </Typography>
      <ListGrid<PayrollExport>
        rows={query.data ?? []}
        query={query}
        columns={columns}
        autoRowHeight
        initialState={{
          sorting: { sortModel: [{ field: 'createdAt', sort: 'desc' }] },
          pagination: { paginationModel: { pageSize: 10 } },
        }}
        pageSizeOptions={[...PAGE_SIZES]}
        overlayHeight={180}
        empty={
          <GridMessage
            icon={<FileDownloadOutlined />}
            title={t('monthLogs.exports.emptyTitle')}
            body={t('monthLogs.exports.emptyBody')}
          />
        }
        label={t('monthLogs.exports.historyTitle')}
        testId="export-history"
      />
    </Box>
  );
}
