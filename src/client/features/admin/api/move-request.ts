import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { JobMoveBody } from '@shared/schemas/jobs';
import { sharedKeys } from '../../../lib/api/keys';
import { moveServiceRequest } from '../../../lib/api/service-request';
import { adminKeys } from './keys';

/** An admin moves a request (cancels it); keeps its detail and refreshes the admin area. */
export function useAdminMove(reference: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: JobMoveBody) => moveServiceRequest(reference, body),
    onSuccess: (detail) => {
      qc.setQueryData(sharedKeys.serviceRequest(reference), detail);
      return qc.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
}
