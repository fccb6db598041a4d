import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { UpgradeQuote, upgradeNowSchema } from '@shared/schemas/billing';
import { apiRequest } from '../../../lib/api-client';
import { billingKeys } from './keys';

/** POST /api/subscriptions/upgrade/quote: what upgrading to `planName` at once costs now. */
export const getUpgradeQuote = (planName: string) =>
  apiRequest<UpgradeQuote>('POST', '/api/subscriptions/upgrade/quote', { planName });

/** Asked each time the dialog opens: never cached, never retried. */
export const upgradeQuoteQueryOptions = (planName: string, enabled: boolean) =>
  queryOptions({
    queryKey: billingKeys.upgradeQuote(planName),
    queryFn: () => getUpgradeQuote(planName),
    enabled,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

export const useUpgradeQuote = (planName: string, enabled: boolean) =>
  useQuery(upgradeQuoteQueryOptions(planName, enabled));

export type UpgradeNowInput = z.input<typeof upgradeNowSchema>;

/** POST /api/subscriptions/upgrade: confirms the quoted amount, charged to the card on file. */
export const postUpgradeNow = (v: UpgradeNowInput) =>
  apiRequest<{ ok: true; message: string; paymentId: number | null }>(
    'POST',
    '/api/subscriptions/upgrade',
    v,
  );

export function useUpgradeNow() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: postUpgradeNow,
    onSettled: () => qc.invalidateQueries({ queryKey: billingKeys.all }),
  });
}
