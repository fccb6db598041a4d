import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { JobDetail, JobMoveBody } from '@shared/schemas/jobs';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** POST /api/service-requests/:reference/moves: an admin moves a request (cancels it). */
export const moveRequest = (reference: string, body: JobMoveBody) =>
  apiRequest<JobDetail>(
    'POST',
    `/api/service-requests/${encodeURIComponent(reference)}/moves`,
    body,
  );

/** Moves the request; keeps its detail and refreshes the admin area. */
export function useAdminMove(reference: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: JobMoveBody) => moveRequest(reference, body),
    onSuccess: (detail) => {
      qc.setQueryData(adminKeys.request(reference), detail);
      return qc.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
}
