import Close from '@mui/icons-material/Close';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import { Box, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import type { StoredFile } from '@timbro/shared';
import { useTranslation } from 'react-i18next';
import { fileSize } from '../../components/import/spreadsheet-file';
import { catalogFor } from '../../i18n/languages';

export interface AttachmentRow {
  key: string;
  /** Already attached (editing), or new. */
  stored: boolean;
  file: StoredFile | File;
}

/** The attachments chosen so far, each with its size and "Togli". */
export function AttachmentRows({
  rows,
  onRemove,
  disabled,
  labelId,
  testId,
}: {
  rows: AttachmentRow[];
  onRemove(file: StoredFile | File): void;
  disabled?: boolean;
  labelId: string;
  testId: string;
}) {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  return (
    <Stack
      component="ul"
      spacing={1}
      sx={{ listStyle: 'none', p: 0, m: 0, mb: 1.5 }}
      aria-labelledby={labelId}
      data-testid={`${testId}-list`}
    >
      {rows.map(({ key, stored, file }) => (
        <Stack
          component="li"
          key={key}
          direction="row"
          spacing={1.5}
          sx={{ alignItems: 'center' }}
          data-testid={`${testId}-item`}
        >
          <InsertDriveFileOutlined color="action" />
          <Box sx={{ minWidth: 0, flex: 1 }}>
            <Typography variant="body2" noWrap>
              {file.name}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {fileSize(file.size, language)}
              {stored ? ` · ${t('announcements.attachments.stored')}` : ''}
            </Typography>
          </Box>
          <Tooltip title={t('announcements.attachments.remove', { name: file.name })}>
            <span>
              <IconButton
                size="small"
                aria-label={t('announcements.attachments.remove', { name: file.name })}
                onClick={() => onRemove(file)}
                disabled={disabled}
              >
                <Close fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
        </Stack>
      ))}
    </Stack>
  );
}
