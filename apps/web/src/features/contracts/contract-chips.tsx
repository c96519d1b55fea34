import { Chip, Stack } from '@mui/material';
import type { Contract } from '@timbro/shared';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/dates';

/** Past / active / future, plus "in scadenza" for an active contract ending within the shared threshold. */
export function ContractStatusChip({ contract }: { contract: Pick<Contract, 'status' | 'expiring'> }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }} data-testid="contract-status">
      {contract.status === 'active' ? (
        <Chip size="small" color="success" variant="outlined" label={t('contracts.status.active')} />
      ) : contract.status === 'future' ? (
        <Chip size="small" color="primary" variant="outlined" label={t('contracts.status.future')} />
      ) : (
        <Chip size="small" label={t('contracts.status.past')} />
      )}
      {/* The warning orange on white is below AA contrast for text: the darker amber of the other chips. */}
      {contract.expiring && (
        <Chip
          size="small"
          variant="outlined"
          label={t('contracts.status.expiring')}
          sx={{ color: '#8C4A00', borderColor: 'warning.main' }}
        />
      )}
    </Stack>
  );
}

/** "dal 1 gennaio 2026 al 31 dicembre 2026" / "dal 1 gennaio 2026, a tempo indeterminato". */
export function contractPeriod(c: Pick<Contract, 'startsAt' | 'endsAt'>, language: string, t: TFunction): string {
  const start = formatDate(c.startsAt, language);
  return c.endsAt
    ? t('contracts.period.range', { start, end: formatDate(c.endsAt, language) })
    : t('contracts.period.open', { start });
}
