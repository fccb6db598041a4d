import { queryOptions, useQuery } from '@tanstack/react-query';
import type { JobDetail } from '@shared/schemas/jobs';
import { getJson } from '../../../lib/api-client';
import { jobKeys } from './keys';

/** GET /api/service-requests/:reference: the job as the signed-in viewer may see it. */
export const getJob = (reference: string) =>
  getJson<JobDetail>(`/api/service-requests/${encodeURIComponent(reference)}`);

/** How often the job is re-read while the push stream is down. */
export const FALLBACK_POLL_MS = 10_000;

export const jobQueryOptions = (reference: string | null, poll = false) =>
  queryOptions({
    queryKey: jobKeys.detail(reference ?? ''),
    queryFn: () => getJob(reference!),
    enabled: !!reference,
    retry: false,
    // Quotes, invoices and payments are made on other screens: read it again on every visit.
    staleTime: 0,
    refetchInterval: poll ? FALLBACK_POLL_MS : false,
  });

/** The job; `poll` re-reads it now and then (when the push stream is down). */
export const useJob = (reference: string | null, poll = false) =>
  useQuery(jobQueryOptions(reference, poll));
