import { useQueryClient } from '@tanstack/react-query';
import {
  JOB_UPDATED_EVENT,
  useJobNotificationEvents,
} from '../../../lib/api/job-notification-stream';
import { jobKeys } from './keys';

const TYPES = [JOB_UPDATED_EVENT] as const;

/**
 * The technician's push stream (the one job notifications use): a `job.updated` event refreshes
 * the jobs list. Answers whether the stream is connected (the list polls while not).
 */
export function useJobUpdates(enabled = true) {
  const qc = useQueryClient();
  return useJobNotificationEvents(enabled, TYPES, () => {
    void qc.invalidateQueries({ queryKey: jobKeys.all });
  });
}
