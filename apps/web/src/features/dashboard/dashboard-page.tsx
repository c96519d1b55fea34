import { Box } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { can } from '../../lib/permissions';
import { ClockCard } from '../attendance/clock-card';
import { useAuth } from '../auth/auth-context';
import { InvitationsWidget } from './invitations-widget';
import { MyAccrualsWidget } from './my-accruals-widget';
import { MyRequestsWidget } from './my-requests-widget';
import { PendingApprovalsWidget } from './pending-approvals-widget';
import { WelcomeWidget } from './welcome-widget';

/** The dashboard: widgets by permission (spec §2 titles): invitations, clock, my accruals, my pending requests, requests to approve. */
export function DashboardPage() {
  const { t } = useTranslation();
  const { current } = useAuth();
  return (
    <>
      <PageHeader title={t('dashboard.title')} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)', xl: 'repeat(3, 1fr)' } }}>
        <Box sx={{ gridColumn: { md: '1 / -1' } }}>
          <WelcomeWidget />
        </Box>
        <Box sx={{ gridColumn: { md: '1 / -1' }, '&:empty': { display: 'none' } }}>
          <InvitationsWidget />
        </Box>
        {can(current, 'attendance:write:own') && (
          <Box sx={{ gridColumn: { md: '1 / -1', xl: 'span 2' } }}>
            <ClockCard testId="widget-clock" />
          </Box>
        )}
        {can(current, 'request:approve') && <PendingApprovalsWidget />}
        {can(current, 'attendance:read:own') && <MyAccrualsWidget />}
        {can(current, 'attendance:read:own') && <MyRequestsWidget />}
      </Box>
    </>
  );
}
