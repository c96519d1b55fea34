import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { useSnackbar } from 'notistack';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod/mini';
import { FormDateField } from '../../components/form/form-date-field';
import { FormTextField } from '../../components/form/form-text-field';
import { useDialogForm } from '../../components/form/use-dialog-form';
import { catalogFor } from '../../i18n/languages';
import { formatDate } from '../../lib/dates';
import { parseDecimal } from '../../lib/decimal';
import { useJustificationLookup } from '../../lib/queries/justification-lookup';
import { useAddAdjustment } from './api/add-adjustment';
import { formatAmount } from './format';

const FIELDS = ['justificationId', 'amount', 'date', 'reason'] as const;

const REASON_MAX = 300;
const AMOUNT_MAX = 9999;

const adjustmentSchema = (t: TFunction) =>
  z.object({
    justificationId: z.string().check(z.minLength(1, { error: t('accruals.validation.justificationRequired') })),
    amount: z.string().check(
      z.refine((v) => v.trim() !== '', { error: t('accruals.validation.amountRequired'), abort: true }),
      z.refine(
        (v) => {
          const n = parseDecimal(v);
          return Number.isFinite(n) && n !== 0 && Math.abs(n) <= AMOUNT_MAX;
        },
        { error: t('accruals.validation.amountInvalid', { max: AMOUNT_MAX }) },
      ),
    ),
    date: z
      .nullable(z.string())
      .check(z.refine((v) => !!v && /^\d{4}-\d{2}-\d{2}$/.test(v), { error: t('accruals.validation.dateRequired') })),
    reason: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, { error: t('accruals.validation.reasonRequired'), abort: true }),
        z.maxLength(REASON_MAX, { error: t('accruals.validation.tooLong', { max: REASON_MAX }) }),
      ),
  });
type Values = z.infer<ReturnType<typeof adjustmentSchema>>;

/**
 * "Rettifica manuale": a signed amount on one absence type at a date, with a reason; a second step repeats it in words
 * and asks for confirmation before anything is written.
 */
export function AdjustmentDialog({
  open,
  userInfoId,
  person,
  onClose,
}: {
  open: boolean;
  userInfoId: string;
  person: string;
  onClose(): void;
}) {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const { enqueueSnackbar } = useSnackbar();
  const lookup = useJustificationLookup();
  const add = useAddAdjustment(userInfoId);
  const schema = useMemo(() => adjustmentSchema(t), [t]);
  const [step, setStep] = useState<'form' | 'confirm'>('form');
  const form = useDialogForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { justificationId: '', amount: '', date: dayjs().format('YYYY-MM-DD'), reason: '' },
    serverFields: FIELDS,
    open,
    // Closing also goes back to the form's step.
    onClose: () => {
      setStep('form');
      onClose();
    },
  });
  const { control, getValues, setFocus, getFieldState, failure, close, titleId } = form;
  // Each step replaces the other's fields and buttons, the one just pressed among them: the focus goes to the new
  // step at once (the summary; back in the form, the first field with an error, else the first), not to the page
  // behind, where Esc or Tab would be lost until the dialog's focus trap took the focus back.
  const summary = useRef<HTMLDivElement>(null);
  const shown = useRef(step);
  useLayoutEffect(() => {
    if (shown.current === step) return;
    shown.current = step;
    // Closing also goes back to the form: the dialog then gives the focus back to what opened it.
    if (!open) return;
    if (step === 'confirm') summary.current?.focus();
    else setFocus(FIELDS.find((f) => getFieldState(f).error) ?? 'justificationId');
  }, [open, step, setFocus, getFieldState]);
  const values = getValues();
  const justification = lookup.data?.find((j) => j.id === values.justificationId);

  const review = form.handleSubmit(() => setStep('confirm'));
  // The confirmation sends what the form holds; a refusal goes back to the form, on the fields it names or above.
  const confirm = form.submitWith(async (v) => {
    try {
      await add.mutateAsync({
        justificationId: v.justificationId,
        amount: parseDecimal(v.amount),
        date: v.date!,
        reason: v.reason.trim(),
      });
    } catch (err) {
      setStep('form');
      throw err;
    }
    enqueueSnackbar(t('accruals.adjust.done'), { variant: 'success' });
  });

  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
      data-testid="adjustment-dialog"
    >
      <DialogTitle id={titleId}>
        {step === 'form' ? t('accruals.adjust.title') : t('accruals.adjust.confirmTitle')}
      </DialogTitle>
      {step === 'form' ? (
        <Box component="form" noValidate onSubmit={review} aria-labelledby={titleId}>
          <DialogContent sx={{ pt: 0 }}>
            <DialogContentText sx={{ mb: 2 }}>{t('accruals.adjust.hint', { name: person })}</DialogContentText>
            {failure && (
              <Alert severity="error" role="alert" sx={{ mb: 2 }}>
                {failure}
              </Alert>
            )}
            <Stack spacing={2}>
              <Controller
                control={control}
                name="justificationId"
                render={({ field: { ref, ...field }, fieldState }) => (
                  <TextField
                    select
                    required
                    label={t('accruals.fields.justification')}
                    {...field}
                    inputRef={ref}
                    error={!!fieldState.error}
                    helperText={fieldState.error?.message}
                    slotProps={{ htmlInput: { 'data-testid': 'adjust-justification' } }}
                  >
                    {(lookup.data ?? []).map((j) => (
                      <MenuItem key={j.id} value={j.id}>
                        {j.name} ({t(`accruals.unitNames.${j.unit}`)})
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
              <Box
                sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, alignItems: 'start' }}
              >
                <FormTextField
                  control={control}
                  name="amount"
                  label={t('accruals.fields.amount')}
                  required
                  helperText={t('accruals.adjust.amountHint')}
                  slotProps={{
                    htmlInput: { inputMode: 'decimal', dir: 'ltr', maxLength: 8, 'data-testid': 'adjust-amount' },
                  }}
                />
                <FormDateField control={control} name="date" label={t('accruals.fields.date')} required />
              </Box>
              <FormTextField
                control={control}
                name="reason"
                label={t('accruals.fields.reason')}
                required
                multiline
                minRows={2}
                slotProps={{ htmlInput: { maxLength: REASON_MAX, 'data-testid': 'adjust-reason' } }}
              />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>{t('common.cancel')}</Button>
            <Button type="submit" variant="contained" data-testid="adjust-continue">
              {t('accruals.adjust.continue')}
            </Button>
          </DialogActions>
        </Box>
      ) : (
        <>
          <DialogContent sx={{ pt: 0, '&:focus': { outline: 'none' } }} ref={summary} tabIndex={-1}>
            <DialogContentText component="div">
              <Typography sx={{ mb: 1 }} data-testid="adjust-summary">
                {t('accruals.adjust.confirmBody', {
                  amount: justification
                    ? formatAmount(parseDecimal(values.amount), justification.unit, language, t, true)
                    : values.amount,
                  name: justification?.name ?? '',
                  person,
                  date: values.date ? formatDate(values.date, language) : '',
                })}
              </Typography>
              <Typography variant="body2">
                {t('accruals.adjust.reasonLine', { reason: values.reason.trim() })}
              </Typography>
            </DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setStep('form')} disabled={form.busy}>
              {t('accruals.adjust.back')}
            </Button>
            <Button
              variant="contained"
              onClick={() => void confirm()}
              disabled={form.busy}
              startIcon={form.busy ? <CircularProgress size={16} color="inherit" /> : undefined}
              data-testid="adjust-confirm"
            >
              {t('accruals.adjust.confirm')}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
