import { Box } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import type { ImportPreview } from '@timbro/shared';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ImportRowsGrid } from '../../components/import/import-preview';
import { USER_FIELD_LABELS } from './user-field-labels';

type Row = ImportPreview['rows'][number];

const ACTION_COLOR = { create: 'success', skip: 'error' } as const;

/** Field key of the import → label key (errors name their field). */
export const IMPORT_FIELD_LABELS: Record<string, string> = {
  ...USER_FIELD_LABELS,
  row: 'userImport.preview.wholeRow',
};

const VALUE_COLUMNS = ['email', 'fiscalCode', 'roles', 'workEmail', 'pec', 'groups'] as const;
const LTR_COLUMNS = new Set<string>(['email', 'fiscalCode', 'workEmail', 'pec']);

/** Every row of the file with its action (enrolled, or skipped) and its errors. */
export function ImportPreviewTable({ preview }: { preview: ImportPreview }) {
  const { t } = useTranslation();
  const fieldLabel = useCallback((f: string) => (IMPORT_FIELD_LABELS[f] ? t(IMPORT_FIELD_LABELS[f]!) : f), [t]);
  const outcome = useMemo(() => ({ header: t('userImport.preview.errors'), minWidth: 260, colors: ACTION_COLOR }), [t]);

  const columns = useMemo<GridColDef<Row>[]>(
    () => [
      {
        field: 'name',
        headerName: t('users.columns.name'),
        flex: 1,
        minWidth: 160,
        sortable: false,
        valueGetter: (_v, row) => [row.values.lastName, row.values.firstName].filter(Boolean).join(' '),
        cellClassName: ({ row }) =>
          row.errors.some((e) => e.field === 'firstName' || e.field === 'lastName') ? 'import-cell-error' : '',
      },
      ...VALUE_COLUMNS.filter((key) => preview.columns.includes(key)).map<GridColDef<Row>>((key) => ({
        field: key,
        headerName: fieldLabel(key),
        minWidth: LTR_COLUMNS.has(key) ? (key === 'fiscalCode' ? 170 : 200) : 120,
        flex: 1,
        sortable: false,
        valueGetter: (_v, row) => row.values[key] ?? '',
        cellClassName: ({ row }) => (row.errors.some((e) => e.field === key) ? 'import-cell-error' : ''),
        renderCell: ({ value }) =>
          value ? (
            <Box
              component="span"
              dir={LTR_COLUMNS.has(key) ? 'ltr' : undefined}
              sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}
            >
              {value as string}
            </Box>
          ) : (
            <Box component="span" sx={{ color: 'text.secondary' }}>
              —
            </Box>
          ),
      })),
    ],
    [t, fieldLabel, preview.columns],
  );

  return (
    <ImportRowsGrid<Row>
      keyPrefix="userImport"
      testId="import"
      preview={preview}
      outcome={outcome}
      fieldLabel={fieldLabel}
      columns={columns}
      highlightErrors
    />
  );
}
