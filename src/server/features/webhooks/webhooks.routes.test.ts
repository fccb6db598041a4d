import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/build-test-app';
import { createTechnician, createUser } from '../../../../tests/helpers/factories';
import { startPayPalStandIn } from '../../../../tests/helpers/paypal-stand-in';
import {
  proTechnician,
  SIGNATURE,
  type PosTechnician,
  FLAT_TAX,
} from '../../../../tests/helpers/pos';
import {
  SQUARE_NONCES,
  signedSquareNotification,
  squareEvent,
  startSquareStandIn,
} from '../../../../tests/helpers/square-stand-in';
import {
  invoicePayments,
  invoices,
  outbox,
  paymentConnections,
  paymentDisputes,
  paymentRefunds,
  payments,
  plans,
  subscriptions,
  technicians,
  users,
  webhookEvents,
} from '../../db/schema';
import { squareReferenceOf } from '../../infra/payments/square';
import {
  PAYPAL_NOT_CONFIGURED,
  SIGNATURE_INVALID,
  SIGNATURE_MISSING,
  SQUARE_NOT_CONFIGURED,
} from '../../infra/payments/webhook-signatures';
import { nudgeWorker } from './webhooks.service';

// Payment providers' webhooks: verified (401 and nothing stored otherwise), stored once per
// event id, applied once by the worker; payments settled, dashboard refunds and disputes shown
// on the invoice, revoked accounts disconnected.

const PUBLIC_URL = 'https://wrenchly.example';
const SQUARE_URL = `${PUBLIC_URL}/api/webhooks/square`;
const SIGNATURE_KEY = 'sq-webhook-signature-key-0123456789';
const PAYPAL_WEBHOOK_ID = 'WH-7YX49823S2290830K';

let t: TestApp;
let square: Awaited<ReturnType<typeof startSquareStandIn>>;
let paypal: Awaited<ReturnType<typeof startPayPalStandIn>>;
let pro: PosTechnician;

beforeAll(async () => {
  square = await startSquareStandIn();
  paypal = await startPayPalStandIn();
  t = await buildTestApp({
    config: {
      publicUrl: PUBLIC_URL,
      cardProvider: 'square',
      walletProvider: 'paypal',
      square: {
        accessToken: square.token,
        applicationId: 'sandbox-sq0idb-app',
        locationId: 'LOC1',
        environment: 'sandbox',
        baseUrl: square.baseUrl,
        webhookSignatureKey: SIGNATURE_KEY,
      },
      paypal: { ...paypal.config, webhookId: PAYPAL_WEBHOOK_ID },
    },
  });
  pro = await proTechnician(t.app);
});
afterAll(async () => {
  await t.close();
  await square.close();
  await paypal.close();
});

const call = (method: 'POST' | 'PATCH', url: string, payload: object) =>
  t.app.inject({ method, url, headers: { cookie: pro.cookie }, payload });

/** Delivers a Square event, signed as Square signs it, and waits for the worker. */
async function deliverSquare(event: Record<string, unknown>) {
  const { body, headers } = signedSquareNotification(event, SIGNATURE_KEY, SQUARE_URL);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/webhooks/square',
    headers,
    payload: body,
  });
  await nudgeWorker(t.app);
  return res;
}

const storedEvents = () => t.app.db.select().from(webhookEvents);

/** An approved quote's invoice of $103.91 ($95 labor + 8.25% tax) of the technician. */
async function invoice() {
  const q = await call('POST', '/api/quotes', {
    customerName: 'Pat Driver',
    customerEmail: 'pat@example.com',
    items: [{ type: 'labor', description: 'Brake job', quantity: 1, unitPrice: 95.99 }],
    ...FLAT_TAX,
  });
  await call('PATCH', `/api/quotes/${q.json().id}/approve`, { signature: SIGNATURE, version: 1 });
  const inv = await call('POST', '/api/invoices', { quoteId: q.json().id });
  expect(inv.statusCode, inv.body).toBe(201);
  return inv.json() as { id: number; totalAmount: string };
}

const invoiceRow = async (id: number) =>
  (await t.app.db.select().from(invoices).where(eq(invoices.id, id)))[0]!;

/** The invoice paid in full by card through Square (the stand-in). */
async function paidByCard(key: string) {
  const inv = await invoice();
  const res = await call('POST', '/api/square/create-payment', {
    amount: Number(inv.totalAmount),
    sourceId: SQUARE_NONCES.ok,
    idempotencyKey: key,
    invoiceId: inv.id,
  });
  expect(res.statusCode, res.body).toBe(200);
  const [p] = await t.app.db
    .select()
    .from(invoicePayments)
    .where(eq(invoicePayments.invoiceId, inv.id));
  return { inv, payment: p! };
}

describe('Square signature', () => {
  const event = () =>
    squareEvent('payment.updated', { id: 'PAY-UNKNOWN', status: 'COMPLETED' }, {});

  it('accepts a notification signed with the key over the notification URL and raw body', async () => {
    const e = event();
    const res = await deliverSquare(e);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true, duplicate: false });
    const [row] = (await storedEvents()).filter((r) => r.eventId === e.event_id);
    expect(row).toMatchObject({ provider: 'square', type: 'payment.updated', payload: e });
    expect(row!.processedAt).not.toBeNull();
  });

  it('refuses a missing or wrong signature, or an unset key, with 401, storing nothing', async () => {
    const before = (await storedEvents()).length;
    const e = event();
    const { body, headers } = signedSquareNotification(e, SIGNATURE_KEY, SQUARE_URL);
    const post = (h: Record<string, string>, payload = body) =>
      t.app.inject({ method: 'POST', url: '/api/webhooks/square', headers: h, payload });

    const missing = await post({ 'content-type': 'application/json' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json().message).toBe(SIGNATURE_MISSING);
    // Signed with another key, for another URL, or the body changed after signing.
    for (const forged of [
      signedSquareNotification(e, 'another-signature-key-0123456789', SQUARE_URL).headers,
      signedSquareNotification(e, SIGNATURE_KEY, 'https://evil.example/api/webhooks/square')
        .headers,
    ]) {
      const res = await post(forged);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(SIGNATURE_INVALID);
    }
    const tampered = await post(headers, body.replace('COMPLETED', 'FAILED'));
    expect(tampered.statusCode).toBe(401);
    // Bytes matter: the same JSON with other whitespace is not what was signed.
    expect((await post(headers, JSON.stringify(e, null, 2))).statusCode).toBe(401);

    const key = t.app.config.square.webhookSignatureKey;
    t.app.config.square.webhookSignatureKey = undefined;
    try {
      const unset = await post(headers);
      expect(unset.statusCode).toBe(401);
      expect(unset.json().message).toBe(SQUARE_NOT_CONFIGURED);
    } finally {
      t.app.config.square.webhookSignatureKey = key;
    }
    expect((await storedEvents()).length).toBe(before);
  });

  it('answers 400 to a signed body that is not an event, storing nothing', async () => {
    const before = (await storedEvents()).length;
    const res = await deliverSquare({ hello: 'world' });
    expect(res.statusCode).toBe(400);
    expect((await storedEvents()).length).toBe(before);
  });

  it('is not refused by the cross-site check: providers post with no Origin of ours', async () => {
    const { body, headers } = signedSquareNotification(event(), SIGNATURE_KEY, SQUARE_URL);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/square',
      headers: { ...headers, origin: 'https://squareup.com', 'sec-fetch-site': 'cross-site' },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    // Every other write still is.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/quotes',
      headers: { cookie: pro.cookie, origin: 'https://squareup.com' },
      payload: {},
    });
    expect(other.statusCode).toBe(403);
  });
});

describe('replays', () => {
  it('stores an event once and applies it once', async () => {
    const { inv, payment } = await paidByCard('webhook-replay-1');
    const e = squareEvent(
      'refund.created',
      {
        id: 'REF-REPLAY',
        payment_id: payment.providerPaymentId,
        amount_money: { amount: 1000, currency: 'USD' },
        status: 'PENDING',
      },
      {},
    );
    const first = await deliverSquare(e);
    const again = await deliverSquare(e);
    expect(first.json().duplicate).toBe(false);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ received: true, duplicate: true });
    const rows = (await storedEvents()).filter((r) => r.eventId === e.event_id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.attempts).toBe(1);
    const refunds = await t.app.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.paymentId, payment.id));
    expect(refunds).toHaveLength(1);
    // The same refund told again by another event (refund.updated) is not counted twice.
    await deliverSquare(squareEvent('refund.updated', { ...rowObject(e), status: 'COMPLETED' }));
    const after = await invoiceRow(inv.id);
    expect(after.paidAmountCents).toBe(payment.amountCents - 1000);
  });
});

const rowObject = (e: Record<string, unknown>) =>
  Object.values((e.data as { object: Record<string, Record<string, unknown>> }).object)[0]!;

describe('payments', () => {
  /** A card payment left `processing` (the answer from Square was lost). */
  async function processing(key: string) {
    const inv = await invoice();
    const [p] = await t.app.db
      .insert(invoicePayments)
      .values({
        invoiceId: inv.id,
        technicianId: pro.technicianId,
        method: 'card',
        amountCents: (await invoiceRow(inv.id)).totalAmountCents,
        status: 'processing',
        provider: 'square',
        idempotencyKey: `pos:${pro.technicianId}:${key}`,
        receiptNumber: `R-WH-${key}`,
      })
      .returning();
    return { inv, payment: p! };
  }
  const paymentRow = async (id: number) =>
    (await t.app.db.select().from(invoicePayments).where(eq(invoicePayments.id, id)))[0]!;

  it('settles a processing payment found by its reference id, with the processing fee', async () => {
    const { inv, payment } = await processing('settle-1');
    const res = await deliverSquare(
      squareEvent('payment.updated', {
        id: 'SQPAY-SETTLE-1',
        status: 'COMPLETED',
        reference_id: squareReferenceOf(payment.idempotencyKey!),
        amount_money: { amount: payment.amountCents, currency: 'USD' },
        processing_fee: [{ type: 'INITIAL', amount_money: { amount: 331, currency: 'USD' } }],
        card_details: { card: { card_brand: 'VISA', last_4: '4242' } },
        updated_at: '2026-11-28T10:00:00Z',
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(await paymentRow(payment.id)).toMatchObject({
      status: 'succeeded',
      providerPaymentId: 'SQPAY-SETTLE-1',
      processingFeeCents: 331,
      cardLast4: '4242',
    });
    expect(await invoiceRow(inv.id)).toMatchObject({
      status: 'paid',
      paidAmountCents: payment.amountCents,
    });
  });

  it('lets nothing undo a settled payment: late FAILED, a repeated COMPLETED', async () => {
    const { inv, payment } = await processing('order-1');
    const completed = {
      id: 'SQPAY-ORDER-1',
      status: 'COMPLETED',
      reference_id: squareReferenceOf(payment.idempotencyKey!),
      updated_at: '2026-11-28T10:00:05Z',
    };
    // Out of order: the created (PENDING) event arrives after the completion.
    await deliverSquare(squareEvent('payment.updated', completed));
    await deliverSquare(
      squareEvent('payment.created', {
        ...completed,
        status: 'PENDING',
        updated_at: '2026-11-28T10:00:00Z',
      }),
    );
    await deliverSquare(squareEvent('payment.updated', { ...completed, status: 'FAILED' }));
    await deliverSquare(squareEvent('payment.updated', completed));
    expect((await paymentRow(payment.id)).status).toBe('succeeded');
    expect(await invoiceRow(inv.id)).toMatchObject({
      status: 'paid',
      paidAmountCents: payment.amountCents,
    });
  });

  it('fails a processing payment Square reports failed', async () => {
    const { inv, payment } = await processing('failed-1');
    await deliverSquare(
      squareEvent('payment.updated', {
        id: 'SQPAY-FAILED-1',
        status: 'FAILED',
        reference_id: squareReferenceOf(payment.idempotencyKey!),
      }),
    );
    expect(await paymentRow(payment.id)).toMatchObject({
      status: 'failed',
      failureMessage: 'The payment was failed',
    });
    expect((await invoiceRow(inv.id)).paidAmountCents).toBe(0);
  });
});

describe('plan payments', () => {
  it('settles a plan purchase left processing: the plan starts, the fee is kept', async () => {
    const { technician } = await createTechnician(t.app);
    const [plan] = await t.app.db.select().from(plans).where(eq(plans.name, 'Professional'));
    const key = `sub:${technician.id}:webhook-plan-1`;
    const [p] = await t.app.db
      .insert(payments)
      .values({
        technicianId: technician.id,
        planId: plan!.id,
        amountCents: plan!.priceCents,
        description: 'Professional plan - monthly subscription',
        status: 'processing',
        provider: 'square',
        idempotencyKey: key,
        receiptNumber: 'R-WH-PLAN-1',
      })
      .returning();
    await deliverSquare(
      squareEvent('payment.updated', {
        id: 'SQPAY-PLAN-1',
        status: 'COMPLETED',
        reference_id: squareReferenceOf(key),
        processing_fee: [{ amount_money: { amount: 145, currency: 'USD' } }],
      }),
    );
    const [after] = await t.app.db.select().from(payments).where(eq(payments.id, p!.id));
    expect(after).toMatchObject({
      status: 'succeeded',
      providerPaymentId: 'SQPAY-PLAN-1',
      processingFeeCents: 145,
    });
    const [sub] = await t.app.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.technicianId, technician.id));
    expect(sub).toMatchObject({ status: 'active', planId: plan!.id });
  });
});

describe('refunds made in the dashboard', () => {
  it('shows on the invoice: paid amount and status follow', async () => {
    const { inv, payment } = await paidByCard('webhook-dashboard-refund');
    expect((await invoiceRow(inv.id)).status).toBe('paid');
    await deliverSquare(
      squareEvent('refund.created', {
        id: 'REF-DASH-1',
        payment_id: payment.providerPaymentId,
        amount_money: { amount: 2500, currency: 'USD' },
        status: 'PENDING',
      }),
    );
    expect(await invoiceRow(inv.id)).toMatchObject({
      status: 'pending',
      paidAmountCents: payment.amountCents - 2500,
    });
    const [r] = await t.app.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.providerRefundId, 'REF-DASH-1'));
    expect(r).toMatchObject({ reason: 'provider', status: 'succeeded', amountCents: 2500 });
    // The technician's payments list shows it.
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/pos/payments/technician/${pro.technicianId}`,
      headers: { cookie: pro.cookie },
    });
    const shown = list.json().find((p: { id: number }) => p.id === payment.id);
    expect(shown.refund).toMatchObject({ status: 'succeeded', amount: '25.00' });
  });

  it('of a plan payment: recorded once and taken off what the technician paid', async () => {
    const [plan] = await t.app.db
      .insert(payments)
      .values({
        technicianId: pro.technicianId,
        amountCents: 699,
        description: 'Professional plan - monthly subscription',
        status: 'succeeded',
        provider: 'square',
        providerPaymentId: 'SQ-PLAN-REFUNDED-1',
        receiptNumber: 'R-TEST-PLAN-1',
      })
      .returning();
    const history = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/payment/history/1',
          headers: { cookie: pro.cookie },
        })
      ).json() as { id: number; refunded?: number }[];
    const refund = (status: string) =>
      deliverSquare(
        squareEvent(status === 'PENDING' ? 'refund.created' : 'refund.updated', {
          id: 'REF-PLAN-1',
          payment_id: 'SQ-PLAN-REFUNDED-1',
          amount_money: { amount: 300, currency: 'USD' },
          status,
        }),
      );
    await refund('PENDING');
    await refund('COMPLETED');
    const [row] = await t.app.db.select().from(payments).where(eq(payments.id, plan!.id));
    expect(row!.refundedCents).toBe(300);
    // Told twice (created, then updated), counted once; the history shows it.
    expect((await history()).find((p) => p.id === plan!.id)).toMatchObject({ refunded: 3 });
  });

  it('is not recorded again for a refund made through our refund route', async () => {
    const { inv, payment } = await paidByCard('webhook-our-refund');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/pos/payments/${payment.id}/refund`,
      headers: { cookie: pro.cookie },
      payload: { idempotencyKey: 'our-refund-key-1' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [ours] = await t.app.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.paymentId, payment.id));
    await deliverSquare(
      squareEvent('refund.created', {
        id: ours!.providerRefundId,
        payment_id: payment.providerPaymentId,
        amount_money: { amount: payment.amountCents, currency: 'USD' },
        status: 'PENDING',
      }),
    );
    const all = await t.app.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.paymentId, payment.id));
    expect(all).toHaveLength(1);
    expect((await invoiceRow(inv.id)).paidAmountCents).toBe(0);
  });
});

describe('retries', () => {
  it('keeps an event that cannot be applied yet, and applies it once it can', async () => {
    const { inv, payment } = await paidByCard('webhook-retry-1');
    // A refund of ours is still being asked of Square: the dashboard-looking event may be it.
    const [ours] = await t.app.db
      .insert(paymentRefunds)
      .values({
        paymentId: payment.id,
        technicianId: pro.technicianId,
        amountCents: payment.amountCents,
        status: 'processing',
        provider: 'square',
        idempotencyKey: 'refund:webhook-retry-1',
        reason: 'technician',
      })
      .returning();
    const e = squareEvent('refund.created', {
      id: 'REF-RETRY-1',
      payment_id: payment.providerPaymentId,
      amount_money: { amount: payment.amountCents, currency: 'USD' },
      status: 'PENDING',
    });
    await deliverSquare(e);
    const [waiting] = (await storedEvents()).filter((r) => r.eventId === e.event_id);
    expect(waiting).toMatchObject({ processedAt: null, attempts: 1 });
    expect(waiting!.lastError).toMatch(/still being asked/);
    expect((await invoiceRow(inv.id)).paidAmountCents).toBe(payment.amountCents);

    // It was ours: settled with that refund id. The retry, once due, records nothing more.
    await t.app.db
      .update(paymentRefunds)
      .set({ status: 'succeeded', providerRefundId: 'REF-RETRY-1' })
      .where(eq(paymentRefunds.id, ours!.id));
    t.clock.advance(60_000);
    await nudgeWorker(t.app);
    const [done] = (await storedEvents()).filter((r) => r.eventId === e.event_id);
    expect(done!.processedAt).not.toBeNull();
    const all = await t.app.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.paymentId, payment.id));
    expect(all).toHaveLength(1);
  });
});

describe('disputes', () => {
  it('marks the invoice Disputed and e-mails the technician and every admin', async () => {
    const admin = await createUser(t.app, { role: 'admin', email: 'ops-admin@example.com' });
    const { inv, payment } = await paidByCard('webhook-dispute-1');
    const dispute = {
      id: 'DSP-1',
      dispute_id: 'DSP-1',
      amount_money: { amount: payment.amountCents, currency: 'USD' },
      reason: 'NOT_AS_DESCRIBED',
      state: 'EVIDENCE_REQUIRED',
      due_at: '2026-12-12T00:00:00.000Z',
      disputed_payment: { payment_id: payment.providerPaymentId },
      updated_at: '2026-11-28T10:00:00Z',
    };
    await deliverSquare(squareEvent('dispute.created', dispute));
    expect((await invoiceRow(inv.id)).status).toBe('disputed');
    const [row] = await t.app.db
      .select()
      .from(paymentDisputes)
      .where(eq(paymentDisputes.providerDisputeId, 'DSP-1'));
    expect(row).toMatchObject({
      provider: 'square',
      paymentId: payment.id,
      invoiceId: inv.id,
      amountCents: payment.amountCents,
      reason: 'NOT_AS_DESCRIBED',
      state: 'EVIDENCE_REQUIRED',
    });
    expect(row!.evidenceDueAt?.toISOString()).toBe('2026-12-12T00:00:00.000Z');

    const mails = await t.app.db
      .select()
      .from(outbox)
      .where(eq(outbox.template, 'payment_dispute'));
    const to = mails.map((m) => m.toAddress);
    expect(to).toContain(admin.email);
    const [tech] = await t.app.db
      .select({ email: users.email })
      .from(technicians)
      .innerJoin(users, eq(users.id, technicians.userId))
      .where(eq(technicians.id, pro.technicianId));
    expect(to).toContain(tech!.email);
    expect(new Set(to).size).toBe(to.length);
    for (const m of mails) {
      expect(m.textBody).toContain(`$${(payment.amountCents / 100).toFixed(2)}`);
      expect(m.textBody).toContain('NOT_AS_DESCRIBED');
      expect(m.textBody).toContain('December 12, 2026');
    }

    // Shown on the customer's and the technician's views of the invoice.
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/invoices/technician/${pro.technicianId}`,
      headers: { cookie: pro.cookie },
    });
    expect(list.json().find((i: { id: number }) => i.id === inv.id).status).toBe('disputed');

    // Won: the dispute's state follows and the invoice is paid again; a late, older event
    // (and a replayed creation) change nothing, nor mail again.
    await deliverSquare(
      squareEvent('dispute.state.updated', {
        ...dispute,
        state: 'WON',
        updated_at: '2026-11-30T10:00:00Z',
      }),
    );
    await deliverSquare(
      squareEvent('dispute.state.updated', {
        ...dispute,
        state: 'PROCESSING',
        updated_at: '2026-11-29T10:00:00Z',
      }),
    );
    await deliverSquare(squareEvent('dispute.created', dispute));
    const [won] = await t.app.db
      .select()
      .from(paymentDisputes)
      .where(eq(paymentDisputes.providerDisputeId, 'DSP-1'));
    expect(won!.state).toBe('WON');
    expect((await invoiceRow(inv.id)).status).toBe('paid');
    const after = await t.app.db
      .select()
      .from(outbox)
      .where(eq(outbox.template, 'payment_dispute'));
    expect(after).toHaveLength(mails.length);
  });

  it('keeps the invoice Disputed when the dispute is lost', async () => {
    const { inv, payment } = await paidByCard('webhook-dispute-2');
    const dispute = {
      id: 'DSP-2',
      amount_money: { amount: 1000, currency: 'USD' },
      reason: 'FRAUD',
      state: 'EVIDENCE_REQUIRED',
      disputed_payment: { payment_id: payment.providerPaymentId },
      updated_at: '2026-11-28T10:00:00Z',
    };
    await deliverSquare(squareEvent('dispute.created', dispute));
    await deliverSquare(
      squareEvent('dispute.state.updated', {
        ...dispute,
        state: 'LOST',
        updated_at: '2026-11-29T10:00:00Z',
      }),
    );
    expect((await invoiceRow(inv.id)).status).toBe('disputed');
  });
});

describe('revoked access', () => {
  async function connection(provider: 'square' | 'paypal', merchantId: string) {
    const [c] = await t.app.db
      .insert(paymentConnections)
      .values({
        technicianId: pro.technicianId,
        provider,
        merchantId,
        accessTokenEnc: 'enc:access',
        refreshTokenEnc: 'enc:refresh',
        connectedAt: t.clock.now,
      })
      // The technician's account at the card provider was connected when they were made.
      .onConflictDoUpdate({
        target: [paymentConnections.technicianId, paymentConnections.provider],
        set: { merchantId, status: 'connected', accessTokenEnc: 'enc:access' },
      })
      .returning();
    return c!;
  }
  const connectionRow = async (id: number) =>
    (await t.app.db.select().from(paymentConnections).where(eq(paymentConnections.id, id)))[0]!;

  it('disconnects the Square account whose merchant revoked our access', async () => {
    const c = await connection('square', 'MLREVOKED1');
    await deliverSquare(
      squareEvent(
        'oauth.authorization.revoked',
        { revoked_at: '2026-11-28T10:00:00Z', revoker_type: 'MERCHANT' },
        { merchantId: 'MLREVOKED1' },
      ),
    );
    const row = await connectionRow(c.id);
    expect(row).toMatchObject({
      status: 'disconnected',
      disconnectReason: 'revoked',
      accessTokenEnc: null,
      refreshTokenEnc: null,
    });
    expect(row.disconnectedAt).not.toBeNull();
  });

  it('disconnects the PayPal account whose consent was revoked (verified through PayPal)', async () => {
    const c = await connection('paypal', 'PPMERCHANT1');
    const event = {
      id: 'WH-PP-REVOKED-1',
      event_type: 'MERCHANT.PARTNER-CONSENT.REVOKED',
      resource_type: 'partner-consent',
      resource: { merchant_id: 'PPMERCHANT1', tracking_id: `technician-${pro.technicianId}` },
      create_time: '2026-11-28T10:00:00Z',
    };
    const { body, headers } = paypal.signWebhook(event, PAYPAL_WEBHOOK_ID);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/paypal',
      headers,
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    await nudgeWorker(t.app);
    expect(await connectionRow(c.id)).toMatchObject({
      status: 'disconnected',
      disconnectReason: 'revoked',
    });
    const verify = paypal.requests.find(
      (r) => r.path === '/v1/notifications/verify-webhook-signature',
    )!;
    expect(verify.body).toMatchObject({
      auth_algo: 'SHA256withRSA',
      transmission_id: headers['paypal-transmission-id'],
      transmission_sig: headers['paypal-transmission-sig'],
      webhook_id: PAYPAL_WEBHOOK_ID,
      webhook_event: event,
    });
  });
});

describe('PayPal verification', () => {
  const event = (id: string) => ({
    id,
    event_type: 'PAYMENT.CAPTURE.COMPLETED',
    resource: { id: 'CAP-UNKNOWN', status: 'COMPLETED', amount: { value: '10.00' } },
  });
  const post = (headers: Record<string, string>, payload: string) =>
    t.app.inject({ method: 'POST', url: '/api/webhooks/paypal', headers, payload });

  it('accepts only what PayPal confirms: 401 for a missing, forged or reused signature', async () => {
    const before = (await storedEvents()).length;
    const good = paypal.signWebhook(event('WH-PP-1'), PAYPAL_WEBHOOK_ID);

    const { 'paypal-transmission-sig': _sig, ...unsigned } = good.headers;
    const missing = await post(unsigned, good.body);
    expect(missing.statusCode).toBe(401);
    expect(missing.json().message).toBe(SIGNATURE_MISSING);
    const forged = await post({ ...good.headers, 'paypal-transmission-sig': 'AAAA' }, good.body);
    expect(forged.statusCode).toBe(401);
    expect(forged.json().message).toBe(SIGNATURE_INVALID);
    // Another event under the same transmission's headers.
    const swapped = await post(good.headers, JSON.stringify(event('WH-PP-2')));
    expect(swapped.statusCode).toBe(401);
    // Signed for another webhook.
    const other = paypal.signWebhook(event('WH-PP-3'), 'WH-SOMEONE-ELSE');
    expect((await post(other.headers, other.body)).statusCode).toBe(401);
    expect((await storedEvents()).length).toBe(before);

    const id = t.app.config.paypal.webhookId;
    t.app.config.paypal.webhookId = undefined;
    try {
      const unset = await post(good.headers, good.body);
      expect(unset.statusCode).toBe(401);
      expect(unset.json().message).toBe(PAYPAL_NOT_CONFIGURED);
    } finally {
      t.app.config.paypal.webhookId = id;
    }
    expect((await storedEvents()).length).toBe(before);

    const ok = await post(good.headers, good.body);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await storedEvents()).length).toBe(before + 1);
    const again = await post(good.headers, good.body);
    expect(again.json()).toEqual({ received: true, duplicate: true });
  });
});

describe('PayPal webhook abuse', () => {
  const event = (id: string) => ({
    id,
    event_type: 'PAYMENT.CAPTURE.COMPLETED',
    resource: { id: 'CAP-UNKNOWN', status: 'COMPLETED', amount: { value: '10.00' } },
  });
  /** Any five paypal-* headers: what anyone can send. */
  const madeUp = (n: number) => ({
    'content-type': 'application/json',
    'paypal-auth-algo': 'SHA256withRSA',
    'paypal-cert-url': 'https://api.sandbox.paypal.com/v1/notifications/certs/CERT-360caa42',
    'paypal-transmission-id': `0b1c2d3e-${n}`,
    'paypal-transmission-sig': `forged-${n}`,
    'paypal-transmission-time': new Date().toISOString(),
  });
  let address = 0;
  /** Each test posts from an address of its own, so their limits do not meet. */
  const from = () => `203.0.113.${++address}`;
  const post = (headers: Record<string, string>, payload: string, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/api/webhooks/paypal', headers, payload, remoteAddress });
  const outbound = () => paypal.requests.length;
  const verifications = () =>
    paypal.requests.filter((r) => r.path === '/v1/notifications/verify-webhook-signature').length;

  it('answers 400 to a 100,000-deep body, without asking PayPal', async () => {
    const depth = 100_000;
    const deep = `{"id":"WH-DEEP","event_type":"PAYMENT.CAPTURE.COMPLETED","resource":${'['.repeat(depth)}${']'.repeat(depth)}}`;
    expect(deep.length).toBeGreaterThan(200_000);
    const before = outbound();
    const res = await post(madeUp(1), deep, from());
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(/nested too deeply/);
    // Brackets inside strings are text, not nesting.
    const texty = JSON.stringify({ ...event('WH-TEXT'), note: '['.repeat(5000) });
    const plain = await post(madeUp(2), texty, from());
    expect(plain.statusCode).toBe(401);
    expect(outbound() - before).toBe(1);
  });

  it('answers 413 to a body larger than any event, without asking PayPal', async () => {
    const before = outbound();
    const big = JSON.stringify({ ...event('WH-BIG'), pad: 'x'.repeat(300_000) });
    const res = await post(madeUp(3), big, from());
    expect(res.statusCode).toBe(413);
    expect(outbound()).toBe(before);
  });

  it('asks PayPal once about a refused delivery: the same one again is refused from memory', async () => {
    const good = paypal.signWebhook(event('WH-PP-REMEMBER'), PAYPAL_WEBHOOK_ID);
    const forged = { ...good.headers, 'paypal-transmission-sig': 'BBBB' };
    const ip = from();
    const before = verifications();
    for (let i = 0; i < 5; i++) {
      const res = await post(forged, good.body, ip);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(SIGNATURE_INVALID);
    }
    expect(verifications() - before).toBe(1);
    // The genuine delivery of the same event is not held back by the forgery.
    const ok = await post(good.headers, good.body, ip);
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('stops asking PayPal for an address whose deliveries keep failing (429)', async () => {
    const ip = from();
    const body = JSON.stringify(event('WH-PP-FLOOD'));
    const before = verifications();
    const codes: number[] = [];
    for (let i = 0; i < 25; i++) codes.push((await post(madeUp(100 + i), body, ip)).statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(20);
    expect(codes.slice(20)).toEqual([429, 429, 429, 429, 429]);
    expect(verifications() - before).toBe(20);
    const refused = await post(madeUp(200), body, ip);
    expect(refused.headers['retry-after']).toBeDefined();
    // PayPal's own deliveries, from elsewhere, still go through.
    const good = paypal.signWebhook(event('WH-PP-AFTER-FLOOD'), PAYPAL_WEBHOOK_ID);
    expect((await post(good.headers, good.body, from())).statusCode).toBe(200);
  });
});
