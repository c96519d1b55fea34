import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse, SessionInfo } from '@timbro/shared';
import { api } from '../../lib/api';
import { SESSIONS_KEY } from '../../lib/query-keys';

/** GET /user/sessions: where the current person is logged in. */
export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: SESSIONS_KEY,
    queryFn: async ({ signal }) => (await api.get<SessionInfo[]>('/user/sessions', undefined, signal)).data,
  });

export const useSessions = () => useQuery(sessionsQueryOptions());

/** POST /user/sessions/{id}/revoke: ends one of the own sessions (another device must log in again). */
export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (await api.post<MessageResponse>(`/user/sessions/${encodeURIComponent(id)}/revoke`)).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}

/** POST /user/sessions/revoke-others: ends every own session but this one. */
export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.post<MessageResponse>('/user/sessions/revoke-others')).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}
