import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ScheduleAnswer,
  ScheduleInput,
  TimeOff,
  TimeOffInput,
} from '@shared/schemas/availability';
import { apiRequest, getJson } from '../../../lib/api-client';

export const availabilityKeys = {
  schedule: ['availability', 'schedule'] as const,
  timeOff: ['availability', 'time-off'] as const,
};

/** GET /api/availability/schedule: the technician's working week (or the default). */
export const useSchedule = () =>
  useQuery({
    queryKey: availabilityKeys.schedule,
    queryFn: () => getJson<ScheduleAnswer>('/api/availability/schedule'),
  });

/** PUT /api/availability/schedule */
export function useSaveSchedule() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ScheduleInput) =>
      apiRequest<ScheduleAnswer>('PUT', '/api/availability/schedule', body),
    onSuccess: (saved) => qc.setQueryData(availabilityKeys.schedule, saved),
  });
}

/** GET /api/availability/time-off: the technician's time off that has not ended. */
export const useTimeOff = () =>
  useQuery({
    queryKey: availabilityKeys.timeOff,
    queryFn: () => getJson<TimeOff[]>('/api/availability/time-off'),
  });

/** POST /api/availability/time-off and DELETE /api/availability/time-off/:id */
export function useTimeOffChanges() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: availabilityKeys.timeOff });
  return {
    add: useMutation({
      mutationFn: (body: TimeOffInput) =>
        apiRequest<TimeOff>('POST', '/api/availability/time-off', body),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: number) => apiRequest('DELETE', `/api/availability/time-off/${id}`),
      onSuccess: refresh,
    }),
  };
}
