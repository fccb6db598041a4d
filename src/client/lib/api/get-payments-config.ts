import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentsConfig } from '@shared/schemas/payments';
import { getJson } from '../api-client';
import { sharedKeys } from './keys';

/** GET /api/payments/config: which card form and wallet are configured (billing, POS, requests). */
export const getPaymentsConfig = (technicianId?: number | null) =>
  getJson<PaymentsConfig>(
    technicianId ? `/api/payments/config?technicianId=${technicianId}` : '/api/payments/config',
  );

/**
 * With `technicianId`: the card form for paying that technician (their own account's location,
 * ADR 030); without it, the platform's (plans).
 */
export const paymentsConfigQueryOptions = (technicianId?: number | null) =>
  queryOptions({
    queryKey: [...sharedKeys.paymentsConfig, technicianId ?? null],
    queryFn: () => getPaymentsConfig(technicianId),
  });

export const usePaymentsConfig = (technicianId?: number | null) =>
  useQuery(paymentsConfigQueryOptions(technicianId));
