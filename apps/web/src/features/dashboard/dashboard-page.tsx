import { Box } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { WelcomeWidget } from './welcome-widget';

/** The dashboard frame: widgets arrive with their features (accruals, requests, holidays, shifts…). */
export function DashboardPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('dashboard.title')} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)', xl: 'repeat(3, 1fr)' } }}>
        <Box sx={{ gridColumn: { md: '1 / -1' } }}>
          <WelcomeWidget />
        </Box>
      </Box>
    </>
  );
}
