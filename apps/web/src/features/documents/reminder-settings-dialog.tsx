import Add from '@mui/icons-material/Add';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailure } from '../../components/load-failure';
import { errorMessage, fieldErrors } from '../../lib/error-message';
import { keepFocusNear } from '../../lib/focus';
import { useDocumentSettings, useSaveDocumentSettings, type DocumentSettings } from './api/document-settings';
import { DialogButtons } from '../../components/dialog-buttons';

/** The server's limits (DocumentSettingsSchema): at most five distinct offsets, 0–365 days. */
export const REMINDER_LIMITS = { max: 5, minDays: 0, maxDays: 365 } as const;

/**
 * "Promemoria di scadenza": how many days before a document's expiry the employee and the admins get an e-mail. The
 * offsets are chips (removable), a new one is added from the field; saved all together.
 */
export function ReminderSettingsDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const settings = useDocumentSettings();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth data-testid="reminders-dialog">
      <DialogTitle id={titleId}>{t('documents.reminders.title')}</DialogTitle>
      {settings.isPending ? (
        <DialogContent>
          <Skeleton variant="rounded" height={120} aria-label={t('common.loading')} />
        </DialogContent>
      ) : settings.isError ? (
        <>
          <DialogContent>
            <LoadFailure error={settings.error} onRetry={() => void settings.refetch()} />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('common.close')}</Button>
          </DialogActions>
        </>
      ) : (
        <ReminderForm initial={settings.data} onClose={onClose} />
      )}
    </Dialog>
  );
}

function ReminderForm({ initial, onClose }: { initial: DocumentSettings; onClose(): void }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const save = useSaveDocumentSettings();
  const [days, setDays] = useState<number[]>(() => [...initial.reminderDays].sort((a, b) => b - a));
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const full = days.length >= REMINDER_LIMITS.max;

  const dayLabel = (n: number) =>
    n === 0
      ? t('documents.reminders.sameDay')
      : n === 1
        ? t('documents.reminders.dayBefore')
        : t('documents.reminders.daysBefore', { n });

  const add = (e?: FormEvent) => {
    e?.preventDefault();
    const value = text.trim();
    if (value === '') return;
    const n = /^\d+$/.test(value) ? Number(value) : NaN;
    if (!Number.isInteger(n) || n < REMINDER_LIMITS.minDays || n > REMINDER_LIMITS.maxDays)
      return setFieldError(
        t('documents.reminders.invalid', { min: REMINDER_LIMITS.minDays, max: REMINDER_LIMITS.maxDays }),
      );
    if (days.includes(n)) return setFieldError(t('documents.reminders.duplicate'));
    setFieldError(null);
    setDays((d) => [...d, n].sort((a, b) => b - a));
    setText('');
  };

  const submit = async () => {
    setFailure(null);
    try {
      await save.mutateAsync({ reminderDays: days });
      enqueueSnackbar(t('documents.reminders.saved'), { variant: 'success' });
      onClose();
    } catch (err) {
      const byPath = Object.entries(fieldErrors(err)).find(
        ([p]) => p === 'reminderDays' || p.startsWith('reminderDays.'),
      );
      setFailure(byPath ? byPath[1] : errorMessage(err, t('errors.generic')));
    }
  };

  return (
    <>
      <DialogContent sx={{ pt: 0 }}>
        <DialogContentText sx={{ mb: 2 }}>
          {t('documents.reminders.body', { max: REMINDER_LIMITS.max })}
        </DialogContentText>
        {failure && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }} data-testid="reminders-error">
            {failure}
          </Alert>
        )}
        <Box sx={{ mb: 2 }} data-testid="reminders-days">
          {days.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {t('documents.reminders.none')}
            </Typography>
          ) : (
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {days.map((n) => (
                <Chip
                  key={n}
                  label={dayLabel(n)}
                  onDelete={(e) => {
                    // The chip goes: the focus to the dialog, not to the page behind.
                    keepFocusNear(e.currentTarget);
                    setDays((d) => d.filter((x) => x !== n));
                  }}
                  title={t('documents.reminders.remove', { label: dayLabel(n) })}
                  data-testid={`reminder-${n}`}
                />
              ))}
            </Stack>
          )}
        </Box>
        <Stack component="form" direction="row" spacing={1} sx={{ alignItems: 'flex-start' }} onSubmit={add} noValidate>
          <TextField
            size="small"
            label={t('documents.reminders.days')}
            value={text}
            onChange={(e) => (setText(e.target.value), setFieldError(null))}
            disabled={full}
            error={!!fieldError}
            helperText={
              fieldError ??
              (full ? t('documents.reminders.full', { max: REMINDER_LIMITS.max }) : t('documents.reminders.hint'))
            }
            sx={{ flex: 1 }}
            slotProps={{
              htmlInput: { inputMode: 'numeric', dir: 'ltr', maxLength: 3, 'data-testid': 'reminders-input' },
            }}
          />
          <Button
            type="submit"
            variant="outlined"
            startIcon={<Add />}
            disabled={full || text.trim() === ''}
            sx={{ mt: 0.25 }}
          >
            {t('documents.reminders.add')}
          </Button>
        </Stack>
      </DialogContent>
      <DialogActions>
        <DialogButtons
          busy={save.isPending}
          onCancel={onClose}
          label={t('common.save')}
          onConfirm={() => void submit()}
          testId="reminders-save"
        />
      </DialogActions>
    </>
  );
}
