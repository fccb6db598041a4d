import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Verification } from '@shared/schemas/verifications';
import { apiRequest } from '../../../lib/api-client';
import { verificationKeys } from './keys';

export type VerificationDecision = {
  id: number;
  status: 'verified' | 'rejected' | 'pending';
  notes: string;
  /** How the admin checked it (required to verify a credential without a document). */
  checkedRegistry?: string;
  checkedReference?: string;
};

/** PATCH /api/verifications/:id/status: an admin's decision on a verification. */
export const updateVerificationStatus = (v: VerificationDecision) =>
  apiRequest<Verification>('PATCH', `/api/verifications/${v.id}/status`, {
    status: v.status,
    notes: v.notes,
    checkedRegistry: v.checkedRegistry,
    checkedReference: v.checkedReference,
  });

export function useUpdateVerificationStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateVerificationStatus,
    onSuccess: () => qc.invalidateQueries({ queryKey: verificationKeys.all }),
  });
}
