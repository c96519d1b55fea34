import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { announcementQueryOptions } from './get-announcement';
import { invalidateAnnouncements } from './invalidate';

/** DELETE /admin/announcement/{id}: the announcement, its recipients' trace and its attachments. */
export function useDeleteAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (await api.del<{ message: string }>(`/admin/announcement/${encodeURIComponent(id)}`)).data,
    onSuccess: async (_data, id) => {
      // Gone: its record must not be fetched again (a 404) by a page still showing it.
      queryClient.removeQueries({ queryKey: announcementQueryOptions(id).queryKey });
      await invalidateAnnouncements(queryClient);
    },
  });
}
