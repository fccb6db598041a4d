import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { jobMoveBodySchema } from '@shared/schemas/jobs';
import { sharedKeys } from '../../../lib/api/keys';
import { moveServiceRequest } from '../../../lib/api/service-request';
import { requestKeys, type RequestRef } from './keys';

export type MoveBody = z.input<typeof jobMoveBodySchema>;

/** A move by the customer (or a guest with the link); keeps the answer as the request. */
export function useMakeMove(ref: RequestRef) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: MoveBody) => moveServiceRequest(ref.reference, body, ref.token),
    onSuccess: (detail) => {
      qc.setQueryData(sharedKeys.serviceRequest(ref.reference), detail);
      void qc.invalidateQueries({ queryKey: requestKeys.mine });
    },
  });
}
