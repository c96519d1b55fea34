import { Box, Chip, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ImportFileStep } from '../../../components/import/import-steps';
import { downloadTemplateCsv } from '../../../components/import/spreadsheet-file';

/** The columns the server reads (Italian headers; English aliases accepted). */
export const PUNCH_IMPORT_HEADERS = ['Codice fiscale', 'Data', 'Ora', 'Verso'] as const;

function downloadTemplate() {
  downloadTemplateCsv(PUNCH_IMPORT_HEADERS, 'modello-timbrature.csv');
}

/** The punch import's first step: the file to check, beside the template and what the server expects of it. */
export function FileStep({
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
      keyPrefix="punchImport"
      testId="punch-import"
      file={file}
      busy={busy}
      onFile={onFile}
      onRejected={onRejected}
      onNext={onNext}
      helpTitle={t('punchImport.help.title')}
      template={{ label: t('punchImport.help.template'), onDownload: downloadTemplate }}
    >
      <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {PUNCH_IMPORT_HEADERS.map((h) => (
          <Chip key={h} size="small" color="primary" label={h} />
        ))}
      </Stack>
      <Box component="ul" sx={{ m: 0, pl: 2.5, '& li': { mb: 0.5 } }}>
        {(['person', 'moment', 'direction', 'timeZone', 'duplicates', 'allOrNothing'] as const).map((k) => (
          <Typography component="li" variant="body2" key={k}>
            {t(`punchImport.help.${k}`)}
          </Typography>
        ))}
      </Box>
    </ImportFileStep>
  );
}
