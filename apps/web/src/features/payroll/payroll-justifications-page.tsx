import EventBusyOutlined from '@mui/icons-material/EventBusyOutlined';
import { Box, Chip, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useSnackbar } from 'notistack';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GridMessage } from '../../components/data/grid-overlay';
import { ListGrid } from '../../components/list/list-grid';
import { useUnsavedChangesGuard } from '../../components/unsaved-changes-guard';
import { errorMessage } from '../../lib/error-message';
import { usePayrollJustifications, type PayrollJustification } from './api/get-justifications';
import { useUpdateJustificationCodes } from './api/update-justification-codes';
import { CodeCell, SaveBar } from './code-cell';
import { useCodeDrafts } from './code-drafts';
import { PayrollFrame } from './payroll-frame';

/**
 * /integration/{payroll}/justification: every absence type with the payroll item ("causale") it becomes in the
 * payroll file. Codes are typed in the grid and saved together; types without one stand out.
 */
export function PayrollJustificationsPage() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const query = usePayrollJustifications();
  const drafts = useCodeDrafts('item', t);
  const save = useUpdateJustificationCodes();
  const [failure, setFailure] = useState<string | null>(null);
  const guard = useUnsavedChangesGuard(drafts.count > 0 && !save.isPending);
  const rows = query.data ?? [];
  const missing = rows.filter((j) => j.payrollCode === null).length;

  const onSave = async () => {
    setFailure(null);
    const items = drafts.items;
    try {
      await save.mutateAsync({ items });
      drafts.clear();
      enqueueSnackbar(t('payroll.codes.saved', { n: items.length }), { variant: 'success' });
    } catch (err) {
      setFailure(
        drafts.applyServerErrors(err, items) ? t('payroll.codes.refused') : errorMessage(err, t('errors.generic')),
      );
    }
  };

  const columns = useMemo<GridColDef<PayrollJustification>[]>(
    () => [
      {
        field: 'code',
        headerName: t('payroll.justifications.columns.code'),
        width: 120,
        renderCell: ({ row }) => (
          <Typography variant="body2" dir="ltr" sx={{ fontFamily: 'monospace', fontWeight: 500 }}>
            {row.code}
          </Typography>
        ),
      },
      {
        field: 'name',
        headerName: t('payroll.justifications.columns.name'),
        flex: 1,
        minWidth: 200,
        renderCell: ({ row }) => (
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2">{row.name}</Typography>
            {!row.enabled && (
              <Chip size="small" variant="outlined" label={t('payroll.justifications.disabled')} sx={{ mt: 0.5 }} />
            )}
          </Box>
        ),
      },
      {
        field: 'payrollCode',
        headerName: t('payroll.justifications.columns.payrollCode'),
        width: 200,
        sortable: false,
        renderCell: ({ row }) => (
          <CodeCell id={row.id} saved={row.payrollCode} name={row.name} kind="item" drafts={drafts} />
        ),
      },
    ],
    [t, drafts],
  );

  return (
    <PayrollFrame section="justifications">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 2 }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 320px' }}>
          {t('payroll.justifications.intro')}
        </Typography>
        {query.data && (
          <Chip
            color={missing > 0 ? 'warning' : 'success'}
            variant={missing > 0 ? 'filled' : 'outlined'}
            // White on the theme's warning orange is below AA contrast: the darker amber of the other warnings.
            sx={missing > 0 ? { bgcolor: '#8C4A00' } : undefined}
            label={
              missing > 0 ? t('payroll.justifications.missing', { n: missing }) : t('payroll.justifications.allCoded')
            }
            data-testid="payroll-justifications-missing"
          />
        )}
      </Box>
      <SaveBar
        drafts={drafts}
        saving={save.isPending}
        failure={failure}
        onSave={() => void onSave()}
        testId="payroll-justifications-savebar"
      />
      <ListGrid<PayrollJustification>
        rows={rows}
        query={query}
        columns={columns}
        autoRowHeight
        pageSizeOptions={[100]}
        hideFooter={rows.length <= 100}
        initialState={{ pagination: { paginationModel: { pageSize: 100, page: 0 } } }}
        getRowClassName={({ row }) => (row.payrollCode === null ? 'payroll-row-missing' : '')}
        sx={{ '& .payroll-row-missing': { bgcolor: (theme) => `${theme.palette.warning.main}14` } }}
        empty={
          <GridMessage
            icon={<EventBusyOutlined />}
            title={t('payroll.justifications.empty.title')}
            body={t('payroll.justifications.empty.body')}
          />
        }
        label={t('payroll.justifications.gridLabel')}
        testId="payroll-justifications-grid"
      />
      {guard.dialog}
    </PayrollFrame>
  );
}
