import {
  Box,
  Button,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { AccrualBalance } from '@timbro/shared';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../components/section-card';
import { catalogFor } from '../../i18n/languages';
import { formatDate } from '../../lib/dates';
import { formatAmount } from './format';

const FIRST = 12;

/** The ledger entries behind one balance, newest first (the latest twelve, then all on request): monthly accruals, adjustments (with their reason), usage. */
export function AccrualEntries({ balance, date }: { balance: AccrualBalance; date: string }) {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const { unit, name } = balance.justification;
  const [all, setAll] = useState(false);
  const shown = all ? balance.entries : balance.entries.slice(0, FIRST);
  return (
    <SectionCard
      title={t('accruals.entries.title', { name, date: formatDate(date, language) })}
      testId="accrual-entries"
    >
      <TableContainer>
        <Table size="small" aria-label={t('accruals.entries.title', { name, date: formatDate(date, language) })}>
          <TableHead>
            <TableRow>
              <TableCell>{t('accruals.entries.date')}</TableCell>
              <TableCell>{t('accruals.entries.kind')}</TableCell>
              <TableCell>{t('accruals.entries.detail')}</TableCell>
              <TableCell align="right">{t('accruals.entries.amount')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((e) => (
              <TableRow key={e.id} data-testid="accrual-entry">
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(e.date, language)}</TableCell>
                <TableCell>{t(`accruals.kinds.${e.kind}`)}</TableCell>
                <TableCell sx={{ minWidth: 160 }}>
                  {e.reason ?? (e.period ? dayjs(`${e.period}-01`).locale(language).format('MMMM YYYY') : '')}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap', color: e.amount < 0 ? 'error.dark' : undefined }}>
                  {formatAmount(e.amount, unit, language, t, true)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {!all && balance.entries.length > FIRST && (
        <Box sx={{ pt: 1 }}>
          <Button size="small" onClick={() => setAll(true)} data-testid="accrual-entries-all">
            {t('accruals.entries.showAll', { n: balance.entries.length })}
          </Button>
        </Box>
      )}
      {balance.entries.length === 0 && (
        <Box sx={{ py: 2 }}>
          <Typography variant="body2" color="text.secondary">
            {t('accruals.entries.none')}
          </Typography>
        </Box>
      )}
    </SectionCard>
  );
}
