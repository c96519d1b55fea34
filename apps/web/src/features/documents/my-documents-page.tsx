import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import { Box, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import type { Document } from '@timbro/shared';
import { useTranslation } from 'react-i18next';
import { generatePath } from 'react-router';
import { MyItemCard, MyItemFacts, MyItemText, MyItemTitle } from '../../components/my-items/my-item-card';
import { MyItemsPage, usePageInUrl } from '../../components/my-items/my-items-page';
import { paths } from '../../config/paths';
import { catalogFor } from '../../i18n/languages';
import { formatDate } from '../../lib/dates';
import { useDocumentDownload } from './use-document-download';
import { useMyDocuments } from './api/get-my-documents';
import { ExpiryChip, expiryState } from './document-status';

const PER_PAGE = 10;

export const myDocumentPath = (id: string) => generatePath(paths.memberDocumentDetail, { id });

/**
 * /member/document: the member's own documents not past their expiry, newest first, ten a page (the page in the URL);
 * each opens its detail and can be downloaded from here.
 */
export function MyDocumentsPage() {
  const { t } = useTranslation();
  const { page, perPage, setPage } = usePageInUrl(PER_PAGE);
  const query = useMyDocuments({ page, perPage });
  return (
    <MyItemsPage
      title={t('documents.my.title')}
      subtitle={t('documents.my.subtitle')}
      query={query}
      page={page}
      onPage={setPage}
      testId="my-documents"
      skeletonHeight={88}
      empty={{ icon: <DescriptionOutlined />, title: t('documents.empty.myTitle'), body: t('documents.empty.myBody') }}
      itemKey={(doc) => doc.id}
      renderItem={(doc) => <MyDocumentCard doc={doc} />}
    />
  );
}

function MyDocumentCard({ doc }: { doc: Document }) {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const { download, start } = useDocumentDownload('member');
  return (
    <MyItemCard testId="my-document">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Box
          sx={{
            display: { xs: 'none', sm: 'grid' },
            placeItems: 'center',
            width: 44,
            height: 44,
            borderRadius: 1,
            bgcolor: 'action.hover',
            color: 'primary.main',
            flexShrink: 0,
          }}
        >
          <DescriptionOutlined />
        </Box>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <MyItemTitle to={myDocumentPath(doc.id)}>{doc.label}</MyItemTitle>
          {doc.description && <MyItemText>{doc.description}</MyItemText>}
          <MyItemFacts>
            <Typography variant="caption">
              {doc.expiresAt
                ? t('documents.my.expiresOn', { date: formatDate(doc.expiresAt, language) })
                : t('documents.expiry.none')}
            </Typography>
            <ExpiryChip state={expiryState(doc)} />
            <Typography variant="caption">
              {t('documents.my.publishedOn', { date: formatDate(doc.createdAt, language) })}
            </Typography>
          </MyItemFacts>
        </Box>
        <Tooltip title={t('documents.actions.download')}>
          <span>
            <IconButton
              color="primary"
              aria-label={t('documents.actions.downloadNamed', { label: doc.label })}
              disabled={download.isPending}
              onClick={() => void start(doc)}
              data-testid="my-document-download"
            >
              <DownloadOutlined />
            </IconButton>
          </span>
        </Tooltip>
      </Stack>
    </MyItemCard>
  );
}
