import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { currentSubscriptionSchema } from '@shared/schemas/billing';
import { getJson } from '../../../lib/api-client';
import { billingKeys } from './keys';

export type CurrentSubscription = z.output<typeof currentSubscriptionSchema>;

/** GET /api/subscriptions/current: the technician's subscription, or null. */
export const getCurrentSubscription = () =>
  getJson<CurrentSubscription>('/api/subscriptions/current');

export const currentSubscriptionQueryOptions = (enabled: boolean) =>
  queryOptions({ queryKey: billingKeys.current, queryFn: getCurrentSubscription, enabled });

export const useCurrentSubscription = (enabled: boolean) =>
  useQuery(currentSubscriptionQueryOptions(enabled));
