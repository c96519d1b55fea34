import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Grid, MenuItem, Stack } from '@mui/material';
import type { AdminPaycheck } from '@timbro/shared';
import { parseAmount } from '@timbro/shared/domain/amounts';
import { useSnackbar } from 'notistack';
import { useMemo, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod/mini';
import { FormDialog } from '../../components/form/form-dialog';
import { FormTextField } from '../../components/form/form-text-field';
import { useDialogForm } from '../../components/form/use-dialog-form';
import { FileField } from '../../components/upload/file-field';
import { catalogFor } from '../../i18n/languages';
import { applyServerErrors } from '../../lib/apply-server-errors';
import { errorMessage, fieldErrors } from '../../lib/error-message';
import { useSavePaycheck } from './api/paychecks';
import { amountText, lastMonth, monthNames } from './format';

const SERVER_FIELDS = ['year', 'month', 'netAmount', 'currencyCode', 'description'] as const;

const yearOk = (v: unknown) => {
  const n = Number(v);
  return Number.isInteger(n) && n >= 2000 && n <= 2100;
};

const schema = (t: (k: string) => string, creating: boolean) =>
  z.object({
    year: z.union([z.string(), z.number()]).check(z.refine(yearOk, { error: t('paychecks.form.yearInvalid') })),
    month: z.union([z.string(), z.number()]),
    netAmount: z.string().check(
      z.trim(),
      z.minLength(1, { error: t('paychecks.form.netRequired') }),
      z.refine((v) => parseAmount(v) !== null, { error: t('paychecks.form.netInvalid') }),
    ),
    currencyCode: z.string().check(z.trim(), z.regex(/^[A-Za-z]{3}$/, { error: t('paychecks.form.currencyInvalid') })),
    description: z.string().check(z.maxLength(200)),
    file: z
      .nullable(z.instanceof(File))
      .check(z.refine((f) => !creating || f !== null, { error: t('paychecks.form.fileRequired') })),
  });
type Values = z.input<ReturnType<typeof schema>>;

/** New or edit pay slip (spec §5: year, month, net amount, currency and the PDF required; description optional). */
export function PaycheckDialog({
  userInfoId,
  name,
  paycheck,
  onClose,
}: {
  userInfoId: string;
  name: string;
  paycheck: AdminPaycheck | null;
  onClose(): void;
}) {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const { enqueueSnackbar } = useSnackbar();
  const save = useSavePaycheck(userInfoId, paycheck?.id ?? null);
  const resolver = useMemo(() => zodResolver(schema(t, !paycheck)), [t, paycheck]);
  const start = lastMonth();
  // The file's refusal is kept apart: picking another file clears it.
  const [fileError, setFileError] = useState<string | undefined>();
  const form = useDialogForm<Values>({
    resolver,
    defaultValues: paycheck
      ? {
          year: paycheck.year,
          month: paycheck.month,
          netAmount: amountText(paycheck.netAmount),
          currencyCode: paycheck.currencyCode,
          description: paycheck.description ?? '',
          file: null,
        }
      : { year: start.year, month: start.month, netAmount: '', currencyCode: 'EUR', description: '', file: null },
    serverFields: SERVER_FIELDS,
    onServerError: (err, { setError }) => {
      const onFile = fieldErrors(err).file;
      if (onFile) setFileError(onFile);
      return applyServerErrors(err, setError, SERVER_FIELDS) || onFile ? null : errorMessage(err, t('errors.generic'));
    },
    onClose,
  });
  const months = monthNames(language);

  const onSubmit = form.submitWith(async (v) => {
    setFileError(undefined);
    await save.mutateAsync({
      year: Number(v.year),
      month: Number(v.month),
      netAmount: v.netAmount,
      currencyCode: v.currencyCode.toUpperCase(),
      description: v.description,
      file: v.file ?? null,
    });
    enqueueSnackbar(t(paycheck ? 'paychecks.form.saved' : 'paychecks.form.published', { name }), {
      variant: 'success',
    });
  });

  return (
    <FormDialog
      form={form}
      onSubmit={onSubmit}
      title={t(paycheck ? 'paychecks.form.editTitle' : 'paychecks.form.newTitle', { name })}
      testId="paycheck-dialog"
      contentSx={{ pt: 1 }}
      submitLabel={t(paycheck ? 'common.save' : 'paychecks.form.publish')}
      submitTestId="paycheck-save"
    >
      <Stack spacing={2}>
        <Grid container spacing={2}>
          <Grid size={{ xs: 7 }}>
            <FormTextField
              name="month"
              control={form.control}
              select
              label={t('paychecks.form.month')}
              fullWidth
              required
              slotProps={{ htmlInput: { 'data-testid': 'paycheck-month' } }}
            >
              {months.map((m, i) => (
                <MenuItem key={m} value={i + 1}>
                  {m}
                </MenuItem>
              ))}
            </FormTextField>
          </Grid>
          <Grid size={{ xs: 5 }}>
            <FormTextField
              name="year"
              control={form.control}
              label={t('paychecks.form.year')}
              type="number"
              fullWidth
              required
              slotProps={{ htmlInput: { 'data-testid': 'paycheck-year', min: 2000, max: 2100 } }}
            />
          </Grid>
          <Grid size={{ xs: 8 }}>
            <FormTextField
              name="netAmount"
              control={form.control}
              label={t('paychecks.form.netAmount')}
              helperText={t('paychecks.form.netHint')}
              fullWidth
              required
              slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'paycheck-net', dir: 'ltr' } }}
            />
          </Grid>
          <Grid size={{ xs: 4 }}>
            <FormTextField
              name="currencyCode"
              control={form.control}
              label={t('paychecks.form.currency')}
              fullWidth
              required
              transform={(s) => s.toUpperCase()}
              slotProps={{ htmlInput: { maxLength: 3, 'data-testid': 'paycheck-currency', dir: 'ltr' } }}
            />
          </Grid>
        </Grid>
        <FormTextField
          name="description"
          control={form.control}
          label={t('paychecks.form.description')}
          helperText={t('paychecks.form.descriptionHint')}
          fullWidth
          slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'paycheck-description' } }}
        />
        <Controller
          name="file"
          control={form.control}
          render={({ field, fieldState }) => (
            <FileField
              kind="payslip"
              label={t('paychecks.form.file')}
              file={field.value ?? null}
              onChange={(f) => {
                setFileError(undefined);
                field.onChange(f);
              }}
              current={paycheck ? { name: paycheck.attachment.name, size: paycheck.attachment.size } : null}
              error={fileError ?? fieldState.error?.message}
              required={!paycheck}
              disabled={form.busy}
              testId="paycheck-file"
            />
          )}
        />
        {paycheck && <Alert severity="info">{t('paychecks.form.replaceNote')}</Alert>}
      </Stack>
    </FormDialog>
  );
}
