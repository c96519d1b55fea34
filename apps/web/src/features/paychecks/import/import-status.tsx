import { Chip, LinearProgress, Stack, Typography } from '@mui/material';
import type { PaycheckImport } from '@timbro/shared';
import { useTranslation } from 'react-i18next';

const COLOR = {
  waiting: 'default',
  analysing: 'info',
  ready: 'warning',
  publishing: 'info',
  published: 'success',
  failed: 'error',
} as const;

export function ImportStatusChip({ status }: { status: PaycheckImport['status'] }) {
  const { t } = useTranslation();
  return <Chip size="small" variant="outlined" color={COLOR[status]} label={t(`paychecks.import.status.${status}`)} />;
}

/** The job's progress (pages read, or slips split), as a bar that moves page by page. */
export function ImportProgress({ item }: { item: PaycheckImport }) {
  const { t } = useTranslation();
  const total = item.pagesTotal;
  const done = Math.min(item.pagesDone, total);
  const value = total > 0 ? Math.round((done / total) * 100) : 0;
  return (
    <Stack spacing={1} data-testid="import-progress">
      <Typography>
        {item.status === 'publishing'
          ? t('paychecks.import.progress.publishing', { percent: value })
          : total > 0
            ? t('paychecks.import.progress.reading', { done, total })
            : t('paychecks.import.progress.waiting')}
      </Typography>
      <LinearProgress
        variant={total > 0 ? 'determinate' : 'indeterminate'}
        value={value}
        aria-label={t('paychecks.import.progress.label')}
      />
    </Stack>
  );
}
