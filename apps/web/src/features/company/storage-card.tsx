import { Alert, Box, LinearProgress, Skeleton, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../components/section-card';
import { formatSize } from '../../lib/format-size';
import { useStorage } from './api/get-storage';

/** How full the storage is, as a share (0–100) of whichever limit is nearer. */
export function storageShare(s: { usedBytes: number; usedFiles: number; quotaMb: number; quotaFiles: number }) {
  const bytes = s.quotaMb > 0 ? s.usedBytes / (s.quotaMb * 1024 * 1024) : 1;
  const files = s.quotaFiles > 0 ? s.usedFiles / s.quotaFiles : 1;
  return Math.min(100, Math.round(Math.max(bytes, files) * 100));
}

/**
 * The company's file storage on its details page (issue 30 item 8): the space and the files used against the quota the
 * platform operator set, and why there is one. A warning from 80 %.
 */
export function StorageCard() {
  const { t, i18n } = useTranslation();
  const query = useStorage();
  const s = query.data;
  const share = s ? storageShare(s) : 0;
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <SectionCard
      title={t('workspaceSettings.company.storage.title')}
      description={t('workspaceSettings.company.storage.hint')}
    >
      {query.isError ? (
        <Alert severity="error">{t('workspaceSettings.company.storage.error')}</Alert>
      ) : !s ? (
        <Skeleton variant="rounded" height={56} />
      ) : (
        <Stack spacing={1} data-testid="company-storage">
          <Typography>
            {t('workspaceSettings.company.storage.used', {
              used: formatSize(s.usedBytes, i18n.language),
              quota: formatSize(s.quotaMb * 1024 * 1024, i18n.language),
              files: number.format(s.usedFiles),
              quotaFiles: number.format(s.quotaFiles),
            })}
          </Typography>
          <Box>
            <LinearProgress
              variant="determinate"
              value={share}
              color={share >= 90 ? 'error' : share >= 80 ? 'warning' : 'primary'}
              aria-label={t('workspaceSettings.company.storage.share', { share })}
              sx={{ height: 8, borderRadius: 4 }}
            />
          </Box>
          {share >= 80 && (
            <Alert severity={share >= 90 ? 'error' : 'warning'} data-testid="company-storage-warning">
              {t('workspaceSettings.company.storage.nearlyFull', { share })}
            </Alert>
          )}
        </Stack>
      )}
    </SectionCard>
  );
}
