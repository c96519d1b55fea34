import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationSettings, NotificationSettingsInput } from '@timbro/shared';
import { api } from '../../../lib/api';
import { AUDIT_KEY, NOTIFICATIONS_KEY } from '../../../lib/query-keys';

const SETTINGS_KEY = [...NOTIFICATIONS_KEY, 'settings'] as const;

/** Whose settings: the signed-in person's own, or the workspace's defaults (admins). */
export type SettingsScope = 'own' | 'workspace';

const PATH: Record<SettingsScope, string> = {
  own: '/notification/settings',
  workspace: '/admin/setting/notification',
};

/** GET /notification/settings or GET /admin/setting/notification: every category, what is in force and its source. */
export const notificationSettingsQueryOptions = (scope: SettingsScope) =>
  queryOptions({
    queryKey: [...SETTINGS_KEY, scope] as const,
    queryFn: async ({ signal }) => (await api.get<NotificationSettings>(PATH[scope], undefined, signal)).data,
  });

export const useNotificationSettings = (scope: SettingsScope) => useQuery(notificationSettingsQueryOptions(scope));

/**
 * POST /notification/settings or POST /admin/setting/notification: the categories sent become the choice (the others
 * keep theirs). The answer is the new state; a change to the defaults changes what the own page shows too.
 */
export function useSaveNotificationSettings(scope: SettingsScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: NotificationSettingsInput) =>
      (await api.post<NotificationSettings>(PATH[scope], body)).data,
    onSuccess: async (saved) => {
      queryClient.setQueryData(notificationSettingsQueryOptions(scope).queryKey, saved);
      if (scope === 'workspace')
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: notificationSettingsQueryOptions('own').queryKey }),
          queryClient.invalidateQueries({ queryKey: AUDIT_KEY }),
        ]);
    },
  });
}

/** DELETE /notification/settings: the person's choices are forgotten, the workspace's defaults apply again. */
export function useResetNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.del<NotificationSettings>(PATH.own)).data,
    onSuccess: (saved) => queryClient.setQueryData(notificationSettingsQueryOptions('own').queryKey, saved),
  });
}
