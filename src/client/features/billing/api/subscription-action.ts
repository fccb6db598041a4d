import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { changePlanSchema } from '@shared/schemas/billing';
import { apiRequest } from '../../../lib/api-client';
import type { CurrentSubscription } from './get-current-subscription';
import { billingKeys } from './keys';

export type SubscriptionAction = {
  action: 'change' | 'cancel' | 'resume';
} & Partial<z.input<typeof changePlanSchema>>;

/** POST /api/subscriptions/{change,cancel,resume}: change at the next cycle, cancel, resume. */
export const postSubscriptionAction = (v: SubscriptionAction) =>
  apiRequest<CurrentSubscription>(
    'POST',
    `/api/subscriptions/${v.action}`,
    v.action === 'change' ? { planName: v.planName } : undefined,
  );

export function useSubscriptionAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: postSubscriptionAction,
    onSuccess: () => qc.invalidateQueries({ queryKey: billingKeys.all }),
  });
}
