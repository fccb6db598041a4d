import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { JobDetail, JobMoveBody } from '@shared/schemas/jobs';
import { sharedKeys } from '../../../lib/api/keys';
import { moveServiceRequest } from '../../../lib/api/service-request';
import { jobKeys } from './keys';

/**
 * A move on this job; the job and the lists refresh afterwards. `onMoved` runs even when the
 * screen that made the move is gone by then (the move itself can remove its button).
 */
export function useMoveJob(reference: string, onMoved?: (job: JobDetail) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: JobMoveBody) => moveServiceRequest(reference, body),
    onSuccess: (job) => {
      qc.setQueryData(sharedKeys.serviceRequest(reference), job);
      onMoved?.(job);
    },
    onSettled: async () => {
      await qc.invalidateQueries({ queryKey: jobKeys.all });
      await qc.invalidateQueries({ queryKey: sharedKeys.serviceRequest(reference) });
    },
  });
}
