import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { JobDetail, jobMoveBodySchema } from '@shared/schemas/jobs';
import { apiRequest } from '../../../lib/api-client';
import { requestApiUrl, requestKeys, type RequestRef } from './keys';

export type MoveBody = z.input<typeof jobMoveBodySchema>;

/** POST /api/service-requests/:reference/moves: answers the request as it is after the move. */
export const makeMove = ({ reference, token }: RequestRef, body: MoveBody) =>
  apiRequest<JobDetail>('POST', requestApiUrl(reference, token, '/moves'), body);

export function useMakeMove(ref: RequestRef) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: MoveBody) => makeMove(ref, body),
    onSuccess: (detail) => {
      qc.setQueryData(requestKeys.detail(ref.reference), detail);
      void qc.invalidateQueries({ queryKey: requestKeys.mine });
    },
  });
}
