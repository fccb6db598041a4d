import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { jobKeys } from './keys';

/** Sent on the technician's stream whenever one of their jobs changes. */
export const JOB_UPDATED_EVENT = 'job.updated';

/**
 * The technician's push stream (the one job notifications use): a `job.updated` event refreshes
 * the jobs list and the open job. EventSource reconnects by itself.
 */
export function useJobUpdates(enabled = true) {
  const qc = useQueryClient();
  const [connected, setConnected] = useState(false);
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/job-notifications/stream', { withCredentials: true });
    source.addEventListener('ready', () => setConnected(true));
    source.addEventListener(JOB_UPDATED_EVENT, () => {
      void qc.invalidateQueries({ queryKey: jobKeys.all });
    });
    source.onerror = () => setConnected(false);
    return () => {
      source.close();
      setConnected(false);
    };
  }, [enabled, qc]);
  return connected;
}
