import { Alert } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { BackLink } from '../../../components/back-link';
import { ImportDone } from '../../../components/import/import-steps';
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
        <ImportDone
          testId="punch-import-result"
          title={t('punchImport.done.title')}
          lines={[
            t('punchImport.done.created', { n: result.created }),
            t('punchImport.done.duplicates', { n: result.duplicates }),
          ]}
          next={{ to: paths.adminAttendanceCalendar, label: t('punchImport.done.toCalendar') }}
          againLabel={t('punchImport.done.again')}
          onAgain={restart}
        />
      )}
    </>
  );
}
