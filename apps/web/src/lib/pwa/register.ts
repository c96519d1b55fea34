/**
 * Registers the service worker (issue 32, ADR 0030) once the first page has painted, with Workbox's window helper
 * loaded on demand: the login route carries none of it (capture guide T12). A new version found later waits; the page
 * shows "Nuova versione disponibile" and reloads only when the person clicks "Aggiorna", and then only once no punch is
 * on its way (holdUpdates).
 */
import { pwaStore, whenIdle } from './pwa-state';

let applyUpdate: (() => void) | null = null;

export function registerServiceWorker(): void {
  window.addEventListener('online', () => pwaStore.setOnline(true));
  window.addEventListener('offline', () => pwaStore.setOnline(false));
  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return;
  const start = () => {
    void import('workbox-window').then(({ Workbox }) => {
      const wb = new Workbox('/sw.js', { scope: '/', type: 'classic' });
      wb.addEventListener('waiting', () => {
        applyUpdate = () => {
          wb.addEventListener('controlling', () => window.location.reload());
          wb.messageSkipWaiting();
        };
        pwaStore.setUpdateWaiting(true);
      });
      // A browser that refuses service workers (a policy, a private mode, a test that blocks them) answers nothing
      // or an error here: the app then simply runs without its offline shell.
      wb.register().catch(() => undefined);
    });
  };
  if (document.readyState === 'complete') setTimeout(start, 0);
  else window.addEventListener('load', () => setTimeout(start, 0), { once: true });
}

/** "Aggiorna": the waiting version takes over and the page reloads — after any punch on its way has finished. */
export function updateNow(): void {
  const apply = applyUpdate;
  if (apply) whenIdle(apply);
}
