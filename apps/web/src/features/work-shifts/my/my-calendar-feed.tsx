import ContentCopy from '@mui/icons-material/ContentCopy';
import LinkOff from '@mui/icons-material/LinkOff';
import Refresh from '@mui/icons-material/Refresh';
import {
  Alert,
  Button,
  CircularProgress,
  IconButton,
  InputAdornment,
  Skeleton,
  Stack,
  TextField,
  Tooltip,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LoadFailure } from '../../../components/load-failure';
import { SectionCard } from '../../../components/section-card';
import { errorMessage } from '../../../lib/error-message';
import { useCreateCalendarFeed, useMyCalendarFeed, useRevokeCalendarFeed } from '../api/my-calendar-feed';
import { CalendarFeedNone, CalendarFeedStatus, feedState } from './my-calendar-feed-status';

type Confirm = 'regenerate' | 'revoke' | null;

/**
 * "Calendario personale (iCal)": a secret link a calendar app subscribes to (published shifts, approved absences).
 * "Crea link" without one; the new URL is shown once, with a copy button and the warning that it is secret; then its
 * state (valid until, last read, the absence-type switch: my-calendar-feed-status.tsx), "Rigenera link" (the old one
 * stops working) and "Revoca", each confirmed. An expired link offers "Rinnova link" (a new link; nothing to confirm,
 * the old one already stopped).
 */
export function MyCalendarFeedCard() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const feed = useMyCalendarFeed();
  const create = useCreateCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  /** The URL just created: the server never shows it again. */
  const [fresh, setFresh] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const onCreate = async () => {
    setRefusal(null);
    try {
      const created = await create.mutateAsync();
      setFresh(created.url);
      setConfirm(null);
      enqueueSnackbar(created.message || t('shiftSwaps.feed.created'), { variant: 'success' });
    } catch (err) {
      setRefusal(errorMessage(err, t('errors.generic')));
    }
  };
  const onRevoke = async () => {
    setRefusal(null);
    try {
      const { message } = await revoke.mutateAsync();
      setFresh(null);
      setConfirm(null);
      enqueueSnackbar(message || t('shiftSwaps.feed.revoked'), { variant: 'success' });
    } catch (err) {
      setRefusal(errorMessage(err, t('errors.generic')));
    }
  };
  const onCopy = async () => {
    if (!fresh) return;
    try {
      await navigator.clipboard.writeText(fresh);
      enqueueSnackbar(t('shiftSwaps.feed.copied'), { variant: 'success' });
    } catch {
      enqueueSnackbar(t('shiftSwaps.feed.copyFailed'), { variant: 'warning' });
    }
  };

  const state = feedState(feed.data);
  return (
    <SectionCard
      title={t('shiftSwaps.feed.title')}
      description={t('shiftSwaps.feed.description')}
      testId="my-calendar-feed"
    >
      {feed.isPending ? (
        <Skeleton variant="rounded" height={40} aria-label={t('common.loading')} />
      ) : feed.isError ? (
        <LoadFailure error={feed.error} onRetry={() => void feed.refetch()} />
      ) : (
        <Stack spacing={1.5}>
          {refusal && !confirm && (
            <Alert severity="error" role="alert">
              {refusal}
            </Alert>
          )}
          {fresh && (
            <>
              <Alert severity="warning" data-testid="my-calendar-feed-secret">
                {t('shiftSwaps.feed.secret')}
              </Alert>
              <TextField
                size="small"
                label={t('shiftSwaps.feed.url')}
                value={fresh}
                slotProps={{
                  htmlInput: { readOnly: true, dir: 'ltr', 'data-testid': 'my-calendar-feed-url' },
                  input: {
                    endAdornment: (
                      <InputAdornment position="end">
                        <Tooltip title={t('shiftSwaps.feed.copy')}>
                          <IconButton
                            edge="end"
                            onClick={() => void onCopy()}
                            aria-label={t('shiftSwaps.feed.copy')}
                            data-testid="my-calendar-feed-copy"
                          >
                            <ContentCopy fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      </InputAdornment>
                    ),
                  },
                }}
                onFocus={(e) => e.target.select()}
              />
            </>
          )}
          {state !== 'none' && feed.data ? (
            <>
              <CalendarFeedStatus feed={feed.data} state={state} onRefusal={setRefusal} />
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                {state === 'expired' ? (
                  <Button
                    size="small"
                    variant="contained"
                    startIcon={create.isPending ? <CircularProgress size={14} color="inherit" /> : <Refresh />}
                    disabled={create.isPending}
                    onClick={() => void onCreate()}
                    data-testid="my-calendar-feed-renew"
                  >
                    {t('shiftSwaps.feed.renew')}
                  </Button>
                ) : (
                  <Button
                    size="small"
                    variant="outlined"
                    startIcon={<Refresh />}
                    onClick={() => {
                      setRefusal(null);
                      setConfirm('regenerate');
                    }}
                    data-testid="my-calendar-feed-regenerate"
                  >
                    {t('shiftSwaps.feed.regenerate')}
                  </Button>
                )}
                <Button
                  size="small"
                  color="error"
                  startIcon={<LinkOff />}
                  onClick={() => {
                    setRefusal(null);
                    setConfirm('revoke');
                  }}
                  data-testid="my-calendar-feed-revoke"
                >
                  {t('shiftSwaps.feed.revoke')}
                </Button>
              </Stack>
            </>
          ) : (
            <CalendarFeedNone busy={create.isPending} onCreate={() => void onCreate()} />
          )}
        </Stack>
      )}
      <ConfirmDialog
        open={confirm === 'regenerate'}
        title={t('shiftSwaps.feed.regenerateTitle')}
        body={t('shiftSwaps.feed.regenerateBody')}
        confirmLabel={t('shiftSwaps.feed.regenerate')}
        busy={create.isPending}
        error={refusal}
        onConfirm={() => void onCreate()}
        onClose={() => setConfirm(null)}
        testId="my-calendar-feed-regenerate-dialog"
      />
      <ConfirmDialog
        open={confirm === 'revoke'}
        title={t('shiftSwaps.feed.revokeTitle')}
        body={t('shiftSwaps.feed.revokeBody')}
        confirmLabel={t('shiftSwaps.feed.revoke')}
        tone="error"
        busy={revoke.isPending}
        error={refusal}
        onConfirm={() => void onRevoke()}
        onClose={() => setConfirm(null)}
        testId="my-calendar-feed-revoke-dialog"
      />
    </SectionCard>
  );
}
