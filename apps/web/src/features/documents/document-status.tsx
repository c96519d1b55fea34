import { Box, Chip, Stack, Tooltip, Typography } from '@mui/material';
import type { AdminDocument, Document } from '@timbro/shared';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { catalogFor } from '../../i18n/languages';
import { formatDate, formatDateTime } from '../../lib/dates';

/** How far ahead "in scadenza" looks: the same 30 days as the API's `status=expiring` filter (documents.service). */
export const EXPIRING_WITHIN_DAYS = 30;

export type ExpiryState = 'none' | 'valid' | 'expiring' | 'expired';

/** The server says whether a document is past its expiry; "in scadenza" is within the next 30 days, today included. */
export function expiryState(doc: Pick<Document, 'expiresAt' | 'expired'>, today = dayjs()): ExpiryState {
  if (doc.expired) return 'expired';
  if (!doc.expiresAt) return 'none';
  const soon = today.add(EXPIRING_WITHIN_DAYS, 'day').format('YYYY-MM-DD');
  return doc.expiresAt <= soon ? 'expiring' : 'valid';
}

/**
 * "Scaduto" (no longer visible to the employee) or "In scadenza". The warning orange on white is below AA contrast for
 * text: the darker amber of the other chips.
 */
export function ExpiryChip({ state, forAdmin = false }: { state: ExpiryState; forAdmin?: boolean }) {
  const { t } = useTranslation();
  if (state === 'expired') {
    const chip = <Chip size="small" color="error" variant="outlined" label={t('documents.expiry.expired')} />;
    return forAdmin ? (
      <Tooltip title={t('documents.expiry.expiredHint')}>
        <span data-testid="document-expired">{chip}</span>
      </Tooltip>
    ) : (
      <span data-testid="document-expired">{chip}</span>
    );
  }
  if (state === 'expiring')
    return (
      <Chip
        size="small"
        variant="outlined"
        label={t('documents.expiry.expiring')}
        sx={{ color: '#8C4A00', borderColor: 'warning.main' }}
        data-testid="document-expiring"
      />
    );
  return null;
}

/** The expiry date (or "Nessuna scadenza") with its chip. */
export function ExpiryCell({
  doc,
  forAdmin = false,
}: {
  doc: Pick<Document, 'expiresAt' | 'expired'>;
  forAdmin?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const state = expiryState(doc);
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', py: 0.5 }}>
      {doc.expiresAt ? (
        <Typography variant="body2" component="span" sx={{ whiteSpace: 'nowrap' }}>
          {formatDate(doc.expiresAt, language)}
        </Typography>
      ) : (
        <Typography variant="body2" component="span" color="text.secondary">
          {t('documents.expiry.none')}
        </Typography>
      )}
      <ExpiryChip state={state} forAdmin={forAdmin} />
    </Stack>
  );
}

/** "Aperto il …" / "Non ancora aperto" (by the employee), and every download by anyone. */
export function OpenedCell({ doc }: { doc: Pick<AdminDocument, 'attachmentFirstOpenAt' | 'opens'> }) {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  return (
    <Box sx={{ lineHeight: 1.4, minWidth: 0 }} data-testid="document-opened">
      {doc.attachmentFirstOpenAt ? (
        <Typography variant="body2">
          {t('documents.opened.on', { date: formatDateTime(doc.attachmentFirstOpenAt, language) })}
        </Typography>
      ) : (
        <Typography variant="body2" color="text.secondary" noWrap>
          {t('documents.opened.never')}
        </Typography>
      )}
      <Typography variant="caption" color="text.secondary" component="div" noWrap>
        {t('documents.opened.downloads', { n: doc.opens })}
      </Typography>
    </Box>
  );
}
