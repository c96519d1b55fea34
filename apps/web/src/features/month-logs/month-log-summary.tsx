import { Alert, AlertTitle, Box, Paper, Stack, Typography } from '@mui/material';
import type { MonthLogDetail } from '@timbro/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { catalogFor } from '../../i18n/languages';
import { formatDateTime } from '../../lib/dates';
import { CloseProgress } from './close-progress';
import { MonthLogStatusChip } from './month-log-chips';

/** A version's facts: status, who closed it and when, how many employees; forced, reopened, running or failed. */
export function MonthLogSummary({ log }: { log: MonthLogDetail }) {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const when = (v: string | null) => (v ? formatDateTime(v, language) : '—');
  return (
    <Stack spacing={2} sx={{ mb: 3 }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 2.5 } }} data-testid="month-log-summary">
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, minmax(0, 1fr))' },
            '& dt': { typography: 'caption', color: 'text.secondary' },
            '& dd': { m: 0, mt: 0.5, typography: 'body2' },
          }}
        >
          <Fact label={t('monthLogs.detail.status')}>
            <MonthLogStatusChip status={log.status} />
          </Fact>
          <Fact label={t('monthLogs.detail.closedBy')}>
            {log.createdBy?.name ?? t('monthLogs.system')}
            <Typography variant="caption" color="text.secondary" component="div">
              {when(log.createdAt)}
            </Typography>
          </Fact>
          <Fact label={t('monthLogs.detail.finishedAt')}>{when(log.finishedAt)}</Fact>
          <Fact label={t('monthLogs.detail.employees')}>{log.status === 'completed' ? log.employees.length : '—'}</Fact>
        </Box>
      </Paper>
      {log.status !== 'completed' && <CloseProgress id={log.id} />}
      {log.forced && (
        <Alert severity="warning" data-testid="summary-forced">
          {t('monthLogs.detail.forced', { total: log.problems })}
        </Alert>
      )}
      {log.reopenedAt && (
        <Alert severity="info" data-testid="summary-reopened">
          <AlertTitle>
            {t('monthLogs.detail.reopened', {
              when: when(log.reopenedAt),
              who: log.reopenedBy?.name ?? t('monthLogs.system'),
            })}
          </AlertTitle>
          {log.reopenReason && t('monthLogs.detail.reopenReason', { reason: log.reopenReason })}
        </Alert>
      )}
    </Stack>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
