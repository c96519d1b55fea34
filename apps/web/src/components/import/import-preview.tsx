import { Alert, AlertTitle, Box, Chip, FormControlLabel, Paper, Stack, Switch, Typography } from '@mui/material';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '../../lib/use-list-params';
import { LocalizedDataGrid } from '../data/localized-data-grid';
import { ImportSummary } from './import-steps';

/**
 * An import's check: the file's counts (rows, valid, invalid, then `extraCounts`), another file or import, what to
 * do next, and the rows (`children`). Texts under `<keyPrefix>.preview`: `.total`, `.valid`, `.invalid`,
 * `.otherFile`, `.confirm`, `.importing`, `.hasErrorsTitle`, `.hasErrorsBody`, `.allValid`. Nothing can be imported
 * while a row is wrong or `toImport` is 0; with `nothingNew`, a file with nothing to import says so.
 */
export function ImportPreviewStep({
  keyPrefix,
  testId,
  fileName,
  counts,
  extraCounts,
  toImport,
  blockedLabel,
  nothingNew,
  busy,
  onRestart,
  onImport,
  children,
}: {
  keyPrefix: string;
  testId: string;
  fileName: string;
  counts: { total: number; valid: number; invalid: number };
  extraCounts?: ReactNode;
  toImport: number;
  /** The import button's label while nothing can be imported. */
  blockedLabel: string;
  nothingNew?: string;
  busy: boolean;
  onRestart(): void;
  onImport(): void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const k = (key: string) => `${keyPrefix}.preview.${key}`;
  const { total, valid, invalid } = counts;
  const empty = nothingNew !== undefined && toImport <= 0;
  return (
    <Stack spacing={2} data-testid={`${testId}-preview`}>
      <ImportSummary
        fileName={fileName}
        countsTestId={`${testId}-counts`}
        counts={
          <>
            <Chip label={t(k('total'), { n: total })} />
            <Chip
              color="success"
              variant="outlined"
              label={t(k('valid'), { n: valid })}
              data-testid={`${testId}-valid`}
            />
            <Chip
              color={invalid > 0 ? 'error' : 'default'}
              variant={invalid > 0 ? 'filled' : 'outlined'}
              label={t(k('invalid'), { n: invalid })}
              data-testid={`${testId}-invalid`}
            />
            {extraCounts}
          </>
        }
        otherFileLabel={t(k('otherFile'))}
        onRestart={onRestart}
        confirm={{
          label: invalid > 0 || empty ? blockedLabel : t(k('confirm'), { n: toImport }),
          disabled: invalid > 0 || toImport <= 0,
          onClick: onImport,
          testId: `${testId}-confirm`,
        }}
        busy={busy}
        busyLabel={t(k('importing'))}
      />
      {invalid > 0 ? (
        <Alert severity="warning" data-testid={`${testId}-has-errors`}>
          <AlertTitle>{t(k('hasErrorsTitle'))}</AlertTitle>
          {t(k('hasErrorsBody'))}
        </Alert>
      ) : empty ? (
        <Alert severity="info">{nothingNew}</Alert>
      ) : (
        <Alert severity="success">{t(k('allValid'))}</Alert>
      )}
      <Paper variant="outlined" sx={{ p: { xs: 1, md: 2 } }}>
        {children}
      </Paper>
    </Stack>
  );
}

/** A checked row of an import: its line in the file, what happens to it, its errors by field. */
export interface ImportRow extends GridValidRowModel {
  line: number;
  action: string;
  errors: { field: string; message: string }[];
}

/**
 * Every checked row of an import (only the wrong ones at first, when there are some): its line, its outcome with
 * its errors (`<testId>-errors-<line>`), then `columns`. Texts under `<keyPrefix>`: `.actions.*`, `.preview.line`,
 * `.preview.onlyErrors`, `.preview.tableLabel`. `highlightErrors` tints the wrong rows and the cells whose columns
 * return the class `import-cell-error`.
 */
export function ImportRowsGrid<Row extends ImportRow>({
  keyPrefix,
  testId,
  preview: { rows: allRows, invalid },
  outcome,
  fieldLabel,
  columns: valueColumns,
  note,
  highlightErrors = false,
}: {
  keyPrefix: string;
  testId: string;
  preview: { rows: Row[]; invalid: number };
  outcome: { header: string; minWidth: number; colors: Record<Row['action'], 'success' | 'default' | 'error'> };
  fieldLabel(field: string): string;
  columns: GridColDef<Row>[];
  /** A line above the grid (e.g. that only the first rows are shown). */
  note?: ReactNode;
  highlightErrors?: boolean;
}) {
  const { t } = useTranslation();
  const [onlyErrors, setOnlyErrors] = useState(invalid > 0);
  const rows = useMemo(
    () => (onlyErrors ? allRows.filter((r) => r.errors.length > 0) : allRows),
    [onlyErrors, allRows],
  );
  const columns = useMemo<GridColDef<Row>[]>(
    () => [
      {
        field: 'line',
        headerName: t(`${keyPrefix}.preview.line`),
        width: 72,
        type: 'number',
        align: 'center',
        headerAlign: 'center',
      },
      {
        // What happens to the row and, for a row to fix, every error with its field: the first thing to read.
        field: 'action',
        headerName: outcome.header,
        flex: 2,
        minWidth: outcome.minWidth,
        sortable: false,
        renderCell: ({ row }) => (
          <Box sx={{ py: 1, minWidth: 0 }}>
            <Chip
              size="small"
              variant={row.action === 'skip' ? 'filled' : 'outlined'}
              color={outcome.colors[row.action as Row['action']]}
              label={t(`${keyPrefix}.actions.${row.action}`)}
            />
            {row.errors.length > 0 && (
              <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }} data-testid={`${testId}-errors-${row.line}`}>
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
      ...valueColumns,
    ],
    [t, keyPrefix, testId, outcome, fieldLabel, valueColumns],
  );

  return (
    <Stack spacing={1}>
      {invalid > 0 && (
        <FormControlLabel
          control={<Switch checked={onlyErrors} onChange={(e) => setOnlyErrors(e.target.checked)} />}
          label={t(`${keyPrefix}.preview.onlyErrors`)}
          sx={{ alignSelf: 'flex-start' }}
        />
      )}
      {note}
      <Box data-testid={`${testId}-preview-grid`}>
        <LocalizedDataGrid<Row>
          rows={rows}
          columns={columns}
          getRowId={(r) => r.line}
          getRowHeight={() => 'auto'}
          getRowClassName={({ row }) => (highlightErrors && row.errors.length > 0 ? 'import-row-error' : '')}
          initialState={{ pagination: { paginationModel: { pageSize: 25, page: 0 } } }}
          pageSizeOptions={[...PAGE_SIZES]}
          disableColumnFilter
          disableColumnSelector
          disableRowSelectionOnClick
          autoHeight
          label={t(`${keyPrefix}.preview.tableLabel`)}
          sx={{
            '& .MuiDataGrid-cell': { display: 'flex', alignItems: 'center', minHeight: 52 },
            '& .import-row-error': { bgcolor: (theme) => `${theme.palette.error.main}0D` },
            '& .import-cell-error': { color: 'error.main', fontWeight: 500 },
          }}
        />
      </Box>
    </Stack>
  );
}
