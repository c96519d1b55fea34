import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import { Box, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import type { StoredFile } from '@timbro/shared';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { fileSize } from '../../components/import/spreadsheet-file';
import { catalogFor } from '../../i18n/languages';
import { errorMessage } from '../../lib/error-message';
import { useDownloadAttachment, type AttachmentSide } from './api/download-attachment';

interface Props {
  announcementId: string;
  attachments: StoredFile[];
  /** The admin's download (logged) or the recipient's. */
  side: AttachmentSide;
}

/** An announcement's attachments, each with its size and "Scarica" (through the admin's or the member's route). */
export function AttachmentList({ announcementId, attachments, side }: Props) {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const { enqueueSnackbar } = useSnackbar();
  const download = useDownloadAttachment(side, announcementId);
  const downloading = download.isPending ? download.variables?.id : undefined;
  const onDownload = async (file: StoredFile) => {
    try {
      await download.mutateAsync(file);
    } catch (err) {
      enqueueSnackbar(errorMessage(err, t('errors.generic')), { variant: 'error' });
    }
  };
  if (attachments.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {t('announcements.attachments.none')}
      </Typography>
    );
  return (
    <Stack
      component="ul"
      spacing={1}
      sx={{ listStyle: 'none', p: 0, m: 0 }}
      aria-label={t('announcements.attachments.title')}
      data-testid="announcement-attachments"
    >
      {attachments.map((file) => (
        <Stack
          component="li"
          key={file.id}
          direction="row"
          spacing={1.5}
          sx={{ alignItems: 'center', border: 1, borderColor: 'divider', borderRadius: 1, px: 1.5, py: 1 }}
        >
          <InsertDriveFileOutlined color="action" />
          <Box sx={{ minWidth: 0, flex: 1 }}>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {file.name}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {fileSize(file.size, language)}
            </Typography>
          </Box>
          <Tooltip title={t('announcements.actions.download')}>
            <span>
              <IconButton
                color="primary"
                aria-label={t('announcements.actions.downloadNamed', { name: file.name })}
                disabled={downloading === file.id}
                onClick={() => void onDownload(file)}
                data-testid="announcement-attachment-download"
              >
                <DownloadOutlined />
              </IconButton>
            </span>
          </Tooltip>
        </Stack>
      ))}
    </Stack>
  );
}
