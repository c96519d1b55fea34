import { Box } from '@mui/material';
import { lazy, Suspense } from 'react';
import { AppFrame } from '../components/app-frame/app-frame';
import { loadCatalogArea } from '../i18n/i18n';
import { useCan } from '../lib/auth/use-can';

/** The notification centre and its texts, together (never on the login route). */
export const loadNotificationCentre = () =>
  Promise.all([import('../features/notifications/notification-centre'), loadCatalogArea('notifications')]);

/** Loaded after the frame — or while the password is checked (app/router.tsx). */
const NotificationCentre = lazy(async () => {
  const [m] = await loadNotificationCentre();
  return { default: m.NotificationCentre };
});

/**
 * The logged-in frame with the features' header controls: the notification centre, for whoever has one in the active
 * workspace (any role; not the platform operator outside a workspace). While it loads, its place is kept (no shift).
 */
export function Frame() {
  const hasNotifications = useCan('notification:own');
  return (
    <AppFrame
      headerActions={
        hasNotifications && (
          <Suspense fallback={<Box sx={{ width: 40 }} aria-hidden />}>
            <NotificationCentre />
          </Suspense>
        )
      }
    />
  );
}
