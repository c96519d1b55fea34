import { createApiClient, defaultRefresh } from './api-client';
import { authEvents } from './auth-events';
import { pwaStore } from './pwa/pwa-state';
import { workspaceStore } from './workspace-store';

/** The application's API client: workspace header from the store, default refresh, auth-expired broadcast, reachability. */
export const api = createApiClient({
  getWorkspaceId: () => workspaceStore.get(),
  refresh: defaultRefresh,
  onAuthExpired: () => authEvents.emit('auth-expired'),
  // "Sei offline" also when the device believes it is online but reaches nothing (navigator.onLine is often wrong).
  onReachability: (reached) => pwaStore.setOnline(reached),
});
