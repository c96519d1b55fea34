import EditOutlined from '@mui/icons-material/EditOutlined';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import type { AdminAnnouncement } from '@timbro/shared';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { BackLink } from '../../components/back-link';
import { DetailList, DetailRow } from '../../components/detail-list';
import { Loaded } from '../../components/form/form-page';
import { PageHeader } from '../../components/page-header';
import { SectionCard } from '../../components/section-card';
import { paths } from '../../config/paths';
import { catalogFor } from '../../i18n/languages';
import { useCan } from '../../lib/auth/use-can';
import { useAnnouncement } from './api/get-announcement';
import { useWorkspaceTimeZone } from './api/get-time-zone';
import { AnnouncementContent } from './announcement-content';
import { StateChip } from './announcement-state';
import { AttachmentList } from './attachment-list';
import { announcementEditPath } from './links';
import { AudienceRows } from './audience-rows';
import { ReachFunnel } from './reach-funnel';
import { ReachTable } from './reach-table';
import { RemindButton } from './remind-button';
import { formatInZone } from './zone';

/**
 * /admin/announcement/:id: the announcement as its recipients read it, its attachments, and its reach: the funnel
 * (recipients → e-mailed → opened → acknowledged), each recipient's line and "Ricorda a chi non ha letto".
 */
export function AnnouncementDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const query = useAnnouncement(id);
  const back = { to: paths.adminAnnouncement, label: t('announcements.list.title') };
  return (
    <Loaded queries={[query]} back={back}>
      {([announcement]) => <AnnouncementDetail announcement={announcement} back={back} />}
    </Loaded>
  );
}

function AnnouncementDetail({
  announcement,
  back,
}: {
  announcement: AdminAnnouncement;
  back: { to: string; label: string };
}) {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const canWrite = useCan('announcement:write');
  const timeZone = useWorkspaceTimeZone();
  const at = (instant: string) => formatInZone(instant, timeZone, language);
  const { reach } = announcement;
  const subtitle =
    announcement.state === 'published'
      ? t('announcements.detail.sentOn', { date: at(announcement.publishedAt ?? announcement.sendAt) })
      : announcement.state === 'processing'
        ? t('announcements.detail.sending', { date: at(announcement.sendAt) })
        : t('announcements.detail.scheduledFor', { date: at(announcement.sendAt) });

  return (
    <Box>
      <BackLink {...back} />
      <PageHeader
        title={announcement.title}
        subtitle={subtitle}
        actions={
          canWrite && (
            <Button
              variant="outlined"
              startIcon={<EditOutlined />}
              component={RouterLink}
              to={announcementEditPath(announcement.id)}
              sx={{ whiteSpace: 'nowrap', alignSelf: { xs: 'flex-start', sm: 'center' } }}
              data-testid="announcement-edit-link"
            >
              {t('announcements.actions.edit')}
            </Button>
          )
        }
      />
      <Stack spacing={3}>
        <SectionCard
          title={t('announcements.reach.title')}
          description={t(
            announcement.requiresAck ? 'announcements.reach.descriptionAck' : 'announcements.reach.description',
          )}
          actions={canWrite && <RemindButton announcement={announcement} timeZone={timeZone} />}
          testId="announcement-reach-section"
        >
          {reach ? (
            <Stack spacing={3}>
              <ReachFunnel reach={reach} requiresAck={announcement.requiresAck} />
              <ReachTable announcement={announcement} timeZone={timeZone} />
            </Stack>
          ) : (
            <Alert severity="info" data-testid="announcement-reach-pending">
              {t('announcements.reach.pending')}
            </Alert>
          )}
        </SectionCard>
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 2fr) minmax(0, 1fr)' } }}>
          <SectionCard title={t('announcements.detail.content')}>
            <AnnouncementContent html={announcement.content} testId="announcement-content-view" />
            <Typography variant="subtitle2" component="h3" sx={{ mt: 3, mb: 1 }}>
              {t('announcements.attachments.title')}
            </Typography>
            <AttachmentList announcementId={announcement.id} attachments={announcement.attachments} side="admin" />
          </SectionCard>
          <SectionCard title={t('announcements.detail.details')}>
            <DetailList testId="announcement-details">
              <DetailRow label={t('announcements.columns.state')}>
                <StateChip state={announcement.state} />
              </DetailRow>
              <DetailRow label={t('announcements.fields.sendAt')}>{at(announcement.sendAt)}</DetailRow>
              {announcement.publishedAt && (
                <DetailRow label={t('announcements.fields.publishedAt')}>{at(announcement.publishedAt)}</DetailRow>
              )}
              <AudienceRows announcement={announcement} />
              <DetailRow label={t('announcements.fields.remindedAt')}>
                {announcement.remindedAt ? at(announcement.remindedAt) : t('announcements.remind.never')}
              </DetailRow>
              <DetailRow label={t('announcements.fields.updatedAt')}>{at(announcement.updatedAt)}</DetailRow>
            </DetailList>
          </SectionCard>
        </Box>
      </Stack>
    </Box>
  );
}
