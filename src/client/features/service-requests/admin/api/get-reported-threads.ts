import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { reportedThreadsSchema } from '@shared/schemas/request-messages';
import { getJson } from '../../../../lib/api-client';

export type ReportedThreads = z.output<typeof reportedThreadsSchema>;

/** GET /api/admin/reported-threads: threads with a reported message, newest report first. */
export const useReportedThreads = (page: number) =>
  useQuery({
    queryKey: ['service-requests', 'admin', 'reported-threads', page],
    queryFn: () => getJson<ReportedThreads>(`/api/admin/reported-threads?page=${page}`),
    placeholderData: keepPreviousData,
  });
