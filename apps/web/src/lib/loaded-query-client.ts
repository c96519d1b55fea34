/**
 * The app's query client once `lib/query-client.ts` has been loaded, null before: code of the login route asks here
 * instead of importing it (React Query's 9 KB gzip are not loaded to empty a cache nobody filled, ADR 0007).
 */
let loaded: { clear(): void } | null = null;

export function registerQueryClient(client: { clear(): void }) {
  loaded = client;
}

export function loadedQueryClient() {
  return loaded;
}
