import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import { Box, Button, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { SectionCard } from '../section-card';
import { FileDropCard } from './file-drop-card';
import { LinkButton } from '../link-button';

/**
 * An import's first step: the file to check (FileDropCard, its texts under `<keyPrefix>.file`), beside what the server
 * expects of it: the template to download, then `children`.
 */
export function ImportFileStep({
  keyPrefix,
  testId,
  file,
  busy,
  onFile,
  onRejected,
  onNext,
  helpTitle,
  template,
  children,
}: {
  keyPrefix: string;
  testId: string;
  file: File | null;
  busy: boolean;
  onFile(f: File): void;
  onRejected(message: string): void;
  onNext(): void;
  helpTitle: string;
  template: { label: string; onDownload(): void };
  children: ReactNode;
}) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' }, alignItems: 'start' }}>
      <FileDropCard
        keyPrefix={`${keyPrefix}.file`}
        testId={testId}
        file={file}
        busy={busy}
        onFile={onFile}
        onRejected={onRejected}
        onNext={onNext}
      />
      <SectionCard title={helpTitle}>
        <Stack spacing={1.5}>
          <Button
            variant="outlined"
            startIcon={<DownloadOutlined />}
            onClick={template.onDownload}
            sx={{ alignSelf: 'flex-start' }}
            data-testid={`${testId}-template`}
          >
            {template.label}
          </Button>
          {children}
        </Stack>
      </SectionCard>
    </Box>
  );
}

/**
 * The checked file's summary: its name and counts (`counts`, chips), "another file" and the import button, and the
 * progress while the import runs.
 */
export function ImportSummary({
  fileName,
  counts,
  countsTestId,
  otherFileLabel,
  onRestart,
  confirm,
  busy,
  busyLabel,
}: {
  fileName: string;
  counts: ReactNode;
  countsTestId: string;
  otherFileLabel: string;
  onRestart(): void;
  confirm: { label: string; disabled: boolean; onClick(): void; testId: string };
  busy: boolean;
  busyLabel: string;
}) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
            {fileName}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 1 }} data-testid={countsTestId}>
            {counts}
          </Stack>
        </Box>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button onClick={onRestart} disabled={busy}>
            {otherFileLabel}
          </Button>
          <Button
            variant="contained"
            onClick={confirm.onClick}
            disabled={confirm.disabled || busy}
            data-testid={confirm.testId}
          >
            {confirm.label}
          </Button>
        </Stack>
      </Stack>
      {busy && (
        <Box sx={{ mt: 2 }} role="status">
          <LinearProgress aria-label={busyLabel} />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {busyLabel}
          </Typography>
        </Box>
      )}
    </Paper>
  );
}

/** The import done: what was written, the way to the list, and "import another file". */
export function ImportDone({
  testId,
  title,
  lines,
  next,
  againLabel,
  onAgain,
}: {
  testId: string;
  title: string;
  lines: string[];
  next: { to: string; label: string };
  againLabel: string;
  onAgain(): void;
}) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, md: 4 }, textAlign: 'center' }} data-testid={testId}>
      <CheckCircleOutlined color="success" sx={{ fontSize: 56 }} />
      <Typography variant="h6" component="h2" sx={{ mt: 1 }}>
        {title}
      </Typography>
      <Stack spacing={0.5} sx={{ mt: 1, mb: 3 }}>
        {lines.map((line) => (
          <Typography key={line}>{line}</Typography>
        ))}
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'center' }}>
        <LinkButton variant="contained" to={next.to}>
          {next.label}
        </LinkButton>
        <Button onClick={onAgain}>{againLabel}</Button>
      </Stack>
    </Paper>
  );
}
