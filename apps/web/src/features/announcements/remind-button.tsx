import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import { Box, Button, FormHelperText } from '@mui/material';
import type { AdminAnnouncement } from '@timbro/shared';
import { useSnackbar } from 'notistack';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { catalogFor } from '../../i18n/languages';
import { errorMessage } from '../../lib/error-message';
import { useRemindAnnouncement } from './api/get-reach';
import { remindState } from './announcement-state';
import { ANNOUNCEMENT_LIMITS } from './limits';
import { formatInZone } from './zone';

interface Props {
  announcement: AdminAnnouncement;
  timeZone: string | undefined;
}

/**
 * "Ricorda a chi non ha letto": after a confirmation, one reminder to each recipient who has not read it (not
 * acknowledged it, when asked). Disabled, with the reason, before it is sent, when nobody is left and for 24 hours
 * after the last reminder (saying until when, and enabled again then).
 */
export function RemindButton({ announcement, timeZone }: Props) {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const { enqueueSnackbar } = useSnackbar();
  const remind = useRemindAnnouncement(announcement.id);
  const reasonId = useId();
  const [confirming, setConfirming] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const state = remindState(announcement, now);
  const until = !state.can && state.reason === 'cooldown' ? state.until.getTime() : null;

  // The cooldown ends while the page is open: the button comes back then.
  useEffect(() => {
    if (until === null) return;
    // (setTimeout holds at most about 24.8 days; the cooldown is a day.)
    const id = setTimeout(() => setNow(Date.now()), Math.min(Math.max(0, until - Date.now()) + 1000, 2 ** 31 - 1));
    return () => clearTimeout(id);
  }, [until]);

  const ack = announcement.requiresAck;
  const reason = state.can
    ? t(ack ? 'announcements.remind.hintAck' : 'announcements.remind.hint', {
        hours: ANNOUNCEMENT_LIMITS.remindCooldownHours,
      })
    : state.reason === 'cooldown'
      ? t('announcements.remind.cooldown', {
          date: formatInZone(state.until.toISOString(), timeZone, language),
        })
      : state.reason === 'nobody'
        ? t(ack ? 'announcements.remind.nobodyAck' : 'announcements.remind.nobody')
        : t('announcements.remind.notSent');

  const confirm = async () => {
    setRefusal(null);
    try {
      const result = await remind.mutateAsync();
      enqueueSnackbar(t('announcements.remind.sent', { n: result.reminded }), { variant: 'success' });
      setConfirming(false);
      setNow(Date.now());
    } catch (err) {
      setRefusal(errorMessage(err, t('errors.generic')));
    }
  };

  return (
    <Box>
      <Button
        variant="outlined"
        startIcon={<NotificationsActiveOutlined />}
        disabled={!state.can}
        onClick={() => (setRefusal(null), setConfirming(true))}
        aria-describedby={reasonId}
        sx={{ whiteSpace: 'nowrap' }}
        data-testid="announcement-remind"
      >
        {t('announcements.remind.button')}
      </Button>
      <FormHelperText id={reasonId} data-testid="announcement-remind-reason">
        {reason}
      </FormHelperText>
      <ConfirmDialog
        open={confirming}
        title={t('announcements.remind.title')}
        body={
          state.can
            ? t(ack ? 'announcements.remind.bodyAck' : 'announcements.remind.body', {
                n: state.pending,
                hours: ANNOUNCEMENT_LIMITS.remindCooldownHours,
              })
            : ''
        }
        confirmLabel={t('announcements.remind.confirm')}
        busy={remind.isPending}
        error={refusal}
        onConfirm={() => void confirm()}
        onClose={() => setConfirming(false)}
        testId="announcement-remind-dialog"
      />
    </Box>
  );
}
