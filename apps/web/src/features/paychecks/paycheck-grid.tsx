import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Download from '@mui/icons-material/Download';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import SearchOff from '@mui/icons-material/SearchOff';
import { Box, IconButton, Tooltip, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import type { AdminPaycheck } from '@timbro/shared';
import { useSnackbar } from 'notistack';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath } from 'react-router';
import { GridMessage } from '../../components/data/grid-overlay';
import { ServerDataGrid } from '../../components/list/list-grid';
import { paths } from '../../config/paths';
import { catalogFor } from '../../i18n/languages';
import { formatDateTime } from '../../lib/dates';
import { errorMessage } from '../../lib/error-message';
import { useServerList, type ServerList } from '../../lib/use-server-list';
import {
  downloadAdminPaycheck,
  PAYCHECK_SORT_FIELDS,
  useDeletePaycheck,
  usePaychecks,
  type PaycheckListParams,
} from './api/paychecks';
import { DeleteConfirm } from './delete-confirm';
import { formatMoney, formatPeriod } from './format';
import { OpenedChip } from './paycheck-chips';
import { CellLink } from '../../components/list/row-actions';

/** Grid column → API sort field. */
const PAYCHECK_SORT_COLUMNS = {
  period: 'period',
  employee: 'name',
  createdAt: 'createdAt',
  netAmount: 'netAmount',
} as const;

/** A pay-slip grid's state in the URL: newest period first, its columns sorting by their API fields, these filters. */
export function usePaycheckList<F extends string>(filterKeys: readonly F[]) {
  return useServerList({
    sortFields: PAYCHECK_SORT_FIELDS,
    defaultSort: 'period',
    defaultOrder: 'desc',
    filterKeys,
    sortColumns: PAYCHECK_SORT_COLUMNS,
  });
}

interface Props {
  list: Pick<ServerList, 'grid'>;
  params: PaycheckListParams;
  label: string;
  /** The workspace list shows the employee; one employee's list does not. */
  withEmployee: boolean;
  /** Edit (admin or consultant); without it, no edit button. */
  onEdit?(p: AdminPaycheck): void;
  canWrite: boolean;
  hasFilters: boolean;
  emptyAction?: React.ReactNode;
}

/** Pay slips in a server-side grid: period, employee, amount, published, opened by the employee, opens, actions. */
export function PaycheckGrid({ list, params, label, withEmployee, onEdit, canWrite, hasFilters, emptyAction }: Props) {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const { enqueueSnackbar } = useSnackbar();
  const query = usePaychecks(params);
  const remove = useDeletePaycheck();
  const [deleting, setDeleting] = useState<AdminPaycheck | null>(null);

  const download = async (p: AdminPaycheck) => {
    try {
      await downloadAdminPaycheck(p);
    } catch (err) {
      enqueueSnackbar(errorMessage(err, t('errors.generic')), { variant: 'error' });
    }
  };

  const columns = useMemo<GridColDef<AdminPaycheck>[]>(
    () => [
      {
        field: 'period',
        headerName: t('paychecks.columns.period'),
        width: 160,
        renderCell: ({ row }) => (
          <Box sx={{ py: 0.5, minWidth: 0 }}>
            <Typography variant="body2" sx={{ textTransform: 'capitalize' }} noWrap>
              {formatPeriod(row.year, row.month, language)}
            </Typography>
            {row.description && (
              <Typography variant="caption" color="text.secondary" component="div" noWrap>
                {row.description}
              </Typography>
            )}
          </Box>
        ),
      },
      ...(withEmployee
        ? [
            {
              field: 'employee',
              headerName: t('paychecks.columns.employee'),
              flex: 1,
              minWidth: 170,
              valueGetter: (_v: unknown, row: AdminPaycheck) => `${row.userInfo.lastName} ${row.userInfo.firstName}`,
              renderCell: ({ row, value }: { row: AdminPaycheck; value?: unknown }) => (
                <CellLink to={generatePath(paths.adminUserPaycheck, { id: row.userInfo.id })} noWrap>
                  {value as string}
                </CellLink>
              ),
            } satisfies GridColDef<AdminPaycheck>,
          ]
        : []),
      {
        field: 'netAmount',
        headerName: t('paychecks.columns.netAmount'),
        width: 130,
        align: 'right',
        headerAlign: 'right',
        renderCell: ({ row }) => (
          <Box component="span" dir="ltr">
            {formatMoney(row.netAmount, row.currencyCode, language)}
          </Box>
        ),
      },
      {
        field: 'createdAt',
        headerName: t('paychecks.columns.published'),
        width: 160,
        renderCell: ({ row }) => formatDateTime(row.createdAt, language),
      },
      {
        field: 'opened',
        headerName: t('paychecks.columns.opened'),
        sortable: false,
        width: 140,
        renderCell: ({ row }) => <OpenedChip firstOpenAt={row.attachmentFirstOpenAt} />,
      },
      {
        field: 'opens',
        headerName: t('paychecks.columns.opens'),
        sortable: false,
        width: 90,
        align: 'right',
        headerAlign: 'right',
      },
      {
        field: 'actions',
        headerName: '',
        sortable: false,
        width: canWrite ? 132 : 56,
        align: 'right',
        renderCell: ({ row }) => (
          <Box onClick={(e) => e.stopPropagation()}>
            <Tooltip title={t('paychecks.actions.download')}>
              <IconButton size="small" aria-label={t('paychecks.actions.download')} onClick={() => void download(row)}>
                <Download fontSize="small" />
              </IconButton>
            </Tooltip>
            {canWrite && onEdit && (
              <Tooltip title={t('paychecks.actions.edit')}>
                <IconButton size="small" aria-label={t('paychecks.actions.edit')} onClick={() => onEdit(row)}>
                  <EditOutlined fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
            {canWrite && (
              <Tooltip title={t('paychecks.actions.delete')}>
                <IconButton
                  size="small"
                  aria-label={t('paychecks.actions.delete')}
                  onClick={() => {
                    remove.reset();
                    setDeleting(row);
                  }}
                >
                  <DeleteOutline fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
          </Box>
        ),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, language, withEmployee, canWrite, onEdit],
  );

  const empty = hasFilters ? (
    <GridMessage icon={<SearchOff />} title={t('paychecks.list.noMatch')} body={t('paychecks.list.noMatchBody')} />
  ) : (
    <GridMessage
      icon={<ReceiptLongOutlined />}
      title={t('paychecks.list.empty')}
      body={t('paychecks.list.emptyBody')}
      action={emptyAction}
    />
  );

  return (
    <>
      <ServerDataGrid<AdminPaycheck>
        list={list}
        query={query}
        label={label}
        testId="paycheck-grid"
        empty={empty}
        columns={columns}
        autoRowHeight
      />
      {deleting && (
        <DeleteConfirm
          id={deleting.id}
          remove={remove}
          title={t('paychecks.delete.title')}
          body={t('paychecks.delete.body', {
            period: formatPeriod(deleting.year, deleting.month, language),
            name: `${deleting.userInfo.firstName} ${deleting.userInfo.lastName}`,
          })}
          confirmLabel={t('paychecks.delete.confirm')}
          onClose={() => setDeleting(null)}
          testId="paycheck-delete"
        />
      )}
    </>
  );
}
