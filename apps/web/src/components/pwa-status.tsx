import { lazy, Suspense } from 'react';
import { usePwaState } from '../lib/pwa/pwa-state';

const PwaBanners = lazy(() => import('./pwa-banners'));

/**
 * The installed app's banners (offline, new version), loaded the first time one of them is needed: the login route
 * carries only this switch (capture guide T12, ≤ 5 KB added by the app's registration).
 */
export function PwaStatus() {
  const { online, updateWaiting } = usePwaState();
  if (online && !updateWaiting) return null;
  return (
    <Suspense fallback={null}>
      <PwaBanners />
    </Suspense>
  );
}
