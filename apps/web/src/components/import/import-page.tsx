import { Alert } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BackLink } from '../back-link';
import { PageHeader } from '../page-header';
import { ImportDone, ImportFileStep } from './import-steps';
import { ImportStepper } from './import-stepper';
import type { ImportFlow } from './use-import-flow';

/**
 * A three-step import page (file → preview → done) over `useImportFlow`. Texts under `<keyPrefix>`: `.title`,
 * `.subtitle`, `.steps.*`, `.file.*`, `.help.title`, `.help.template`, `.done.title`, `.done.again`; test ids start
 * with `<testId>` (`-error`, `-result`, and those of the steps).
 */
export function ImportPage<P, R>({
  keyPrefix,
  testId,
  back,
  flow,
  onTemplate,
  help,
  preview: renderPreview,
  done,
}: {
  keyPrefix: string;
  testId: string;
  back: { to: string; label: string };
  flow: ImportFlow<P, R>;
  onTemplate(): void;
  /** What the server expects of the file, below the template button. */
  help: ReactNode;
  preview(preview: P, file: File): ReactNode;
  /** The done step's lines and the way back to the list. */
  done(result: R): { lines: string[]; next: { to: string; label: string } };
}) {
  const { t } = useTranslation();
  const { step, file, preview, result, failure, restart } = flow;
  const k = (key: string) => `${keyPrefix}.${key}`;

  return (
    <>
      <BackLink to={back.to} label={back.label} />
      <PageHeader title={t(k('title'))} subtitle={t(k('subtitle'))} />
      <ImportStepper step={step} keyPrefix={k('steps')} />
      {failure && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }} data-testid={`${testId}-error`}>
          {failure}
        </Alert>
      )}
      {step === 'file' && (
        <ImportFileStep
          keyPrefix={keyPrefix}
          testId={testId}
          file={file}
          busy={flow.checking}
          onFile={flow.choose}
          onRejected={flow.setFailure}
          onNext={flow.check}
          helpTitle={t(k('help.title'))}
          template={{ label: t(k('help.template')), onDownload: onTemplate }}
        >
          {help}
        </ImportFileStep>
      )}
      {step === 'preview' && preview && file && renderPreview(preview, file)}
      {step === 'done' && result && (
        <ImportDone
          testId={`${testId}-result`}
          title={t(k('done.title'))}
          {...done(result)}
          againLabel={t(k('done.again'))}
          onAgain={restart}
        />
      )}
    </>
  );
}
