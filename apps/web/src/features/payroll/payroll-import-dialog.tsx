import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  List,
  ListItem,
  Typography,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import { useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import {
  downloadTemplateCsv,
  isSpreadsheetFile,
  SPREADSHEET_ACCEPT,
  SPREADSHEET_MAX_BYTES,
} from '../../components/import/spreadsheet-file';
import { errorMessage, fieldErrors } from '../../lib/error-message';
import { useImportEmployeeCodes } from './api/import-employee-codes';
import { DialogButtons } from '../../components/dialog-buttons';

const TEMPLATE_HEADERS = ['codice_fiscale', 'codice'] as const;

/**
 * The employees' codes from a CSV or Excel file: which columns it needs, the file, and — when the server refuses it —
 * every wrong row with its line (nothing is written then).
 */
export function PayrollImportDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const run = useImportEmployeeCodes();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [refusal, setRefusal] = useState<{ message: string; rows: string[] } | null>(null);

  const close = () => {
    if (run.isPending) return;
    setFile(null);
    setRefusal(null);
    onClose();
  };
  const choose = (f: File | undefined) => {
    setRefusal(null);
    if (!f) return;
    if (!isSpreadsheetFile(f)) return setRefusal({ message: t('payroll.import.wrongType'), rows: [] });
    if (f.size > SPREADSHEET_MAX_BYTES)
      return setRefusal({ message: t('payroll.import.tooLarge', { max: '10 MB' }), rows: [] });
    setFile(f);
  };
  const submit = async () => {
    if (!file) return;
    setRefusal(null);
    try {
      const { updated } = await run.mutateAsync(file);
      enqueueSnackbar(t('payroll.import.done', { n: updated }), { variant: 'success' });
      close();
    } catch (err) {
      const rows = Object.entries(fieldErrors(err))
        .filter(([path]) => path.startsWith('rows.'))
        .map(([, message]) => message);
      setRefusal({ message: errorMessage(err, t('errors.generic')), rows });
    }
  };

  return (
    <Dialog open={open} onClose={close} maxWidth="sm" fullWidth aria-labelledby="payroll-import-title">
      <DialogTitle id="payroll-import-title">{t('payroll.import.title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {t('payroll.import.intro')}
        </Typography>
        <List dense disablePadding sx={{ mb: 1, listStyle: 'disc', ps: 3, '& li': { display: 'list-item', py: 0.25 } }}>
          <ListItem disableGutters>
            <Typography variant="body2">
              <Trans
                i18nKey="payroll.import.columnEmployee"
                components={{ code: <Box component="code" dir="ltr" /> }}
              />
            </Typography>
          </ListItem>
          <ListItem disableGutters>
            <Typography variant="body2">
              <Trans i18nKey="payroll.import.columnCode" components={{ code: <Box component="code" dir="ltr" /> }} />
            </Typography>
          </ListItem>
        </List>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('payroll.import.rules')}{' '}
          <Link
            component="button"
            type="button"
            variant="body2"
            onClick={() => downloadTemplateCsv(TEMPLATE_HEADERS, 'codici-paghe.csv')}
            data-testid="payroll-import-template"
          >
            {t('payroll.import.template')}
          </Link>
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <Button
            variant="outlined"
            startIcon={<UploadFileOutlined />}
            onClick={() => inputRef.current?.click()}
            disabled={run.isPending}
          >
            {file ? t('payroll.import.change') : t('payroll.import.choose')}
          </Button>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }} data-testid="payroll-import-file-name">
            {file ? file.name : t('payroll.import.noFile')}
          </Typography>
          <input
            ref={inputRef}
            type="file"
            accept={SPREADSHEET_ACCEPT}
            hidden
            onChange={(e) => {
              choose(e.target.files?.[0]);
              e.target.value = '';
            }}
            data-testid="payroll-import-input"
          />
        </Box>
        {refusal && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }} data-testid="payroll-import-error">
            {refusal.message}
            {refusal.rows.length > 0 && (
              <Box component="ul" sx={{ m: 0, mt: 1, ps: 2, maxHeight: 220, overflowY: 'auto' }}>
                {refusal.rows.map((r) => (
                  <li key={r}>{r}</li>
                ))}
              </Box>
            )}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <DialogButtons
          busy={run.isPending}
          onCancel={close}
          label={t('payroll.import.run')}
          onConfirm={() => void submit()}
          disabled={!file}
          testId="payroll-import-run"
        />
      </DialogActions>
    </Dialog>
  );
}
