import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../../../tests/helpers/build-test-app';
import {
  PAYPAL_FAILING_AMOUNT,
  startPayPalStandIn,
} from '../../../../tests/helpers/paypal-stand-in';
import { SQUARE_NONCES, startSquareStandIn } from '../../../../tests/helpers/square-stand-in';
import { createPayPalProvider } from './paypal';
import {
  createSquareProvider,
  LOOKUP_AFTER_MS,
  LOOKUP_BEFORE_MS,
  squareReferenceOf,
} from './square';
import { ProviderError } from './types';

describe('Square adapter (official SDK) against a local stand-in', () => {
  let standIn: Awaited<ReturnType<typeof startSquareStandIn>>;
  let square: ReturnType<typeof createSquareProvider>;
  beforeAll(async () => {
    standIn = await startSquareStandIn();
    square = createSquareProvider(
      testConfig({
        cardProvider: 'square',
        square: {
          accessToken: standIn.token,
          applicationId: 'sandbox-sq0idb-app',
          locationId: 'LOC1',
          environment: 'sandbox',
          baseUrl: standIn.baseUrl,
        },
      }),
    );
  });
  afterAll(() => standIn.close());

  it('charges a token in cents at the location, once per idempotency key', async () => {
    const input = {
      sourceId: SQUARE_NONCES.ok,
      amountCents: 499,
      currency: 'USD' as const,
      idempotencyKey: 'sq-key-1',
    };
    const first = await square.charge(input);
    expect(first).toMatchObject({ status: 'succeeded', cardBrand: 'VISA', last4: '1111' });
    const again = await square.charge(input);
    expect(again).toEqual(first);
    const call = standIn.requests.find((r) => r.path === '/v2/payments')!;
    expect(call.body).toMatchObject({
      source_id: SQUARE_NONCES.ok,
      idempotency_key: 'sq-key-1',
      amount_money: { amount: 499, currency: 'USD' },
      location_id: 'LOC1',
      autocomplete: true,
    });
  });

  it('turns a decline into a failed charge and a server error into a ProviderError', async () => {
    const declined = await square.charge({
      sourceId: SQUARE_NONCES.declined,
      amountCents: 100,
      currency: 'USD',
      idempotencyKey: 'sq-key-2',
    });
    expect(declined).toEqual({ status: 'failed', message: 'The card was declined' });
    await expect(
      square.charge({
        sourceId: SQUARE_NONCES.serverError,
        amountCents: 100,
        currency: 'USD',
        idempotencyKey: 'sq-key-3',
      }),
    ).rejects.toBeInstanceOf(ProviderError);
  });

  it('stores a card on a customer and charges it again for renewals', async () => {
    const saved = await square.saveCard({
      sourceId: SQUARE_NONCES.ok,
      idempotencyKey: 'sq-card-1',
      email: 'tech@example.com',
      cardholderName: 'Dana Tech',
      referenceId: 'technician-7',
    });
    expect(saved).toMatchObject({
      customerRef: expect.stringMatching(/^CUST/),
      cardRef: expect.stringMatching(/^ccof:/),
    });
    const renewal = await square.chargeSavedCard({
      ...saved,
      amountCents: 699,
      currency: 'USD',
      idempotencyKey: 'sq-renew-1',
    });
    expect(renewal.status).toBe('succeeded');
    await expect(
      square.saveCard({
        sourceId: SQUARE_NONCES.declined,
        idempotencyKey: 'sq-card-2',
        email: 'tech@example.com',
        cardholderName: 'Dana Tech',
        referenceId: 'technician-7',
      }),
    ).rejects.toThrow('The card was declined');
    expect(square.cardFormConfig()).toMatchObject({
      provider: 'square',
      applicationId: 'sandbox-sq0idb-app',
      scriptUrl: 'https://sandbox.web.squarecdn.com/v1/square.js',
    });
  });

  it('looks a payment up by idempotency key (reference_id) or payment id, across pages', async () => {
    const since = new Date();
    const charge = (key: string) =>
      square.charge({
        sourceId: SQUARE_NONCES.ok,
        amountCents: 250,
        currency: 'USD',
        idempotencyKey: key,
      });
    await charge('sq-look-a');
    const wanted = await charge('sq-look-b');
    await charge('sq-look-c');
    await charge('sq-look-d');
    const call = standIn.requests.filter((r) => r.path === '/v2/payments').at(-1)!;
    expect(call.body.reference_id).toBe(squareReferenceOf('sq-look-d'));
    expect(String(call.body.reference_id).length).toBeLessThanOrEqual(40);

    const before = standIn.requests.length;
    expect(await square.lookup({ idempotencyKey: 'sq-look-b', since })).toEqual(wanted);
    expect(await square.lookup({ idempotencyKey: 'sq-look-d', since })).toMatchObject({
      status: 'succeeded',
    });
    const lookups = standIn.requests.slice(before);
    expect(lookups.every((r) => r.method === 'GET')).toBe(true);
    // Only the payments around the attempt are listed, not the seller's whole day.
    const listed = new URL(lookups[0]!.path, 'http://square').searchParams;
    expect(Date.parse(listed.get('begin_time')!)).toBe(since.getTime() - LOOKUP_BEFORE_MS);
    expect(Date.parse(listed.get('end_time')!)).toBe(since.getTime() + LOOKUP_AFTER_MS);
    const id = wanted.status === 'succeeded' ? wanted.providerPaymentId : '';
    expect(await square.lookup({ idempotencyKey: 'other', providerPaymentId: id, since })).toEqual(
      wanted,
    );
    expect(await square.lookup({ idempotencyKey: 'sq-never-sent', since })).toEqual({
      status: 'not_found',
    });
    expect(
      await square.lookup({ idempotencyKey: 'x', providerPaymentId: 'PAY-NONE', since }),
    ).toEqual({ status: 'not_found' });
  });

  it('refunds a payment through the Refunds API, once per key, never beyond what was paid', async () => {
    const paid = await square.charge({
      sourceId: SQUARE_NONCES.ok,
      amountCents: 2500,
      currency: 'USD',
      idempotencyKey: 'sq-refund-pay',
    });
    const paymentId = paid.status === 'succeeded' ? paid.providerPaymentId : '';
    const first = await square.refund(paymentId, 2000, 'sq-refund-1');
    expect(first).toMatchObject({ status: 'succeeded', providerRefundId: expect.any(String) });
    expect(await square.refund(paymentId, 2000, 'sq-refund-1')).toEqual(first);
    const call = standIn.requests.find((r) => r.path === '/v2/refunds')!;
    expect(call.body).toMatchObject({
      idempotency_key: 'sq-refund-1',
      payment_id: paymentId,
      amount_money: { amount: 2000, currency: 'USD' },
    });
    expect(standIn.refunds.size).toBe(1);
    expect(await square.refund(paymentId, 501, 'sq-refund-2')).toEqual({
      status: 'failed',
      message: 'The requested refund amount exceeds the amount available to refund.',
    });
    expect((await square.refund('PAY-NONE', 100, 'sq-refund-3')).status).toBe('failed');
    // A refusal in Square's REFUND_ERROR category is an answer, not a provider failure: the
    // refund is failed at once rather than left processing and asked again for ever.
    standIn.declineRefunds(paymentId);
    expect(await square.refund(paymentId, 100, 'sq-refund-4')).toEqual({
      status: 'failed',
      message: 'Payment could not be refunded',
    });
  });

  it("charges a customer's tip beside the amount (tip_money), refundable with it", async () => {
    const paid = await square.charge({
      sourceId: SQUARE_NONCES.ok,
      amountCents: 8683,
      tipCents: 1133,
      currency: 'USD',
      idempotencyKey: 'sq-tip-1',
    });
    expect(paid.status).toBe('succeeded');
    const call = standIn.requests.find(
      (r) => r.path === '/v2/payments' && r.body.idempotency_key === 'sq-tip-1',
    )!;
    expect(call.body).toMatchObject({
      amount_money: { amount: 7550, currency: 'USD' },
      tip_money: { amount: 1133, currency: 'USD' },
    });
    const paymentId = paid.status === 'succeeded' ? paid.providerPaymentId : '';
    expect((await square.refund(paymentId, 8683, 'sq-tip-refund')).status).toBe('succeeded');
    // Without a tip, no tip_money at all.
    await square.charge({
      sourceId: SQUARE_NONCES.ok,
      amountCents: 500,
      tipCents: 0,
      currency: 'USD',
      idempotencyKey: 'sq-tip-none',
    });
    const untipped = standIn.requests.find((r) => r.body.idempotency_key === 'sq-tip-none')!;
    expect(untipped.body).not.toHaveProperty('tip_money');
  });

  it('reports a wrong access token as a provider error', async () => {
    const wrong = createSquareProvider(
      testConfig({
        cardProvider: 'square',
        square: {
          accessToken: 'nope',
          applicationId: 'a',
          locationId: 'LOC1',
          environment: 'sandbox',
          baseUrl: standIn.baseUrl,
        },
      }),
    );
    await expect(
      wrong.charge({
        sourceId: SQUARE_NONCES.ok,
        amountCents: 1,
        currency: 'USD',
        idempotencyKey: 'k',
      }),
    ).rejects.toBeInstanceOf(ProviderError);
  });
});

describe('PayPal adapter (official SDK) against a local stand-in', () => {
  let standIn: Awaited<ReturnType<typeof startPayPalStandIn>>;
  let paypal: ReturnType<typeof createPayPalProvider>;
  beforeAll(async () => {
    standIn = await startPayPalStandIn();
    paypal = createPayPalProvider(
      testConfig({
        walletProvider: 'paypal',
        paypal: standIn.config,
      }),
    );
  });
  afterAll(() => standIn.close());

  it('creates an order, refuses to capture before approval, captures once approved', async () => {
    const order = await paypal.createOrder({
      amountCents: 499,
      currency: 'USD',
      intent: 'CAPTURE',
      idempotencyKey: 'pp-1',
    });
    expect(order.status).toBe('CREATED');
    expect(standIn.requests.some((r) => r.path === '/v1/oauth2/token')).toBe(true);
    expect(
      standIn.requests.find((r) => r.path === '/v2/checkout/orders')!.headers['paypal-request-id'],
    ).toBe('pp-1');
    const early = await paypal.captureOrder(order.id, 'cap-1');
    expect(early.status).toBe('PAYER_ACTION_REQUIRED');
    standIn.approve(order.id);
    const done = await paypal.captureOrder(order.id, 'cap-2');
    expect(done).toMatchObject({ status: 'COMPLETED', amountCents: 499 });
    expect((await paypal.captureOrder('NOPE', 'cap-3')).status).toBe('NOT_FOUND');
  });

  it('looks an order up: where the payer left it, or completed with its capture', async () => {
    const order = await paypal.createOrder({
      amountCents: 699,
      currency: 'USD',
      intent: 'CAPTURE',
      idempotencyKey: 'pp-look-1',
      reference: 'technician-3',
    });
    expect((await paypal.lookup(order.id)).status).toBe('CREATED');
    standIn.approve(order.id);
    expect((await paypal.lookup(order.id)).status).toBe('APPROVED');
    const done = await paypal.captureOrder(order.id, 'pp-look-cap');
    expect(await paypal.lookup(order.id)).toEqual(done);
    expect(done).toMatchObject({ status: 'COMPLETED', amountCents: 699 });
    expect((await paypal.lookup('NOPE')).status).toBe('NOT_FOUND');
  });

  it('vaults the payer at capture, charges the vault with no payer, refunds captures', async () => {
    const order = await paypal.createOrder({
      amountCents: 499,
      currency: 'USD',
      intent: 'CAPTURE',
      idempotencyKey: 'pp-vault-1',
      reference: 'technician-9',
      vault: true,
    });
    const sent = standIn.requests.find((r) => r.headers['paypal-request-id'] === 'pp-vault-1')!;
    expect(sent.body.payment_source).toEqual({
      paypal: {
        attributes: {
          vault: {
            store_in_vault: 'ON_SUCCESS',
            usage_type: 'MERCHANT',
            customer_type: 'CONSUMER',
          },
        },
      },
    });
    standIn.approve(order.id);
    const captured = await paypal.captureOrder(order.id, 'pp-vault-cap');
    expect(captured).toMatchObject({
      status: 'COMPLETED',
      vaultId: expect.stringMatching(/^VAULT/),
      customerRef: expect.stringMatching(/^PPCUST/),
    });
    expect((await paypal.lookup(order.id)).vaultId).toBe(captured.vaultId);

    const renewal = {
      vaultId: captured.vaultId!,
      amountCents: 499,
      currency: 'USD' as const,
      idempotencyKey: 'pp-renew-1',
    };
    const capturesBefore = standIn.captures.size;
    const charged = await paypal.chargeVault(renewal);
    expect(charged).toMatchObject({ status: 'succeeded', providerPaymentId: expect.any(String) });
    // The same key is the same charge: PayPal-Request-Id answers with the first order.
    expect(await paypal.chargeVault(renewal)).toEqual(charged);
    const charges = standIn.requests.filter((r) => r.headers['paypal-request-id'] === 'pp-renew-1');
    expect(charges[0]!.body.payment_source).toEqual({ paypal: { vault_id: captured.vaultId } });
    expect(standIn.captures.size).toBe(capturesBefore + 1);

    standIn.declineVault(captured.vaultId!);
    const declined = await paypal.chargeVault({ ...renewal, idempotencyKey: 'pp-renew-2' });
    expect(declined).toMatchObject({
      status: 'failed',
      message: expect.stringMatching(/declined/),
    });
    expect(
      (await paypal.chargeVault({ ...renewal, vaultId: 'NOPE', idempotencyKey: 'x1' })).status,
    ).toBe('failed');

    const captureId = charged.status === 'succeeded' ? charged.providerPaymentId : '';
    const refund = await paypal.refund(captureId, 300, 'pp-refund-1');
    expect(refund).toMatchObject({ status: 'succeeded', providerRefundId: expect.any(String) });
    expect(await paypal.refund(captureId, 300, 'pp-refund-1')).toEqual(refund);
    const beyond = await paypal.refund(captureId, 200, 'pp-refund-2');
    expect(beyond).toMatchObject({
      status: 'failed',
      message: expect.stringMatching(/refund amount/),
    });
    expect((await paypal.refund('CAP-NONE', 100, 'pp-refund-3')).status).toBe('failed');
  });

  it('reports provider errors and bad credentials', async () => {
    await expect(
      paypal.createOrder({
        amountCents: Math.round(Number(PAYPAL_FAILING_AMOUNT) * 100),
        currency: 'USD',
        intent: 'CAPTURE',
        idempotencyKey: 'pp-2',
      }),
    ).rejects.toBeInstanceOf(ProviderError);
    const wrong = createPayPalProvider(
      testConfig({
        walletProvider: 'paypal',
        paypal: {
          clientId: 'x',
          clientSecret: 'y',
          environment: 'sandbox',
          baseUrl: standIn.baseUrl,
        },
      }),
    );
    await expect(
      wrong.createOrder({
        amountCents: 499,
        currency: 'USD',
        intent: 'CAPTURE',
        idempotencyKey: 'pp-3',
      }),
    ).rejects.toBeInstanceOf(ProviderError);
  });
});
