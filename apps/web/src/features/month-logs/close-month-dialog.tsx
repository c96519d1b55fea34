import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Step,
  StepLabel,
  Stepper,
  TextField,
  Typography,
} from '@mui/material';
import type { MonthLog } from '@timbro/shared';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { catalogFor } from '../../i18n/languages';
import { ApiError } from '../../lib/api-client';
import { errorMessage, fieldErrors } from '../../lib/error-message';
import { usePrecheck } from './api/get-precheck';
import { useCloseMonth } from './api/month-log-actions';
import { CloseProgress } from './close-progress';
import { closableMonths, currentMonth, formatMonth, previousMonth } from './format';
import { PrecheckList } from './precheck-list';

type StepKey = 'month' | 'check' | 'progress';
const STEPS: StepKey[] = ['month', 'check', 'progress'];

interface Props {
  open: boolean;
  onClose(): void;
  /** "Rigenera": the month is the version's, the month step is skipped. */
  month?: string;
  /** Told when a version was created (the page may follow it). */
  onCreated?(log: MonthLog): void;
}

/**
 * "Chiudi un mese": the month (the previous one by default, never a future one) → the pre-close check with its
 * problems and where to fix them, "Chiudi il mese" (or, with problems, "Chiudi comunque" after ticking that one is
 * aware of them) → the progress of the version being made, then the way to it or the reason of a failure.
 */
export function CloseMonthDialog({ open, onClose, month: fixedMonth, onCreated }: Props) {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const titleId = useId();
  const [step, setStep] = useState<StepKey>(fixedMonth ? 'check' : 'month');
  // A step's buttons go with it: the focus moves to the dialog's content first, not to the page behind (where Esc,
  // pressed at once, would not reach the dialog until its focus trap took the focus back).
  const content = useRef<HTMLDivElement>(null);
  const goTo = (next: StepKey) => {
    content.current?.focus();
    setStep(next);
  };
  const [month, setMonth] = useState(fixedMonth ?? previousMonth(currentMonth()));
  const [aware, setAware] = useState(false);
  const [refusal, setRefusal] = useState<{ text: string; running: boolean } | null>(null);
  const [created, setCreated] = useState<MonthLog | null>(null);
  const precheck = usePrecheck(step === 'check' ? month : null);
  const close = useCloseMonth();
  const check = precheck.data?.month === month ? precheck.data : undefined;
  const problems = check?.problems ?? 0;
  const monthError = step === 'check' && precheck.isError ? fieldErrors(precheck.error).month : undefined;

  const submit = async () => {
    if (!check) return;
    setRefusal(null);
    try {
      const log = await close.mutateAsync({ month, force: problems > 0 && aware });
      setCreated(log);
      goTo('progress');
      onCreated?.(log);
    } catch (err) {
      const forceError = fieldErrors(err).force;
      if (forceError) {
        // The check found problems that were not there when the page asked: show them again.
        setAware(false);
        void precheck.refetch();
      }
      setRefusal({
        text: forceError ?? errorMessage(err, t('errors.generic')),
        running: err instanceof ApiError && err.status === 409 && !forceError,
      });
    }
  };

  const busy = close.isPending;
  const title = fixedMonth
    ? t('monthLogs.close.regenerateTitle', { month: formatMonth(fixedMonth, language) })
    : t('monthLogs.close.title');

  return (
    <Dialog
      open={open}
      onClose={() => !busy && onClose()}
      aria-labelledby={titleId}
      maxWidth="md"
      fullWidth
      scroll="paper"
      data-testid="close-month-dialog"
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent dividers ref={content} tabIndex={-1} sx={{ '&:focus': { outline: 'none' } }}>
        <Stepper activeStep={STEPS.indexOf(step)} alternativeLabel sx={{ mb: 3 }}>
          {STEPS.map((s) => (
            <Step key={s} completed={STEPS.indexOf(s) < STEPS.indexOf(step)}>
              <StepLabel>{t(`monthLogs.close.steps.${s}`)}</StepLabel>
            </Step>
          ))}
        </Stepper>

        {step === 'month' && (
          <Box sx={{ maxWidth: 360 }}>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {t('monthLogs.close.monthIntro')}
            </Typography>
            <TextField
              select
              fullWidth
              label={t('monthLogs.close.month')}
              value={month}
              onChange={(e) => setMonth(e.target.value)}
              slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 320 } } } } } }}
              data-testid="close-month-select"
            >
              {closableMonths(currentMonth()).map((m) => (
                <MenuItem key={m} value={m} sx={{ textTransform: 'capitalize' }}>
                  {formatMonth(m, language)}
                </MenuItem>
              ))}
            </TextField>
          </Box>
        )}

        {step === 'check' && (
          <Box>
            {!check && !precheck.isError && (
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 3 }} data-testid="precheck-loading">
                <CircularProgress size={24} />
                <Typography>{t('monthLogs.close.checking', { month: formatMonth(month, language) })}</Typography>
              </Box>
            )}
            {precheck.isError && (
              <Alert
                severity="error"
                action={
                  monthError ? undefined : (
                    <Button color="inherit" size="small" onClick={() => void precheck.refetch()}>
                      {t('common.retry')}
                    </Button>
                  )
                }
                data-testid="precheck-error"
              >
                {monthError ?? errorMessage(precheck.error, t('errors.generic'))}
              </Alert>
            )}
            {check && (
              <>
                <Typography variant="subtitle1" component="p" sx={{ mb: 1.5, fontWeight: 500 }}>
                  {t('monthLogs.close.checked', { month: formatMonth(month, language), total: check.employees })}
                </Typography>
                {problems === 0 ? (
                  <Alert severity="success" icon={<CheckCircleOutline />} data-testid="precheck-ok">
                    {t('monthLogs.close.noProblems')}
                  </Alert>
                ) : (
                  <>
                    <Alert severity="warning" sx={{ mb: 2 }} data-testid="precheck-problems">
                      <AlertTitle>{t('monthLogs.close.problemsTitle', { total: problems })}</AlertTitle>
                      {t('monthLogs.close.problemsBody')}
                    </Alert>
                    <PrecheckList check={check} />
                  </>
                )}
              </>
            )}
            {refusal && (
              <Alert
                severity={refusal.running ? 'warning' : 'error'}
                role="alert"
                sx={{ mt: 2 }}
                data-testid="close-refusal"
              >
                {refusal.running && <AlertTitle>{t('monthLogs.close.runningTitle')}</AlertTitle>}
                {refusal.text}
              </Alert>
            )}
          </Box>
        )}

        {step === 'progress' && created && <CloseProgress id={created.id} onOpen={onClose} />}
      </DialogContent>
      {step === 'check' && problems > 0 && (
        // Out of the scrolling list: the confirmation stays in sight next to the button it unlocks.
        <Box sx={{ px: 3, pt: 1.5, borderTop: 1, borderColor: 'divider' }}>
          <FormControlLabel
            control={
              <Checkbox checked={aware} onChange={(e) => setAware(e.target.checked)} data-testid="close-force" />
            }
            label={t('monthLogs.close.force')}
          />
        </Box>
      )}
      <DialogActions>
        {step === 'month' && (
          <>
            <Button onClick={onClose}>{t('common.cancel')}</Button>
            <Button variant="contained" onClick={() => goTo('check')} data-testid="close-next">
              {t('monthLogs.close.next')}
            </Button>
          </>
        )}
        {step === 'check' && (
          <>
            {!fixedMonth && (
              <Button
                onClick={() => {
                  setRefusal(null);
                  setAware(false);
                  goTo('month');
                }}
                disabled={busy}
                sx={{ marginInlineEnd: 'auto' }}
              >
                {t('monthLogs.close.back')}
              </Button>
            )}
            <Button onClick={onClose} disabled={busy}>
              {t('common.cancel')}
            </Button>
            <Button
              variant="contained"
              color={problems > 0 ? 'warning' : 'primary'}
              // White on the theme's warning orange is below AA contrast: the darker amber of the other warnings.
              sx={problems > 0 ? { bgcolor: '#8C4A00', '&:hover': { bgcolor: '#6B3900' } } : undefined}
              onClick={() => void submit()}
              disabled={!check || busy || (problems > 0 && !aware)}
              startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
              data-testid="close-submit"
            >
              {problems > 0 ? t('monthLogs.close.submitForced') : t('monthLogs.close.submit')}
            </Button>
          </>
        )}
        {step === 'progress' && <Button onClick={onClose}>{t('common.close')}</Button>}
      </DialogActions>
    </Dialog>
  );
}
