import { Box, Chip, Stack, Typography } from '@mui/material';
import type { WorkShift } from '@timbro/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/section-card';
import { catalogFor } from '../../../i18n/languages';
import { useCurrentInfo } from '../api/get-current-info';
import { formatInstant, personName, useDayFormat, useDuration } from '../shift-text';
import { formatShiftRange, isOvernight } from '../shift-time';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Box component="dt">{label}</Box>
      <Box component="dd">{children}</Box>
    </>
  );
}

/** The shift's facts: day, times (and whether it ends the next day), pause, work, status, swapped, people, label, colour. */
export function ShiftDetails({ shift }: { shift: WorkShift }) {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const formatDay = useDayFormat();
  const duration = useDuration();
  const timeZone = useCurrentInfo().data?.timeZone;
  return (
    <SectionCard title={t('workShifts.detail.details')}>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: '1fr',
          rowGap: 0.5,
          m: 0,
          '& dt': { color: 'text.secondary', typography: 'body2', pt: 1 },
          '& dd': { m: 0, typography: 'body1', minWidth: 0 },
        }}
        data-testid="shift-details"
      >
        <Row label={t('workShifts.fields.date')}>{formatDay(shift.date, 'full')}</Row>
        <Row label={t('workShifts.detail.times')}>
          <bdi dir="ltr">{formatShiftRange(shift)}</bdi>
          {isOvernight(shift) && ` · ${t('workShifts.form.endsNextDay')}`}
        </Row>
        <Row label={t('workShifts.fields.pause')}>{duration(shift.pauseMinutes)}</Row>
        <Row label={t('workShifts.detail.work')}>{duration(shift.minutes)}</Row>
        <Row label={t('workShifts.detail.status')}>
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
        </Row>
        <Row label={t('workShifts.detail.swapped')}>{shift.swapped ? t('common.yes') : t('common.no')}</Row>
        <Row label={t('workShifts.fields.people')}>
          <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }} data-testid="shift-people-list">
            {shift.assignees.length === 0 ? (
              <Typography color="text.secondary">{t('workShifts.detail.nobody')}</Typography>
            ) : (
              shift.assignees.map((a) => <Chip key={a.id} size="small" label={personName(a)} />)
            )}
          </Stack>
        </Row>
        <Row label={t('workShifts.fields.label')}>{shift.label ?? '—'}</Row>
        {shift.color && (
          <Row label={t('workShifts.fields.color')}>
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
          </Row>
        )}
      </Box>
    </SectionCard>
  );
}
