import type { FastifyInstance } from 'fastify';
import { WALLET_PROVIDER_NAMES } from '@shared/schemas/billing';
import { PAYPAL_ACCOUNT_REQUIRED } from '@shared/schemas/invoice-paypal';
import { AppError } from '../infra/app-error';
import type { WalletProvider } from '../infra/payments';
import { connectionOf } from './payment-accounts.queries';

/**
 * Whose PayPal account a customer's wallet payment reaches (ADR 030): the technician's own,
 * connected through PayPal's partner onboarding (or the sandbox's consent page in demo mode),
 * named as the payee of every order. The platform's own wallet account only takes plan payments.
 */

const NOT_CONFIGURED = 'PayPal payments are not available on this site.';

/**
 * The provider name a wallet payment is recorded with: 'paypal', or 'sandbox-wallet' for the
 * built-in sandbox (its cards are 'sandbox'), as plan payments are recorded.
 */
export const walletPaymentProvider = (wallet: Pick<WalletProvider, 'name'>) =>
  wallet.name === 'sandbox' ? 'sandbox-wallet' : wallet.name;

/** Whether a point-of-sale payment was taken through a wallet provider (PayPal, the sandbox's). */
export const isWalletPayment = (p: { provider: string | null }) =>
  p.provider !== null && (WALLET_PROVIDER_NAMES as readonly string[]).includes(p.provider);

/** The technician's connected account at the wallet's provider, when they have one. */
async function sellerOf(app: FastifyInstance, technicianId: number) {
  const wallet = app.payments.wallet;
  if (!wallet) return null;
  const row = await connectionOf(app.db, technicianId, wallet.name);
  if (!row || row.status !== 'connected') return null;
  return { wallet, merchantId: row.merchantId };
}

/**
 * The wallet acting for the technician's connected seller account, the merchant id recorded
 * with the payment and the provider name: 503 when no wallet is configured, 409 when the
 * technician has not connected an account at it.
 */
export async function technicianWallet(app: FastifyInstance, technicianId: number) {
  if (!app.payments.wallet) throw new AppError(503, NOT_CONFIGURED);
  const seller = await sellerOf(app, technicianId);
  if (!seller) throw new AppError(409, PAYPAL_ACCOUNT_REQUIRED);
  return {
    wallet: seller.wallet.forSeller(seller.merchantId),
    merchantId: seller.merchantId,
    provider: walletPaymentProvider(seller.wallet),
  };
}

/**
 * The wallet for an earlier wallet payment: acting for the seller that took it, which must still
 * be the technician's connected account. Null when it is not (disconnected, another account) or
 * the payment was taken by a wallet no longer configured.
 */
export async function walletForPayment(
  app: FastifyInstance,
  payment: { technicianId: number; provider: string | null; merchantId: string | null },
): Promise<WalletProvider | null> {
  const wallet = app.payments.wallet;
  if (!wallet || walletPaymentProvider(wallet) !== payment.provider || !payment.merchantId)
    return null;
  const seller = await sellerOf(app, payment.technicianId);
  if (!seller || seller.merchantId !== payment.merchantId) return null;
  return wallet.forSeller(seller.merchantId);
}

/**
 * The wallet offered to a technician's customers (GET /api/payments/config?technicianId=): null
 * unless the technician connected an account at it, so that the request page does not offer
 * PayPal to pay someone who cannot receive it; with PayPal's button script for that seller.
 */
export async function walletConfigFor(app: FastifyInstance, technicianId: number) {
  const seller = await sellerOf(app, technicianId);
  if (!seller) return null;
  if (seller.wallet.name === 'sandbox') return { provider: 'sandbox' as const };
  try {
    const setup = await seller.wallet.forSeller(seller.merchantId).setup();
    return {
      provider: seller.wallet.name,
      ...(setup.scriptUrl ? { scriptUrl: setup.scriptUrl } : {}),
      ...(setup.partnerAttributionId ? { partnerAttributionId: setup.partnerAttributionId } : {}),
    };
  } catch {
    return null;
  }
}
