import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PushSubscription } from '@shared/schemas/notifications';
import { getJson } from '../../../lib/api-client';
import { notificationSettingsKeys } from './keys';

/** GET /api/push/subscriptions: the signed-in technician's devices that receive push. */
export const listPushSubscriptions = () => getJson<PushSubscription[]>('/api/push/subscriptions');

export const pushSubscriptionsQueryOptions = () =>
  queryOptions({
    queryKey: notificationSettingsKeys.subscriptions,
    queryFn: listPushSubscriptions,
  });

export const usePushSubscriptions = () => useQuery(pushSubscriptionsQueryOptions());
