import { MutationCache, QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { registerQueryClient } from './loaded-query-client';
import { DASHBOARD_KEY } from './query-keys';

/**
 * A query client with the application's rule for the dashboard: it summarises every feature, so whatever write succeeds
 * (a punch, a decision, a new contract…) makes its figures stale, without each feature having to know about it. The
 * tests build theirs here too (with their own defaults).
 */
export function createQueryClient(defaultOptions: DefaultOptions): QueryClient {
  const client: QueryClient = new QueryClient({
    defaultOptions,
    mutationCache: new MutationCache({
      onSuccess: () => client.invalidateQueries({ queryKey: DASHBOARD_KEY }),
    }),
  });
  return client;
}

export const queryClient = createQueryClient({
  queries: {
    staleTime: 30_000,
    refetchOnWindowFocus: false,
    retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 2,
  },
});
registerQueryClient(queryClient);
