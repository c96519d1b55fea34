import AccessTimeOutlined from '@mui/icons-material/AccessTimeOutlined';
import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import EventBusyOutlined from '@mui/icons-material/EventBusyOutlined';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import RuleOutlined from '@mui/icons-material/RuleOutlined';
import SyncAltOutlined from '@mui/icons-material/SyncAltOutlined';
import { List, ListItem, ListItemButton, ListItemIcon, ListItemText, Paper } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { paths } from '../../config/paths';
import { useCanCheck } from '../../lib/auth/use-can';
import { SETTINGS_SCREEN, type PermissionRule } from '../../lib/permissions';

interface SettingsEntry {
  key: string;
  titleKey: string;
  to: string;
  permission: PermissionRule;
  icon: typeof NotificationsOutlined;
}

/** The workspace's settings screens, each behind the permission of the page it opens (like NAV_SECTIONS). */
export const SETTINGS_ENTRIES: readonly SettingsEntry[] = [
  {
    key: 'notifications',
    titleKey: 'pages.notificationSettings',
    to: paths.adminNotificationSettings,
    permission: 'notification:own',
    icon: NotificationsOutlined,
  },
  {
    key: 'company',
    titleKey: 'pages.companyDetails',
    to: paths.adminWorkspace,
    permission: 'workspace:update',
    icon: BusinessOutlined,
  },
  {
    key: 'timeSlots',
    titleKey: 'nav.items.timeSlots',
    to: paths.adminTimeSlot,
    permission: SETTINGS_SCREEN,
    icon: AccessTimeOutlined,
  },
  {
    key: 'holidays',
    titleKey: 'nav.items.holidays',
    to: paths.adminHoliday,
    permission: SETTINGS_SCREEN,
    icon: EventBusyOutlined,
  },
  {
    key: 'justifications',
    titleKey: 'nav.items.justifications',
    to: paths.adminJustification,
    permission: SETTINGS_SCREEN,
    icon: RuleOutlined,
  },
  {
    key: 'payroll',
    titleKey: 'nav.items.payrollIntegration',
    to: paths.integrationCompany,
    permission: 'payroll:settings',
    icon: SyncAltOutlined,
  },
];

/** /admin/setting: the settings index, a link to each settings screen the user may open. */
export function SettingsIndexPage() {
  const { t } = useTranslation();
  const check = useCanCheck();
  return (
    <>
      <PageHeader title={t('nav.items.settings')} />
      <Paper variant="outlined" sx={{ maxWidth: 560 }}>
        <List aria-label={t('nav.items.settings')} disablePadding>
          {SETTINGS_ENTRIES.filter((e) => check(e.permission)).map(({ key, titleKey, to, icon: Icon }) => (
            <ListItem key={key} disablePadding divider>
              <ListItemButton component={RouterLink} to={to} data-testid={`settings-${key}`}>
                <ListItemIcon>
                  <Icon />
                </ListItemIcon>
                <ListItemText primary={t(titleKey)} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </Paper>
    </>
  );
}
