import { Box, Chip, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import type { PunchImportPreview } from '@timbro/shared';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ImportPreviewStep, ImportRowsGrid } from '../../../components/import/import-preview';
import { catalogFor } from '../../../i18n/languages';
import { formatDate } from '../../../lib/dates';

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
  const fieldLabel = useCallback((f: string) => t(`punchImport.fields.${f}`, { defaultValue: f }), [t]);
  const outcome = useMemo(
    () => ({ header: t('punchImport.preview.outcome'), minWidth: 240, colors: ACTION_STYLE }),
    [t],
  );
  const columns = useMemo(
    () =>
      preview.columns.map<GridColDef<Row>>((key) => ({
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
    [fieldLabel, preview.columns],
  );
  return (
    <ImportPreviewStep
      keyPrefix="punchImport"
      testId="punch-import"
      fileName={file.name}
      counts={preview}
      extraCounts={
        <>
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
      toImport={preview.valid - preview.duplicates}
      blockedLabel={t('punchImport.preview.importNone')}
      nothingNew={t('punchImport.preview.nothingNew')}
      busy={busy}
      onRestart={onRestart}
      onImport={onImport}
    >
      <ImportRowsGrid<Row>
        keyPrefix="punchImport"
        testId="punch-import"
        preview={preview}
        outcome={outcome}
        fieldLabel={fieldLabel}
        columns={columns}
        note={
          preview.total > preview.rows.length && (
            <Typography variant="body2" color="text.secondary">
              {t('punchImport.preview.truncated', { shown: preview.rows.length, total: preview.total })}
            </Typography>
          )
        }
      />
    </ImportPreviewStep>
  );
}
