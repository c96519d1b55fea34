import { Alert, Button, DialogContentText, Stack } from '@mui/material';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { addDays } from '@timbro/shared/domain/dates';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateLocalization } from '../../../components/data/date-localization';
import { completeDate } from '../../../lib/dates';
import { errorMessage } from '../../../lib/error-message';
import { useCopyWeek, type CopyWeekResponse } from '../api/publish-work-shifts';
import { mondayOf } from './planning-range';
import { useDayFormat } from '../shift-text';
import { OnlyGroupCheckbox, WeekStepDialog } from './week-step-dialog';

interface Props {
  /** Monday of the week shown. */
  from: string;
  group?: { id: string; name: string };
  onClose(): void;
  /** Shows the target week (after the copy). */
  onShowWeek(monday: string): void;
}

/**
 * "Copia settimana": the week shown, copied as drafts to another week (any day of it picked: its Monday counts), of
 * the filtered group only unless unticked. A person already busy at that time is skipped. Then the answer, with the way
 * to the target week.
 */
export function CopyWeekDialog({ from, group, onClose, onShowWeek }: Props) {
  const { t } = useTranslation();
  const formatDay = useDayFormat();
  const copy = useCopyWeek();
  const [target, setTarget] = useState<string | null>(addDays(from, 7));
  const [onlyGroup, setOnlyGroup] = useState(!!group);
  const [result, setResult] = useState<CopyWeekResponse | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const busy = copy.isPending;
  const week = (monday: string) => ({ from: formatDay(monday, 'full'), to: formatDay(addDays(monday, 6), 'full') });

  const submit = () => {
    setProblem(null);
    if (!target) return setProblem(t('workShifts.copy.targetRequired'));
    if (target === from) return setProblem(t('workShifts.copy.sameWeek'));
    copy.mutate({ from, to: target, groupId: onlyGroup && group ? group.id : null }, { onSuccess: setResult });
  };

  return (
    <WeekStepDialog
      testId="copy-week-dialog"
      maxWidth="xs"
      title={t('workShifts.copy.title')}
      busy={busy}
      onClose={onClose}
      done={
        result && {
          body: (
            <Alert severity={result.skipped > 0 ? 'warning' : 'success'} data-testid="copy-week-result">
              {t('workShifts.copy.result', { created: result.created, skipped: result.skipped })}
            </Alert>
          ),
          actions: (
            <>
              <Button onClick={onClose}>{t('common.close')}</Button>
              <Button variant="contained" onClick={() => target && onShowWeek(target)} data-testid="copy-week-show">
                {t('workShifts.copy.showWeek')}
              </Button>
            </>
          ),
        }
      }
      confirmLabel={t('workShifts.copy.confirm')}
      confirmTestId="copy-week-confirm"
      onConfirm={submit}
    >
      <Stack spacing={2}>
        <DialogContentText>{t('workShifts.copy.body', week(from))}</DialogContentText>
        <DateLocalization>
          <DatePicker
            label={t('workShifts.copy.target')}
            name="copy-week-target"
            value={target ? dayjs(target) : null}
            onChange={(d) => {
              const whole = completeDate(d);
              setTarget(whole ? mondayOf(whole) : null);
            }}
            slotProps={{
              textField: {
                fullWidth: true,
                required: true,
                error: !!problem,
                helperText: problem ?? (target ? t('workShifts.copy.targetWeek', week(target)) : undefined),
              },
            }}
          />
        </DateLocalization>
        {group && <OnlyGroupCheckbox group={group} checked={onlyGroup} onChange={setOnlyGroup} />}
        {copy.isError && (
          <Alert severity="error" role="alert" data-testid="copy-week-error">
            {errorMessage(copy.error, t('errors.generic'))}
          </Alert>
        )}
      </Stack>
    </WeekStepDialog>
  );
}
