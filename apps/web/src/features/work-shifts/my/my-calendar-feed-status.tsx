import {
  Alert,
  Button,
  CircularProgress,
  FormControlLabel,
  FormHelperText,
  Stack,
  Switch,
  Typography,
} from '@mui/material';
import type { CalendarFeed } from '@timbro/shared';
import { useSnackbar } from 'notistack';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { catalogFor } from '../../../i18n/languages';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { errorMessage } from '../../../lib/error-message';
import { useCalendarFeedSettings } from '../api/my-calendar-feed';

/** A link this close to its end is shown with a warning: time to renew it. */
const EXPIRING_DAYS = 30;

export type FeedState = 'none' | 'active' | 'expiring' | 'expired';

/** Where the member's link stands now: none, working, working but ending within 30 days, or ended. */
export function feedState(feed: CalendarFeed | undefined, now = Date.now()): FeedState {
  if (!feed?.createdAt) return 'none';
  if (!feed.expiresAt) return 'active';
  const left = Date.parse(feed.expiresAt) - now;
  if (left <= 0) return 'expired';
  return left < EXPIRING_DAYS * 86_400_000 ? 'expiring' : 'active';
}

/**
 * A link's state: created, valid until (a warning when it ends within 30 days, another once it ended), the last read
 * by a calendar app ("Ultima lettura"), and the switch that shows absences with their type (off: "Assenza").
 */
export function CalendarFeedStatus({
  feed,
  state,
  onRefusal,
}: {
  feed: CalendarFeed;
  state: Exclude<FeedState, 'none'>;
  onRefusal: (message: string | null) => void;
}) {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const { enqueueSnackbar } = useSnackbar();
  const settings = useCalendarFeedSettings();
  const hintId = useId();
  const until = feed.expiresAt ? formatDate(feed.expiresAt, language) : null;

  const onShowType = async (showAbsenceType: boolean) => {
    onRefusal(null);
    try {
      const { message } = await settings.mutateAsync({ showAbsenceType });
      if (message) enqueueSnackbar(message, { variant: 'success' });
    } catch (err) {
      onRefusal(errorMessage(err, t('errors.generic')));
    }
  };

  return (
    <Stack spacing={1}>
      {state === 'expired' ? (
        <Alert severity="warning" data-testid="my-calendar-feed-expired">
          {t('shiftSwaps.feed.expired', { date: until })}
        </Alert>
      ) : (
        <Typography variant="body2" data-testid="my-calendar-feed-active">
          {t('shiftSwaps.feed.activeSince', { date: formatDateTime(feed.createdAt!, language) })}
          {until && (
            <>
              <br />
              <span data-testid="my-calendar-feed-expires">{t('shiftSwaps.feed.validUntil', { date: until })}</span>
            </>
          )}
        </Typography>
      )}
      {state === 'expiring' && (
        <Alert severity="info" data-testid="my-calendar-feed-expiring">
          {t('shiftSwaps.feed.expiring', { date: until })}
        </Alert>
      )}
      <Typography variant="body2" color="text.secondary" data-testid="my-calendar-feed-last-read">
        {feed.lastReadAt
          ? t('shiftSwaps.feed.lastRead', { date: formatDateTime(feed.lastReadAt, language) })
          : t('shiftSwaps.feed.neverRead')}
      </Typography>
      <div>
        <FormControlLabel
          control={
            <Switch
              checked={feed.showAbsenceType}
              disabled={settings.isPending}
              onChange={(e) => void onShowType(e.target.checked)}
              slotProps={{ input: { 'aria-describedby': hintId } }}
              data-testid="my-calendar-feed-show-type"
            />
          }
          label={t('shiftSwaps.feed.showType')}
        />
        <FormHelperText id={hintId} sx={{ mt: 0 }}>
          {t('shiftSwaps.feed.showTypeHint')}
        </FormHelperText>
      </div>
    </Stack>
  );
}

/** No link yet: what it is for, and "Crea link". */
export function CalendarFeedNone({ busy, onCreate }: { busy: boolean; onCreate: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <Typography variant="body2" color="text.secondary" data-testid="my-calendar-feed-none">
        {t('shiftSwaps.feed.none')}
      </Typography>
      <Button
        variant="contained"
        size="small"
        onClick={onCreate}
        disabled={busy}
        startIcon={busy ? <CircularProgress size={14} color="inherit" /> : undefined}
        sx={{ alignSelf: 'flex-start' }}
        data-testid="my-calendar-feed-create"
      >
        {t('shiftSwaps.feed.create')}
      </Button>
    </>
  );
}
