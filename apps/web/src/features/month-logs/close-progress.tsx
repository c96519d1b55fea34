import { Alert, AlertTitle, Box, Button, LinearProgress, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { catalogFor } from '../../i18n/languages';
import { useCan } from '../../lib/auth/use-can';
import { errorMessage } from '../../lib/error-message';
import { useMonthLog } from './api/get-month-log';
import { useRetryMonthLog } from './api/month-log-actions';
import { formatMonth } from './format';
import { monthLogDetailPath } from './paths';
import { RetryAlert } from '../../components/retry-alert';

/**
 * A version being made: asked every second while it waits or runs; the bar shows the employees done (indeterminate
 * until the job knows how many), then the way to the version, or the reason of the failure with "Riprova".
 */
export function CloseProgress({
  id,
  onOpen,
}: {
  id: string;
  /** The dialog closes when the version is opened. */ onOpen?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const { enqueueSnackbar } = useSnackbar();
  const query = useMonthLog(id);
  const retry = useRetryMonthLog();
  const canRetry = useCan('month-log:write');
  const log = query.data;

  if (!log) {
    if (query.isError) return <RetryAlert error={query.error} onRetry={() => void query.refetch()} />;
    return <LinearProgress aria-label={t('monthLogs.progress.label')} />;
  }

  const month = formatMonth(log.month, language);
  if (log.status === 'completed')
    return (
      <Alert
        severity="success"
        data-testid="close-completed"
        action={
          <Button color="inherit" size="small" component={RouterLink} to={monthLogDetailPath(log.id)} onClick={onOpen}>
            {t('monthLogs.progress.open')}
          </Button>
        }
      >
        <AlertTitle>{t('monthLogs.progress.completedTitle', { month, n: log.versionNumber })}</AlertTitle>
        {t('monthLogs.progress.completedBody', { total: log.employees.length })}
      </Alert>
    );

  if (log.status === 'failed') {
    const onRetry = async () => {
      try {
        await retry.mutateAsync(log.id);
        await query.refetch();
      } catch (err) {
        enqueueSnackbar(errorMessage(err, t('errors.generic')), { variant: 'error' });
      }
    };
    return (
      <Alert
        severity="error"
        data-testid="close-failed"
        action={
          canRetry && (
            <Button
              color="inherit"
              size="small"
              disabled={retry.isPending}
              onClick={() => void onRetry()}
              data-testid="close-retry"
            >
              {t('common.retry')}
            </Button>
          )
        }
      >
        <AlertTitle>{t('monthLogs.progress.failedTitle', { month, n: log.versionNumber })}</AlertTitle>
        {log.error ?? t('errors.generic')}
      </Alert>
    );
  }

  const determinate = log.status === 'in_progress' && log.progressTotal > 0;
  const value = determinate ? Math.round((log.progressDone / log.progressTotal) * 100) : undefined;
  return (
    <Box data-testid="close-progress">
      <Typography variant="body2" sx={{ mb: 1 }} aria-live="polite">
        {log.status === 'waiting'
          ? t('monthLogs.progress.waiting', { month, n: log.versionNumber })
          : determinate
            ? t('monthLogs.progress.running', { done: log.progressDone, total: log.progressTotal })
            : t('monthLogs.progress.starting')}
      </Typography>
      <LinearProgress
        variant={determinate ? 'determinate' : 'indeterminate'}
        value={value}
        aria-label={t('monthLogs.progress.label')}
        sx={{ height: 8, borderRadius: 4 }}
      />
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
        {t('monthLogs.progress.background')}
      </Typography>
    </Box>
  );
}
