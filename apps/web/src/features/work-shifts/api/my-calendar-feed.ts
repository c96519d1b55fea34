import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeed } from '@timbro/shared';
import { api } from '../../../lib/api';
import { MY_SHIFTS_KEY } from './swap-keys';

const PATH = '/member/work-shift/calendar-feed';

/** GET: whether the member has a calendar link (its URL is never shown again: `url` is null), and since when. */
export const myCalendarFeedQueryOptions = () =>
  queryOptions({
    queryKey: [...MY_SHIFTS_KEY, 'calendar-feed'] as const,
    queryFn: async ({ signal }) => (await api.get<CalendarFeed>(PATH, undefined, signal)).data,
  });

export const useMyCalendarFeed = () => useQuery(myCalendarFeedQueryOptions());

/** POST: a new secret link (the old one, if any, stops working); its URL comes back this once, with a message. */
export function useCreateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.post<CalendarFeed & { message?: string }>(PATH)).data,
    // The cache keeps the state without the secret: the page holds the URL while it shows it.
    onSuccess: (feed) =>
      queryClient.setQueryData(myCalendarFeedQueryOptions().queryKey, { url: null, createdAt: feed.createdAt }),
  });
}

/** DELETE: the link stops working. */
export function useRevokeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.del<{ message: string }>(PATH)).data,
    onSuccess: () => queryClient.setQueryData(myCalendarFeedQueryOptions().queryKey, { url: null, createdAt: null }),
  });
}
