import { zodResolver } from '@hookform/resolvers/zod';
import { DialogContentText } from '@mui/material';
import type { MonthLog } from '@timbro/shared';
import { useSnackbar } from 'notistack';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form/form-dialog';
import { FormTextField } from '../../components/form/form-text-field';
import { useDialogForm } from '../../components/form/use-dialog-form';
import { catalogFor } from '../../i18n/languages';
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
  const reopen = useReopenMonthLog(log.id);
  const resolver = useMemo(() => zodResolver(reopenFormSchema(t)), [t]);
  const form = useDialogForm<ReopenFormValues>({
    resolver,
    defaultValues: { reason: '' },
    serverFields: SERVER_FIELDS,
    onClose,
  });
  const month = formatMonth(log.month, language);
  const onSubmit = form.submitWith(async ({ reason }) => {
    await reopen.mutateAsync({ reason });
    enqueueSnackbar(t('monthLogs.reopen.done', { month }), { variant: 'success' });
  });
  return (
    <FormDialog
      form={form}
      onSubmit={onSubmit}
      title={t('monthLogs.reopen.title', { month })}
      testId="reopen-dialog"
      failureTestId="reopen-error"
      contentSx={{ pt: 0 }}
      intro={
        <DialogContentText sx={{ mb: 2 }}>{t('monthLogs.reopen.body', { n: log.versionNumber })}</DialogContentText>
      }
      submitLabel={t('monthLogs.reopen.submit')}
      submitTestId="reopen-submit"
      submitColor="warning"
    >
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
    </FormDialog>
  );
}
