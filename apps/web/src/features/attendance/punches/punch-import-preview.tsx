import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Chip,
  FormControlLabel,
  LinearProgress,
  Paper,
  Stack,
  Switch,
  Typography,
} from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import type { PunchImportPreview } from '@timbro/shared';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocalizedDataGrid } from '../../../components/data/localized-data-grid';
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
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
              {file.name}
            </Typography>
            <Stack
              direction="row"
              spacing={1}
              useFlexGap
              sx={{ flexWrap: 'wrap', mt: 1 }}
              data-testid="punch-import-counts"
            >
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
            </Stack>
          </Box>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button onClick={onRestart} disabled={busy}>
              {t('punchImport.preview.otherFile')}
            </Button>
            <Button
              variant="contained"
              onClick={onImport}
              disabled={preview.invalid > 0 || toImport <= 0 || busy}
              data-testid="punch-import-confirm"
            >
              {preview.invalid > 0 || toImport <= 0
                ? t('punchImport.preview.importNone')
                : t('punchImport.preview.confirm', { n: toImport })}
            </Button>
          </Stack>
        </Stack>
        {busy && (
          <Box sx={{ mt: 2 }} role="status">
            <LinearProgress aria-label={t('punchImport.preview.importing')} />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {t('punchImport.preview.importing')}
            </Typography>
          </Box>
        )}
      </Paper>
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
