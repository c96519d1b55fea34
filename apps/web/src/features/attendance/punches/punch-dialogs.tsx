import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import type { Punch } from '@timbro/shared';
import { useId, useMemo, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDateField } from '../../../components/form/form-date-field';
import { FormClockField } from '../../../components/form/form-clock-field';
import { FormDialog } from '../../../components/form/form-dialog';
import { FormTextField } from '../../../components/form/form-text-field';
import { useDialogForm } from '../../../components/form/use-dialog-form';
import { normalizeClock } from '../../../components/time-slots/slot-rows';
import { catalogFor } from '../../../i18n/languages';
import { formatDate } from '../../../lib/dates';
import { errorMessage } from '../../../lib/error-message';
import { useDeletePunch, useSavePunch } from '../api/punches';
import { PUNCH_REASON_MAX, punchFormSchema, type PunchFormValues } from './punch-form';

/** "Aggiungi timbratura" / "Correggi timbratura": local time of the workspace, direction, the reason for the audit trail. */
export function PunchDialog({
  open,
  userInfoId,
  person,
  date,
  punch,
  onClose,
}: {
  open: boolean;
  userInfoId: string;
  person: string;
  date: string;
  punch?: Punch | null;
  onClose(): void;
}) {
  return open ? (
    <PunchDialogContent userInfoId={userInfoId} person={person} date={date} punch={punch} onClose={onClose} />
  ) : null;
}

function PunchDialogContent({
  userInfoId,
  person,
  date,
  punch,
  onClose,
}: {
  userInfoId: string;
  person: string;
  date: string;
  punch?: Punch | null;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const save = useSavePunch();
  const schema = useMemo(() => punchFormSchema(t), [t]);
  const form = useDialogForm<PunchFormValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      date: punch?.localDate ?? date,
      time: punch?.localTime ?? '',
      direction: punch?.direction ?? 'in',
      reason: '',
    },
    serverFields: ['direction', 'reason'],
    busy: save.isPending,
    onClose,
  });
  const submit = form.submitWith(async (v) => {
    await save.mutateAsync({
      userInfoId,
      punchId: punch?.id,
      payload: { at: `${v.date} ${normalizeClock(v.time)}:00`, direction: v.direction, reason: v.reason.trim() },
    });
  });
  return (
    <FormDialog
      form={form}
      onSubmit={submit}
      title={punch ? t('punchDialog.editTitle') : t('punchDialog.addTitle')}
      testId="punch-dialog"
      failureTestId="punch-error"
      maxWidth="xs"
      contentSx={{ pt: 0 }}
      intro={<DialogContentText sx={{ mb: 2 }}>{t('punchDialog.hint', { name: person })}</DialogContentText>}
      submitLabel={t('common.save')}
      submitTestId="punch-submit"
    >
      <Stack spacing={2}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '3fr 2fr', alignItems: 'start' }}>
          <FormDateField
            control={form.control}
            name="date"
            label={t('punchDialog.fields.date')}
            required
            disableFuture
          />
          <FormClockField
            control={form.control}
            name="time"
            label={t('punchDialog.fields.time')}
            placeholder={t('requestDialog.timePlaceholder')}
            testId="punch-time"
          />
        </Box>
        <Controller
          control={form.control}
          name="direction"
          render={({ field }) => (
            <Box>
              <Typography variant="body2" color="text.secondary" id={`${form.titleId}-dir`} sx={{ mb: 0.5 }}>
                {t('punchDialog.fields.direction')}
              </Typography>
              <ToggleButtonGroup
                exclusive
                size="small"
                color="primary"
                value={field.value}
                onChange={(_e, v: 'in' | 'out' | null) => v && field.onChange(v)}
                aria-labelledby={`${form.titleId}-dir`}
              >
                <ToggleButton value="in" data-testid="punch-direction-in">
                  {t('attendance.direction.in')}
                </ToggleButton>
                <ToggleButton value="out" data-testid="punch-direction-out">
                  {t('attendance.direction.out')}
                </ToggleButton>
              </ToggleButtonGroup>
            </Box>
          )}
        />
        <FormTextField
          control={form.control}
          name="reason"
          label={t('punchDialog.fields.reason')}
          required
          multiline
          minRows={2}
          helperText={t('punchDialog.reasonHint')}
          slotProps={{ htmlInput: { maxLength: PUNCH_REASON_MAX, 'data-testid': 'punch-reason' } }}
        />
      </Stack>
    </FormDialog>
  );
}

/** Deleting a punch: the reason is required (kept in the audit trail with the removed punch). */
export function DeletePunchDialog({ punch, onClose }: { punch: Punch | null; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const del = useDeletePunch();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  if (!punch) return null;
  const close = () => {
    if (del.isPending) return;
    setReason('');
    setError(null);
    setFailure(null);
    onClose();
  };
  const confirm = async () => {
    if (reason.trim() === '') return setError(t('punchDialog.validation.reasonRequired'));
    setFailure(null);
    try {
      await del.mutateAsync({ punchId: punch.id, reason: reason.trim() });
      close();
    } catch (err) {
      setFailure(errorMessage(err, t('errors.generic')));
    }
  };
  return (
    <Dialog open onClose={close} aria-labelledby={titleId} maxWidth="xs" fullWidth data-testid="punch-delete-dialog">
      <DialogTitle id={titleId}>{t('punchDialog.deleteTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {t('punchDialog.deleteBody', {
            direction: t(`attendance.direction.${punch.direction}`),
            time: punch.localTime,
            date: formatDate(punch.localDate, catalogFor(i18n.language)),
          })}
        </DialogContentText>
        <TextField
          required
          label={t('punchDialog.fields.reason')}
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            setError(null);
          }}
          error={!!error}
          helperText={error ?? t('punchDialog.reasonHint')}
          multiline
          minRows={2}
          slotProps={{ htmlInput: { maxLength: PUNCH_REASON_MAX, 'data-testid': 'punch-delete-reason' } }}
        />
        {failure && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {failure}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={del.isPending}>
          {t('common.cancel')}
        </Button>
        <Button
          color="error"
          variant="contained"
          onClick={() => void confirm()}
          disabled={del.isPending}
          data-testid="punch-delete-confirm"
        >
          {t('punchDialog.delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
