import EventOutlined from '@mui/icons-material/EventOutlined';
import { Box, Typography } from '@mui/material';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { WidgetCard, widgetListSx, WidgetRowText, widgetRowSx } from '../../components/widget-card';
import type { DashboardWidget } from '../../components/widget-grid';
import { paths } from '../../config/paths';
import { catalogFor } from '../../i18n/languages';
import { useCan } from '../../lib/auth/use-can';
import { useDashboardSlice } from '../../lib/queries/dashboard';
import { LinkButton } from '../../components/link-button';

/**
 * "Prossime festività": the company's holidays of the next two months (GET /dashboard's `nextHolidays`, the holiday
 * list's occurrences), each with its weekday and how far it is; with none, it says so.
 */
export function NextHolidaysWidget() {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const slice = useDashboardSlice('nextHolidays');
  const canSettings = useCan('settings:read');
  const items = slice.data?.items ?? [];
  const today = slice.today ?? '';
  return (
    <WidgetCard
      testId="widget-next-holidays"
      title={t('home.holidays.title')}
      loading={slice.isLoading || (!slice.data && !slice.isError)}
      error={slice.error}
      empty={items.length === 0 && t('home.holidays.none')}
      actions={
        canSettings && (
          <LinkButton to={paths.adminHoliday} data-testid="widget-next-holidays-all">
            {t('home.holidays.all')}
          </LinkButton>
        )
      }
    >
      <Box component="ul" sx={widgetListSx}>
        {items.map((h) => {
          const days = dayjs(h.date).diff(dayjs(today), 'day');
          return (
            <Box component="li" key={`${h.date}-${h.name}`} sx={widgetRowSx} data-testid="widget-holiday">
              <EventOutlined aria-hidden fontSize="small" sx={{ color: 'text.secondary' }} />
              <WidgetRowText
                primary={h.name}
                caption={dayjs(h.date).locale(language).format('dddd D MMMM')}
                wrapCaption
              />
              <Typography variant="caption" color="text.secondary" sx={{ flexShrink: 0 }}>
                {days === 0
                  ? t('home.holidays.today')
                  : days === 1
                    ? t('home.holidays.tomorrow')
                    : t('home.holidays.inDays', { n: days })}
              </Typography>
            </Box>
          );
        })}
      </Box>
    </WidgetCard>
  );
}

/** Holidays on the dashboard: the next ones, for everyone in a workspace. */
export const HOLIDAY_WIDGETS: DashboardWidget[] = [
  { key: 'next-holidays', permission: 'workspace:read', slice: 'nextHolidays', component: NextHolidaysWidget },
];
