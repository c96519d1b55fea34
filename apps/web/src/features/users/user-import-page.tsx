import { Alert, AlertTitle, Box, Chip, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { BackLink } from '../../components/back-link';
import { ImportDone, ImportFileStep, ImportSummary } from '../../components/import/import-steps';
import { ImportStepper } from '../../components/import/import-stepper';
import { useImportFlow } from '../../components/import/use-import-flow';
import { PageHeader } from '../../components/page-header';
import { paths } from '../../config/paths';
import { usePreviewImport } from './api/preview-import';
import { useRunImport } from './api/run-import';
import { ImportPreviewTable } from './import-preview-table';
import { downloadImportTemplate, IMPORT_HEADERS, REQUIRED_IMPORT_HEADERS } from './import-template';

/** /admin/user/import: choose a CSV/XLSX file → check every row → import all or nothing. */
export function UserImportPage() {
  const { t } = useTranslation();
  const flow = useImportFlow(usePreviewImport(), useRunImport());
  const { step, file, preview, result, failure, restart } = flow;

  return (
    <>
      <BackLink to={paths.adminUser} label={t('users.list.title')} />
      <PageHeader title={t('userImport.title')} subtitle={t('userImport.subtitle')} />
      <ImportStepper step={step} keyPrefix="userImport.steps" />
      {failure && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }} data-testid="import-error">
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
        <Stack spacing={2} data-testid="import-preview">
          <ImportSummary
            fileName={file.name}
            countsTestId="import-counts"
            counts={
              <>
                <Chip label={t('userImport.preview.total', { n: preview.total })} />
                <Chip
                  color="success"
                  variant="outlined"
                  label={t('userImport.preview.valid', { n: preview.valid })}
                  data-testid="import-valid"
                />
                <Chip
                  color={preview.invalid > 0 ? 'error' : 'default'}
                  variant={preview.invalid > 0 ? 'filled' : 'outlined'}
                  label={t('userImport.preview.invalid', { n: preview.invalid })}
                  data-testid="import-invalid"
                />
              </>
            }
            otherFileLabel={t('userImport.preview.otherFile')}
            onRestart={restart}
            confirm={{
              label:
                preview.invalid > 0 ? t('users.actions.import') : t('userImport.preview.confirm', { n: preview.valid }),
              disabled: preview.invalid > 0 || preview.valid === 0,
              onClick: flow.run,
              testId: 'import-confirm',
            }}
            busy={flow.running}
            busyLabel={t('userImport.preview.importing')}
          />
          {preview.invalid > 0 ? (
            <Alert severity="warning" data-testid="import-has-errors">
              <AlertTitle>{t('userImport.preview.hasErrorsTitle')}</AlertTitle>
              {t('userImport.preview.hasErrorsBody')}
            </Alert>
          ) : (
            <Alert severity="success">{t('userImport.preview.allValid')}</Alert>
          )}
          <Paper variant="outlined" sx={{ p: { xs: 1, md: 2 } }}>
            <ImportPreviewTable preview={preview} />
          </Paper>
        </Stack>
      )}
      {step === 'done' && result && (
        <ImportDone
          testId="import-result"
          title={t('userImport.done.title')}
          lines={[t('userImport.done.created', { n: result.created })]}
          next={{ to: paths.adminUser, label: t('userImport.done.toList') }}
          againLabel={t('userImport.done.again')}
          onAgain={restart}
        />
      )}
    </>
  );
}

function FileStep({
  file,
  busy,
  onFile,
  onRejected,
  onNext,
}: {
  file: File | null;
  busy: boolean;
  onFile(f: File): void;
  onRejected(message: string): void;
  onNext(): void;
}) {
  const { t } = useTranslation();
  return (
    <ImportFileStep
      keyPrefix="userImport"
      testId="import"
      file={file}
      busy={busy}
      onFile={onFile}
      onRejected={onRejected}
      onNext={onNext}
      helpTitle={t('userImport.help.title')}
      template={{ label: t('userImport.help.template'), onDownload: () => downloadImportTemplate() }}
    >
      <Typography variant="body2">{t('userImport.help.columns')}</Typography>
      <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {IMPORT_HEADERS.map((h) => (
          <Chip
            key={h}
            size="small"
            label={h}
            variant={(REQUIRED_IMPORT_HEADERS as readonly string[]).includes(h) ? 'filled' : 'outlined'}
            color={(REQUIRED_IMPORT_HEADERS as readonly string[]).includes(h) ? 'primary' : 'default'}
          />
        ))}
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {t('userImport.help.required')}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5, '& li': { mb: 0.5 } }}>
        <Typography component="li" variant="body2">
          {t('userImport.help.roles')}
        </Typography>
        <Typography component="li" variant="body2">
          {t('userImport.help.employees')}
        </Typography>
        <Typography component="li" variant="body2">
          {t('userImport.help.groups')}
        </Typography>
        <Typography component="li" variant="body2">
          {t('userImport.help.dates')}
        </Typography>
        <Typography component="li" variant="body2">
          {t('userImport.help.existing')}
        </Typography>
        <Typography component="li" variant="body2">
          {t('userImport.help.allOrNothing')}
        </Typography>
      </Box>
    </ImportFileStep>
  );
}
