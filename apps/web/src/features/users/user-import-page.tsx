import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import { Alert, AlertTitle, Box, Button, Chip, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { BackLink } from '../../components/back-link';
import { FileDropCard } from '../../components/import/file-drop-card';
import { ImportStepper } from '../../components/import/import-stepper';
import { useImportFlow } from '../../components/import/use-import-flow';
import { PageHeader } from '../../components/page-header';
import { SectionCard } from '../../components/section-card';
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
          <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
              <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
                  {file.name}
                </Typography>
                <Stack
                  direction="row"
                  spacing={1}
                  useFlexGap
                  sx={{ flexWrap: 'wrap', mt: 1 }}
                  data-testid="import-counts"
                >
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
                </Stack>
              </Box>
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                <Button onClick={restart} disabled={flow.running}>
                  {t('userImport.preview.otherFile')}
                </Button>
                <Button
                  variant="contained"
                  onClick={flow.run}
                  disabled={preview.invalid > 0 || preview.valid === 0 || flow.running}
                  data-testid="import-confirm"
                >
                  {preview.invalid > 0
                    ? t('users.actions.import')
                    : t('userImport.preview.confirm', { n: preview.valid })}
                </Button>
              </Stack>
            </Stack>
            {flow.running && (
              <Box sx={{ mt: 2 }}>
                <LinearProgress aria-label={t('userImport.preview.importing')} />
                <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                  {t('userImport.preview.importing')}
                </Typography>
              </Box>
            )}
          </Paper>
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
        <Paper variant="outlined" sx={{ p: { xs: 3, md: 4 }, textAlign: 'center' }} data-testid="import-result">
          <CheckCircleOutlined color="success" sx={{ fontSize: 56 }} />
          <Typography variant="h6" component="h2" sx={{ mt: 1 }}>
            {t('userImport.done.title')}
          </Typography>
          <Stack spacing={0.5} sx={{ mt: 1, mb: 3 }}>
            <Typography>{t('userImport.done.created', { n: result.created })}</Typography>
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'center' }}>
            <Button variant="contained" component={RouterLink} to={paths.adminUser}>
              {t('userImport.done.toList')}
            </Button>
            <Button onClick={restart}>{t('userImport.done.again')}</Button>
          </Stack>
        </Paper>
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
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' }, alignItems: 'start' }}>
      <FileDropCard
        keyPrefix="userImport.file"
        testId="import"
        file={file}
        busy={busy}
        onFile={onFile}
        onRejected={onRejected}
        onNext={onNext}
      />
      <SectionCard title={t('userImport.help.title')}>
        <Stack spacing={1.5}>
          <Button
            variant="outlined"
            startIcon={<DownloadOutlined />}
            onClick={() => downloadImportTemplate()}
            data-testid="import-template"
            sx={{ alignSelf: 'flex-start' }}
          >
            {t('userImport.help.template')}
          </Button>
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
        </Stack>
      </SectionCard>
    </Box>
  );
}
