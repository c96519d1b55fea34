import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import {
  Box,
  IconButton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  ToggleButton,
  ToggleButtonGroup,
  Tooltip,
  Typography,
} from '@mui/material';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WidgetCard } from '../../../components/widget-card';
import { paths } from '../../../config/paths';
import { catalogFor } from '../../../i18n/languages';
import { useDashboardSlice } from '../../../lib/queries/dashboard';
import { useHoursByGroup } from '../api/get-hours-by-group';
import { HoursChart, type HoursRow } from './hours-chart';
import { LinkButton } from '../../../components/link-button';

/** How many months back the arrows go (the closed months are in the month closing). */
const MONTHS_BACK = 12;
const flip = { transform: (theme: { direction: string }) => (theme.direction === 'rtl' ? 'scaleX(-1)' : undefined) };

/**
 * "Ore del mese per gruppo" (admins and accountants): the month's expected hours against those worked and justified,
 * group by group, from the timesheet's engine — as bars, or as a table with the gap. To today in the current month.
 */
export function HoursByGroupWidget() {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const today = useDashboardSlice('welcome').today ?? dayjs().format('YYYY-MM-DD');
  const current = today.slice(0, 7);
  const [month, setMonth] = useState(current);
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const query = useHoursByGroup(month);
  const data = query.data;
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
  const hours = (minutes: number) => Math.round((minutes / 60) * 10) / 10;
  const format = (h: number) => t('home.hours.value', { n: number.format(h) });
  const rows: (HoursRow & { people: number })[] = data
    ? [
        ...data.groups.map((g) => ({ ...g, key: g.id })),
        ...(data.noGroup.people > 0 ? [{ key: 'none', name: t('home.hours.noGroup'), ...data.noGroup }] : []),
      ].map((g) => ({
        key: g.key,
        name: g.name,
        people: g.people,
        expected: hours(g.expected),
        worked: hours(g.worked),
        justified: hours(g.justified),
      }))
    : [];
  const step = (n: -1 | 1) => setMonth(dayjs(`${month}-01`).add(n, 'month').format('YYYY-MM'));
  const oldest = dayjs(`${current}-01`).subtract(MONTHS_BACK, 'month').format('YYYY-MM');
  const monthName = dayjs(`${month}-01`).locale(language).format('MMMM YYYY');

  return (
    <WidgetCard
      testId="widget-hours-by-group"
      title={t('home.hours.title')}
      loading={query.isLoading}
      skeletonHeight={220}
      error={query.error}
      empty={!!data && data.total.people === 0 && t('home.hours.empty')}
      actions={
        <LinkButton to={`${paths.timesheet}?month=${month}`} data-testid="widget-hours-timesheet">
          {t('home.hours.toTimesheet')}
        </LinkButton>
      }
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Tooltip title={t('home.hours.previous')}>
          <span>
            <IconButton
              size="small"
              onClick={() => step(-1)}
              disabled={month <= oldest}
              aria-label={t('home.hours.previous')}
            >
              <ChevronLeft sx={flip} />
            </IconButton>
          </span>
        </Tooltip>
        <Typography
          sx={{ fontWeight: 500, textTransform: 'capitalize', minWidth: 130, textAlign: 'center' }}
          aria-live="polite"
        >
          {monthName}
        </Typography>
        <Tooltip title={t('home.hours.next')}>
          <span>
            <IconButton
              size="small"
              onClick={() => step(1)}
              disabled={month >= current}
              aria-label={t('home.hours.next')}
            >
              <ChevronRight sx={flip} />
            </IconButton>
          </span>
        </Tooltip>
        <Box sx={{ flexGrow: 1 }} />
        <ToggleButtonGroup
          size="small"
          exclusive
          value={view}
          onChange={(_e, v: 'chart' | 'table' | null) => v && setView(v)}
          aria-label={t('home.hours.view')}
        >
          <ToggleButton value="chart">{t('home.hours.chart')}</ToggleButton>
          <ToggleButton value="table" data-testid="widget-hours-table-toggle">
            {t('home.hours.table')}
          </ToggleButton>
        </ToggleButtonGroup>
      </Box>
      {data && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="widget-hours-total">
          {t('home.hours.summary', {
            from: dayjs(data.from).locale(language).format('D MMM'),
            to: dayjs(data.to).locale(language).format('D MMM'),
            n: data.total.people,
            expected: format(hours(data.total.expected)),
            worked: format(hours(data.total.worked)),
            justified: format(hours(data.total.justified)),
          })}
        </Typography>
      )}
      {view === 'chart' ? (
        <Box data-testid="widget-hours-chart">
          <HoursChart
            rows={rows}
            format={format}
            labels={{
              expected: t('home.hours.expected'),
              worked: t('home.hours.worked'),
              justified: t('home.hours.justified'),
            }}
          />
        </Box>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" data-testid="widget-hours-table">
            <TableHead>
              <TableRow>
                <TableCell>{t('home.hours.group')}</TableCell>
                <TableCell align="right">{t('home.hours.people')}</TableCell>
                <TableCell align="right">{t('home.hours.expected')}</TableCell>
                <TableCell align="right">{t('home.hours.worked')}</TableCell>
                <TableCell align="right">{t('home.hours.justified')}</TableCell>
                <TableCell align="right">{t('home.hours.gap')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => {
                const gap = Math.round((r.worked + r.justified - r.expected) * 10) / 10;
                return (
                  <TableRow key={r.key}>
                    <TableCell component="th" scope="row">
                      {r.name}
                    </TableCell>
                    <TableCell align="right">{r.people}</TableCell>
                    <TableCell align="right">{format(r.expected)}</TableCell>
                    <TableCell align="right">{format(r.worked)}</TableCell>
                    <TableCell align="right">{format(r.justified)}</TableCell>
                    <TableCell align="right" sx={{ color: gap < 0 ? '#B3261E' : undefined }}>
                      <bdi>{(gap > 0 ? '+' : '') + format(gap)}</bdi>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Box>
      )}
    </WidgetCard>
  );
}
