import { useQueryClient } from '@tanstack/react-query';
import {
  JOB_UPDATED_EVENT,
  useJobNotificationEvents,
} from '../../../../lib/api/job-notification-stream';
import { serviceRequestKeys } from '../../api/keys';

const TYPES = [JOB_UPDATED_EVENT] as const;

/**
 * The technician's push stream (the one job notifications use): a `job.updated` event refreshes
 * the requests on screen. Answers whether the stream is connected (the screen polls while not).
 */
export function useServiceRequestUpdates(enabled = true) {
  const qc = useQueryClient();
  return useJobNotificationEvents(enabled, TYPES, () => {
    void qc.invalidateQueries({ queryKey: serviceRequestKeys.all });
  });
}
