import { useQueryClient } from '@tanstack/react-query';
import { useJobNotificationEvents } from '../../../lib/api/job-notification-stream';
import { sharedKeys } from '../../../lib/api/keys';
import { jobKeys } from './keys';

/** Sent on the technician's stream whenever one of their jobs changes. */
export const JOB_UPDATED_EVENT = 'job.updated';
const TYPES = [JOB_UPDATED_EVENT] as const;

/**
 * The technician's push stream (the one job notifications use): a `job.updated` event refreshes
 * the jobs list and the open job.
 */
export function useJobUpdates(enabled = true) {
  const qc = useQueryClient();
  return useJobNotificationEvents(enabled, TYPES, () => {
    void qc.invalidateQueries({ queryKey: jobKeys.all });
    void qc.invalidateQueries({ queryKey: sharedKeys.serviceRequests });
  });
}
