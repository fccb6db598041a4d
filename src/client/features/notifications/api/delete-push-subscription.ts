import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { notificationSettingsKeys } from './keys';

/** DELETE /api/push/subscriptions/:id: the device no longer receives push. */
export const deletePushSubscription = (id: number) =>
  apiRequest<void>('DELETE', `/api/push/subscriptions/${id}`);

export function useDeletePushSubscription() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deletePushSubscription,
    onSettled: () => qc.invalidateQueries({ queryKey: notificationSettingsKeys.subscriptions }),
  });
}
