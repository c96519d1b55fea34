import { alpha, Box, Button, Tooltip, Typography, useTheme } from '@mui/material';
import type { Dashboard } from '@timbro/shared';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { WidgetCard } from '../../../components/widget-card';
import { paths } from '../../../config/paths';
import { catalogFor } from '../../../i18n/languages';
import { useDashboardSlice } from '../../../lib/queries/dashboard';
import { planningPath } from '../links';
import { daysOf } from './my-range';
import { formatShiftRange, isOvernight } from '../shift-time';
import { visuallyHidden } from '../../../components/visually-hidden';

type Week = NonNullable<Dashboard['nextWeekShifts']>;
type WeekShift = Week['shifts'][number];

const DAY = 1440;
/** People shown before "Mostra tutti". */
const FIRST_ROWS = 10;
const HOLIDAY_TINT = 'rgba(237, 108, 2, 0.10)';
const ABSENCE_BG = 'repeating-linear-gradient(135deg, rgba(0,0,0,0.07) 0 4px, transparent 4px 8px)';

/** One bar in a day's 24-hour track: a shift's part on that day (an overnight shift has two: its day and the next). */
interface Bar {
  shift: WeekShift;
  start: number;
  end: number;
  /** The part after midnight of a shift that started the day before. */
  continued: boolean;
}

/** The bars of each person's each day: an overnight shift is drawn to midnight on its day and on from midnight the next. */
export function weekBars(week: Week): Map<string, Bar[]> {
  const out = new Map<string, Bar[]>();
  const push = (person: string, date: string, bar: Bar) => {
    const key = `${person}|${date}`;
    out.set(key, [...(out.get(key) ?? []), bar]);
  };
  for (const shift of week.shifts) {
    for (const person of shift.userInfoIds) {
      if (isOvernight(shift)) {
        push(person, shift.date, { shift, start: shift.startMinutes, end: DAY, continued: false });
        const next = dayjs(shift.date).add(1, 'day').format('YYYY-MM-DD');
        if (next <= week.to && shift.endMinutes > 0)
          push(person, next, { shift, start: 0, end: shift.endMinutes, continued: true });
      } else push(person, shift.date, { shift, start: shift.startMinutes, end: shift.endMinutes, continued: false });
    }
  }
  return out;
}

/**
 * "Turni della prossima settimana" (GET /dashboard's `nextWeekShifts`): Monday to Sunday of next week, one row per
 * person (the admin: everyone with a published shift; an employee: themself), each day a 24-hour track with the
 * shifts as bars — an overnight one runs to midnight and on into the next day — approved absences hatched and holidays
 * tinted behind them. Every cell says in words what the bars show.
 */
export function NextWeekWidget() {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const theme = useTheme();
  const slice = useDashboardSlice('nextWeekShifts');
  const [all, setAll] = useState(false);
  const week = slice.data;
  const days = week ? daysOf(week) : [];
  const bars = useMemo(() => (week ? weekBars(week) : new Map<string, Bar[]>()), [week]);
  const holidays = new Map((week?.holidays ?? []).map((h) => [h.date, h.name]));
  const absences = new Map((week?.absences ?? []).map((a) => [`${a.userInfoId}|${a.date}`, a]));
  const people = week?.people ?? [];
  const shown = all ? people : people.slice(0, FIRST_ROWS);
  const admin = week?.scope === 'admin';
  const title = t(admin ? 'home.week.title' : 'home.week.titleMine');
  const range = week
    ? t('home.week.range', {
        from: dayjs(week.from).locale(language).format('D MMM'),
        to: dayjs(week.to).locale(language).format('D MMM YYYY'),
      })
    : '';
  const barLabel = (b: Bar) =>
    [
      formatShiftRange(b.shift) + (isOvernight(b.shift) ? ` (${t('home.week.nextDay')})` : ''),
      b.continued ? t('home.week.continued') : null,
      b.shift.label,
    ]
      .filter(Boolean)
      .join(' · ');

  return (
    <WidgetCard
      testId="widget-next-week"
      title={title}
      loading={slice.isLoading || (!slice.data && !slice.isError)}
      skeletonHeight={160}
      error={slice.error}
      empty={people.length === 0 && t(admin ? 'home.week.emptyAdmin' : 'home.week.emptyMine')}
      actions={
        <Button
          component={RouterLink}
          to={admin ? planningPath(week?.from) : `${paths.memberWorkShift}?date=${week?.from ?? ''}`}
          data-testid="widget-next-week-all"
        >
          {t(admin ? 'home.week.toPlanning' : 'home.week.toMine')}
        </Button>
      }
    >
      <Typography variant="body2" color="text.secondary" sx={{ mt: -1, mb: 1 }}>
        {range}
      </Typography>
      <Box
        // Positioned: the cells' screen-reader texts (absolute) are placed in the scroller, not in the page, which
        // they would widen past a phone's screen (issue 30 item 15: the dashboard 605 px wide at 390).
        sx={{ overflowX: 'auto', position: 'relative' }}
        tabIndex={0}
        role="region"
        aria-label={`${title}, ${range}`}
        data-testid="widget-next-week-scroller"
      >
        <Box component="table" sx={{ width: '100%', minWidth: 640, borderCollapse: 'collapse', tableLayout: 'fixed' }}>
          <Box component="thead">
            <Box component="tr">
              <Box component="th" scope="col" sx={{ width: 150, textAlign: 'start', p: 0.5 }}>
                <Box component="span" sx={visuallyHidden}>
                  {t('home.week.person')}
                </Box>
              </Box>
              {days.map((d) => (
                <Box
                  component="th"
                  scope="col"
                  key={d}
                  sx={{
                    p: 0.5,
                    fontWeight: 500,
                    fontSize: '0.8125rem',
                    textAlign: 'center',
                    bgcolor: holidays.has(d) ? HOLIDAY_TINT : undefined,
                  }}
                  data-testid="widget-next-week-day"
                >
                  <Box component="span" sx={{ display: 'block', textTransform: 'capitalize' }}>
                    {dayjs(d).locale(language).format('ddd D')}
                  </Box>
                  {holidays.has(d) && (
                    <Box
                      component="span"
                      sx={{ display: 'block', fontSize: '0.6875rem', color: '#8C4A00', fontWeight: 400 }}
                      title={holidays.get(d)}
                      data-testid="widget-next-week-holiday"
                    >
                      <Box
                        component="span"
                        sx={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                      >
                        {holidays.get(d)}
                      </Box>
                    </Box>
                  )}
                </Box>
              ))}
            </Box>
          </Box>
          <Box component="tbody">
            {shown.map((p) => (
              <Box component="tr" key={p.id} data-testid="widget-next-week-row">
                <Box
                  component="th"
                  scope="row"
                  sx={{
                    textAlign: 'start',
                    fontWeight: 500,
                    fontSize: '0.8125rem',
                    p: 0.5,
                    // The names stay in view while the days scroll (a phone).
                    position: 'sticky',
                    insetInlineStart: 0,
                    zIndex: 1,
                    bgcolor: 'background.paper',
                    overflow: 'hidden',
                    textOverflow: 'ellipsis',
                    whiteSpace: 'nowrap',
                  }}
                >
                  {`${p.lastName} ${p.firstName}`}
                </Box>
                {days.map((d) => {
                  const cell = bars.get(`${p.id}|${d}`) ?? [];
                  const absence = absences.get(`${p.id}|${d}`);
                  return (
                    <Box
                      component="td"
                      key={d}
                      sx={{ p: 0.25, borderInlineStart: 1, borderColor: 'divider' }}
                      data-testid={`widget-next-week-cell-${p.id}-${d}`}
                    >
                      <Box
                        sx={{
                          position: 'relative',
                          height: 26,
                          borderRadius: 0.5,
                          bgcolor: holidays.has(d) ? HOLIDAY_TINT : 'action.hover',
                          backgroundImage: absence ? ABSENCE_BG : undefined,
                          // Hour guides at 6, 12 and 18.
                          '&::before': {
                            content: '""',
                            position: 'absolute',
                            inset: 0,
                            backgroundImage: `linear-gradient(to right, transparent calc(25% - 0.5px), ${theme.palette.divider} 25%, transparent calc(25% + 0.5px), transparent calc(50% - 0.5px), ${theme.palette.divider} 50%, transparent calc(50% + 0.5px), transparent calc(75% - 0.5px), ${theme.palette.divider} 75%, transparent calc(75% + 0.5px))`,
                          },
                        }}
                        title={absence ? absence.name : undefined}
                      >
                        {cell.map((b) => {
                          const color = b.shift.color ?? theme.palette.primary.main;
                          return (
                            <Tooltip key={`${b.shift.id}-${b.continued}`} title={barLabel(b)}>
                              <Box
                                aria-hidden
                                data-testid="widget-next-week-bar"
                                data-continued={b.continued || undefined}
                                sx={{
                                  position: 'absolute',
                                  top: 4,
                                  bottom: 4,
                                  insetInlineStart: `${(b.start / DAY) * 100}%`,
                                  width: `${Math.max(((b.end - b.start) / DAY) * 100, 2)}%`,
                                  bgcolor: b.continued ? alpha(color, 0.45) : color,
                                  borderRadius: 1,
                                  ...(b.start === 0 && { borderStartStartRadius: 0, borderEndStartRadius: 0 }),
                                  ...(b.end === DAY && { borderStartEndRadius: 0, borderEndEndRadius: 0 }),
                                  outline: b.shift.swapped ? `2px dashed ${theme.palette.text.primary}` : undefined,
                                }}
                              />
                            </Tooltip>
                          );
                        })}
                      </Box>
                      <Box component="span" sx={visuallyHidden}>
                        {[
                          ...cell.map(barLabel),
                          absence ? t('home.week.absence', { name: absence.name }) : null,
                          holidays.has(d) ? t('home.week.holiday', { name: holidays.get(d) }) : null,
                          cell.length === 0 && !absence ? t('home.week.free') : null,
                        ]
                          .filter(Boolean)
                          .join('; ')}
                      </Box>
                    </Box>
                  );
                })}
              </Box>
            ))}
          </Box>
        </Box>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mt: 1, alignItems: 'center' }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }} aria-hidden>
          <Legend swatch={{ bgcolor: 'primary.main', borderRadius: 1 }} text={t('home.week.legendShift')} />
          <Legend swatch={{ bgcolor: alpha(theme.palette.primary.main, 0.45) }} text={t('home.week.legendContinued')} />
          <Legend
            swatch={{ backgroundImage: ABSENCE_BG, bgcolor: 'action.hover' }}
            text={t('home.week.legendAbsence')}
          />
          <Legend swatch={{ bgcolor: HOLIDAY_TINT }} text={t('home.week.legendHoliday')} />
        </Box>
        {people.length > FIRST_ROWS && (
          <Button
            size="small"
            onClick={() => setAll((v) => !v)}
            sx={{ marginInlineStart: 'auto' }}
            data-testid="widget-next-week-more"
          >
            {all ? t('home.week.fewer') : t('home.week.more', { n: people.length })}
          </Button>
        )}
      </Box>
    </WidgetCard>
  );
}

function Legend({ swatch, text }: { swatch: object; text: string }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
      <Box sx={{ width: 18, height: 10, ...swatch }} />
      <Typography variant="caption" color="text.secondary">
        {text}
      </Typography>
    </Box>
  );
}
