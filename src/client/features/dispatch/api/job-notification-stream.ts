import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { JOB_EVENTS } from '@shared/schemas/dispatch';
import { notificationKeys } from './keys';

/**
 * New and closed notifications pushed over Server-Sent Events: each event refreshes the list.
 * EventSource reconnects by itself and resumes from the last event id it saw.
 */
export function useJobNotificationStream(technicianId: number | null) {
  const qc = useQueryClient();
  const [connected, setConnected] = useState(false);
  useEffect(() => {
    if (technicianId === null || typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/job-notifications/stream', { withCredentials: true });
    const refresh = () =>
      void qc.invalidateQueries({ queryKey: notificationKeys.forTechnician(technicianId) });
    source.addEventListener('ready', () => setConnected(true));
    for (const type of JOB_EVENTS) source.addEventListener(type, refresh);
    source.onerror = () => setConnected(false);
    return () => {
      source.close();
      setConnected(false);
    };
  }, [technicianId, qc]);
  return connected;
}
