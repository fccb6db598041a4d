import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { JobDetail, JobMoveBody } from '@shared/schemas/jobs';
import { apiRequest } from '../../../lib/api-client';
import { jobKeys } from './keys';

/** POST /api/service-requests/:reference/moves: answers with the job after the move. */
export const moveJob = (reference: string, body: JobMoveBody) =>
  apiRequest<JobDetail>(
    'POST',
    `/api/service-requests/${encodeURIComponent(reference)}/moves`,
    body,
  );

/**
 * A move on this job; the job and the lists refresh afterwards. `onMoved` runs even when the
 * screen that made the move is gone by then (the move itself can remove its button).
 */
export function useMoveJob(reference: string, onMoved?: (job: JobDetail) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: JobMoveBody) => moveJob(reference, body),
    onSuccess: (job) => {
      qc.setQueryData(jobKeys.detail(reference), job);
      onMoved?.(job);
    },
    onSettled: () => qc.invalidateQueries({ queryKey: jobKeys.all }),
  });
}
