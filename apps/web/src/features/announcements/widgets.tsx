import type { DashboardWidget } from '../../components/widget-grid';
import { LatestAnnouncementsWidget, SentAnnouncementsWidget } from './announcement-widgets';

/**
 * Announcements on the dashboard: the member's "Ultime comunicazioni" (their latest, unread marked) and the admin's
 * "Comunicazioni inviate" (the latest sent or scheduled, with how many have read them). Their texts are the
 * announcements catalog area, which the dashboard route loads.
 */
export const ANNOUNCEMENT_WIDGETS: DashboardWidget[] = [
  { key: 'my-announcements', permission: 'announcement:read:own', component: LatestAnnouncementsWidget },
  { key: 'sent-announcements', permission: 'announcement:read', component: SentAnnouncementsWidget },
];
