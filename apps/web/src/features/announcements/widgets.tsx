import type { DashboardWidget } from '../../components/widget-grid';
import { AnnouncementsWidget } from './announcement-widgets';

/**
 * Announcements on the dashboard (GET /dashboard's `latestAnnouncements`): the member's "Ultime comunicazioni" (their
 * latest, unread marked) or the admin's "Comunicazioni inviate" (the latest sent or scheduled, with how many have read
 * them). Their texts are the announcements catalog area, which the dashboard route loads.
 */
export const ANNOUNCEMENT_WIDGETS: DashboardWidget[] = [
  {
    key: 'announcements',
    permission: 'workspace:read',
    anyOf: ['announcement:read:own', 'announcement:read'],
    slice: 'latestAnnouncements',
    component: AnnouncementsWidget,
  },
];
