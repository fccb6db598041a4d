import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PushConfig } from '@shared/schemas/notifications';
import { getJson } from '../../../lib/api-client';
import { notificationSettingsKeys } from './keys';

/** GET /api/push/config: whether Web Push is on, and the VAPID public key to subscribe with. */
export const getPushConfig = () => getJson<PushConfig>('/api/push/config');

export const pushConfigQueryOptions = () =>
  queryOptions({ queryKey: notificationSettingsKeys.pushConfig, queryFn: getPushConfig });

export const usePushConfig = () => useQuery(pushConfigQueryOptions());
