import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PushSubscription, PushSubscriptionInput } from '@shared/schemas/notifications';
import { apiRequest } from '../../../lib/api-client';
import { notificationSettingsKeys } from './keys';

/** POST /api/push/subscriptions: this browser's subscription (an upsert by endpoint). */
export const createPushSubscription = (body: PushSubscriptionInput) =>
  apiRequest<PushSubscription>('POST', '/api/push/subscriptions', body);

export function useCreatePushSubscription() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createPushSubscription,
    onSettled: () => qc.invalidateQueries({ queryKey: notificationSettingsKeys.subscriptions }),
  });
}
