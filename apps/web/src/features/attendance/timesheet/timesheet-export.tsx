import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import { Button, CircularProgress, Stack } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { downloadTimesheet } from '../api/export-timesheet';
import type { TimesheetParams } from '../api/get-timesheet';

/** The timesheet's XLSX and PDF export of every page with the screen's filters, one download at a time. */
export function TimesheetExportButtons({
  filters,
}: {
  filters: Pick<TimesheetParams, 'from' | 'to' | 'groupId' | 'search'>;
}) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [exporting, setExporting] = useState<'xlsx' | 'pdf' | null>(null);

  const onExport = async (format: 'xlsx' | 'pdf') => {
    setExporting(format);
    try {
      await downloadTimesheet(filters, format);
      enqueueSnackbar(t('timesheet.exported'), { variant: 'success' });
    } catch (err) {
      enqueueSnackbar(errorMessage(err, t('errors.generic')), { variant: 'error' });
    } finally {
      setExporting(null);
    }
  };

  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: { xs: 'wrap', md: 'nowrap' }, flexShrink: 0 }}>
      <Button
        variant="outlined"
        onClick={() => void onExport('xlsx')}
        disabled={exporting !== null}
        startIcon={exporting === 'xlsx' ? <CircularProgress size={16} color="inherit" /> : <FileDownloadOutlined />}
        data-testid="timesheet-export-xlsx"
      >
        {exporting === 'xlsx' ? t('timesheet.exporting') : t('timesheet.exportXlsx')}
      </Button>
      <Button
        variant="outlined"
        onClick={() => void onExport('pdf')}
        disabled={exporting !== null}
        startIcon={exporting === 'pdf' ? <CircularProgress size={16} color="inherit" /> : <PictureAsPdfOutlined />}
        data-testid="timesheet-export-pdf"
      >
        {exporting === 'pdf' ? t('timesheet.exporting') : t('timesheet.exportPdf')}
      </Button>
    </Stack>
  );
}
