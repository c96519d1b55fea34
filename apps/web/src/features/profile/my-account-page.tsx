import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import { Box, Paper, Tab, Tabs } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { paths } from '../../config/paths';
import { useCan } from '../../lib/auth/use-can';
import { ChangePasswordForm } from './change-password-form';
import { DeleteProfile } from './delete-profile';
import { EmailVerificationAlert } from './email-verification-alert';
import { PersonalInfo } from './personal-info';
import { ProfileMainForm } from './profile-main-form';
import { Sessions } from './sessions';
import { LinkButton } from '../../components/link-button';

const TABS = ['main', 'personal', 'password', 'sessions', 'delete'] as const;

/**
 * /my-account: main, personal info, change password, own sessions, delete profile; and the way to one's notification
 * settings (kept per workspace, so only with a role in the active one).
 */
export function MyAccountPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<(typeof TABS)[number]>('main');
  const hasNotifications = useCan('notification:own');
  return (
    <>
      <PageHeader
        title={t('profile.title')}
        subtitle={t('profile.subtitle')}
        actions={
          hasNotifications && (
            <LinkButton
              to={paths.adminNotificationSettings}
              variant="outlined"
              startIcon={<NotificationsOutlined />}
              data-testid="profile-notification-settings"
            >
              {t('pages.notificationSettings')}
            </LinkButton>
          )
        }
      />
      <EmailVerificationAlert />
      <Paper variant="outlined">
        <Tabs
          value={tab}
          onChange={(_, v) => setTab(v)}
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label={t('profile.title')}
        >
          {TABS.map((k) => (
            <Tab
              key={k}
              value={k}
              label={t(`profile.tabs.${k}`)}
              id={`profile-tab-${k}`}
              aria-controls={`profile-panel-${k}`}
              data-testid={`profile-tab-${k}`}
            />
          ))}
        </Tabs>
        <Box
          role="tabpanel"
          id={`profile-panel-${tab}`}
          aria-labelledby={`profile-tab-${tab}`}
          sx={{ p: { xs: 2, md: 3 }, maxWidth: tab === 'sessions' ? 760 : 560 }}
        >
          {tab === 'main' && <ProfileMainForm />}
          {tab === 'personal' && <PersonalInfo />}
          {tab === 'password' && <ChangePasswordForm />}
          {tab === 'sessions' && <Sessions />}
          {tab === 'delete' && <DeleteProfile />}
        </Box>
      </Paper>
    </>
  );
}
