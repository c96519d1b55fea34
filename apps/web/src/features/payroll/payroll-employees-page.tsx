import PeopleOutlined from '@mui/icons-material/PeopleOutlined';
import SearchOff from '@mui/icons-material/SearchOff';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { Box, Button, Chip, FormControlLabel, Switch, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import type { PayrollEmployee } from '@timbro/shared';
import { useSnackbar } from 'notistack';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GridMessage } from '../../components/data/grid-overlay';
import { FilterBar } from '../../components/list/filter-bar';
import { ServerDataGrid } from '../../components/list/list-grid';
import { SearchField } from '../../components/list/search-field';
import { useUnsavedChangesGuard } from '../../components/unsaved-changes-guard';
import { pageQuery } from '../../components/list/page-query';
import { errorMessage } from '../../lib/error-message';
import { useServerList } from '../../lib/use-server-list';
import { PAYROLL_EMPLOYEE_SORT_FIELDS, usePayrollEmployees } from './api/get-employees';
import { useUpdateEmployeeCodes } from './api/update-employee-codes';
import { CodeCell, SaveBar } from './code-cell';
import { useCodeDrafts } from './code-drafts';
import { PayrollFrame } from './payroll-frame';
import { PayrollImportDialog } from './payroll-import-dialog';

const FILTER_KEYS = ['missing'] as const;
const SORT_COLUMNS = { name: 'name', payrollCode: 'code' } as const;
const fullName = (e: PayrollEmployee) => `${e.lastName} ${e.firstName}`;

/**
 * /integration/{payroll}/user-info: every employee with the code the payroll software knows them by. Codes are typed
 * in the grid and saved together (they survive paging and searching until saved); employees without one stand out,
 * and the file import sets many at once.
 */
export function PayrollEmployeesPage() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const list = useServerList({
    sortFields: PAYROLL_EMPLOYEE_SORT_FIELDS,
    defaultSort: 'name',
    filterKeys: FILTER_KEYS,
    sortColumns: SORT_COLUMNS,
    defaultPerPage: 50,
  });
  const { params, update, hasFilters, clear } = list;
  const onlyMissing = params.filters.missing === 'true';
  const query = usePayrollEmployees({ ...pageQuery(params), search: params.search, missing: onlyMissing });
  const drafts = useCodeDrafts('employee', t);
  const save = useUpdateEmployeeCodes();
  const [failure, setFailure] = useState<string | null>(null);
  const [importing, setImporting] = useState(false);
  const guard = useUnsavedChangesGuard(drafts.count > 0 && !save.isPending);

  const onSave = async () => {
    setFailure(null);
    const items = drafts.items;
    try {
      const { updated } = await save.mutateAsync({ items });
      drafts.clear();
      enqueueSnackbar(t('payroll.codes.saved', { n: updated }), { variant: 'success' });
    } catch (err) {
      setFailure(
        drafts.applyServerErrors(err, items) ? t('payroll.codes.refused') : errorMessage(err, t('errors.generic')),
      );
    }
  };

  const columns = useMemo<GridColDef<PayrollEmployee>[]>(
    () => [
      {
        field: 'name',
        headerName: t('payroll.employees.columns.name'),
        flex: 1,
        minWidth: 200,
        renderCell: ({ row }) => (
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 500 }} noWrap>
              {fullName(row)}
            </Typography>
            {!row.enabled && (
              <Chip size="small" variant="outlined" label={t('payroll.employees.disabled')} sx={{ mt: 0.5 }} />
            )}
          </Box>
        ),
      },
      {
        field: 'fiscalCode',
        headerName: t('payroll.employees.columns.fiscalCode'),
        sortable: false,
        width: 200,
        renderCell: ({ row }) => (
          <Typography variant="body2" dir="ltr" sx={{ fontFamily: 'monospace' }}>
            {row.fiscalCode ?? '—'}
          </Typography>
        ),
      },
      {
        field: 'payrollCode',
        headerName: t('payroll.employees.columns.code'),
        width: 220,
        renderCell: ({ row }) => (
          <CodeCell id={row.id} saved={row.payrollCode} name={fullName(row)} kind="employee" drafts={drafts} />
        ),
      },
    ],
    [t, drafts],
  );

  const missing = query.data?.missing;
  const empty = hasFilters ? (
    <GridMessage
      icon={<SearchOff />}
      title={t('payroll.employees.empty.filteredTitle')}
      body={
        onlyMissing && !params.search
          ? t('payroll.employees.empty.noneMissing')
          : t('payroll.employees.empty.filteredBody')
      }
      action={<Button onClick={clear}>{t('payroll.employees.clearFilters')}</Button>}
    />
  ) : (
    <GridMessage
      icon={<PeopleOutlined />}
      title={t('payroll.employees.empty.title')}
      body={t('payroll.employees.empty.body')}
    />
  );

  return (
    <PayrollFrame
      section="employees"
      actions={
        <Button
          variant="outlined"
          startIcon={<UploadFileOutlined />}
          onClick={() => setImporting(true)}
          data-testid="payroll-import-open"
        >
          {t('payroll.import.open')}
        </Button>
      }
    >
      <FilterBar label={t('payroll.employees.filtersLabel')}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
          <SearchField
            label={t('payroll.employees.search')}
            placeholder={t('payroll.employees.searchPlaceholder')}
            value={list.searchText}
            onChange={list.setSearchText}
            sx={{ flex: '1 1 280px', maxWidth: { sm: 420 } }}
            testId="payroll-employees-search"
          />
          <FormControlLabel
            control={
              <Switch
                checked={onlyMissing}
                onChange={(e) => update({ filters: { missing: e.target.checked ? 'true' : '' } })}
                slotProps={{ input: { 'data-testid': 'payroll-only-missing' } as object }}
              />
            }
            label={t('payroll.employees.onlyMissing')}
          />
          <Box sx={{ flexGrow: 1 }} />
          {missing !== undefined && (
            <Chip
              color={missing > 0 ? 'warning' : 'success'}
              variant={missing > 0 ? 'filled' : 'outlined'}
              // White on the theme's warning orange is below AA contrast: the darker amber of the other warnings.
              sx={missing > 0 ? { bgcolor: '#8C4A00' } : undefined}
              label={missing > 0 ? t('payroll.employees.missing', { n: missing }) : t('payroll.employees.allCoded')}
              data-testid="payroll-missing-count"
            />
          )}
        </Box>
      </FilterBar>
      <SaveBar
        drafts={drafts}
        saving={save.isPending}
        failure={failure}
        onSave={() => void onSave()}
        testId="payroll-employees-savebar"
      />
      <ServerDataGrid<PayrollEmployee>
        list={list}
        query={query}
        columns={columns}
        autoRowHeight
        getRowClassName={({ row }) => (row.payrollCode === null ? 'payroll-row-missing' : '')}
        sx={{ '& .payroll-row-missing': { bgcolor: (theme) => `${theme.palette.warning.main}14` } }}
        empty={empty}
        label={t('payroll.employees.gridLabel')}
        testId="payroll-employees-grid"
      />
      <PayrollImportDialog open={importing} onClose={() => setImporting(false)} />
      {guard.dialog}
    </PayrollFrame>
  );
}
