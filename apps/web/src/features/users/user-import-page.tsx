import { Box, Chip, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ImportPage } from '../../components/import/import-page';
import { ImportPreviewStep } from '../../components/import/import-preview';
import { useImportFlow } from '../../components/import/use-import-flow';
import { paths } from '../../config/paths';
import { usePreviewImport } from './api/preview-import';
import { useRunImport } from './api/run-import';
import { ImportPreviewTable } from './import-preview-table';
import { downloadImportTemplate, IMPORT_HEADERS, REQUIRED_IMPORT_HEADERS } from './import-template';

const HELP_ITEMS = ['roles', 'employees', 'groups', 'dates', 'existing', 'allOrNothing'] as const;

/** /admin/user/import: choose a CSV/XLSX file → check every row → import all or nothing. */
export function UserImportPage() {
  const { t } = useTranslation();
  const flow = useImportFlow(usePreviewImport(), useRunImport());

  return (
    <ImportPage
      keyPrefix="userImport"
      testId="import"
      back={{ to: paths.adminUser, label: t('users.list.title') }}
      flow={flow}
      onTemplate={() => downloadImportTemplate()}
      help={<ImportHelp />}
      preview={(preview, file) => (
        <ImportPreviewStep
          keyPrefix="userImport"
          testId="import"
          fileName={file.name}
          counts={preview}
          toImport={preview.valid}
          blockedLabel={t('users.actions.import')}
          busy={flow.running}
          onRestart={flow.restart}
          onImport={flow.run}
        >
          <ImportPreviewTable preview={preview} />
        </ImportPreviewStep>
      )}
      done={(result) => ({
        lines: [t('userImport.done.created', { n: result.created })],
        next: { to: paths.adminUser, label: t('userImport.done.toList') },
      })}
    />
  );
}

/** The columns of the file (the required ones filled) and the rules the server applies to its rows. */
function ImportHelp() {
  const { t } = useTranslation();
  return (
    <>
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
        {HELP_ITEMS.map((item) => (
          <Typography component="li" variant="body2" key={item}>
            {t(`userImport.help.${item}`)}
          </Typography>
        ))}
      </Box>
    </>
  );
}
