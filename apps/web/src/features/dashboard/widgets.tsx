import type { DashboardWidget } from '../../components/widget-grid';
import { InvitationsWidget } from './invitations-widget';
import { WelcomeWidget } from './welcome-widget';

/** The dashboard's own widgets: the greeting, and the invitations to other workspaces (hidden when there are none). */
export const DASHBOARD_WIDGETS: DashboardWidget[] = [
  { key: 'welcome', permission: 'profile:read', component: WelcomeWidget, sx: { gridColumn: { md: '1 / -1' } } },
  {
    key: 'invitations',
    permission: 'profile:read',
    component: InvitationsWidget,
    sx: { gridColumn: { md: '1 / -1' }, '&:empty': { display: 'none' } },
  },
];
