import { queryOptions, useQuery } from '@tanstack/react-query';
import { serviceRequestQueryOptions } from '../../../lib/api/service-request';

/** How often the job is re-read while the push stream is down. */
export const FALLBACK_POLL_MS = 10_000;

/** GET /api/service-requests/:reference: the job as the signed-in technician may see it. */
export const jobQueryOptions = (reference: string | null, poll = false) =>
  queryOptions({
    ...serviceRequestQueryOptions(reference ?? ''),
    enabled: !!reference,
    retry: false,
    // Quotes, invoices and payments are made on other screens: read it again on every visit.
    staleTime: 0,
    refetchInterval: poll ? FALLBACK_POLL_MS : false,
  });

/** The job; `poll` re-reads it now and then (when the push stream is down). */
export const useJob = (reference: string | null, poll = false) =>
  useQuery(jobQueryOptions(reference, poll));
