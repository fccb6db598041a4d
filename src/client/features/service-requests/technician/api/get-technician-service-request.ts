import { queryOptions, useQuery } from '@tanstack/react-query';
import { FALLBACK_POLL_MS } from '../../../../lib/api/job-notification-stream';
import { serviceRequestQueryOptions } from '../../api/get-service-request';

/** GET /api/service-requests/:reference: the request as the signed-in technician may see it. */
export const technicianServiceRequestQueryOptions = (reference: string | null, poll = false) =>
  queryOptions({
    ...serviceRequestQueryOptions({ reference: reference ?? '' }),
    enabled: !!reference,
    retry: false,
    // Quotes, invoices and payments are made on other screens: read it again on every visit.
    staleTime: 0,
    refetchInterval: poll ? FALLBACK_POLL_MS : false,
  });

/** The technician's request (their job); `poll` re-reads it now and then (stream down). */
export const useTechnicianServiceRequest = (reference: string | null, poll = false) =>
  useQuery(technicianServiceRequestQueryOptions(reference, poll));
