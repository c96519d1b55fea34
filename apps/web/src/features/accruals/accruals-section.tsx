import EventAvailableOutlined from '@mui/icons-material/EventAvailableOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import {
  Box,
  Button,
  Radio,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import type { AccrualBalance } from '@timbro/shared';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateLocalization } from '../../components/data/date-localization';
import { GridMessage } from '../../components/data/grid-overlay';
import { catalogFor } from '../../i18n/languages';
import { completeDate, formatDate } from '../../lib/dates';
import { AccrualEntries } from './accrual-entries';
import { AdjustmentDialog } from './adjustment-dialog';
import { useBalances } from '../../lib/queries/employee-balances';
import { formatAmount } from './format';
import { useCan } from '../../lib/auth/use-can';
import { visuallyHidden } from '../../components/visually-hidden';
import { RetryAlert } from '../../components/retry-alert';

/**
 * The employee's balances per absence type at a date (default today): accrued from contracts, manual adjustments,
 * used; the ledger entries behind the chosen balance; and "Rettifica manuale" for those who may change contracts.
 */
export function AccrualsSection({ userInfoId, name }: { userInfoId: string; name: string }) {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const canWrite = useCan('contract:write');
  const [date, setDate] = useState(() => dayjs().format('YYYY-MM-DD'));
  const [selected, setSelected] = useState<string | null>(null);
  const [adjusting, setAdjusting] = useState(false);
  const query = useBalances(userInfoId, date);
  const balances = query.data?.balances ?? [];
  const chosen: AccrualBalance | undefined = balances.find((b) => b.justification.id === selected) ?? balances[0];

  return (
    <Stack spacing={2} data-testid="accruals-section">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <Box sx={{ width: { xs: '100%', sm: 240 } }}>
          <DateLocalization>
            <DatePicker
              label={t('accruals.date')}
              value={dayjs(date)}
              onChange={(d) => {
                // A whole date only: the year being typed ("0002") asks the server nothing.
                const whole = completeDate(d);
                if (whole) setDate(whole);
              }}
              slotProps={{ textField: { size: 'small', fullWidth: true } }}
            />
          </DateLocalization>
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1, minWidth: 200 }}>
          {t('accruals.subtitle')}
        </Typography>
        {canWrite && (
          <Button
            variant="outlined"
            startIcon={<TuneOutlined />}
            onClick={() => setAdjusting(true)}
            data-testid="accrual-adjust"
          >
            {t('accruals.adjust.button')}
          </Button>
        )}
      </Box>
      {query.isError && <RetryAlert error={query.error} onRetry={() => void query.refetch()} />}
      {query.isPending ? (
        <Skeleton variant="rounded" height={160} aria-label={t('common.loading')} />
      ) : balances.length === 0 ? (
        <GridMessage
          icon={<EventAvailableOutlined />}
          title={t('accruals.empty.title')}
          body={t('accruals.empty.body')}
        />
      ) : (
        <TableContainer>
          <Table
            size="small"
            aria-label={t('accruals.tableLabel', { name, date: formatDate(date, language) })}
            data-testid="balances-table"
          >
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox">
                  <Box component="span" sx={visuallyHidden}>
                    {t('accruals.columns.show')}
                  </Box>
                </TableCell>
                <TableCell>{t('accruals.columns.justification')}</TableCell>
                <TableCell align="right">{t('accruals.columns.accrued')}</TableCell>
                <TableCell align="right">{t('accruals.columns.adjusted')}</TableCell>
                <TableCell align="right">{t('accruals.columns.used')}</TableCell>
                <TableCell align="right">{t('accruals.columns.balance')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {balances.map((b) => {
                const unit = b.justification.unit;
                const isChosen = chosen?.justification.id === b.justification.id;
                return (
                  <TableRow
                    key={b.justification.id}
                    hover
                    selected={isChosen}
                    onClick={() => setSelected(b.justification.id)}
                    sx={{ cursor: 'pointer' }}
                    data-testid="balance-row"
                  >
                    <TableCell padding="checkbox">
                      <Radio
                        checked={isChosen}
                        onChange={() => setSelected(b.justification.id)}
                        name={`balance-${userInfoId}`}
                        slotProps={{
                          input: { 'aria-label': t('accruals.showEntries', { name: b.justification.name }) },
                        }}
                      />
                    </TableCell>
                    <TableCell>
                      <Box component="span" sx={{ fontFamily: 'monospace', color: 'text.secondary', mr: 1 }} dir="ltr">
                        {b.justification.code}
                      </Box>
                      {b.justification.name}
                    </TableCell>
                    <TableCell align="right">{formatAmount(b.accrued, unit, language, t)}</TableCell>
                    <TableCell align="right">{formatAmount(b.adjusted, unit, language, t, true)}</TableCell>
                    <TableCell align="right">{formatAmount(b.used, unit, language, t)}</TableCell>
                    <TableCell align="right" sx={{ fontWeight: 700 }} data-testid="balance-value">
                      {formatAmount(b.balance, unit, language, t)}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {chosen && <AccrualEntries key={chosen.justification.id} balance={chosen} date={date} />}
      <AdjustmentDialog open={adjusting} userInfoId={userInfoId} person={name} onClose={() => setAdjusting(false)} />
    </Stack>
  );
}

// Screen-reader only (in sx a width of 1 would mean 100 %: pixels spelled out).
