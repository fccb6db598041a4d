import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { technicianJobsSchema } from '@shared/schemas/jobs';
import { getJson } from '../../../lib/api-client';
import { FALLBACK_POLL_MS } from './get-job';
import { jobKeys } from './keys';

export type TechnicianJobs = z.output<typeof technicianJobsSchema>;

/** GET /api/jobs: the signed-in technician's active and past jobs. */
export const getTechnicianJobs = () => getJson<TechnicianJobs>('/api/jobs');

export const technicianJobsQueryOptions = (poll = false) =>
  queryOptions({
    queryKey: jobKeys.list(),
    queryFn: getTechnicianJobs,
    staleTime: 0,
    refetchInterval: poll ? FALLBACK_POLL_MS : false,
  });

/** The jobs; `poll` re-reads them now and then (when the push stream is down). */
export const useTechnicianJobs = (poll = false) => useQuery(technicianJobsQueryOptions(poll));
