import { useDepositCard as useCard } from '../../lib/deposit-card';
import { usePaymentsConfig } from './api/get-payments-config';
import { tokenizeSandboxCard } from './api/pay-invoice';

/** The card that pays a quote's deposit when the customer signs it on the request page. */
export function useDepositCard(containerId: string, enabled: boolean) {
  return useCard(containerId, enabled, usePaymentsConfig().data, tokenizeSandboxCard);
}
