import { useQuery } from '@tanstack/react-query';
import type { LeadStatus } from '@shared/schemas/dispatch';
import { getJson } from '../../../lib/api-client';
import { notificationKeys } from './keys';

/** GET /api/job-notifications/technician/:id/leads: the plan and where it stands on the job cap. */
export const getLeadStatus = (technicianId: number) =>
  getJson<LeadStatus>(`/api/job-notifications/technician/${technicianId}/leads`);

/** Refreshed with the technician's notifications (an accept invalidates both: same key prefix). */
export const useLeadStatus = (technicianId: number) =>
  useQuery({
    queryKey: notificationKeys.leads(technicianId),
    queryFn: () => getLeadStatus(technicianId),
    // A new billing period or a plan bought in another tab shows within a minute.
    refetchInterval: 60_000,
  });
