import type { z } from 'zod';
import type { walletOrderSchema } from '@shared/schemas/billing';
import { apiRequest, getJson } from '../../../lib/api-client';

export type WalletOrderInput = z.input<typeof walletOrderSchema>;

/** GET /api/paypal/setup: PayPal's browser script (absent for the sandbox wallet). */
export const getWalletSetup = () =>
  getJson<{ clientToken: string; clientId?: string; scriptUrl?: string }>('/api/paypal/setup');

/** POST /api/paypal/order: an order for the plan's price, to be approved by the payer. */
export const createWalletOrder = (input: WalletOrderInput) =>
  apiRequest<{ id: string; status: string }>('POST', '/api/paypal/order', input);

/** POST /api/payments/sandbox/orders/{id}/approve: the sandbox wallet's payer approves. */
export const approveSandboxOrder = (orderId: string) =>
  apiRequest('POST', `/api/payments/sandbox/orders/${orderId}/approve`);

/** POST /api/paypal/order/{id}/capture: captures an approved order ('COMPLETED' when paid). */
export const captureWalletOrder = (orderId: string) =>
  apiRequest<{ status: string; id: string; message?: string }>(
    'POST',
    `/api/paypal/order/${orderId}/capture`,
  );
