import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  TECHNICIAN_JOBS_PAGE_SIZE,
  type technicianJobsSchema,
} from '@shared/schemas/service-request-views';
import { getJson } from '../../../lib/api-client';
import { FALLBACK_POLL_MS } from '../../../lib/api/job-notification-stream';
import { jobKeys } from './keys';

export type TechnicianJobs = z.output<typeof technicianJobsSchema>;
export type TechnicianJobsParams = { q: string; page: number };

/** GET /api/jobs?q=&page=&pageSize=: a page of the technician's active and past jobs. */
export const getTechnicianJobs = ({ q, page }: TechnicianJobsParams) => {
  const search = new URLSearchParams({
    page: String(page),
    pageSize: String(TECHNICIAN_JOBS_PAGE_SIZE),
  });
  if (q) search.set('q', q);
  return getJson<TechnicianJobs>(`/api/jobs?${search.toString()}`);
};

export const technicianJobsQueryOptions = (params: TechnicianJobsParams, poll = false) =>
  queryOptions({
    queryKey: [...jobKeys.list(), params.q, params.page],
    queryFn: () => getTechnicianJobs(params),
    staleTime: 0,
    // The page on screen stays while the next one loads (no skeleton flash when paging).
    placeholderData: keepPreviousData,
    refetchInterval: poll ? FALLBACK_POLL_MS : false,
  });

/** The jobs; `poll` re-reads them now and then (when the push stream is down). */
export const useTechnicianJobs = (params: TechnicianJobsParams, poll = false) =>
  useQuery(technicianJobsQueryOptions(params, poll));
