import EditNoteOutlined from '@mui/icons-material/EditNoteOutlined';
import LockOpenOutlined from '@mui/icons-material/LockOpenOutlined';
import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import { Chip, Stack, Tooltip, type ChipProps } from '@mui/material';
import type { MonthLog, MonthLogStatus } from '@timbro/shared';
import { useTranslation } from 'react-i18next';

const STATUS_COLOR: Record<MonthLogStatus, ChipProps['color']> = {
  waiting: 'default',
  in_progress: 'info',
  completed: 'success',
  failed: 'error',
};

/** A version's status as a coloured chip: In attesa (grey), In corso (blue), Completata (green), Non riuscita (red). */
export function MonthLogStatusChip({ status, size = 'small' }: { status: MonthLogStatus; size?: ChipProps['size'] }) {
  const { t } = useTranslation();
  return (
    <Chip
      size={size}
      color={STATUS_COLOR[status]}
      variant={status === 'waiting' ? 'outlined' : 'filled'}
      label={t(`monthLogs.status.${status}`)}
      data-status={status}
      sx={{ fontWeight: 500 }}
    />
  );
}

/** The version's markers: closed although the check found problems, reopened, changed after it was made. */
export function MonthLogMarkers({
  log,
}: {
  log: Pick<MonthLog, 'forced' | 'problems' | 'reopenedAt' | 'changesSince' | 'latest'>;
}) {
  const { t } = useTranslation();
  // Changes after a superseded version are old news: the newer version has them.
  const changed = log.latest && log.changesSince > 0;
  if (!log.forced && !log.reopenedAt && !changed) return null;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {log.forced && (
        <Tooltip title={t('monthLogs.markers.forcedHint', { total: log.problems })}>
          <Chip
            size="small"
            variant="outlined"
            color="warning"
            // The warning orange on white is below AA contrast for text: the darker amber of the other chips.
            sx={{ color: '#8C4A00', '& .MuiChip-icon': { color: '#8C4A00' } }}
            icon={<ReportProblemOutlined />}
            label={t('monthLogs.markers.forced')}
            data-testid="marker-forced"
          />
        </Tooltip>
      )}
      {log.reopenedAt && (
        <Chip
          size="small"
          variant="outlined"
          icon={<LockOpenOutlined />}
          label={t('monthLogs.markers.reopened')}
          data-testid="marker-reopened"
        />
      )}
      {changed && (
        <Chip
          size="small"
          color="warning"
          // White on the theme's warning orange is below AA contrast: the darker amber.
          sx={{ bgcolor: '#8C4A00' }}
          icon={<EditNoteOutlined />}
          label={t('monthLogs.markers.changed', { total: log.changesSince })}
          data-testid="marker-changed"
        />
      )}
    </Stack>
  );
}
