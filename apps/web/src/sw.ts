/**
 * Timbro's service worker (issue 32, ADR 0030): the app shell from the precache, so the installed app opens offline;
 * every navigation answered with index.html except the API; nothing else. It never answers a request to /api — API
 * calls, the live stream and cookies go to the network exactly as without it. Built by vite-plugin-pwa in
 * `injectManifest` mode (Workbox's precache list is written into `self.__WB_MANIFEST`).
 */
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { ExpirationPlugin } from 'workbox-expiration';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { NAVIGATION_DENYLIST } from './lib/pwa/sw-routes';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first install controls the page that installed it at once (no older version to wait for). Later versions wait
// for "Aggiorna" (below).
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: NAVIGATION_DENYLIST }));

// The other hashed files (a page's code, another language's texts) never change under their name: kept the first time
// a page loads them online, so that page opens offline too.
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin && url.pathname.startsWith('/assets/') && request.method === 'GET',
  new CacheFirst({
    cacheName: 'timbro-assets',
    plugins: [new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 60 * 24 * 3600, purgeOnQuotaError: true })],
  }),
);

// A new version waits until the page asks it to take over ("Aggiorna"), never in the middle of a punch.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
