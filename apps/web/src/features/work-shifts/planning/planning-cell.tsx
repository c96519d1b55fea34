import Add from '@mui/icons-material/Add';
import { Box, ButtonBase, Stack, Tooltip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { newWorkShiftPath } from '../links';
import type { PlanningCellData, PlanningRow } from './planning-model';
import type { PlanningDay } from './planning-range';
import { ShiftChip } from '../shift-chip';
import { useDayFormat } from '../shift-text';

/** Day backgrounds: weekends grey, holidays light amber, approved absences light blue. */
export const DAY_TINT = { rest: '#F1F3F5', holiday: '#FFF4E0', absence: '#E8F1FB' } as const;

/**
 * One person's day: an approved absence or a holiday behind (its name in the tooltip, in the accessible names and, in
 * the week view, written under the shifts), the shifts as chips (each opens its page) and the way to add one there:
 * the whole cell when it is empty, a small "+" under the shifts otherwise.
 */
export function PlanningCell({
  row,
  day,
  data,
  holiday,
  compact,
}: {
  row: PlanningRow;
  day: PlanningDay;
  data: PlanningCellData;
  holiday: { name: string } | undefined;
  compact: boolean;
}) {
  const { t } = useTranslation();
  const formatDay = useDayFormat();
  const who = `${row.name}, ${formatDay(day.date)}`;
  const background = [holiday?.name, ...data.absences].filter((v): v is string => !!v);
  const addLabel = [t('workShifts.planning.addShift', { who }), ...background].join(', ');
  const empty = data.shifts.length === 0;
  const add = (
    <ButtonBase
      component={RouterLink}
      to={newWorkShiftPath({ date: day.date, userInfoId: row.id })}
      aria-label={addLabel}
      data-testid={`add-${row.id}-${day.date}`}
      sx={{
        width: '100%',
        minHeight: empty ? 44 : 20,
        flexGrow: empty ? 1 : 0,
        borderRadius: 1,
        color: 'text.disabled',
        opacity: empty ? 0 : 0.8,
        '&:hover, &.Mui-focusVisible': {
          opacity: 1,
          color: 'primary.main',
          boxShadow: (theme) => `inset 0 0 0 2px ${theme.palette.primary.main}`,
        },
      }}
    >
      <Add aria-hidden sx={{ fontSize: 16 }} />
    </ButtonBase>
  );
  return (
    <Box
      component="td"
      data-testid={`cell-${row.id}-${day.date}`}
      data-background={data.absences.length > 0 ? 'absence' : holiday ? 'holiday' : undefined}
      sx={{
        verticalAlign: 'top',
        bgcolor:
          data.absences.length > 0
            ? DAY_TINT.absence
            : holiday
              ? DAY_TINT.holiday
              : day.weekday >= 6
                ? DAY_TINT.rest
                : undefined,
        borderInlineEnd: (theme) => `1px solid ${theme.palette.divider}`,
      }}
    >
      <Stack spacing={0.5} sx={{ p: 0.5, minHeight: 52, height: '100%' }}>
        {data.shifts.map((s) => (
          <ShiftChip key={s.id} shift={s} who={who} compact={compact} />
        ))}
        {background.length > 0 ? (
          <Tooltip title={background.join(' · ')}>
            <Box sx={{ display: 'flex', flexDirection: 'column', flexGrow: empty ? 1 : 0 }}>
              {add}
              {!compact && (
                <Box
                  component="span"
                  aria-hidden
                  data-testid="cell-background-name"
                  sx={{
                    fontSize: '0.6875rem',
                    color: 'text.secondary',
                    fontStyle: 'italic',
                    whiteSpace: 'nowrap',
                    overflow: 'hidden',
                    textOverflow: 'ellipsis',
                  }}
                >
                  {background.join(' · ')}
                </Box>
              )}
            </Box>
          </Tooltip>
        ) : (
          add
        )}
      </Stack>
    </Box>
  );
}
