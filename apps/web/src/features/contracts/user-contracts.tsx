import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import WorkOutlined from '@mui/icons-material/WorkOutlined';
import {
  Box,
  IconButton,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import type { Contract } from '@timbro/shared';
import { useTranslation } from 'react-i18next';
import { generatePath, Link as RouterLink } from 'react-router';
import { DeleteRowDialog, useDeleteRow } from '../../components/list/use-delete-row';
import { GridMessage } from '../../components/data/grid-overlay';
import { formatMinutes } from '../../components/time-slots/slot-rows';
import { paths } from '../../config/paths';
import { catalogFor } from '../../i18n/languages';
import { useDeleteContract } from './api/delete-contract';
import { useUserContracts } from './api/get-user-contracts';
import { ContractStatusChip, contractPeriod } from './contract-chips';
import { useCan } from '../../lib/auth/use-can';
import { RetryAlert } from '../../components/retry-alert';
import { LinkButton } from '../../components/link-button';

export const newContractPath = (userInfoId: string) => generatePath(paths.adminUserContractNew, { id: userInfoId });
export const editContractPath = (userInfoId: string, contractId: string) =>
  generatePath(paths.adminUserContractEdit, { id: userInfoId, contractId });

/** An employee's contracts, newest first: period, status, type, hours; new / edit / delete (after a confirmation). */
export function UserContracts({ userInfoId, name }: { userInfoId: string; name: string }) {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const canWrite = useCan('contract:write');
  const query = useUserContracts(userInfoId);
  const deletion = useDeleteRow<Contract>(useDeleteContract(), () => t('contracts.deleted'));

  if (query.isPending) return <Skeleton variant="rounded" height={160} aria-label={t('common.loading')} />;
  if (query.isError) return <RetryAlert error={query.error} onRetry={() => void query.refetch()} />;
  const contracts = query.data;
  if (contracts.length === 0)
    return (
      <Box sx={{ py: 2 }} data-testid="user-contracts-empty">
        <GridMessage
          icon={<WorkOutlined />}
          title={t('contracts.user.emptyTitle', { name })}
          body={canWrite ? t('contracts.user.emptyBody') : t('contracts.user.emptyBodyReadOnly')}
          action={
            canWrite ? (
              <LinkButton
                variant="contained"
                to={newContractPath(userInfoId)}
                startIcon={<Add />}
                data-testid="contract-first"
              >
                {t('contracts.actions.first')}
              </LinkButton>
            ) : undefined
          }
        />
      </Box>
    );

  return (
    <Stack spacing={2} data-testid="user-contracts">
      {canWrite && (
        <Box>
          <LinkButton
            variant="contained"
            to={newContractPath(userInfoId)}
            startIcon={<Add />}
            data-testid="contract-new"
          >
            {t('contracts.actions.new')}
          </LinkButton>
        </Box>
      )}
      <TableContainer>
        <Table size="small" aria-label={t('contracts.user.title', { name })}>
          <TableHead>
            <TableRow>
              <TableCell>{t('contracts.columns.period')}</TableCell>
              <TableCell>{t('contracts.columns.status')}</TableCell>
              <TableCell>{t('contracts.columns.type')}</TableCell>
              <TableCell>{t('contracts.columns.qualification')}</TableCell>
              <TableCell>{t('contracts.columns.weeklyHours')}</TableCell>
              <TableCell>{t('contracts.columns.accruals')}</TableCell>
              {canWrite && <TableCell align="right">{t('contracts.columns.actions')}</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {contracts.map((c) => {
              const period = contractPeriod(c, language, t);
              return (
                <TableRow key={c.id} data-testid="contract-row">
                  <TableCell sx={{ minWidth: 200 }}>{period}</TableCell>
                  <TableCell>
                    <ContractStatusChip contract={c} />
                  </TableCell>
                  <TableCell sx={{ minWidth: 130 }}>
                    {t(`contracts.types.${c.type}`)}
                    <Typography variant="caption" color="text.secondary" component="div">
                      {t(`contracts.workerTypes.${c.workerType}`)}
                    </Typography>
                  </TableCell>
                  <TableCell sx={{ minWidth: 140 }}>
                    {c.qualification ?? '—'}
                    {c.ccnlLevel && (
                      <Typography variant="caption" color="text.secondary" component="div">
                        {c.ccnlLevel}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {t('timeSlots.hours', { time: formatMinutes(c.weeklyMinutes) })}
                  </TableCell>
                  <TableCell sx={{ minWidth: 120 }}>
                    {c.justificationAccruals.length === 0
                      ? '—'
                      : c.justificationAccruals.map((a) => (
                          <Box key={a.justificationId} sx={{ whiteSpace: 'nowrap' }}>
                            {t(`contracts.accruals.perMonthShort.${a.unit}`, {
                              code: a.code,
                              value: a.monthlyIncrease.toLocaleString(language, { maximumFractionDigits: 4 }),
                            })}
                          </Box>
                        ))}
                  </TableCell>
                  {canWrite && (
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <Tooltip title={t('contracts.actions.edit')}>
                        <IconButton
                          component={RouterLink}
                          to={editContractPath(userInfoId, c.id)}
                          aria-label={t('contracts.actions.editNamed', { period })}
                          data-testid="contract-edit"
                        >
                          <EditOutlined fontSize="small" />
                        </IconButton>
                      </Tooltip>
                      <Tooltip title={t('contracts.actions.delete')}>
                        <IconButton
                          color="error"
                          aria-label={t('contracts.actions.deleteNamed', { period })}
                          onClick={() => deletion.ask(c)}
                          data-testid="contract-delete"
                        >
                          <DeleteOutlined fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </TableCell>
                  )}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      <DeleteRowDialog
        deletion={deletion}
        title={t('contracts.deleteTitle')}
        body={
          deletion.row ? t('contracts.deleteBody', { name, period: contractPeriod(deletion.row, language, t) }) : ''
        }
        confirmLabel={t('contracts.actions.delete')}
        testId="contract-delete-dialog"
      />
    </Stack>
  );
}
