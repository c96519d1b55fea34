import LockOutlined from '@mui/icons-material/LockOutlined';
import { Alert, Box, Chip, Stack, Typography } from '@mui/material';
import type { AdminAnnouncement } from '@timbro/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../components/section-card';
import { catalogFor } from '../../i18n/languages';
import { audienceSummary } from './announcement-state';
import { formatInZone } from './zone';

/**
 * The delivery of an announcement already sent, read-only in its form: when it went, to whom and whether it asks for
 * an acknowledgement; editing now changes the text and the attachments only, and nobody is notified again.
 */
export function LockedDelivery({ announcement, timeZone }: { announcement: AdminAnnouncement; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const { audience } = announcement;
  const refs = [...audience.groups, ...audience.people];
  return (
    <SectionCard title={t('announcements.form.sections.sent')} testId="announcement-locked">
      <Alert severity="info" icon={<LockOutlined />} sx={{ mb: 2 }} data-testid="announcement-locked-notice">
        {t('announcements.form.lockedNotice')}
      </Alert>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' },
          columnGap: 3,
          rowGap: { xs: 0.5, sm: 1.5 },
          m: 0,
          '& dt': { color: 'text.secondary', typography: 'body2', pt: { xs: 1, sm: 0 } },
          '& dd': { m: 0, typography: 'body1', minWidth: 0 },
        }}
      >
        <Row label={t('announcements.fields.sentAt')}>
          {formatInZone(announcement.processedAt ?? announcement.sendAt, timeZone, language)}
        </Row>
        <Row label={t('announcements.fields.recipients')}>
          <Typography>{audienceSummary(t, audience)}</Typography>
          {!audience.everyone && refs.length > 0 && (
            <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', mt: 0.5 }}>
              {refs.map((r) => (
                <Chip key={r.id} size="small" label={r.name} />
              ))}
            </Stack>
          )}
        </Row>
        <Row label={t('announcements.fields.acknowledgement')}>
          {announcement.requiresAck ? t('announcements.ack.required') : t('announcements.ack.notRequired')}
        </Row>
      </Box>
    </SectionCard>
  );
}

export function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Box component="dt">{label}</Box>
      <Box component="dd">{children}</Box>
    </>
  );
}
