import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from './keys';

/** One of the admin's decision endpoints (approve-user, set-technician-status, ...), bound. */
export type AdminDecision = () => Promise<{ message: string }>;

/** Runs an admin decision; every one refreshes the whole admin area (counts, queues, lists, audit). */
export function useAdminDecision() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (decide: AdminDecision) => decide(),
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
