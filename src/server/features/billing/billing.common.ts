import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../infra/app-error';
import { nextNumber } from '../../domain/document-numbers';
import { ProviderError, type WalletProvider } from '../../infra/payments';
import type { SessionUser } from '../../infra/session';
import { activePlanByName, type PlanRow } from './billing.queries';

export const ALREADY_SUBSCRIBED =
  'You already have an active subscription. To switch plans, use Change plan.';
export const PURCHASE_IN_PROGRESS = 'A payment for this plan is already in progress';
export const NOT_CONFIGURED = 'Payment processing is not configured.';

/** One month later, same day and time (clamped to the month's last day). */
export function addMonth(d: Date): Date {
  const next = new Date(d);
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const last = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, last));
  return next;
}

export const ownTechnician = (user: SessionUser | null) => {
  if (user?.technicianId == null) throw new AppError(403, 'Only technicians have a plan');
  return user.technicianId;
};

/** R-2026-000123, from the receipt sequence shared with the point of sale. */
export const receiptNumber = (app: FastifyInstance, db: DbOrTx = app.db) =>
  nextNumber(db, 'receipt', app.clock());

export async function planByName(db: DbOrTx, name: string): Promise<PlanRow> {
  const p = await activePlanByName(db, name);
  if (!p) throw new AppError(400, `Unknown plan: ${name}`);
  return p;
}

export const providerMessage = (err: unknown) =>
  err instanceof ProviderError ? err.message : 'The payment provider could not be reached';

/** The provider name a wallet payment or subscription is recorded with. */
export const walletProviderName = (wallet: WalletProvider) =>
  wallet.name === 'sandbox' ? 'sandbox-wallet' : wallet.name;

/** The saved wallet kept with the payment, as a subscription's payment method (ADR 017). */
export const vaultRefs = (capture: { vaultId?: string; customerRef?: string }) => ({
  paymentMethodRef: capture.vaultId ?? null,
  providerCustomerId: capture.customerRef ?? null,
});
