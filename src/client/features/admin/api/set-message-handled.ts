import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminMessage } from '@shared/schemas/admin';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** PATCH /api/admin/messages/:id/handled: marks a message handled or not. */
export const setMessageHandled = (v: { id: number; handled: boolean }) =>
  apiRequest<AdminMessage>('PATCH', `/api/admin/messages/${v.id}/handled`, {
    handled: v.handled,
  });

export function useSetMessageHandled() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: setMessageHandled,
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
