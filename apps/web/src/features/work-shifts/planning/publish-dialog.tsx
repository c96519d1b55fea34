import { Alert, Box, Button, DialogContentText, List, ListItem, TextField, Typography } from '@mui/material';
import type { PublishResponse } from '@timbro/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { usePublishWorkShifts } from '../api/publish-work-shifts';
import { SHIFT_LIMITS } from '../limits';
import { useDayFormat } from '../shift-text';
import { formatShiftRange, isOvernight } from '../shift-time';
import { WarningList } from '../warning-list';
import { OnlyGroupCheckbox, WeekStepDialog } from './week-step-dialog';

interface Props {
  /** The period whose drafts go (the planning's range, or one shift's day). */
  from: string;
  to: string;
  /** How many drafts the period holds (the planning's counter); unknown from one shift's page. */
  drafts: number | null;
  /** The group the planning is filtered by: its drafts only, unless the admin unticks it. */
  group?: { id: string; name: string };
  onClose(): void;
}

/**
 * "Pubblica": how many drafts of which period go, optionally of the filtered group only, with an optional note that
 * lets shifts with rest-rule warnings go too. Then the answer: published N, skipped M, and each skipped shift with its
 * reason and warnings. Publishing never fails as a whole.
 */
export function PublishDialog({ from, to, drafts, group, onClose }: Props) {
  const { t } = useTranslation();
  const formatDay = useDayFormat();
  const publish = usePublishWorkShifts();
  const [onlyGroup, setOnlyGroup] = useState(!!group);
  const [note, setNote] = useState('');
  const [result, setResult] = useState<PublishResponse | null>(null);
  const busy = publish.isPending;
  const period = { from: formatDay(from, 'full'), to: formatDay(to, 'full') };

  const submit = () =>
    publish.mutate(
      { from, to, groupId: onlyGroup && group ? group.id : null, overrideNote: note.trim() || null },
      { onSuccess: setResult },
    );

  return (
    <WeekStepDialog
      testId="publish-dialog"
      maxWidth="sm"
      title={t(result ? 'workShifts.publish.resultTitle' : 'workShifts.publish.title')}
      busy={busy}
      onClose={onClose}
      done={
        result && {
          body: <PublishResult result={result} />,
          actions: (
            <Button variant="contained" onClick={onClose} data-testid="publish-close">
              {t('common.close')}
            </Button>
          ),
        }
      }
      confirmLabel={t('workShifts.publish.confirm')}
      confirmTestId="publish-confirm"
      onConfirm={submit}
    >
      <DialogContentText data-testid="publish-summary">
        {drafts === null
          ? t('workShifts.publish.bodyDay', { date: period.from })
          : t('workShifts.publish.body', { n: drafts, ...period })}
      </DialogContentText>
      {group && (
        <OnlyGroupCheckbox
          group={group}
          checked={onlyGroup}
          onChange={setOnlyGroup}
          sx={{ mt: 1 }}
          testId="publish-only-group"
        />
      )}
      <TextField
        label={t('workShifts.publish.note')}
        helperText={t('workShifts.publish.noteHint')}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        multiline
        minRows={2}
        fullWidth
        sx={{ mt: 2 }}
        slotProps={{ htmlInput: { maxLength: SHIFT_LIMITS.note, 'data-testid': 'publish-note' } }}
      />
      {publish.isError && (
        <Alert severity="error" role="alert" sx={{ mt: 2 }} data-testid="publish-error">
          {errorMessage(publish.error, t('errors.generic'))}
        </Alert>
      )}
    </WeekStepDialog>
  );
}

/** Published N, skipped M; each skipped shift: its day and times, its people, why, and its warnings. */
function PublishResult({ result }: { result: PublishResponse }) {
  const { t } = useTranslation();
  const formatDay = useDayFormat();
  // One per person and shift, as the grid, its drafts count and `published` count them (a shift without people as one).
  const skipped = result.skipped.reduce((n, s) => n + Math.max(1, s.people.length), 0);
  return (
    <Box data-testid="publish-result">
      <Alert severity={skipped > 0 ? 'warning' : 'success'} data-testid="publish-counts">
        {t('workShifts.publish.counts', { published: result.published, skipped })}
      </Alert>
      {skipped > 0 && (
        <>
          <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
            {t('workShifts.publish.skippedTitle')}
          </Typography>
          <List disablePadding data-testid="publish-skipped">
            {result.skipped.map((s) => (
              <ListItem
                key={s.shift.id}
                disableGutters
                divider
                sx={{ display: 'block', py: 1 }}
                data-testid={`skipped-${s.shift.id}`}
              >
                <Typography variant="body2" sx={{ fontWeight: 500 }}>
                  {formatDay(s.shift.date, 'short')} · <bdi dir="ltr">{formatShiftRange(s.shift)}</bdi>
                  {isOvernight(s.shift) ? ` (${t('workShifts.shift.nextDay')})` : ''}
                  {s.shift.label ? ` · ${s.shift.label}` : ''}
                </Typography>
                {s.people.length > 0 && (
                  <Typography variant="body2" color="text.secondary">
                    {s.people.join(', ')}
                  </Typography>
                )}
                <Typography variant="body2" sx={{ mt: 0.5 }} data-testid="skipped-reason">
                  {t(`workShifts.skip.${s.reason}`, { defaultValue: s.reasonText })}
                </Typography>
                {s.warnings.length > 0 && <WarningList warnings={s.warnings} dense />}
              </ListItem>
            ))}
          </List>
        </>
      )}
    </Box>
  );
}
