import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import { Box, Button, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import type { Document } from '@timbro/shared';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { BackLink } from '../../components/back-link';
import { DetailList, DetailRow } from '../../components/detail-list';
import { PageHeader } from '../../components/page-header';
import { fileSize } from '../../components/import/spreadsheet-file';
import { Loaded } from '../../components/form/form-page';
import { paths } from '../../config/paths';
import { catalogFor } from '../../i18n/languages';
import { formatDate } from '../../lib/dates';
import { useDocumentDownload } from './use-document-download';
import { useMyDocument } from './api/get-my-documents';
import { ExpiryCell } from './document-status';

/** /member/document/:id: one of the member's documents, its details and "Scarica" (not found after its expiry). */
export function MyDocumentPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const query = useMyDocument(id);
  const back = { to: paths.memberDocument, label: t('documents.my.title') };
  return (
    <Loaded queries={[query]} back={back}>
      {([doc]) => <MyDocument doc={doc} back={back} />}
    </Loaded>
  );
}

function MyDocument({ doc, back }: { doc: Document; back: { to: string; label: string } }) {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const { download, start } = useDocumentDownload('member');

  return (
    <Box sx={{ maxWidth: 760 }}>
      <BackLink {...back} />
      <PageHeader
        title={doc.label}
        subtitle={t('documents.my.publishedOn', { date: formatDate(doc.createdAt, language) })}
        actions={
          <Button
            variant="contained"
            startIcon={download.isPending ? <CircularProgress size={16} color="inherit" /> : <DownloadOutlined />}
            disabled={download.isPending}
            onClick={() => void start(doc)}
            sx={{ whiteSpace: 'nowrap', alignSelf: { xs: 'flex-start', sm: 'center' } }}
            data-testid="my-document-download"
          >
            {t('documents.actions.download')}
          </Button>
        }
      />
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }} data-testid="my-document-detail">
        <DetailList labelWidth={180} loose>
          <DetailRow label={t('documents.fields.description')}>
            {doc.description ? (
              <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{doc.description}</Typography>
            ) : (
              <Typography color="text.secondary">{t('documents.detail.noDescription')}</Typography>
            )}
          </DetailRow>
          <DetailRow label={t('documents.fields.expiresAt')}>
            <ExpiryCell doc={doc} />
            {doc.expiresAt && (
              <Typography variant="caption" color="text.secondary" component="div">
                {t('documents.detail.expiryHint')}
              </Typography>
            )}
          </DetailRow>
          <DetailRow label={t('documents.fields.file')}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
              <InsertDriveFileOutlined color="action" fontSize="small" />
              <Typography sx={{ overflowWrap: 'anywhere' }} data-testid="my-document-file">
                {doc.attachment.name}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                {fileSize(doc.attachment.size, language)}
              </Typography>
            </Stack>
          </DetailRow>
        </DetailList>
      </Paper>
    </Box>
  );
}
