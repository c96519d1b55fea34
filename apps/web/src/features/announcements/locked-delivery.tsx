import LockOutlined from '@mui/icons-material/LockOutlined';
import { Alert } from '@mui/material';
import type { AdminAnnouncement } from '@timbro/shared';
import { useTranslation } from 'react-i18next';
import { DetailList, DetailRow } from '../../components/detail-list';
import { SectionCard } from '../../components/section-card';
import { catalogFor } from '../../i18n/languages';
import { AudienceRows } from './audience-rows';
import { formatInZone } from './zone';

/**
 * The delivery of an announcement already sent, read-only in its form: when it went, to whom and whether it asks for
 * an acknowledgement; editing now changes the text and the attachments only, and nobody is notified again.
 */
export function LockedDelivery({ announcement, timeZone }: { announcement: AdminAnnouncement; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  return (
    <SectionCard title={t('announcements.form.sections.sent')} testId="announcement-locked">
      <Alert severity="info" icon={<LockOutlined />} sx={{ mb: 2 }} data-testid="announcement-locked-notice">
        {t('announcements.form.lockedNotice')}
      </Alert>
      <DetailList labelWidth={200}>
        <DetailRow label={t('announcements.fields.sentAt')}>
          {formatInZone(announcement.processedAt ?? announcement.sendAt, timeZone, language)}
        </DetailRow>
        <AudienceRows announcement={announcement} />
      </DetailList>
    </SectionCard>
  );
}
