import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
} from '@mui/material';
import type { MonthLog } from '@timbro/shared';
import { useSnackbar } from 'notistack';
import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../components/form/form-text-field';
import { catalogFor } from '../../i18n/languages';
import { applyServerErrors } from '../../lib/apply-server-errors';
import { errorMessage } from '../../lib/error-message';
import { useReopenMonthLog } from './api/month-log-actions';
import { formatMonth } from './format';
import { REOPEN_REASON_MAX, reopenFormSchema, type ReopenFormValues } from './schemas';

const SERVER_FIELDS = ['reason'] as const;

/**
 * "Riapri il mese" (admin): what it means for employees, the reason (at least 10 characters, kept in the audit log)
 * and the confirmation; the server's refusal on the field or above.
 */
export function ReopenDialog({ log, onClose }: { log: MonthLog; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const { enqueueSnackbar } = useSnackbar();
  const titleId = useId();
  const reopen = useReopenMonthLog(log.id);
  const resolver = useMemo(() => zodResolver(reopenFormSchema(t)), [t]);
  const form = useForm<ReopenFormValues>({ resolver, defaultValues: { reason: '' } });
  const [failure, setFailure] = useState<string | null>(null);
  const month = formatMonth(log.month, language);
  const busy = form.formState.isSubmitting;
  const onSubmit = form.handleSubmit(async ({ reason }) => {
    setFailure(null);
    try {
      await reopen.mutateAsync({ reason });
      enqueueSnackbar(t('monthLogs.reopen.done', { month }), { variant: 'success' });
      onClose();
    } catch (err) {
      if (!applyServerErrors(err, form.setError, SERVER_FIELDS)) setFailure(errorMessage(err, t('errors.generic')));
    }
  });
  return (
    <Dialog
      open
      onClose={() => !busy && onClose()}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
      data-testid="reopen-dialog"
    >
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <DialogTitle id={titleId}>{t('monthLogs.reopen.title', { month })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>{t('monthLogs.reopen.body', { n: log.versionNumber })}</DialogContentText>
            {failure && (
              <Alert severity="error" role="alert" data-testid="reopen-error">
                {failure}
              </Alert>
            )}
            <FormTextField
              name="reason"
              control={form.control}
              label={t('monthLogs.reopen.reason')}
              helperText={t('monthLogs.reopen.reasonHint')}
              multiline
              minRows={3}
              fullWidth
              autoFocus
              slotProps={{ htmlInput: { maxLength: REOPEN_REASON_MAX, 'data-testid': 'reopen-reason' } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            color="warning"
            disabled={busy}
            startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
            data-testid="reopen-submit"
          >
            {t('monthLogs.reopen.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
