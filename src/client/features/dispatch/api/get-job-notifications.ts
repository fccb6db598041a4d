import { queryOptions, useQuery } from '@tanstack/react-query';
import type { JobNotification } from '@shared/schemas/dispatch';
import { getJson } from '../../../lib/api-client';
import { notificationKeys } from './keys';

/** The spec's poll: the fallback when the push stream is down. */
export const POLL_MS = 5000;

/** GET /api/job-notifications/technician/:id */
export const getJobNotifications = (technicianId: number | null) =>
  getJson<JobNotification[]>(`/api/job-notifications/technician/${technicianId}`);

export const jobNotificationsQueryOptions = (technicianId: number | null) =>
  queryOptions({
    queryKey: notificationKeys.forTechnician(technicianId ?? 0),
    queryFn: () => getJobNotifications(technicianId),
    enabled: technicianId !== null,
    refetchInterval: POLL_MS,
  });

export const useJobNotifications = (technicianId: number | null) =>
  useQuery(jobNotificationsQueryOptions(technicianId));
