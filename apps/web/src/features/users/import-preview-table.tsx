import { Box, Chip, FormControlLabel, Stack, Switch, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import type { ImportPreview } from '@timbro/shared';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocalizedDataGrid } from '../../components/data/localized-data-grid';
import { PAGE_SIZES } from '../../lib/use-list-params';

type Row = ImportPreview['rows'][number];

const ACTION_COLOR = { create: 'success', skip: 'error' } as const;

/** Field key of the import → label key (errors name their field). */
export const IMPORT_FIELD_LABELS: Record<string, string> = {
  firstName: 'auth.fields.firstName',
  lastName: 'auth.fields.lastName',
  email: 'users.fields.email',
  fiscalCode: 'auth.fields.fiscalCode',
  roles: 'users.fields.roles',
  workEmail: 'users.fields.workEmail',
  pec: 'users.fields.pec',
  phoneNumber: 'users.fields.phoneNumber',
  homeAddress: 'users.fields.homeAddress',
  iban: 'users.fields.iban',
  birthday: 'users.fields.birthday',
  birthplace: 'users.fields.birthplace',
  groups: 'users.fields.groups',
  row: 'userImport.preview.wholeRow',
};

const VALUE_COLUMNS = ['email', 'fiscalCode', 'roles', 'workEmail', 'pec', 'groups'] as const;
const LTR_COLUMNS = new Set<string>(['email', 'fiscalCode', 'workEmail', 'pec']);

/** Every row of the file with its action (enrolled, or skipped) and its errors. */
export function ImportPreviewTable({ preview }: { preview: ImportPreview }) {
  const { t } = useTranslation();
  const [onlyErrors, setOnlyErrors] = useState(preview.invalid > 0);
  const rows = useMemo(
    () => (onlyErrors ? preview.rows.filter((r) => r.errors.length > 0) : preview.rows),
    [onlyErrors, preview.rows],
  );
  const fieldLabel = useCallback((f: string) => (IMPORT_FIELD_LABELS[f] ? t(IMPORT_FIELD_LABELS[f]!) : f), [t]);

  const columns = useMemo<GridColDef<Row>[]>(
    () => [
      {
        field: 'line',
        headerName: t('userImport.preview.line'),
        width: 72,
        type: 'number',
        align: 'center',
        headerAlign: 'center',
      },
      {
        // What happens to the row and, for a row to fix, every error with its field: the first thing to read.
        field: 'action',
        headerName: t('userImport.preview.errors'),
        flex: 2,
        minWidth: 260,
        sortable: false,
        renderCell: ({ row }) => (
          <Box sx={{ py: 1, minWidth: 0 }}>
            <Chip
              size="small"
              variant={row.action === 'skip' ? 'filled' : 'outlined'}
              color={ACTION_COLOR[row.action]}
              label={t(`userImport.actions.${row.action}`)}
            />
            {row.errors.length > 0 && (
              <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }} data-testid={`import-errors-${row.line}`}>
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
    <Stack spacing={1}>
      {preview.invalid > 0 && (
        <FormControlLabel
          control={<Switch checked={onlyErrors} onChange={(e) => setOnlyErrors(e.target.checked)} />}
          label={t('userImport.preview.onlyErrors')}
          sx={{ alignSelf: 'flex-start' }}
        />
      )}
      <Box data-testid="import-preview-grid">
        <LocalizedDataGrid<Row>
          rows={rows}
          columns={columns}
          getRowId={(r) => r.line}
          getRowHeight={() => 'auto'}
          getRowClassName={({ row }) => (row.errors.length > 0 ? 'import-row-error' : '')}
          initialState={{ pagination: { paginationModel: { pageSize: 25, page: 0 } } }}
          pageSizeOptions={[...PAGE_SIZES]}
          disableColumnFilter
          disableColumnSelector
          disableRowSelectionOnClick
          autoHeight
          label={t('userImport.preview.tableLabel')}
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
