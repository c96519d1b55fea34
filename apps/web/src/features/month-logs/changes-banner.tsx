import Autorenew from '@mui/icons-material/Autorenew';
import { Alert, AlertTitle, Box, Button, Collapse, Stack, Typography } from '@mui/material';
import type { MonthChange, MonthLog } from '@timbro/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { catalogFor } from '../../i18n/languages';
import { formatDate, formatDateTime } from '../../lib/dates';
import { errorMessage } from '../../lib/error-message';
import { useMonthChanges } from './api/get-changes';

/** The change's text key: "punch.clock.in" → "punch_clock_in" (i18next reads dots as nesting). */
const actionKey = (action: string) => `monthLogs.changes.actions.${action.replace(/\./g, '_')}`;

/**
 * "Modificato dopo la versione N: M modifiche": attendance changed in the month after this version was made; the list
 * of what changed (who, whose day, when) and "Rigenera" for a new version.
 */
export function ChangesBanner({ log, onRegenerate }: { log: MonthLog; onRegenerate?: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const changes = useMonthChanges(log.id, open);
  return (
    <Alert
      severity="warning"
      sx={{ mb: 3, '& .MuiAlert-message': { flexGrow: 1 } }}
      data-testid="changes-banner"
      action={
        onRegenerate && (
          <Button
            color="inherit"
            size="small"
            startIcon={<Autorenew />}
            onClick={onRegenerate}
            data-testid="regenerate"
          >
            {t('monthLogs.actions.regenerate')}
          </Button>
        )
      }
    >
      <AlertTitle>
        {log.changesSince === 1
          ? t('monthLogs.changes.titleOne', { n: log.versionNumber })
          : t('monthLogs.changes.title', { n: log.versionNumber, total: log.changesSince })}
      </AlertTitle>
      {t('monthLogs.changes.body')}
      <Box>
        <Button
          size="small"
          color="inherit"
          onClick={() => setOpen((v) => !v)}
          aria-expanded={open}
          sx={{ mt: 1, px: 0 }}
          data-testid="changes-toggle"
        >
          {open ? t('monthLogs.changes.hide') : t('monthLogs.changes.show')}
        </Button>
      </Box>
      <Collapse in={open} unmountOnExit>
        {changes.isPending && <Typography variant="body2">{t('common.loading')}</Typography>}
        {changes.isError && <Typography variant="body2">{errorMessage(changes.error, t('errors.generic'))}</Typography>}
        {changes.data && <ChangeList changes={changes.data} />}
      </Collapse>
    </Alert>
  );
}

function ChangeList({ changes }: { changes: MonthChange[] }) {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  if (changes.length === 0) return <Typography variant="body2">{t('monthLogs.changes.none')}</Typography>;
  return (
    <Stack component="ol" spacing={0.5} sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }} data-testid="changes-list">
      {changes.map((c) => (
        <Box component="li" key={c.id} sx={{ typography: 'body2' }}>
          <strong>{formatDate(c.date, language)}</strong>
          {' · '}
          <bdi>{c.userInfo?.name ?? t('monthLogs.changes.someone')}</bdi>
          {' · '}
          {t(actionKey(c.action), { defaultValue: c.action })}
          <Typography component="span" variant="caption" color="text.secondary">
            {' — '}
            {t('monthLogs.changes.by', {
              who: c.actor?.name ?? t('monthLogs.system'),
              when: formatDateTime(c.createdAt, language),
            })}
          </Typography>
        </Box>
      ))}
    </Stack>
  );
}
