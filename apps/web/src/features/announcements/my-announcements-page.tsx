import AttachFile from '@mui/icons-material/AttachFile';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import { Box, Chip, Stack, Typography } from '@mui/material';
import type { MyAnnouncement } from '@timbro/shared';
import { useTranslation } from 'react-i18next';
import { MyItemCard, MyItemFacts, MyItemText, MyItemTitle } from '../../components/my-items/my-item-card';
import { MyItemsPage, usePageInUrl } from '../../components/my-items/my-items-page';
import { catalogFor } from '../../i18n/languages';
import { formatDate } from '../../lib/dates';
import { useMyAnnouncements } from './api/get-my-announcements';
import { AckChip, UnreadDot } from './my-marks';
import { myAnnouncementPath } from './links';
import { plainTextOf } from './rich-text';

const PER_PAGE = 10;

/**
 * /member/announcement: "Le mie comunicazioni", unread first (a dot and the title in bold), then newest; each with its
 * date, a line of its text, its attachments and whether it asks for an acknowledgement. Ten a page (in the URL).
 */
export function MyAnnouncementsPage() {
  const { t } = useTranslation();
  const { page, perPage, setPage } = usePageInUrl(PER_PAGE);
  const query = useMyAnnouncements({ page, perPage });
  const unread = query.data?.unread ?? 0;
  return (
    <MyItemsPage
      title={t('announcements.my.title')}
      subtitle={
        query.data && query.data.total > 0
          ? unread > 0
            ? t('announcements.my.unread', { n: unread })
            : t('announcements.my.allRead')
          : t('announcements.my.subtitle')
      }
      query={query}
      page={page}
      onPage={setPage}
      testId="my-announcements"
      skeletonHeight={96}
      empty={{
        icon: <CampaignOutlined />,
        title: t('announcements.empty.myTitle'),
        body: t('announcements.empty.myBody'),
      }}
      itemKey={(a) => a.id}
      renderItem={(a) => <MyAnnouncementCard announcement={a} />}
    />
  );
}

function MyAnnouncementCard({ announcement: a }: { announcement: MyAnnouncement }) {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const unread = a.openedAt === null;
  return (
    <MyItemCard sx={{ borderColor: unread ? 'primary.main' : undefined }} testId="my-announcement" data-unread={unread}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <Box sx={{ pt: 1, width: 10, flexShrink: 0 }}>{unread && <UnreadDot />}</Box>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <MyItemTitle to={myAnnouncementPath(a.id)} bold={unread}>
            {a.title}
          </MyItemTitle>
          <MyItemText>{plainTextOf(a.content)}</MyItemText>
          <MyItemFacts>
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
          </MyItemFacts>
        </Box>
      </Stack>
    </MyItemCard>
  );
}
