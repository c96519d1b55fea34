import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import { Alert, Box, Button, CircularProgress, Paper, Typography } from '@mui/material';
import type { MyAnnouncement } from '@timbro/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { BackLink } from '../../components/back-link';
import { PageHeader } from '../../components/page-header';
import { Loaded } from '../../components/form/form-page';
import { paths } from '../../config/paths';
import { catalogFor } from '../../i18n/languages';
import { formatDate, formatDateTime } from '../../lib/dates';
import { errorMessage } from '../../lib/error-message';
import { useAcknowledgeAnnouncement, useMyAnnouncement } from './api/get-my-announcements';
import { AnnouncementContent } from './announcement-content';
import { AttachmentList } from './attachment-list';

/**
 * /member/announcement/:id: one of the member's announcements, its text and attachments. Opening it records the read
 * (the list and the bell refresh); when it asks for it, "Confermo la presa visione", then when it was confirmed.
 */
export function MyAnnouncementPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const query = useMyAnnouncement(id);
  const back = { to: paths.memberAnnouncement, label: t('announcements.my.title') };
  return (
    <Loaded queries={[query]} back={back}>
      {([a]) => <MyAnnouncementView id={id} a={a} back={back} />}
    </Loaded>
  );
}

function MyAnnouncementView({ id, a, back }: { id: string; a: MyAnnouncement; back: { to: string; label: string } }) {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const acknowledge = useAcknowledgeAnnouncement(id);
  const [refusal, setRefusal] = useState<string | null>(null);
  const onAcknowledge = async () => {
    setRefusal(null);
    try {
      await acknowledge.mutateAsync();
    } catch (err) {
      setRefusal(errorMessage(err, t('errors.generic')));
    }
  };

  return (
    <Box sx={{ maxWidth: 820 }}>
      <BackLink {...back} />
      <PageHeader
        title={a.title}
        subtitle={t('announcements.my.publishedOn', { date: formatDate(a.publishedAt, language) })}
      />
      {a.requiresAck &&
        (a.acknowledgedAt ? (
          <Alert severity="success" icon={<TaskAltOutlined />} sx={{ mb: 2 }} data-testid="my-announcement-acked">
            {t('announcements.ack.doneOn', { date: formatDateTime(a.acknowledgedAt, language) })}
          </Alert>
        ) : (
          <Alert
            severity="warning"
            sx={{ mb: 2, alignItems: 'center' }}
            data-testid="my-announcement-ack"
            action={
              <Button
                color="inherit"
                variant="outlined"
                size="small"
                disabled={acknowledge.isPending}
                startIcon={acknowledge.isPending ? <CircularProgress size={14} color="inherit" /> : undefined}
                onClick={() => void onAcknowledge()}
                sx={{ whiteSpace: 'nowrap' }}
                data-testid="my-announcement-ack-button"
              >
                {t('announcements.ack.confirm')}
              </Button>
            }
          >
            {t('announcements.ack.ask')}
          </Alert>
        ))}
      {refusal && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {refusal}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }} component="article" aria-label={a.title}>
        <AnnouncementContent html={a.content} testId="my-announcement-content" />
        {a.attachments.length > 0 && (
          <>
            <Typography variant="subtitle2" component="h2" sx={{ mt: 3, mb: 1 }}>
              {t('announcements.attachments.title')}
            </Typography>
            <AttachmentList announcementId={a.id} attachments={a.attachments} side="member" />
          </>
        )}
      </Paper>
    </Box>
  );
}
