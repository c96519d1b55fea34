import { Box, Chip, Stack, Tooltip, Typography } from '@mui/material';
import type { PersonRef, ShiftRef, ShiftWarning } from '@timbro/shared';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { catalogFor } from '../../../i18n/languages';
import { formatMinutes, formatShiftRange, isOvernight, type ShiftTimes } from '../shift-time';

/** A person's full name as the lists show it. */
export const personName = (p: PersonRef) => `${p.firstName} ${p.lastName}`.trim();

/**
 * The shift texts of the swap screens in the user's language: a day ("lun 23 nov 2026"), a long day for the agenda
 * ("lunedì 23 novembre"), a duration ("7 h 30 min") and a rest-rule warning (the catalog's text of its rule, the
 * server's Italian message when the catalog lacks it).
 */
export function useShiftTexts() {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  return useMemo(() => {
    const units = { hours: t('shiftSwaps.units.hours'), minutes: t('shiftSwaps.units.minutes') };
    const duration = (minutes: number) => formatMinutes(minutes, units);
    return {
      language,
      day: (date: string) => dayjs(date).locale(language).format('ddd D MMM YYYY'),
      longDay: (date: string) => dayjs(date).locale(language).format('dddd D MMMM'),
      duration,
      warning: (w: ShiftWarning) => {
        const key = `workShifts.warnings.${w.rule}`;
        return i18n.exists(key) ? t(key, { hours: duration(w.minutes), minutes: w.minutes }) : w.message;
      },
    };
  }, [t, i18n, language]);
}

/**
 * "22:00–06:00 (+1)": the times read left to right in every language; an overnight shift carries the "(+1)" of the
 * next day, explained by its title.
 */
export function ShiftTime({ shift, variant = 'body2' }: { shift: ShiftTimes; variant?: 'body2' | 'subtitle1' }) {
  const { t } = useTranslation();
  return (
    <Typography variant={variant} component="span" sx={{ fontWeight: 500, whiteSpace: 'nowrap' }}>
      <Box component="bdi" dir="ltr" data-testid="shift-time">
        {formatShiftRange(shift)}
        {isOvernight(shift) && (
          <>
            {' '}
            <Tooltip title={t('shiftSwaps.shift.nextDay')}>
              <Box
                component="abbr"
                sx={{ textDecoration: 'none', color: 'text.secondary', fontWeight: 600 }}
                data-testid="shift-overnight"
              >
                (+1)
              </Box>
            </Tooltip>
          </>
        )}
      </Box>
    </Typography>
  );
}

/** A shift's label with its colour dot. */
export function ShiftLabel({ shift }: { shift: Pick<ShiftRef, 'label' | 'color'> }) {
  if (!shift.label) return null;
  return (
    <Chip
      size="small"
      variant="outlined"
      label={shift.label}
      icon={
        shift.color ? (
          <Box
            component="span"
            aria-hidden
            sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: shift.color, flexShrink: 0 }}
          />
        ) : undefined
      }
      sx={{ maxWidth: '100%', '& .MuiChip-icon': { marginInlineStart: 1 } }}
    />
  );
}

/** "Pausa 30 min · 7 h 30 min di lavoro". */
export function ShiftFigures({ shift }: { shift: Pick<ShiftRef, 'pauseMinutes' | 'minutes'> }) {
  const { t } = useTranslation();
  const texts = useShiftTexts();
  return (
    <Typography variant="body2" color="text.secondary" component="span">
      {shift.pauseMinutes > 0
        ? t('shiftSwaps.shift.pause', { duration: texts.duration(shift.pauseMinutes) })
        : t('shiftSwaps.shift.noPause')}
      {' · '}
      {t('shiftSwaps.shift.work', { duration: texts.duration(shift.minutes) })}
    </Typography>
  );
}

/** A shift in a few lines: its day, its times (overnight marked), pause and work, its label. */
export function ShiftSummary({ shift, testId }: { shift: ShiftRef; testId?: string }) {
  const texts = useShiftTexts();
  return (
    <Stack spacing={0.5} data-testid={testId}>
      <Typography variant="subtitle2" component="p" sx={{ textTransform: 'capitalize' }}>
        {texts.day(shift.date)}
      </Typography>
      <ShiftTime shift={shift} variant="subtitle1" />
      <ShiftFigures shift={shift} />
      <Box>
        <ShiftLabel shift={shift} />
      </Box>
    </Stack>
  );
}

/** A shift on one line of a table cell: "lun 23 nov 2026 · 22:00–06:00 (+1)". */
export function ShiftLine({ shift }: { shift: ShiftRef }) {
  const texts = useShiftTexts();
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" component="span" sx={{ textTransform: 'capitalize' }}>
        {texts.day(shift.date)}
      </Typography>
      <Typography variant="body2" component="span" color="text.secondary">
        {' · '}
      </Typography>
      <ShiftTime shift={shift} />
    </Box>
  );
}
