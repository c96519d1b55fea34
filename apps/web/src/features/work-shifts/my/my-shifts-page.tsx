import { Box, Stack } from '@mui/material';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailure } from '../../../components/load-failure';
import { PageHeader } from '../../../components/page-header';
import { useCan } from '../../../lib/auth/use-can';
import { useMyShifts } from '../api/my-shifts';
import { MyCalendarFeedCard } from './my-calendar-feed';
import { useRangeParam } from './my-range';
import { MyRangeNav } from './my-range-nav';
import { MyShiftAgenda, MyShiftAgendaSkeleton } from './my-shift-agenda';
import { MySwapsSummary } from './my-swaps-summary';

/**
 * /member/work-shift: "I miei turni", the member's published shifts of a week or a month (in the URL), by day, with the
 * holidays; "Proponi un cambio" on a future shift. Beside them: the swaps awaiting my reply and the personal calendar
 * link (iCal).
 */
export function MyShiftsPage() {
  const { t } = useTranslation();
  // The device's day and time: the server refuses a swap of a shift already started anyway.
  const [now] = useState(() => Date.now());
  const today = dayjs(now).format('YYYY-MM-DD');
  const [range, setRange] = useRangeParam(today);
  const query = useMyShifts({ from: range.from, to: range.to });
  const canSwap = useCan('shift:swap:own');

  return (
    <>
      <PageHeader title={t('shiftSwaps.my.title')} subtitle={t('shiftSwaps.my.subtitle')} />
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 360px' },
          alignItems: 'start',
        }}
      >
        <Box component="section" aria-label={t('shiftSwaps.my.listLabel')}>
          <MyRangeNav range={range} today={today} onChange={setRange} />
          {query.isPending ? (
            <MyShiftAgendaSkeleton />
          ) : query.isError ? (
            <LoadFailure error={query.error} onRetry={() => void query.refetch()} />
          ) : (
            <MyShiftAgenda range={range} data={query.data} today={today} now={now} canSwap={canSwap} />
          )}
        </Box>
        <Stack spacing={2}>
          <MySwapsSummary />
          <MyCalendarFeedCard />
        </Stack>
      </Box>
    </>
  );
}
