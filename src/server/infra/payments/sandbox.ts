import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  ProviderError,
  type AccountConnector,
  type CardProvider,
  type ChargeResult,
  type RefundResult,
  type WalletCapture,
  type WalletProvider,
} from './types';

/** Where the sandbox's own consent page is (served by the payment accounts routes). */
export const SANDBOX_CONSENT_PATH = '/api/payments/sandbox/consent';

/**
 * The built-in sandbox: the same flow as a real provider (card form -> token -> charge; wallet
 * order -> approval -> capture) with test cards, and no money moving.
 *   4111 1111 1111 1111 succeeds; 4000 0000 0000 0002 is declined.
 * Tokens are signed by the server, so a client cannot invent one. A wallet order made with
 * `vault: true` gets a vault id when its payer approves it (`sbx_vault_ok_...`); charging a vault
 * id succeeds for `sbx_vault_ok_` and is declined for `sbx_vault_declined_`, like PayPal's
 * merchant-initiated charges, so renewals behave the same after a restart.
 */
export const SANDBOX_CARDS = {
  success: '4111111111111111',
  declined: '4000000000000002',
} as const;

type TokenBody = { n: string; exp: string; t: number };

export function createSandbox(secret: string, now: () => Date = () => new Date()) {
  const sign = (body: string) => createHmac('sha256', secret).update(body).digest('base64url');
  const charges = new Map<string, ChargeResult>();
  const orders = new Map<
    string,
    {
      amountCents: number;
      approved: boolean;
      captured?: string;
      reference?: string;
      vault?: boolean;
      vaultId?: string;
      /** The seller the order pays (its payee); null: the platform. */
      payee: string | null;
    }
  >();
  /** What each succeeded payment or capture took, and how much of it was given back. */
  const paid = new Map<string, { amountCents: number; refundedCents: number }>();
  const refunds = new Map<string, RefundResult>();

  function remember(result: ChargeResult, amountCents: number): ChargeResult {
    if (result.status === 'succeeded')
      paid.set(result.providerPaymentId, { amountCents, refundedCents: 0 });
    return result;
  }

  /** A refund of a payment this sandbox took; the same key answers with the first refund. */
  function refund(paymentRef: string, amountCents: number, key: string): RefundResult {
    const prior = refunds.get(key);
    if (prior) return prior;
    const payment = paid.get(paymentRef);
    let result: RefundResult;
    if (!payment) result = { status: 'failed', message: 'The payment to refund was not found' };
    else if (amountCents < 1 || amountCents > payment.amountCents - payment.refundedCents)
      result = { status: 'failed', message: 'The refund exceeds what is left of the payment' };
    else {
      payment.refundedCents += amountCents;
      result = { status: 'succeeded', providerRefundId: `sbx_ref_${randomUUID()}` };
    }
    refunds.set(key, result);
    return result;
  }

  function readToken(token: string): TokenBody | null {
    const [body, mac] = token.replace(/^sbx_tok_/, '').split('.');
    if (!body || !mac) return null;
    const expected = Buffer.from(sign(body));
    const given = Buffer.from(mac);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    try {
      return JSON.parse(Buffer.from(body, 'base64url').toString()) as TokenBody;
    } catch {
      return null;
    }
  }

  function outcome(number: string, key: string): ChargeResult {
    if (number === SANDBOX_CARDS.declined) {
      return {
        status: 'failed',
        providerPaymentId: `sbx_pay_${key.slice(0, 12)}`,
        message: 'Card declined',
        cardBrand: 'VISA',
        last4: number.slice(-4),
      };
    }
    return {
      status: 'succeeded',
      providerPaymentId: `sbx_pay_${randomUUID()}`,
      cardBrand: 'VISA',
      last4: number.slice(-4),
    };
  }

  /** Which seller's account took each payment (the platform's: null). */
  const chargedTo = new Map<string, string | null>();
  const makeCard = (merchantId: string | null): CardProvider => ({
    name: 'sandbox',
    forAccount: (merchant) => makeCard(merchant.merchantId),
    cardFormConfig: () => ({ provider: 'sandbox' }),
    async charge({ sourceId, idempotencyKey, amountCents }) {
      const prior = charges.get(idempotencyKey);
      if (prior) return prior;
      const body = readToken(sourceId);
      const result: ChargeResult = body
        ? outcome(body.n, idempotencyKey)
        : { status: 'failed', message: 'Invalid card token' };
      if (result.providerPaymentId) chargedTo.set(result.providerPaymentId, merchantId);
      charges.set(idempotencyKey, remember(result, amountCents));
      return result;
    },
    async saveCard({ sourceId }) {
      const body = readToken(sourceId);
      if (!body) throw new Error('Invalid card token');
      // The card on file says which test card it was, so renewals behave the same after a restart.
      const kind = body.n === SANDBOX_CARDS.declined ? 'declined' : 'ok';
      const cardRef = `sbx_card_${kind}_${randomUUID()}`;
      return {
        customerRef: `sbx_cust_${randomUUID()}`,
        cardRef,
        last4: body.n.slice(-4),
        cardBrand: 'VISA',
      };
    },
    async chargeSavedCard({ cardRef, idempotencyKey, amountCents }) {
      const prior = charges.get(idempotencyKey);
      if (prior) return prior;
      if (!/^sbx_card_(ok|declined)_/.test(cardRef))
        return { status: 'failed', message: 'Unknown card on file' };
      const number = cardRef.startsWith('sbx_card_declined_')
        ? SANDBOX_CARDS.declined
        : SANDBOX_CARDS.success;
      const result = outcome(number, idempotencyKey);
      if (result.providerPaymentId) chargedTo.set(result.providerPaymentId, merchantId);
      charges.set(idempotencyKey, remember(result, amountCents));
      return result;
    },
    async lookup({ idempotencyKey }) {
      return charges.get(idempotencyKey) ?? { status: 'not_found' };
    },
    async refund(paymentRef, amountCents, idempotencyKey) {
      // Only the account that took a payment can give it back.
      if (chargedTo.has(paymentRef) && chargedTo.get(paymentRef) !== merchantId)
        return { status: 'failed', message: 'The payment was taken on another account' };
      return refund(paymentRef, amountCents, `card:${idempotencyKey}`);
    },
  });
  const card = makeCard(null);

  const orderState = (orderId: string): WalletCapture => {
    const order = orders.get(orderId);
    if (!order) return { status: 'NOT_FOUND', message: 'Order not found' };
    if (order.captured) return completed(order);
    return { status: order.approved ? 'APPROVED' : 'CREATED' };
  };
  const completed = (order: {
    captured?: string;
    amountCents: number;
    vaultId?: string;
  }): WalletCapture => ({
    status: 'COMPLETED',
    captureId: order.captured,
    captureStatus: 'COMPLETED',
    amountCents: order.amountCents,
    ...(order.vaultId ? { vaultId: order.vaultId, customerRef: 'sbx_payer' } : {}),
  });
  const walletCharges = new Map<string, ChargeResult>();
  /** Order ids by the creating request's idempotency key. */
  const orderKeys = new Map<string, string>();

  /** The wallet for the platform (`payee` null) or acting for a seller's account. */
  const makeWallet = (payee: string | null): WalletProvider => ({
    name: 'sandbox',
    forSeller: (merchantId) => makeWallet(merchantId),
    async setup() {
      return { clientToken: `sbx_client_${randomUUID()}` };
    },
    async createOrder({ amountCents, reference, vault, idempotencyKey }) {
      // As PayPal's request id: the same key answers the order it made.
      const earlier = orderKeys.get(idempotencyKey);
      if (earlier) return { id: earlier, status: 'CREATED' };
      const id = `SBX-${randomUUID().slice(0, 17).toUpperCase()}`;
      orders.set(id, { amountCents, approved: false, reference, vault, payee });
      orderKeys.set(idempotencyKey, id);
      return { id, status: 'CREATED' };
    },
    async captureOrder(orderId) {
      const order = orders.get(orderId);
      if (!order) return { status: 'NOT_FOUND', message: 'Order not found' };
      if (order.captured) return completed(order);
      if (!order.approved)
        return { status: 'PAYER_ACTION_REQUIRED', message: 'The order has not been approved' };
      order.captured = `SBX-CAP-${randomUUID().slice(0, 12).toUpperCase()}`;
      paid.set(order.captured, { amountCents: order.amountCents, refundedCents: 0 });
      chargedTo.set(order.captured, order.payee);
      return completed(order);
    },
    async lookup(orderId) {
      return orderState(orderId);
    },
    async chargeVault({ vaultId, amountCents, idempotencyKey }) {
      const prior = walletCharges.get(idempotencyKey);
      if (prior) return prior;
      const result: ChargeResult = !/^sbx_vault_(ok|declined)_/.test(vaultId)
        ? { status: 'failed', message: 'Unknown PayPal account on file' }
        : vaultId.startsWith('sbx_vault_declined_')
          ? { status: 'failed', message: 'The PayPal account declined the payment' }
          : {
              status: 'succeeded',
              providerPaymentId: `SBX-CAP-${randomUUID().slice(0, 12).toUpperCase()}`,
            };
      walletCharges.set(idempotencyKey, remember(result, amountCents));
      return result;
    },
    async refund(captureId, amountCents, idempotencyKey) {
      // Only the seller a capture paid can give it back (as PayPal's auth assertion).
      if (chargedTo.has(captureId) && chargedTo.get(captureId) !== payee)
        return { status: 'failed', message: 'The payment was taken on another account' };
      return refund(captureId, amountCents, `wallet:${idempotencyKey}`);
    },
  });
  const wallet = makeWallet(null);

  /** Authorization codes given out by the consent page; each is exchanged once. */
  const usedCodes = new Set<string>();
  const revoked = new Set<string>();
  const connector: AccountConnector = {
    provider: 'sandbox',
    async consentUrl({ state, redirectUri }) {
      const q = new URLSearchParams({ state, redirect_uri: redirectUri });
      return `${SANDBOX_CONSENT_PATH}?${q}`;
    },
    async complete(query) {
      if (query.error) throw new ProviderError('You declined the connection on the sandbox');
      const code = query.code ?? '';
      const [body, mac] = code.replace(/^sbx_code_/, '').split('.');
      if (!body || !mac || sign(body) !== mac || usedCodes.has(code))
        throw new ProviderError('The sandbox authorization code is invalid or was used');
      const { m, exp } = JSON.parse(Buffer.from(body, 'base64url').toString()) as {
        m: string;
        exp: number;
      };
      if (exp < now().getTime()) throw new ProviderError('The sandbox authorization code expired');
      usedCodes.add(code);
      revoked.delete(m);
      return tokensFor(m);
    },
    async refresh({ merchantId }) {
      if (revoked.has(merchantId)) throw new ProviderError('The sandbox access was revoked');
      return tokensFor(merchantId);
    },
    async revoke({ merchantId }) {
      revoked.add(merchantId);
    },
  };
  const tokensFor = (merchantId: string) => ({
    merchantId,
    locationId: 'SBX-LOC-MAIN',
    accessToken: `sbx_at_${randomUUID()}`,
    refreshToken: `sbx_rt_${randomUUID()}`,
    // Like Square's: thirty days.
    expiresAt: new Date(now().getTime() + 30 * 86_400_000),
    scopes: 'PAYMENTS_READ PAYMENTS_WRITE',
  });

  return {
    card,
    wallet,
    connector,
    /** The seller account a sandbox payment was taken on (null: the platform's). */
    chargedTo: (paymentId: string) => chargedTo.get(paymentId),
    /**
     * The consent page's Allow: an authorization code for a new sandbox seller account, valid
     * for five minutes, exchanged once at the callback.
     */
    authorize(): string {
      const body = Buffer.from(
        JSON.stringify({
          m: `sbx_merchant_${randomUUID().slice(0, 12)}`,
          exp: now().getTime() + 5 * 60_000,
        }),
      ).toString('base64url');
      return `sbx_code_${body}.${sign(body)}`;
    },
    /**
     * The sandbox card form's tokenizer: checks the number like a card form would and returns
     * a signed token. Only the two test cards exist.
     */
    tokenize(input: {
      number: string;
      expiry: string;
      cvv: string;
    }): { token: string } | { error: string } {
      const number = input.number.replace(/\s+/g, '');
      if (!/^\d{13,19}$/.test(number)) return { error: 'Card number is invalid' };
      if (number !== SANDBOX_CARDS.success && number !== SANDBOX_CARDS.declined) {
        return { error: 'Use a sandbox test card: 4111 1111 1111 1111 or 4000 0000 0000 0002' };
      }
      const m = /^(\d{2})\/(\d{2})$/.exec(input.expiry.trim());
      if (!m || Number(m[1]) < 1 || Number(m[1]) > 12) return { error: 'Expiry must be MM/YY' };
      const t = now();
      const expEnd = new Date(Date.UTC(2000 + Number(m[2]), Number(m[1]), 1));
      if (expEnd <= t) return { error: 'Card has expired' };
      if (!/^\d{3,4}$/.test(input.cvv.trim())) return { error: 'CVV must be 3 or 4 digits' };
      const body = Buffer.from(
        JSON.stringify({ n: number, exp: input.expiry, t: t.getTime() } satisfies TokenBody),
      ).toString('base64url');
      return { token: `sbx_tok_${body}.${sign(body)}` };
    },
    /**
     * The sandbox wallet's approval dialog approves the order; only for the payer it was made
     * for (`reference`, as given to createOrder).
     */
    approveOrder(orderId: string, reference: string): 'approved' | 'not_found' | 'forbidden' {
      const order = orders.get(orderId);
      if (!order) return 'not_found';
      if (order.reference !== reference) return 'forbidden';
      order.approved = true;
      // The payer agreed to be charged again without them: the wallet is saved (vaulted).
      if (order.vault) order.vaultId ??= `sbx_vault_ok_${randomUUID()}`;
      return 'approved';
    },
  };
}

export type Sandbox = ReturnType<typeof createSandbox>;
