import EventAvailableOutlined from '@mui/icons-material/EventAvailableOutlined';
import SwapHorizOutlined from '@mui/icons-material/SwapHorizOutlined';
import { Box, Button, Chip, Paper, Skeleton, Stack, Typography } from '@mui/material';
import type { MyShift, MyShifts } from '@timbro/shared';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { GridMessage } from '../../../components/data/grid-overlay';
import { daysOf, type DayRange } from './my-range';
import { swapPath, swapRequestPath } from '../swaps/swap-links';
import { ShiftFigures, ShiftLabel, ShiftTime, useShiftTexts } from '../swaps/swap-shift';

interface Props {
  range: DayRange;
  data: MyShifts;
  today: string;
  /** Now, in epoch milliseconds: a shift already started cannot be swapped. */
  now: number;
  /** Whether the member may ask swaps (`shift:swap:own`). */
  canSwap: boolean;
}

/**
 * The member's shifts by day: every day of a week (a day without shifts says so), the days with shifts or a holiday of
 * a month. Each shift: its times (overnight marked "+1"), pause, work, label, "Scambiato"; and "Proponi un cambio" for a
 * future one, or the way to its open swap.
 */
export function MyShiftAgenda({ range, data, today, now, canSwap }: Props) {
  const { t } = useTranslation();
  const byDay = new Map<string, MyShift[]>();
  for (const s of data.shifts) byDay.set(s.date, [...(byDay.get(s.date) ?? []), s]);
  const holidays = new Map(data.holidays.map((h) => [h.date, h.name]));
  const days = daysOf(range).filter((d) => range.view === 'week' || byDay.has(d) || holidays.has(d));

  if (data.shifts.length === 0)
    return (
      <Paper variant="outlined" sx={{ py: 4 }} data-testid="my-shifts-empty">
        <GridMessage
          icon={<EventAvailableOutlined />}
          title={t('shiftSwaps.my.emptyTitle')}
          body={t('shiftSwaps.my.emptyBody')}
        />
      </Paper>
    );

  return (
    <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="my-shifts">
      {days.map((day) => (
        <AgendaDay
          key={day}
          day={day}
          today={day === today}
          holiday={holidays.get(day) ?? null}
          shifts={byDay.get(day) ?? []}
          now={now}
          canSwap={canSwap}
        />
      ))}
    </Stack>
  );
}

function AgendaDay({
  day,
  today,
  holiday,
  shifts,
  now,
  canSwap,
}: {
  day: string;
  today: boolean;
  holiday: string | null;
  shifts: MyShift[];
  now: number;
  canSwap: boolean;
}) {
  const { t } = useTranslation();
  const texts = useShiftTexts();
  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{ p: 2, borderColor: today ? 'primary.main' : undefined }}
      data-testid="my-shift-day"
      data-date={day}
    >
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, textTransform: 'capitalize' }}>
          {texts.longDay(day)}
        </Typography>
        {today && <Chip size="small" color="primary" label={t('shiftSwaps.my.today')} />}
        {holiday && (
          <Chip
            size="small"
            label={t('shiftSwaps.my.holiday', { name: holiday })}
            sx={{ bgcolor: '#FFF4E0', color: '#6D4C00' }}
            data-testid="my-shift-holiday"
          />
        )}
      </Stack>
      {shifts.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('shiftSwaps.my.noShift')}
        </Typography>
      ) : (
        <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {shifts.map((s) => (
            <ShiftItem key={s.id} shift={s} now={now} canSwap={canSwap} />
          ))}
        </Stack>
      )}
    </Paper>
  );
}

function ShiftItem({ shift, now, canSwap }: { shift: MyShift; now: number; canSwap: boolean }) {
  const { t } = useTranslation();
  const future = Date.parse(shift.startsAt) > now;
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        alignItems: { sm: 'center' },
        flexDirection: { xs: 'column', sm: 'row' },
        gap: 1,
        paddingInlineStart: 1.5,
        borderInlineStart: 3,
        borderColor: shift.color ?? 'primary.light',
      }}
      data-testid="my-shift"
      data-shift-id={shift.id}
    >
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', flexGrow: 1 }}>
        <ShiftTime shift={shift} variant="subtitle1" />
        <ShiftFigures shift={shift} />
        <ShiftLabel shift={shift} />
        {shift.swapped && (
          <Chip
            size="small"
            icon={<SwapHorizOutlined />}
            label={t('shiftSwaps.my.swapped')}
            color="info"
            variant="outlined"
            data-testid="my-shift-swapped"
          />
        )}
      </Stack>
      {shift.openSwapId ? (
        <Button
          size="small"
          component={RouterLink}
          to={swapPath('member', shift.openSwapId)}
          sx={{ whiteSpace: 'nowrap', alignSelf: { xs: 'flex-start', sm: 'center' } }}
          data-testid="my-shift-open-swap"
        >
          {t('shiftSwaps.my.openSwap')}
        </Button>
      ) : (
        canSwap &&
        future && (
          <Button
            size="small"
            variant="outlined"
            startIcon={<SwapHorizOutlined />}
            component={RouterLink}
            to={swapRequestPath(shift.id)}
            state={{ date: shift.date }}
            sx={{ whiteSpace: 'nowrap', alignSelf: { xs: 'flex-start', sm: 'center' } }}
            data-testid="my-shift-propose"
          >
            {t('shiftSwaps.my.propose')}
          </Button>
        )
      )}
    </Box>
  );
}

/** The agenda's place while it loads. */
export function MyShiftAgendaSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack spacing={1.5} aria-busy="true" aria-label={t('common.loading')}>
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} variant="rounded" height={88} />
      ))}
    </Stack>
  );
}
