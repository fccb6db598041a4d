import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConnectProvider, PaymentConnections } from '@shared/schemas/payments';
import { getJson } from '../api-client';
import { sharedKeys } from './keys';

/** GET /api/payments/connections: the signed-in technician's own payment accounts. */
export const getPaymentConnections = () => getJson<PaymentConnections>('/api/payments/connections');

export const paymentConnectionsQueryOptions = () =>
  queryOptions({ queryKey: sharedKeys.paymentConnections, queryFn: getPaymentConnections });

export const usePaymentConnections = (enabled = true) =>
  useQuery({ ...paymentConnectionsQueryOptions(), enabled });

/**
 * GET /api/payments/connect/:provider: a full-page visit (the provider's consent page follows),
 * back to the profile or the point of sale afterwards.
 */
export const connectUrl = (provider: ConnectProvider, returnTo: 'profile' | 'pos') =>
  `/api/payments/connect/${provider}?returnTo=${returnTo}`;

/** Whether the technician can take cards now: an account at the card provider is connected. */
export const takesCards = (data: PaymentConnections | undefined) =>
  data?.connections.some((c) => c.takesCards) ?? false;
