import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import { Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { WidgetCard } from '../../components/widget-card';
import type { DashboardWidget } from '../../components/widget-grid';
import { paths } from '../../config/paths';
import { catalogFor } from '../../i18n/languages';
import { useDashboardSlice } from '../../lib/queries/dashboard';
import { LinkButton } from '../../components/link-button';

/**
 * The employee list filtered as the widget counts (the employee role, active: enabled with the invitation accepted):
 * the list whose total the widget shows.
 */
export const activeEmployeesPath = `${paths.adminUser}?role=member&status=active`;

/**
 * "Dipendenti attivi": who works for the company, the users list's total with the filters above (GET /dashboard's
 * `activeEmployees`); the caption says what is counted.
 */
export function ActiveEmployeesWidget() {
  const { t, i18n } = useTranslation();
  const slice = useDashboardSlice('activeEmployees');
  const count = slice.data?.count ?? 0;
  return (
    <WidgetCard
      testId="widget-active-employees"
      title={t('home.activeEmployees.title')}
      loading={slice.isLoading || (!slice.data && !slice.isError)}
      skeletonHeight={64}
      error={slice.error}
      actions={
        <LinkButton to={activeEmployeesPath} data-testid="widget-active-employees-all">
          {t('home.activeEmployees.all')}
        </LinkButton>
      }
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <PeopleAltOutlined aria-hidden sx={{ fontSize: 40, color: 'primary.main' }} />
        <Box>
          <Typography
            component="p"
            sx={{ fontSize: '2.25rem', fontWeight: 600, lineHeight: 1.1 }}
            data-testid="widget-active-employees-value"
          >
            {new Intl.NumberFormat(catalogFor(i18n.language)).format(count)}
          </Typography>
          <Typography variant="body2" color="text.secondary" data-testid="widget-active-employees-caption">
            {t('home.activeEmployees.caption')}
          </Typography>
        </Box>
      </Box>
    </WidgetCard>
  );
}

/** People on the dashboard: how many employees are active (seen by admins and accountants). */
export const USER_WIDGETS: DashboardWidget[] = [
  { key: 'active-employees', permission: 'user:read', slice: 'activeEmployees', component: ActiveEmployeesWidget },
];
