import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PaymentRecord, Subscription, UpgradeQuote } from '@shared/schemas/billing';
import type { Plan } from '@shared/schemas/plans';
import { apiRequest, getJson } from '../../lib/api-client';

export const billingKeys = {
  all: ['billing'] as const,
  current: ['billing', 'current'] as const,
  history: (page: number) => ['billing', 'history', page] as const,
};

export const usePlans = () =>
  useQuery({ queryKey: ['/api/plans'], queryFn: () => getJson<Plan[]>('/api/plans') });

export const useCurrentSubscription = (enabled: boolean) =>
  useQuery({
    queryKey: billingKeys.current,
    queryFn: () => getJson<{ subscription: Subscription | null }>('/api/subscriptions/current'),
    enabled,
  });

export const usePaymentHistory = (page: number, enabled: boolean) =>
  useQuery({
    queryKey: billingKeys.history(page),
    queryFn: () => getJson<PaymentRecord[]>(`/api/payment/history/${page}`),
    enabled,
  });

export type PaymentsConfig = {
  card:
    | { provider: 'sandbox' }
    | { provider: 'square'; applicationId: string; locationId: string; scriptUrl: string }
    | null;
  wallet: { provider: 'sandbox' | 'paypal' } | null;
};

export const usePaymentsConfig = () =>
  useQuery({
    queryKey: ['/api/payments/config'],
    queryFn: () => getJson<PaymentsConfig>('/api/payments/config'),
  });

export function useSubscriptionAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { action: 'change' | 'cancel' | 'resume'; planName?: string }) =>
      apiRequest<{ subscription: Subscription | null }>(
        'POST',
        `/api/subscriptions/${v.action}`,
        v.action === 'change' ? { planName: v.planName } : undefined,
      ),
    onSuccess: () => qc.invalidateQueries({ queryKey: billingKeys.all }),
  });
}

/** What upgrading to `planName` at once costs now (asked each time the dialog opens). */
export const useUpgradeQuote = (planName: string, enabled: boolean) =>
  useQuery({
    queryKey: ['billing', 'upgrade-quote', planName],
    queryFn: () =>
      apiRequest<UpgradeQuote>('POST', '/api/subscriptions/upgrade/quote', { planName }),
    enabled,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

/** Confirms an upgrade at once for the quoted amount, charged to the card on file. */
export function useUpgradeNow() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { planName: string; amount: number; idempotencyKey: string }) =>
      apiRequest<{ ok: true; message: string; paymentId: number | null }>(
        'POST',
        '/api/subscriptions/upgrade',
        v,
      ),
    onSettled: () => qc.invalidateQueries({ queryKey: billingKeys.all }),
  });
}
