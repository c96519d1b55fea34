import AccessTimeOutlined from '@mui/icons-material/AccessTimeOutlined';
import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import EventBusyOutlined from '@mui/icons-material/EventBusyOutlined';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import RuleOutlined from '@mui/icons-material/RuleOutlined';
import SyncAltOutlined from '@mui/icons-material/SyncAltOutlined';
import { Alert, Box, Link, Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { paths } from '../../config/paths';
import { ApprovalsCard, TimeZoneCard } from '../../features/company/workspace-settings-cards';
import { useCan, useCanCheck } from '../../lib/auth/use-can';
import { SETTINGS_SCREEN, type PermissionRule } from '../../lib/permissions';

interface SettingsLink {
  key: string;
  to: string;
  permission: PermissionRule;
}

interface SettingsEntry extends SettingsLink {
  icon: typeof NotificationsOutlined;
  /** More screens of the same tile (the templates beside the time slots). */
  more?: readonly SettingsLink[];
}

/**
 * The workspace's settings screens, each behind the permission of the page it opens (like NAV_SECTIONS), in the
 * issue's order; the approvals and the time zone are set on the index itself (ApprovalsCard, TimeZoneCard).
 */
export const SETTINGS_ENTRIES: readonly SettingsEntry[] = [
  {
    key: 'timeSlots',
    to: paths.adminTimeSlot,
    permission: SETTINGS_SCREEN,
    icon: AccessTimeOutlined,
    more: [
      { key: 'templateDays', to: paths.adminTemplateDay, permission: SETTINGS_SCREEN },
      { key: 'templateWeeks', to: paths.adminTemplateWeek, permission: SETTINGS_SCREEN },
    ],
  },
  { key: 'holidays', to: paths.adminHoliday, permission: SETTINGS_SCREEN, icon: EventBusyOutlined },
  { key: 'justifications', to: paths.adminJustification, permission: SETTINGS_SCREEN, icon: RuleOutlined },
  { key: 'company', to: paths.adminWorkspace, permission: 'settings:read', icon: BusinessOutlined },
  {
    key: 'notifications',
    to: paths.adminNotificationSettings,
    permission: 'notification:own',
    icon: NotificationsOutlined,
  },
  { key: 'payroll', to: paths.integrationCompany, permission: 'payroll:settings', icon: SyncAltOutlined },
];

/** The cards set on the index itself, behind the permission to read the workspace's settings. */
const INLINE_PERMISSION: PermissionRule = 'settings:read';

/**
 * /admin/setting: the settings index. A tile for each settings screen the user may open, then the approval rule and
 * the time zone, set here. Whoever may read but not change the settings (the accountant) sees them read-only.
 */
export function SettingsIndexPage() {
  const { t } = useTranslation();
  const check = useCanCheck();
  const canWrite = useCan('workspace:update');
  const tiles = SETTINGS_ENTRIES.filter((e) => check(e.permission));
  const text = (key: string, part: 'title' | 'description') =>
    key === 'notifications' && part === 'description'
      ? t(`workspaceSettings.index.tiles.notifications.${canWrite ? 'descriptionAdmin' : 'description'}`)
      : t(`workspaceSettings.index.tiles.${key}.${part}`);

  return (
    <>
      <PageHeader title={t('workspaceSettings.index.title')} subtitle={t('workspaceSettings.index.subtitle')} />
      {!canWrite && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="settings-read-only">
          {t('workspaceSettings.index.readOnly')}
        </Alert>
      )}
      <Box
        component="ul"
        aria-label={t('workspaceSettings.index.title')}
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1fr 1fr 1fr' },
        }}
      >
        {tiles.map(({ key, to, icon: Icon, more }) => (
          <Paper key={key} component="li" variant="outlined" sx={{ p: 2, display: 'flex', gap: 2 }}>
            <Icon color="primary" sx={{ mt: 0.25 }} />
            <Box sx={{ minWidth: 0 }}>
              <Link
                component={RouterLink}
                to={to}
                variant="subtitle1"
                underline="hover"
                sx={{ fontWeight: 600 }}
                data-testid={`settings-${key}`}
              >
                {text(key, 'title')}
              </Link>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                {text(key, 'description')}
              </Typography>
              {more && (
                <Box sx={{ mt: 1, display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5 }}>
                  {more
                    .filter((m) => check(m.permission))
                    .map((m) => (
                      <Link
                        key={m.key}
                        component={RouterLink}
                        to={m.to}
                        variant="body2"
                        data-testid={`settings-${m.key}`}
                      >
                        {t(`workspaceSettings.index.tiles.${key}.${m.key}`)}
                      </Link>
                    ))}
                </Box>
              )}
            </Box>
          </Paper>
        ))}
      </Box>
      {check(INLINE_PERMISSION) && (
        <Box sx={{ mt: 3, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <ApprovalsCard />
          <TimeZoneCard />
        </Box>
      )}
    </>
  );
}
