import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeed, CalendarFeedSettings } from '@timbro/shared';
import { api } from '../../../lib/api';
import { MY_SHIFTS_KEY } from './swap-keys';

const PATH = '/member/work-shift/calendar-feed';

/**
 * GET: whether the member has a calendar link (its URL is never shown again: `url` is null), since when, until when,
 * when a calendar app last read it, and whether absences show their type.
 */
export const myCalendarFeedQueryOptions = () =>
  queryOptions({
    queryKey: [...MY_SHIFTS_KEY, 'calendar-feed'] as const,
    queryFn: async ({ signal }) => (await api.get<CalendarFeed>(PATH, undefined, signal)).data,
  });

export const useMyCalendarFeed = () => useQuery(myCalendarFeedQueryOptions());

const NO_FEED: CalendarFeed = { url: null, createdAt: null, expiresAt: null, lastReadAt: null, showAbsenceType: false };

/** POST: a new secret link (the old one, if any, stops working); its URL comes back this once, with a message. */
export function useCreateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.post<CalendarFeed & { message?: string }>(PATH)).data,
    // The cache keeps the state without the secret: the page holds the URL while it shows it.
    onSuccess: ({ url: _secret, message: _message, ...feed }) =>
      queryClient.setQueryData(myCalendarFeedQueryOptions().queryKey, { ...feed, url: null }),
  });
}

/** POST settings: whether absences show their type in the calendar ("Assenza" otherwise). */
export function useCalendarFeedSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CalendarFeedSettings) =>
      (await api.post<CalendarFeed & { message?: string }>(`${PATH}/settings`, body)).data,
    onSuccess: ({ message: _message, ...feed }) =>
      queryClient.setQueryData(myCalendarFeedQueryOptions().queryKey, { ...feed, url: null }),
  });
}

/** DELETE: the link stops working. */
export function useRevokeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.del<{ message: string }>(PATH)).data,
    onSuccess: () => queryClient.setQueryData(myCalendarFeedQueryOptions().queryKey, NO_FEED),
  });
}
