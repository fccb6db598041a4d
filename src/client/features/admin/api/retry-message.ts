import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OutboxMessage } from '@shared/schemas/notifications';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** POST /api/admin/outbox/:id/retry: sends a failed message again. */
export const retryMessage = (id: number) =>
  apiRequest<OutboxMessage>('POST', `/api/admin/outbox/${id}/retry`);

export function useRetryMessage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: retryMessage,
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKeys.outboxAll }),
  });
}
