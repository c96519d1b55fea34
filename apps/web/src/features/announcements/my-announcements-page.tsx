import AttachFile from '@mui/icons-material/AttachFile';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import { Box, Chip, Link, Pagination, Paper, Skeleton, Stack, Typography } from '@mui/material';
import type { MyAnnouncement } from '@timbro/shared';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { GridMessage } from '../../components/data/grid-overlay';
import { LoadFailure } from '../../components/load-failure';
import { PageHeader } from '../../components/page-header';
import { catalogFor } from '../../i18n/languages';
import { formatDate } from '../../lib/dates';
import { useListParams } from '../../lib/use-list-params';
import { useMyAnnouncements } from './api/get-my-announcements';
import { AckChip, UnreadDot } from './my-marks';
import { myAnnouncementPath } from './links';
import { plainTextOf } from './rich-text';

const SORT_FIELDS = ['publishedAt'] as const;
const NO_FILTERS = [] as const;
const PER_PAGE = 10;

/**
 * /member/announcement: "Le mie comunicazioni", unread first (a dot and the title in bold), then newest; each with its
 * date, a line of its text, its attachments and whether it asks for an acknowledgement. Ten a page (in the URL).
 */
export function MyAnnouncementsPage() {
  const { t } = useTranslation();
  const { params, update } = useListParams({
    sortFields: SORT_FIELDS,
    defaultSort: 'publishedAt',
    defaultOrder: 'desc',
    filterKeys: NO_FILTERS,
    defaultPerPage: PER_PAGE,
  });
  const query = useMyAnnouncements({ page: params.page, perPage: params.perPage });
  const pages = query.data ? Math.ceil(query.data.total / query.data.perPage) : 0;
  const unread = query.data?.unread ?? 0;

  return (
    <>
      <PageHeader
        title={t('announcements.my.title')}
        subtitle={
          query.data && query.data.total > 0
            ? unread > 0
              ? t('announcements.my.unread', { n: unread })
              : t('announcements.my.allRead')
            : t('announcements.my.subtitle')
        }
      />
      {query.isPending ? (
        <Stack spacing={1.5} aria-busy="true" aria-label={t('common.loading')}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={96} />
          ))}
        </Stack>
      ) : query.isError ? (
        <LoadFailure error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.items.length === 0 ? (
        <Paper variant="outlined" sx={{ py: 4 }} data-testid="my-announcements-empty">
          <GridMessage
            icon={<CampaignOutlined />}
            title={t('announcements.empty.myTitle')}
            body={t('announcements.empty.myBody')}
          />
        </Paper>
      ) : (
        <>
          <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="my-announcements">
            {query.data.items.map((a) => (
              <MyAnnouncementCard key={a.id} announcement={a} />
            ))}
          </Stack>
          {pages > 1 && (
            <Box sx={{ display: 'flex', justifyContent: 'center', mt: 3 }}>
              <Pagination
                count={pages}
                page={Math.min(params.page, pages)}
                onChange={(_e, page) => update({ page })}
                color="primary"
                data-testid="my-announcements-pages"
              />
            </Box>
          )}
        </>
      )}
    </>
  );
}

function MyAnnouncementCard({ announcement: a }: { announcement: MyAnnouncement }) {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const unread = a.openedAt === null;
  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{ p: 2, borderColor: unread ? 'primary.main' : undefined }}
      data-testid="my-announcement"
      data-unread={unread}
    >
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <Box sx={{ pt: 1, width: 10, flexShrink: 0 }}>{unread && <UnreadDot />}</Box>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Link
            component={RouterLink}
            to={myAnnouncementPath(a.id)}
            underline="hover"
            variant="subtitle1"
            sx={{ fontWeight: unread ? 700 : 500, display: 'block', overflowWrap: 'anywhere' }}
          >
            {a.title}
          </Link>
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
            {plainTextOf(a.content)}
          </Typography>
          <Stack
            direction="row"
            spacing={1.5}
            useFlexGap
            sx={{ alignItems: 'center', flexWrap: 'wrap', mt: 0.75, color: 'text.secondary' }}
          >
            <Typography variant="caption">
              {t('announcements.my.publishedOn', { date: formatDate(a.publishedAt, language) })}
            </Typography>
            {a.attachments.length > 0 && (
              <Stack direction="row" spacing={0.25} sx={{ alignItems: 'center' }}>
                <AttachFile sx={{ fontSize: 16 }} aria-hidden />
                <Typography variant="caption">
                  {t('announcements.columns.attachments', { n: a.attachments.length })}
                </Typography>
              </Stack>
            )}
            <AckChip announcement={a} />
            {unread && <Chip size="small" color="primary" label={t('announcements.my.new')} />}
          </Stack>
        </Box>
      </Stack>
    </Paper>
  );
}
