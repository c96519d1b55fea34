import { Alert, AlertTitle, Box, Chip, FormControlLabel, Paper, Stack, Switch, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import type { PunchImportPreview } from '@timbro/shared';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocalizedDataGrid } from '../../../components/data/localized-data-grid';
import { ImportSummary } from '../../../components/import/import-steps';
import { catalogFor } from '../../../i18n/languages';
import { formatDate } from '../../../lib/dates';
import { PAGE_SIZES } from '../../../lib/use-list-params';

type Row = PunchImportPreview['rows'][number];
/** Theme colours that pass AA as chip text (the info blue does not). */
const ACTION_STYLE = { create: 'success', duplicate: 'default', skip: 'error' } as const;

/**
 * The punch import's check: the file's counts (rows, valid, invalid, duplicates, people, period), import or another
 * file, and every row with its outcome and errors (only the wrong ones at first, when there are some).
 */
export function PreviewStep({
  file,
  preview,
  busy,
  onRestart,
  onImport,
}: {
  file: File;
  preview: PunchImportPreview;
  busy: boolean;
  onRestart(): void;
  onImport(): void;
}) {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const [onlyErrors, setOnlyErrors] = useState(preview.invalid > 0);
  const rows = useMemo(
    () => (onlyErrors ? preview.rows.filter((r) => r.errors.length > 0) : preview.rows),
    [onlyErrors, preview.rows],
  );
  const fieldLabel = useCallback((f: string) => t(`punchImport.fields.${f}`, { defaultValue: f }), [t]);
  const toImport = preview.valid - preview.duplicates;
  const columns = useMemo<GridColDef<Row>[]>(
    () => [
      {
        field: 'line',
        headerName: t('punchImport.preview.line'),
        width: 72,
        type: 'number',
        align: 'center',
        headerAlign: 'center',
      },
      {
        field: 'action',
        headerName: t('punchImport.preview.outcome'),
        flex: 2,
        minWidth: 240,
        sortable: false,
        renderCell: ({ row }) => (
          <Box sx={{ py: 1, minWidth: 0 }}>
            <Chip
              size="small"
              variant={row.action === 'skip' ? 'filled' : 'outlined'}
              color={ACTION_STYLE[row.action]}
              label={t(`punchImport.actions.${row.action}`)}
            />
            {row.errors.length > 0 && (
              <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }} data-testid={`punch-import-errors-${row.line}`}>
                {row.errors.map((e, i) => (
                  <Typography component="li" variant="body2" color="error" key={i} sx={{ whiteSpace: 'normal' }}>
                    <strong>{fieldLabel(e.field)}:</strong> {e.message}
                  </Typography>
                ))}
              </Box>
            )}
          </Box>
        ),
      },
      ...preview.columns.map<GridColDef<Row>>((key) => ({
        field: key,
        headerName: fieldLabel(key),
        flex: 1,
        minWidth: key === 'fiscalCode' || key === 'email' ? 180 : 100,
        sortable: false,
        valueGetter: (_v, row) => row.values[key] ?? '',
        renderCell: ({ value }) => (
          <Box component="span" dir="ltr" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
            {(value as string) || '—'}
          </Box>
        ),
      })),
    ],
    [t, fieldLabel, preview.columns],
  );
  return (
    <Stack spacing={2} data-testid="punch-import-preview">
      <ImportSummary
        fileName={file.name}
        countsTestId="punch-import-counts"
        counts={
          <>
            <Chip label={t('punchImport.preview.total', { n: preview.total })} />
            <Chip color="success" variant="outlined" label={t('punchImport.preview.valid', { n: preview.valid })} />
            <Chip
              color={preview.invalid > 0 ? 'error' : 'default'}
              variant={preview.invalid > 0 ? 'filled' : 'outlined'}
              label={t('punchImport.preview.invalid', { n: preview.invalid })}
              data-testid="punch-import-invalid"
            />
            <Chip
              variant="outlined"
              label={t('punchImport.preview.duplicates', { n: preview.duplicates })}
              data-testid="punch-import-duplicates"
            />
            <Chip variant="outlined" label={t('punchImport.preview.people', { n: preview.people })} />
            {preview.from && preview.to && (
              <Chip
                variant="outlined"
                label={t('punchImport.preview.period', {
                  from: formatDate(preview.from, language),
                  to: formatDate(preview.to, language),
                })}
                data-testid="punch-import-period"
              />
            )}
          </>
        }
        otherFileLabel={t('punchImport.preview.otherFile')}
        onRestart={onRestart}
        confirm={{
          label:
            preview.invalid > 0 || toImport <= 0
              ? t('punchImport.preview.importNone')
              : t('punchImport.preview.confirm', { n: toImport }),
          disabled: preview.invalid > 0 || toImport <= 0,
          onClick: onImport,
          testId: 'punch-import-confirm',
        }}
        busy={busy}
        busyLabel={t('punchImport.preview.importing')}
      />
      {preview.invalid > 0 ? (
        <Alert severity="warning" data-testid="punch-import-has-errors">
          <AlertTitle>{t('punchImport.preview.hasErrorsTitle')}</AlertTitle>
          {t('punchImport.preview.hasErrorsBody')}
        </Alert>
      ) : toImport <= 0 ? (
        <Alert severity="info">{t('punchImport.preview.nothingNew')}</Alert>
      ) : (
        <Alert severity="success">{t('punchImport.preview.allValid')}</Alert>
      )}
      <Paper variant="outlined" sx={{ p: { xs: 1, md: 2 } }}>
        {preview.invalid > 0 && (
          <FormControlLabel
            control={<Switch checked={onlyErrors} onChange={(e) => setOnlyErrors(e.target.checked)} />}
            label={t('punchImport.preview.onlyErrors')}
            sx={{ mb: 1 }}
          />
        )}
        {preview.total > preview.rows.length && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('punchImport.preview.truncated', { shown: preview.rows.length, total: preview.total })}
          </Typography>
        )}
        <LocalizedDataGrid<Row>
          rows={rows}
          columns={columns}
          getRowId={(r) => r.line}
          getRowHeight={() => 'auto'}
          initialState={{ pagination: { paginationModel: { pageSize: 25, page: 0 } } }}
          pageSizeOptions={[...PAGE_SIZES]}
          disableColumnFilter
          disableColumnSelector
          disableRowSelectionOnClick
          autoHeight
          label={t('punchImport.preview.tableLabel')}
          sx={{ '& .MuiDataGrid-cell': { display: 'flex', alignItems: 'center', minHeight: 52 } }}
        />
      </Paper>
    </Stack>
  );
}
