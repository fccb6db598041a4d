import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConnectProvider, PaymentConnection } from '@shared/schemas/payments';
import { apiRequest } from '../../../lib/api-client';
import { sharedKeys } from '../../../lib/api/keys';

/** DELETE /api/payments/connections/:provider: the platform's access ends, at the provider too. */
export const disconnectAccount = (provider: ConnectProvider) =>
  apiRequest<PaymentConnection>('DELETE', `/api/payments/connections/${provider}`);

export function useDisconnectAccount() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: disconnectAccount,
    onSettled: () => qc.invalidateQueries({ queryKey: sharedKeys.paymentConnections }),
  });
}
