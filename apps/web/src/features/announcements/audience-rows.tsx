import { Chip, Stack, Typography } from '@mui/material';
import type { AdminAnnouncement } from '@timbro/shared';
import { useTranslation } from 'react-i18next';
import { DetailRow } from '../../components/detail-list';
import { audienceSummary } from './announcement-state';

/** An announcement's recipients (the summary, then each group and person chosen) and whether it asks for a reading. */
export function AudienceRows({ announcement }: { announcement: AdminAnnouncement }) {
  const { t } = useTranslation();
  const { audience } = announcement;
  const refs = [...audience.groups, ...audience.people];
  return (
    <>
      <DetailRow label={t('announcements.fields.recipients')}>
        <Typography>{audienceSummary(t, audience)}</Typography>
        {!audience.everyone && refs.length > 0 && (
          <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', mt: 0.5 }}>
            {refs.map((r) => (
              <Chip key={r.id} size="small" label={r.name} />
            ))}
          </Stack>
        )}
      </DetailRow>
      <DetailRow label={t('announcements.fields.acknowledgement')}>
        {announcement.requiresAck ? t('announcements.ack.required') : t('announcements.ack.notRequired')}
      </DetailRow>
    </>
  );
}
