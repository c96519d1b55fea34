import Add from '@mui/icons-material/Add';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { Alert, Box, Button, Paper, Skeleton, Stack, Typography } from '@mui/material';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { catalogFor } from '../../../i18n/languages';
import { useAttendanceData } from '../api/get-attendance-data';
import { useClosedMonths } from '../api/get-closed-months';
import { CalendarLegend } from './calendar-legend';
import { ClockCard } from './clock-card';
import { monthName } from '../closed-months';
import { useDayPanel } from '../day/day-panel';
import { figuresToDate } from '../day/day-progress';
import { Duration } from '../duration';
import { MonthCalendar } from './month-calendar';
import { monthRange, parseMonth } from './month-grid';
import { MonthNav, useMonthParam } from './month-nav';
import { RequestDialog } from '../requests/request-dialog';
import { useCurrentMonth } from './use-current-month';
import { useCan } from '../../../lib/auth/use-can';
import { RetryAlert } from '../../../components/retry-alert';

/**
 * /member/calendar: my month of attendance, the clock, my requests; a day opens its explanation. A closed month says
 * so above its days, which are marked (nothing can be changed there any more, spec §6).
 */
export function MemberCalendarPage() {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const canWrite = useCan('attendance:write:own');
  // The workspace's month (the server's today), not the device's: without ?month= the calendar waits for it.
  const serverMonth = useCurrentMonth();
  const chosen = parseMonth(useSearchParams()[0].get('month'), '');
  const ready = serverMonth !== null || chosen !== '';
  const thisMonth = serverMonth ?? dayjs().format('YYYY-MM');
  const [month, setMonth] = useMonthParam(thisMonth);
  const params = useMemo(() => monthRange(month), [month]);
  const data = useAttendanceData(params, ready);
  const closedMonths = useClosedMonths();
  const monthClosed = closedMonths.has(month);
  const openDay = useDayPanel('member');
  const [creating, setCreating] = useState(false);
  const me = data.data?.from === params.from ? data.data.users[0] : undefined;
  const today = data.data?.today ?? null;
  const figures = me ? figuresToDate(me.days) : null;
  // A month not over yet: its balance stops at yesterday (days to come are not short yet).
  const inProgress = !!today && params.to >= today;

  return (
    <>
      <PageHeader
        title={t('memberCalendar.title')}
        subtitle={t('memberCalendar.subtitle')}
        actions={
          canWrite && (
            <Button
              variant="contained"
              startIcon={<Add />}
              onClick={() => setCreating(true)}
              data-testid="calendar-new-request"
              sx={{ flexShrink: 0 }}
            >
              {t('dayPanel.actions.newRequest')}
            </Button>
          )
        }
      />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', lg: canWrite ? '3fr 2fr' : '1fr' },
          mb: 2,
          alignItems: 'stretch',
        }}
      >
        {canWrite && <ClockCard />}
        <Paper
          variant="outlined"
          sx={{ p: 2 }}
          component="section"
          aria-labelledby="month-totals-title"
          data-testid="month-totals"
        >
          <Typography variant="h6" component="h2" id="month-totals-title" sx={{ mb: 1 }}>
            {t('memberCalendar.totals')}
          </Typography>
          {figures ? (
            <Box
              component="dl"
              sx={{ m: 0, display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(110px, 1fr))', gap: 1.5 }}
            >
              {(
                [
                  ['expected', figures.expected, false],
                  ['worked', figures.worked, false],
                  ['justified', figures.justified, false],
                  ['balance', figures.balance, true],
                ] as const
              ).map(([key, minutes, colored]) => (
                <Box key={key}>
                  <Typography component="dt" variant="caption" color="text.secondary">
                    {key === 'balance' && inProgress
                      ? t('memberCalendar.balanceToDate')
                      : t(`attendance.metrics.${key}`)}
                  </Typography>
                  <Typography
                    component="dd"
                    sx={{ m: 0, fontWeight: 500, fontSize: '1.125rem' }}
                    data-testid={`month-total-${key}`}
                  >
                    <Duration minutes={minutes} signed={colored} colored={colored} />
                  </Typography>
                </Box>
              ))}
            </Box>
          ) : (
            // The figures' own layout, values still loading: nothing moves when they arrive (layout shift).
            <Box
              component="dl"
              aria-busy
              aria-label={t('common.loading')}
              sx={{ m: 0, display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(110px, 1fr))', gap: 1.5 }}
            >
              {(['expected', 'worked', 'justified', 'balance'] as const).map((key) => (
                <Box key={key}>
                  <Typography component="dt" variant="caption" color="text.secondary">
                    {t(`attendance.metrics.${key}`)}
                  </Typography>
                  <Typography component="dd" sx={{ m: 0, fontWeight: 500, fontSize: '1.125rem' }}>
                    <Skeleton width={56} />
                  </Typography>
                </Box>
              ))}
            </Box>
          )}
          {figures && figures.anomalyDays > 0 && (
            <Typography variant="body2" sx={{ mt: 1, color: '#B3261E' }} data-testid="month-anomalies">
              {t('memberCalendar.anomalies', { n: figures.anomalyDays })}
            </Typography>
          )}
        </Paper>
      </Box>
      <Paper variant="outlined" sx={{ p: { xs: 1, sm: 2 } }}>
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={1}
          sx={{ alignItems: { md: 'center' }, justifyContent: 'space-between', mb: 1 }}
        >
          {ready ? (
            <MonthNav month={month} current={thisMonth} onChange={setMonth} />
          ) : (
            <Skeleton variant="rounded" width={280} height={40} />
          )}
          <CalendarLegend closed />
        </Stack>
        {monthClosed && (
          <Alert severity="info" icon={<LockOutlined />} sx={{ mb: 1 }} data-testid="month-closed">
            {t('memberCalendar.closedMonth', { month: monthName(month, language) })}
          </Alert>
        )}
        {data.isError && <RetryAlert error={data.error} onRetry={() => void data.refetch()} sx={{ mb: 2 }} />}
        <Box sx={{ opacity: data.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}>
          {!ready ? (
            // About the calendar's own height (a header and five weeks of days): little moves when it arrives.
            <Skeleton
              variant="rounded"
              sx={{ height: { xs: 30 + 5 * 68, sm: 34 + 5 * 120 } }}
              data-testid="month-calendar-loading"
            />
          ) : (
            <MonthCalendar
              month={month}
              today={data.data?.today ?? null}
              days={me?.days ?? []}
              punches={me?.punches ?? []}
              requests={me?.requests ?? []}
              loading={data.isFetching}
              closed={monthClosed}
              onOpenDay={(date) => openDay(params, null, date)}
            />
          )}
        </Box>
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
          {t('memberCalendar.hint')}
        </Typography>
      </Paper>
      <RequestDialog open={creating} scope="member" initialDate={null} onClose={() => setCreating(false)} />
    </>
  );
}
