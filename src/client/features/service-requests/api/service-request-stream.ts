import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { serviceRequestKeys, serviceRequestUrl, type ServiceRequestRef } from './keys';

/** The event the server sends whenever anything on the request changes. */
export const SERVICE_REQUEST_UPDATED_EVENT = 'request.updated';

/**
 * Follows a request live over Server-Sent Events (GET /api/service-requests/:reference/stream):
 * each `request.updated` refetches the detail at once, and so does every `ready` (the first one
 * closes the gap between the page's load and the subscription; later ones follow a reconnect,
 * when events may have been missed). EventSource reconnects by itself; `access-lost` ends it.
 */
export function useServiceRequestStream(ref: ServiceRequestRef, enabled = true) {
  const { reference, token } = ref;
  const qc = useQueryClient();
  const [connected, setConnected] = useState(false);
  useEffect(() => {
    if (!enabled || !reference || typeof EventSource === 'undefined') return;
    const source = new EventSource(serviceRequestUrl({ reference, token }, '/stream'), {
      withCredentials: true,
    });
    const refresh = () => {
      void qc.invalidateQueries({ queryKey: serviceRequestKeys.detail(reference) });
      void qc.invalidateQueries({ queryKey: serviceRequestKeys.lists });
    };
    source.addEventListener('ready', () => {
      setConnected(true);
      refresh();
    });
    source.addEventListener(SERVICE_REQUEST_UPDATED_EVENT, refresh);
    // The viewer lost access (a technician gave the job back): stop, and let the detail's
    // refetch say so.
    source.addEventListener('access-lost', () => {
      source.close();
      setConnected(false);
      refresh();
    });
    source.onerror = () => setConnected(false);
    return () => {
      source.close();
      setConnected(false);
    };
  }, [reference, token, enabled, qc]);
  return connected;
}
