import { Chip, Tooltip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { catalogFor } from '../../i18n/languages';
import { formatDateTime } from '../../lib/dates';

/** Whether the employee opened the slip (spec: attachmentFirstOpenAt): when, or "not yet". */
export function OpenedChip({ firstOpenAt }: { firstOpenAt: string | null }) {
  const { t, i18n } = useTranslation();
  if (!firstOpenAt)
    return <Chip size="small" variant="outlined" label={t('paychecks.opened.no')} data-testid="opened-no" />;
  const when = formatDateTime(firstOpenAt, catalogFor(i18n.language));
  return (
    <Tooltip title={t('paychecks.opened.firstAt', { when })}>
      <Chip
        size="small"
        color="success"
        variant="outlined"
        label={t('paychecks.opened.yes')}
        data-testid="opened-yes"
      />
    </Tooltip>
  );
}
