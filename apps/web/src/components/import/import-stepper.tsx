import { Paper, Step, StepLabel, Stepper } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { IMPORT_STEPS, type ImportStep } from './use-import-flow';

/** The three steps of an import; labels from `<keyPrefix>.file|preview|done` (e.g. `userImport.steps`). */
export function ImportStepper({ step, keyPrefix }: { step: ImportStep; keyPrefix: string }) {
  const { t } = useTranslation();
  const at = IMPORT_STEPS.indexOf(step);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, mb: 2 }}>
      <Stepper
        activeStep={at}
        alternativeLabel
        sx={{ '& .MuiStepLabel-label': { fontSize: { xs: '0.75rem', sm: '0.875rem' } } }}
      >
        {IMPORT_STEPS.map((s, i) => (
          <Step key={s} completed={at > i || (s === 'done' && step === 'done')}>
            <StepLabel>{t(`${keyPrefix}.${s}`)}</StepLabel>
          </Step>
        ))}
      </Stepper>
    </Paper>
  );
}
