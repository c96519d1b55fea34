import SwapHoriz from '@mui/icons-material/SwapHoriz';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import { alpha, Box, ButtonBase } from '@mui/material';
import type { WorkShift } from '@timbro/shared';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { workShiftPath } from './links';
import { formatClock, formatShiftRange, isOvernight } from './shift-time';

/** Warning colour (text and icons): AA on white and on the day tints. */
export const WARNING_COLOR = '#8C4A00';

/** "22:00–06:00, termina il giorno dopo, Notte, bozza, scambiato, 2 avvisi": the chip's accessible description. */
export function useShiftSummary() {
  const { t } = useTranslation();
  return (shift: WorkShift) =>
    [
      formatShiftRange(shift),
      isOvernight(shift) ? t('workShifts.shift.nextDay') : null,
      shift.label,
      t(`workShifts.status.${shift.status}`),
      shift.swapped ? t('workShifts.shift.swapped') : null,
      shift.warnings.length > 0 ? t('workShifts.shift.warnings', { n: shift.warnings.length }) : null,
    ]
      .filter(Boolean)
      .join(', ');
}

/**
 * One shift in a cell of the planning, a link to its page. A draft has a dashed outline and says "Bozza" (not colour
 * alone); a published one is solid and tinted. An overnight shift shows "+1" after its end (it belongs to the day it
 * starts); a swapped one the swap icon; one with warnings the warning icon. Compact in the month view (the times on two
 * lines, "Bozza" only in the accessible name and the dashed outline).
 */
export function ShiftChip({ shift, who, compact }: { shift: WorkShift; who: string; compact: boolean }) {
  const { t } = useTranslation();
  const summary = useShiftSummary();
  const draft = shift.status === 'draft';
  const overnight = isOvernight(shift);
  return (
    <ButtonBase
      component={RouterLink}
      to={workShiftPath(shift.id)}
      aria-label={`${who}: ${summary(shift)}`}
      data-testid={`shift-${shift.id}`}
      data-status={shift.status}
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'stretch',
        width: '100%',
        textAlign: 'start',
        borderRadius: 1,
        px: compact ? 0.25 : 0.75,
        py: 0.25,
        fontSize: '0.75rem',
        lineHeight: 1.3,
        color: 'text.primary',
        border: 1,
        borderStyle: draft ? 'dashed' : 'solid',
        borderColor: draft ? 'text.secondary' : 'divider',
        borderInlineStartWidth: 4,
        borderInlineStartStyle: 'solid',
        borderInlineStartColor: (theme) => shift.color ?? theme.palette.primary.main,
        bgcolor: (theme) => (draft ? theme.palette.background.paper : alpha(theme.palette.primary.main, 0.08)),
        '&:hover, &.Mui-focusVisible': { boxShadow: (theme) => `0 0 0 2px ${theme.palette.primary.main}` },
      }}
    >
      <Box
        component="span"
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 0.25,
          flexWrap: compact ? 'wrap' : 'nowrap',
          fontWeight: 500,
          fontVariantNumeric: 'tabular-nums',
        }}
      >
        <bdi dir="ltr">
          {compact ? (
            <>
              {formatClock(shift.startMinutes)}
              <br />
              {formatClock(shift.endMinutes)}
            </>
          ) : (
            formatShiftRange(shift)
          )}
          {overnight && (
            <Box
              component="sup"
              aria-hidden
              data-testid="shift-next-day"
              sx={{ fontSize: '0.625rem', marginInlineStart: 0.25 }}
            >
              +1
            </Box>
          )}
        </bdi>
        {shift.swapped && <SwapHoriz aria-hidden data-testid="shift-swapped" sx={{ fontSize: 14 }} />}
        {shift.warnings.length > 0 && (
          <WarningAmberOutlined aria-hidden data-testid="shift-warning" sx={{ fontSize: 14, color: WARNING_COLOR }} />
        )}
      </Box>
      {!compact && (draft || shift.label) && (
        <Box
          component="span"
          aria-hidden
          sx={{ color: 'text.secondary', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}
        >
          {[draft ? t('workShifts.status.draft') : null, shift.label].filter(Boolean).join(' · ')}
        </Box>
      )}
    </ButtonBase>
  );
}
