import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import { Alert, Button, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { BackLink } from '../../../components/back-link';
import { ImportStepper } from '../../../components/import/import-stepper';
import { useImportFlow } from '../../../components/import/use-import-flow';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { usePreviewPunchImport, useRunPunchImport } from '../api/punch-import';
import { FileStep } from './punch-import-file-step';
import { PreviewStep } from './punch-import-preview';

/** /admin/punch/import: a badge-reader file (CSV/XLSX) → every row checked → imported all or nothing. */
export function PunchImportPage() {
  const { t } = useTranslation();
  const flow = useImportFlow(usePreviewPunchImport(), useRunPunchImport());
  const { step, file, preview, result, failure, restart } = flow;

  return (
    <>
      <BackLink to={paths.adminAttendanceCalendar} label={t('adminCalendar.title')} />
      <PageHeader title={t('punchImport.title')} subtitle={t('punchImport.subtitle')} />
      <ImportStepper step={step} keyPrefix="punchImport.steps" />
      {failure && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }} data-testid="punch-import-error">
          {failure}
        </Alert>
      )}
      {step === 'file' && (
        <FileStep
          file={file}
          busy={flow.checking}
          onFile={flow.choose}
          onRejected={flow.setFailure}
          onNext={flow.check}
        />
      )}
      {step === 'preview' && preview && file && (
        <PreviewStep file={file} preview={preview} busy={flow.running} onRestart={restart} onImport={flow.run} />
      )}
      {step === 'done' && result && (
        <Paper variant="outlined" sx={{ p: { xs: 3, md: 4 }, textAlign: 'center' }} data-testid="punch-import-result">
          <CheckCircleOutlined color="success" sx={{ fontSize: 56 }} />
          <Typography variant="h6" component="h2" sx={{ mt: 1 }}>
            {t('punchImport.done.title')}
          </Typography>
          <Stack spacing={0.5} sx={{ mt: 1, mb: 3 }}>
            <Typography>{t('punchImport.done.created', { n: result.created })}</Typography>
            <Typography>{t('punchImport.done.duplicates', { n: result.duplicates })}</Typography>
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'center' }}>
            <Button variant="contained" component={RouterLink} to={paths.adminAttendanceCalendar}>
              {t('punchImport.done.toCalendar')}
            </Button>
            <Button onClick={restart}>{t('punchImport.done.again')}</Button>
          </Stack>
        </Paper>
      )}
    </>
  );
}
