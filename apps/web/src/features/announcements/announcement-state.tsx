import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import HourglassTop from '@mui/icons-material/HourglassTop';
import ScheduleOutlined from '@mui/icons-material/ScheduleOutlined';
import { Box, Chip, LinearProgress, Typography } from '@mui/material';
import type { AdminAnnouncement, AnnouncementState, Reach } from '@timbro/shared';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ANNOUNCEMENT_LIMITS } from './limits';

const STATE_LOOK = {
  scheduled: { color: 'default', icon: <ScheduleOutlined /> },
  processing: { color: 'warning', icon: <HourglassTop /> },
  published: { color: 'success', icon: <CheckCircleOutlined /> },
} as const;

/** "Da elaborare" (waiting for its time) / "In elaborazione" (its time has come) / "Pubblicata". */
export function StateChip({ state }: { state: AnnouncementState }) {
  const { t } = useTranslation();
  const look = STATE_LOOK[state];
  return (
    <Chip
      size="small"
      variant={state === 'published' ? 'filled' : 'outlined'}
      color={look.color}
      icon={look.icon}
      label={t(`announcements.state.${state}`)}
      data-testid="announcement-state"
    />
  );
}

/** "Tutti i dipendenti", or "2 gruppi · 3 persone". */
export function audienceSummary(t: TFunction, audience: AdminAnnouncement['audience']): string {
  if (audience.everyone) return t('announcements.audience.everyone');
  const parts = [];
  if (audience.groups.length > 0) parts.push(t('announcements.audience.groupCount', { n: audience.groups.length }));
  if (audience.people.length > 0) parts.push(t('announcements.audience.peopleCount', { n: audience.people.length }));
  return parts.length > 0 ? parts.join(' · ') : t('announcements.audience.nobodyLeft');
}

/** The names behind the summary (for a tooltip or the detail page). */
export const audienceNames = (audience: AdminAnnouncement['audience']) =>
  [...audience.groups, ...audience.people].map((r) => r.name).join(', ');

export const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 100) : 0);

/** Who a reminder would reach: those who have not read it (not acknowledged it, when that is asked). */
export const pendingOf = (reach: Reach, requiresAck: boolean) =>
  Math.max(0, reach.recipients - (requiresAck ? reach.acknowledged : reach.opened));

export type RemindState =
  | { can: true; pending: number }
  | { can: false; reason: 'notSent' | 'nobody' }
  | { can: false; reason: 'cooldown'; until: Date };

/**
 * Whether "Ricorda a chi non ha letto" may go now (the server's three refusals, said before clicking): not before the
 * announcement is sent, not within 24 hours of the last reminder, not when nobody is left.
 */
export function remindState(
  announcement: Pick<AdminAnnouncement, 'processedAt' | 'remindedAt' | 'reach' | 'requiresAck'>,
  now: number,
): RemindState {
  if (!announcement.processedAt || !announcement.reach) return { can: false, reason: 'notSent' };
  if (announcement.remindedAt) {
    const until = Date.parse(announcement.remindedAt) + ANNOUNCEMENT_LIMITS.remindCooldownHours * 3_600_000;
    if (now < until) return { can: false, reason: 'cooldown', until: new Date(until) };
  }
  const pending = pendingOf(announcement.reach, announcement.requiresAck);
  return pending === 0 ? { can: false, reason: 'nobody' } : { can: true, pending };
}

/** The list's reach: "Letta da 12 su 40" (and "Confermata da 8 su 40" when asked), with a bar; a dash before it goes. */
export function ReachSummary({ announcement }: { announcement: Pick<AdminAnnouncement, 'reach' | 'requiresAck'> }) {
  const { t } = useTranslation();
  const { reach, requiresAck } = announcement;
  if (!reach)
    return (
      <Typography variant="body2" color="text.secondary" data-testid="announcement-reach">
        {t('announcements.reach.notYet')}
      </Typography>
    );
  return (
    <Box sx={{ minWidth: 0, width: '100%' }} data-testid="announcement-reach">
      <Typography variant="body2" noWrap>
        {t('announcements.reach.openedOf', { n: reach.opened, total: reach.recipients })}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={percent(reach.opened, reach.recipients)}
        aria-hidden
        sx={{ height: 4, borderRadius: 2, my: 0.5 }}
      />
      {requiresAck && (
        <Typography variant="caption" color="text.secondary" component="div" noWrap>
          {t('announcements.reach.acknowledgedOf', { n: reach.acknowledged, total: reach.recipients })}
        </Typography>
      )}
    </Box>
  );
}
