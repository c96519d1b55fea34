import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import { Box, Chip } from '@mui/material';
import type { MyAnnouncement } from '@timbro/shared';
import { useTranslation } from 'react-i18next';

/** The unread mark beside a title (named for screen readers: the dot alone says nothing). */
export function UnreadDot() {
  const { t } = useTranslation();
  return (
    <Box
      component="span"
      role="img"
      aria-label={t('announcements.my.unreadMark')}
      data-testid="unread-dot"
      sx={{ display: 'block', width: 10, height: 10, borderRadius: '50%', bgcolor: 'primary.main' }}
    />
  );
}

/** "Richiede conferma" until the member confirms it, then "Presa visione confermata"; nothing when not asked. */
export function AckChip({ announcement }: { announcement: Pick<MyAnnouncement, 'requiresAck' | 'acknowledgedAt'> }) {
  const { t } = useTranslation();
  if (!announcement.requiresAck) return null;
  return announcement.acknowledgedAt ? (
    <Chip
      size="small"
      variant="outlined"
      color="success"
      icon={<TaskAltOutlined />}
      label={t('announcements.ack.done')}
      data-testid="ack-chip"
    />
  ) : (
    <Chip size="small" color="warning" label={t('announcements.ack.required')} data-testid="ack-chip" />
  );
}
