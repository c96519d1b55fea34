import { Box, Chip, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ImportPage } from '../../../components/import/import-page';
import { downloadTemplateCsv } from '../../../components/import/spreadsheet-file';
import { useImportFlow } from '../../../components/import/use-import-flow';
import { paths } from '../../../config/paths';
import { usePreviewPunchImport, useRunPunchImport } from '../api/punch-import';
import { PreviewStep } from './punch-import-preview';

/** The columns the server reads (Italian headers; English aliases accepted). */
export const PUNCH_IMPORT_HEADERS = ['Codice fiscale', 'Data', 'Ora', 'Verso'] as const;

const HELP_ITEMS = ['person', 'moment', 'direction', 'timeZone', 'duplicates', 'allOrNothing'] as const;

function downloadTemplate() {
  downloadTemplateCsv(PUNCH_IMPORT_HEADERS, 'modello-timbrature.csv');
}

/** /admin/punch/import: a badge-reader file (CSV/XLSX) → every row checked → imported all or nothing. */
export function PunchImportPage() {
  const { t } = useTranslation();
  const flow = useImportFlow(usePreviewPunchImport(), useRunPunchImport());

  return (
    <ImportPage
      keyPrefix="punchImport"
      testId="punch-import"
      back={{ to: paths.adminAttendanceCalendar, label: t('adminCalendar.title') }}
      flow={flow}
      onTemplate={downloadTemplate}
      help={
        <>
          <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {PUNCH_IMPORT_HEADERS.map((h) => (
              <Chip key={h} size="small" color="primary" label={h} />
            ))}
          </Stack>
          <Box component="ul" sx={{ m: 0, pl: 2.5, '& li': { mb: 0.5 } }}>
            {HELP_ITEMS.map((k) => (
              <Typography component="li" variant="body2" key={k}>
                {t(`punchImport.help.${k}`)}
              </Typography>
            ))}
          </Box>
        </>
      }
      preview={(preview, file) => (
        <PreviewStep file={file} preview={preview} busy={flow.running} onRestart={flow.restart} onImport={flow.run} />
      )}
      done={(result) => ({
        lines: [
          t('punchImport.done.created', { n: result.created }),
          t('punchImport.done.duplicates', { n: result.duplicates }),
        ],
        next: { to: paths.adminAttendanceCalendar, label: t('punchImport.done.toCalendar') },
      })}
    />
  );
}
