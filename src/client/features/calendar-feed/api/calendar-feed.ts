import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeed } from '@shared/schemas/calendar-feed';
import { apiRequest, getJson } from '../../../lib/api-client';

const key = ['calendar-feed'] as const;

/** GET /api/calendar-feed: the technician's private feed URL. */
export const getCalendarFeed = () => getJson<CalendarFeed>('/api/calendar-feed');

export const useCalendarFeed = () => useQuery({ queryKey: key, queryFn: getCalendarFeed });

/** POST /api/calendar-feed/reset: a new URL; the old one stops working. */
export function useResetCalendarFeed() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<CalendarFeed>('POST', '/api/calendar-feed/reset', {}),
    onSuccess: (feed) => qc.setQueryData(key, feed),
  });
}
