import { createApiClient, defaultRefresh } from './api-client';
import { authEvents } from './auth-events';
import { workspaceStore } from './workspace-store';

/** The application's API client: workspace header from the store, default refresh, auth-expired broadcast. */
export const api = createApiClient({
  getWorkspaceId: () => workspaceStore.get(),
  refresh: defaultRefresh,
  onAuthExpired: () => authEvents.emit('auth-expired'),
});
