import { Box, Chip, Stack, Typography } from '@mui/material';
import type { WorkShift } from '@timbro/shared';
import { useTranslation } from 'react-i18next';
import { DetailList, DetailRow } from '../../../components/detail-list';
import { SectionCard } from '../../../components/section-card';
import { catalogFor } from '../../../i18n/languages';
import { useCurrentInfo } from '../../../components/current-info';
import { formatInstant, personName, useDayFormat, useDuration } from '../shift-text';
import { formatShiftRange, isOvernight } from '../shift-time';

/** The shift's facts: day, times (and whether it ends the next day), pause, work, status, swapped, people, label, colour. */
export function ShiftDetails({ shift }: { shift: WorkShift }) {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const formatDay = useDayFormat();
  const duration = useDuration();
  const timeZone = useCurrentInfo().data?.timeZone;
  return (
    <SectionCard title={t('workShifts.detail.details')}>
      <DetailList testId="shift-details">
        <DetailRow label={t('workShifts.fields.date')}>{formatDay(shift.date, 'full')}</DetailRow>
        <DetailRow label={t('workShifts.detail.times')}>
          <bdi dir="ltr">{formatShiftRange(shift)}</bdi>
          {isOvernight(shift) && ` · ${t('workShifts.form.endsNextDay')}`}
        </DetailRow>
        <DetailRow label={t('workShifts.fields.pause')}>{duration(shift.pauseMinutes)}</DetailRow>
        <DetailRow label={t('workShifts.detail.work')}>{duration(shift.minutes)}</DetailRow>
        <DetailRow label={t('workShifts.detail.status')}>
          <Chip
            size="small"
            variant="outlined"
            label={t(`workShifts.status.${shift.status}`)}
            sx={shift.status === 'draft' ? { borderStyle: 'dashed' } : undefined}
            data-testid="shift-status"
          />
          {shift.publishedAt && (
            <Typography variant="body2" color="text.secondary" component="span" sx={{ marginInlineStart: 1 }}>
              {t('workShifts.detail.publishedAt', { date: formatInstant(shift.publishedAt, language, timeZone) })}
            </Typography>
          )}
        </DetailRow>
        <DetailRow label={t('workShifts.detail.swapped')}>{shift.swapped ? t('common.yes') : t('common.no')}</DetailRow>
        <DetailRow label={t('workShifts.fields.people')}>
          <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }} data-testid="shift-people-list">
            {shift.assignees.length === 0 ? (
              <Typography color="text.secondary">{t('workShifts.detail.nobody')}</Typography>
            ) : (
              shift.assignees.map((a) => <Chip key={a.id} size="small" label={personName(a)} />)
            )}
          </Stack>
        </DetailRow>
        <DetailRow label={t('workShifts.fields.label')}>{shift.label ?? '—'}</DetailRow>
        {shift.color && (
          <DetailRow label={t('workShifts.fields.color')}>
            <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
              <Box
                aria-hidden
                sx={{
                  width: 16,
                  height: 16,
                  borderRadius: 0.5,
                  bgcolor: shift.color,
                  border: 1,
                  borderColor: 'divider',
                }}
              />
              <bdi dir="ltr">{shift.color}</bdi>
            </Box>
          </DetailRow>
        )}
      </DetailList>
    </SectionCard>
  );
}
