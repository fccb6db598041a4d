import { useDepositCard as useCard } from '../../lib/deposit-card';
import { usePaymentsConfig } from './api/get-payments-config';
import { tokenizeSandboxCard } from './api/tokenize-sandbox-card';

export type { DepositCard } from '../../lib/deposit-card';

/** The card that pays a quote's deposit on the point of sale and the remote-approval page. */
export function useDepositCard(containerId: string, enabled: boolean) {
  return useCard(containerId, enabled, usePaymentsConfig().data, tokenizeSandboxCard);
}
