import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import { Box, IconButton, Link, Pagination, Paper, Skeleton, Stack, Tooltip, Typography } from '@mui/material';
import type { Document } from '@timbro/shared';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { generatePath, Link as RouterLink } from 'react-router';
import { GridMessage } from '../../components/data/grid-overlay';
import { LoadFailure } from '../../components/load-failure';
import { PageHeader } from '../../components/page-header';
import { paths } from '../../config/paths';
import { catalogFor } from '../../i18n/languages';
import { formatDate } from '../../lib/dates';
import { errorMessage } from '../../lib/error-message';
import { useListParams } from '../../lib/use-list-params';
import { useDownloadDocument } from './api/download-document';
import { useMyDocuments } from './api/get-my-documents';
import { ExpiryChip, expiryState } from './document-status';

const SORT_FIELDS = ['createdAt'] as const;
const NO_FILTERS = [] as const;
const PER_PAGE = 10;

export const myDocumentPath = (id: string) => generatePath(paths.memberDocumentDetail, { id });

/**
 * /member/document: the member's own documents not past their expiry, newest first, ten a page (the page in the URL);
 * each opens its detail and can be downloaded from here.
 */
export function MyDocumentsPage() {
  const { t } = useTranslation();
  const { params, update } = useListParams({
    sortFields: SORT_FIELDS,
    defaultSort: 'createdAt',
    defaultOrder: 'desc',
    filterKeys: NO_FILTERS,
    defaultPerPage: PER_PAGE,
  });
  const query = useMyDocuments({ page: params.page, perPage: params.perPage });
  const pages = query.data ? Math.ceil(query.data.total / query.data.perPage) : 0;

  return (
    <>
      <PageHeader title={t('documents.my.title')} subtitle={t('documents.my.subtitle')} />
      {query.isPending ? (
        <Stack spacing={1.5} aria-busy="true" aria-label={t('common.loading')}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={88} />
          ))}
        </Stack>
      ) : query.isError ? (
        <LoadFailure error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.items.length === 0 ? (
        <Paper variant="outlined" sx={{ py: 4 }} data-testid="my-documents-empty">
          <GridMessage
            icon={<DescriptionOutlined />}
            title={t('documents.empty.myTitle')}
            body={t('documents.empty.myBody')}
          />
        </Paper>
      ) : (
        <>
          <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="my-documents">
            {query.data.items.map((doc) => (
              <MyDocumentCard key={doc.id} doc={doc} />
            ))}
          </Stack>
          {pages > 1 && (
            <Box sx={{ display: 'flex', justifyContent: 'center', mt: 3 }}>
              <Pagination
                count={pages}
                page={Math.min(params.page, pages)}
                onChange={(_e, page) => update({ page })}
                color="primary"
                data-testid="my-documents-pages"
              />
            </Box>
          )}
        </>
      )}
    </>
  );
}

function MyDocumentCard({ doc }: { doc: Document }) {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const { enqueueSnackbar } = useSnackbar();
  const download = useDownloadDocument('member');
  const onDownload = async () => {
    try {
      await download.mutateAsync(doc);
    } catch (err) {
      enqueueSnackbar(errorMessage(err, t('errors.generic')), { variant: 'error' });
    }
  };
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2 }} data-testid="my-document">
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
          <Link
            component={RouterLink}
            to={myDocumentPath(doc.id)}
            underline="hover"
            variant="subtitle1"
            sx={{ fontWeight: 500, display: 'block', overflowWrap: 'anywhere' }}
          >
            {doc.label}
          </Link>
          {doc.description && (
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{
                display: '-webkit-box',
                WebkitLineClamp: 2,
                WebkitBoxOrient: 'vertical',
                overflow: 'hidden',
                overflowWrap: 'anywhere',
              }}
            >
              {doc.description}
            </Typography>
          )}
          <Stack
            direction="row"
            spacing={1.5}
            useFlexGap
            sx={{ alignItems: 'center', flexWrap: 'wrap', mt: 0.75, color: 'text.secondary' }}
          >
            <Typography variant="caption">
              {doc.expiresAt
                ? t('documents.my.expiresOn', { date: formatDate(doc.expiresAt, language) })
                : t('documents.expiry.none')}
            </Typography>
            <ExpiryChip state={expiryState(doc)} />
            <Typography variant="caption">
              {t('documents.my.publishedOn', { date: formatDate(doc.createdAt, language) })}
            </Typography>
          </Stack>
        </Box>
        <Tooltip title={t('documents.actions.download')}>
          <span>
            <IconButton
              color="primary"
              aria-label={t('documents.actions.downloadNamed', { label: doc.label })}
              disabled={download.isPending}
              onClick={() => void onDownload()}
              data-testid="my-document-download"
            >
              <DownloadOutlined />
            </IconButton>
          </span>
        </Tooltip>
      </Stack>
    </Paper>
  );
}
