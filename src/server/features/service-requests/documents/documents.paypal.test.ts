import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../../tests/helpers/build-test-app';
import { createTechnician, createUser, signIn } from '../../../../../tests/helpers/factories';
import { startPayPalStandIn } from '../../../../../tests/helpers/paypal-stand-in';
import { SIGNATURE, TAX_EXEMPT } from '../../../../../tests/helpers/pos';
import { LOCATIONS } from '@shared/constants/locations';
import { PAYPAL_ACCOUNT_REQUIRED } from '@shared/schemas/invoice-paypal';
import {
  invoicePayments,
  invoices,
  jobNotifications,
  outbox,
  paymentConnections,
  paymentRefunds,
  technicians,
  webhookEvents,
} from '../../../db/schema';
import { IDEMPOTENCY_KEY_REUSED } from '../../../infra/payments';

// A customer pays a job's invoice with PayPal into the technician's own PayPal account (ADR
// 030): PayPal's partner flow against a local stand-in of PayPal's API (the seller as payee, the
// partner's attribution, refunds on the seller's behalf, webhooks), and the built-in sandbox
// wallet that demo mode and the journeys use.

const bowie = LOCATIONS.find((l) => l.name === 'Bowie, MD')!;
const SELLER = 'SELLERPP0001';
const BN_CODE = 'Wrenchly_SP_PPCP';
const WEBHOOK_ID = 'WH-4JX18720BS1827231';

type Job = {
  tech: { id: number; cookie: string };
  requestPath: string;
  reference: string;
  invoiceId: number;
  email: string;
};

/** Calls on one test app. */
function client(t: () => TestApp) {
  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, cookie?: string, payload?: object) =>
    t().app.inject({
      method,
      url,
      headers: cookie ? { cookie } : {},
      ...(payload ? { payload } : {}),
    });
  /** The request's API path, with the guest's signed link token unless `token` is false. */
  const api = (job: Pick<Job, 'requestPath'>, suffix = '', token = true) => {
    const [path, query] = job.requestPath.split('?');
    return `/api/service-requests/${path!.split('/').pop()}${suffix}${token ? `?${query}` : ''}`;
  };

  /**
   * A Professional technician near Bowie with a job a guest asked for, its quote of `dollars` of
   * labor (untaxed) signed and invoiced.
   */
  async function invoicedJob(dollars: number, email: string, connectPayPal = true): Promise<Job> {
    const { user, technician } = await createTechnician(t().app, {
      location: bowie,
      plan: 'Professional',
      specialties: ['Oil Change'],
    });
    const tech = { id: technician.id, cookie: await signIn(t().app, user.username!) };
    if (connectPayPal && t().app.payments.wallet?.name === 'paypal')
      await t()
        .app.db.insert(paymentConnections)
        .values({
          technicianId: technician.id,
          provider: 'paypal',
          merchantId: `${SELLER}-${technician.id}`,
          scopes: 'PAYMENT REFUND',
          connectedAt: new Date(),
        });
    // The job goes to this technician alone.
    await t()
      .app.db.update(technicians)
      .set({ isAvailable: false })
      .where(ne(technicians.id, technician.id));
    const created = await call('POST', '/api/service-requests', undefined, {
      serviceType: 'Oil Change',
      description: 'Oil change due, light is on.',
      urgency: 'medium',
      location: 'Bowie, MD',
      customerName: 'Pia Paypal',
      vehicleInfo: '2018 Mazda 3',
      customerEmail: email,
    });
    expect(created.statusCode, created.body).toBe(201);
    const request = created.json() as { id: number; reference: string; requestPath: string };
    const [n] = (
      await t()
        .app.db.select()
        .from(jobNotifications)
        .where(eq(jobNotifications.serviceRequestId, request.id))
    ).filter((x) => x.technicianId === tech.id);
    const accepted = await call('PATCH', `/api/job-notifications/${n!.id}/accept`, tech.cookie);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const q = await call('POST', '/api/quotes', tech.cookie, {
      customerName: 'Pia Paypal',
      customerEmail: email,
      items: [{ type: 'labor', description: 'Oil and filter', quantity: 1, unitPrice: dollars }],
      ...TAX_EXEMPT,
      serviceRequestId: request.id,
    });
    expect(q.statusCode, q.body).toBe(201);
    const signed = await call('PATCH', `/api/quotes/${q.json().id}/approve`, tech.cookie, {
      signature: SIGNATURE,
      version: 1,
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const inv = await call('POST', '/api/invoices', tech.cookie, { quoteId: q.json().id });
    expect(inv.statusCode, inv.body).toBe(201);
    return {
      tech,
      requestPath: request.requestPath,
      reference: request.reference,
      invoiceId: inv.json().id as number,
      email,
    };
  }

  const order = (job: Job, body: object, opts: { cookie?: string; token?: boolean } = {}) =>
    call(
      'POST',
      api(job, `/invoices/${job.invoiceId}/paypal-order`, opts.token ?? true),
      opts.cookie,
      body,
    );
  const capture = (job: Job, orderId: string) =>
    call('POST', api(job, `/invoices/${job.invoiceId}/paypal-order/${orderId}/capture`));
  const cancel = (job: Job, orderId: string) =>
    call('POST', api(job, `/invoices/${job.invoiceId}/paypal-order/${orderId}/cancel`));
  const invoiceRow = async (id: number) =>
    (await t().app.db.select().from(invoices).where(eq(invoices.id, id)))[0]!;
  const paymentRows = (invoiceId: number) =>
    t().app.db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, invoiceId));
  const mailsTo = (to: string, template: string) =>
    t()
      .app.db.select()
      .from(outbox)
      .where(and(eq(outbox.toAddress, to), eq(outbox.template, template)));
  return { call, api, invoicedJob, order, capture, cancel, invoiceRow, paymentRows, mailsTo };
}

describe('paying an invoice with PayPal to the technician (a stand-in of PayPal)', () => {
  let t: TestApp;
  let paypal: Awaited<ReturnType<typeof startPayPalStandIn>>;
  const c = client(() => t);
  beforeAll(async () => {
    paypal = await startPayPalStandIn();
    t = await buildTestApp({
      config: {
        walletProvider: 'paypal',
        publicUrl: 'https://wrenchly.test',
        paypal: {
          ...paypal.config,
          partnerMerchantId: 'PARTNER-WRENCHLY',
          partnerAttributionId: BN_CODE,
          webhookId: WEBHOOK_ID,
        },
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await paypal.close();
  });

  const orderRequests = () =>
    paypal.requests.filter((r) => r.method === 'POST' && r.path === '/v2/checkout/orders');

  /**
   * Delivers a PayPal webhook event as PayPal signs it, and waits until the worker (nudged by
   * the webhook route) has applied it.
   */
  async function deliver(event: Record<string, unknown>) {
    const { body, headers } = paypal.signWebhook(event, WEBHOOK_ID);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/paypal',
      headers,
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    await expect
      .poll(
        async () =>
          (
            await t.app.db
              .select({ processedAt: webhookEvents.processedAt })
              .from(webhookEvents)
              .where(eq(webhookEvents.eventId, String(event.id)))
          )[0]?.processedAt ?? null,
        { timeout: 5_000, interval: 20 },
      )
      .not.toBeNull();
  }

  /** An order made and approved by the payer in PayPal's window: its id. */
  async function approvedOrder(job: Job, key: string, tip: object | null = null) {
    const made = await c.order(job, { idempotencyKey: key, tip });
    expect(made.statusCode, made.body).toBe(200);
    const { orderId } = made.json() as { orderId: string };
    paypal.approve(orderId);
    return orderId;
  }

  it("creates an order for the balance and the tip, payable to the technician's PayPal account", async () => {
    const job = await c.invoicedJob(80, 'pia.order@example.com');
    const before = orderRequests().length;
    const made = await c.order(job, {
      idempotencyKey: 'pp-order-0001',
      tip: { type: 'percent', percent: 15 },
    });
    expect(made.statusCode, made.body).toBe(200);
    const { orderId, payment } = made.json();
    expect(payment).toMatchObject({
      method: 'digital',
      amount: '80.00',
      tip: '12.00',
      status: 'processing',
      receiptNumber: null,
    });
    // One order of the balance and the tip, the technician as payee, the partner's attribution.
    const sent = orderRequests().slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatchObject({
      intent: 'CAPTURE',
      purchase_units: [
        {
          amount: { currency_code: 'USD', value: '92.00' },
          payee: { merchant_id: `${SELLER}-${job.tech.id}` },
          custom_id: `invoice-${job.invoiceId}`,
        },
      ],
    });
    expect(sent[0]!.headers['paypal-partner-attribution-id']).toBe(BN_CODE);
    expect(sent[0]!.headers['paypal-request-id']).toMatch(/^wr-order-[0-9a-f]{40}$/);
    const [row] = await c.paymentRows(job.invoiceId);
    expect(row).toMatchObject({
      method: 'digital',
      provider: 'paypal',
      merchantId: `${SELLER}-${job.tech.id}`,
      status: 'processing',
      providerPaymentId: `order:${orderId}`,
      amountCents: 8000,
      tipCents: 1200,
      receiptNumber: null,
    });
    expect(row!.requestFingerprint).toMatch(/^[0-9a-f]{64}$/);

    // The payments config offers PayPal for this technician, with the script for their account.
    const config = (await c.call('GET', `/api/payments/config?technicianId=${job.tech.id}`)).json();
    expect(config.wallet).toMatchObject({ provider: 'paypal', partnerAttributionId: BN_CODE });
    const script = new URL(config.wallet.scriptUrl);
    expect(script.searchParams.get('merchant-id')).toBe(`${SELLER}-${job.tech.id}`);
    expect(script.searchParams.get('client-id')).toBe(paypal.clientId);
  });

  it('answers a retry with the same key with the same order, never a second; another tip under it is 409', async () => {
    const job = await c.invoicedJob(50, 'pia.retry@example.com');
    const before = orderRequests().length;
    const body = { idempotencyKey: 'pp-retry-0001', tip: null };
    const [a, b] = await Promise.all([c.order(job, body), c.order(job, body)]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    expect(b.json().orderId).toBe(a.json().orderId);
    const again = await c.order(job, body);
    expect(again.json().orderId).toBe(a.json().orderId);
    // PayPal made one order (a duplicate at the same moment sent the same request id).
    const ids = new Set(
      orderRequests()
        .slice(before)
        .map((r) => r.headers['paypal-request-id']),
    );
    expect(ids.size).toBe(1);
    expect(await c.paymentRows(job.invoiceId)).toHaveLength(1);
    const tipped = await c.order(job, { ...body, tip: { type: 'amount', amount: '5.00' } });
    expect(tipped.statusCode).toBe(409);
    expect(tipped.json().message).toBe(IDEMPOTENCY_KEY_REUSED);
  });

  it('captures the approved order: the invoice paid, the receipt numbered and e-mailed', async () => {
    const job = await c.invoicedJob(64.5, 'pia.capture@example.com');
    const made = await c.order(job, { idempotencyKey: 'pp-capture-0001', tip: null });
    const { orderId } = made.json();
    // Not approved yet: nothing is taken, the order stays open.
    const early = await c.capture(job, orderId);
    expect(early.statusCode, early.body).toBe(409);
    expect((await c.paymentRows(job.invoiceId))[0]!.status).toBe('processing');

    paypal.approve(orderId);
    const paid = await c.capture(job, orderId);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({
      success: true,
      payment: { status: 'succeeded', method: 'digital', amount: '64.50' },
    });
    const receiptNumber = paid.json().payment.receiptNumber as string;
    expect(receiptNumber).toMatch(/^R-\d{4}-\d{6,}$/);
    expect(await c.invoiceRow(job.invoiceId)).toMatchObject({
      status: 'paid',
      paidAmountCents: 6450,
    });
    const [row] = await c.paymentRows(job.invoiceId);
    expect(row!.providerPaymentId).toMatch(/^CAP\d+$/);
    const captures = paypal.requests.filter(
      (r) => r.path === `/v2/checkout/orders/${orderId}/capture`,
    );
    expect(captures.at(-1)!.headers['paypal-request-id']).toMatch(/^wr-capture-[0-9a-f]{40}$/);

    // The receipt went to the customer by itself, and the job's page shows it.
    const [mail] = await c.mailsTo(job.email, 'job_receipt');
    expect(mail!.textBody).toContain('we received your payment of $64.50 (PayPal)');
    expect(mail!.textBody).toContain(receiptNumber);
    const page = (await c.call('GET', c.api(job))).json();
    expect(page.invoices[0]).toMatchObject({ balance: '0.00', status: 'paid' });
    expect(page.payments).toMatchObject([{ receiptNumber, status: 'succeeded' }]);
    expect(page.timeline.map((e: { move: string }) => e.move)).toContain('invoice_paid');

    // The capture again (a lost answer): the same payment, nothing captured twice.
    const again = await c.capture(job, orderId);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().payment).toMatchObject({ id: row!.id, receiptNumber });
    expect(await c.mailsTo(job.email, 'job_receipt')).toHaveLength(1);
    expect((await c.invoiceRow(job.invoiceId)).paidAmountCents).toBe(6450);
    // Paid: no more orders for it.
    const more = await c.order(job, { idempotencyKey: 'pp-capture-0002', tip: null });
    expect(more.statusCode).toBe(409);
  });

  it('a declined capture is a failed attempt without a receipt number; the balance is open again', async () => {
    const job = await c.invoicedJob(30, 'pia.declined@example.com');
    const orderId = await approvedOrder(job, 'pp-decline-0001');
    paypal.declineCapture(orderId);
    const declined = await c.capture(job, orderId);
    expect(declined.statusCode, declined.body).toBe(402);
    expect(declined.json()).toMatchObject({
      success: false,
      payment: { status: 'failed', receiptNumber: null },
    });
    expect(declined.json().message).toMatch(/declined/i);
    expect(await c.invoiceRow(job.invoiceId)).toMatchObject({
      status: 'pending',
      paidAmountCents: 0,
    });
    expect(await c.mailsTo(job.email, 'job_receipt')).toHaveLength(0);
    // A failed order is never captured; a new attempt pays.
    expect((await c.capture(job, orderId)).statusCode).toBe(402);
    const next = await approvedOrder(job, 'pp-decline-0002');
    const paid = await c.capture(job, next);
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await c.invoiceRow(job.invoiceId)).status).toBe('paid');
  });

  it('refuses PayPal for a technician who has not connected it (409), and offers none for them', async () => {
    const job = await c.invoicedJob(40, 'pia.nopaypal@example.com', false);
    const res = await c.order(job, { idempotencyKey: 'pp-none-0001', tip: null });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(PAYPAL_ACCOUNT_REQUIRED);
    expect(await c.paymentRows(job.invoiceId)).toHaveLength(0);
    const config = (await c.call('GET', `/api/payments/config?technicianId=${job.tech.id}`)).json();
    expect(config.wallet).toBeNull();
    // The card still works for them.
    expect(config.card).toEqual({ provider: 'sandbox' });
  });

  it("is the invoice's customer's alone: anyone else gets the 404 of an unknown request", async () => {
    const job = await c.invoicedJob(45, 'pia.mine@example.com');
    const other = await createUser(t.app, { role: 'customer' });
    const otherCookie = await signIn(t.app, other.username!);
    const body = { idempotencyKey: 'pp-other-0001', tip: null };
    expect((await c.order(job, body, { token: false })).statusCode).toBe(404);
    expect((await c.order(job, body, { token: false, cookie: otherCookie })).statusCode).toBe(404);
    // Another request's link does not open this one's invoice.
    const elsewhere = await c.invoicedJob(20, 'pia.elsewhere@example.com');
    const crossed = await c.call(
      'POST',
      c.api(elsewhere, `/invoices/${job.invoiceId}/paypal-order`),
      undefined,
      body,
    );
    expect(crossed.statusCode).toBe(404);
    // The technician pays no invoice of their own customer's.
    const byTech = await c.call(
      'POST',
      c.api(job, `/invoices/${job.invoiceId}/paypal-order`, false),
      job.tech.cookie,
      body,
    );
    expect(byTech.statusCode).toBe(403);
    // An order of another invoice is not this invoice's to capture.
    const theirs = await approvedOrder(elsewhere, 'pp-other-0002');
    expect((await c.capture(job, theirs)).statusCode).toBe(404);
    expect(await c.paymentRows(job.invoiceId)).toHaveLength(0);
  });

  it("refunds a PayPal payment on the technician's behalf (PayPal-Auth-Assertion), reopening the invoice", async () => {
    const job = await c.invoicedJob(70, 'pia.refund@example.com');
    const orderId = await approvedOrder(job, 'pp-refund-0001', { type: 'amount', amount: '7.00' });
    const paid = await c.capture(job, orderId);
    expect(paid.statusCode, paid.body).toBe(200);
    const paymentId = paid.json().payment.id as number;
    const refunded = await c.call(
      'POST',
      `/api/pos/payments/${paymentId}/refund`,
      job.tech.cookie,
      { idempotencyKey: 'pp-refund-key-0001' },
    );
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json().refund).toMatchObject({ status: 'succeeded', amount: '77.00' });
    const [row] = await c.paymentRows(job.invoiceId);
    const ask = paypal.requests.find(
      (r) => r.path === `/v2/payments/captures/${row!.providerPaymentId}/refund`,
    )!;
    // The whole charge, tip included, given back by the seller's account.
    expect(ask.body).toMatchObject({ amount: { currency_code: 'USD', value: '77.00' } });
    const [, claims] = String(ask.headers['paypal-auth-assertion']).split('.');
    expect(JSON.parse(Buffer.from(claims!, 'base64url').toString())).toEqual({
      iss: paypal.clientId,
      payer_id: `${SELLER}-${job.tech.id}`,
    });
    expect(await c.invoiceRow(job.invoiceId)).toMatchObject({
      status: 'pending',
      paidAmountCents: 0,
    });
    const [mail] = await c.mailsTo(job.email, 'pos_refund');
    expect(mail!.textBody).toContain('was refunded to your PayPal account');
    // PayPal's webhook of that same refund is ours: recorded once.
    const [refund] = await t.app.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.paymentId, paymentId));
    await deliver(
      paypal.refundEvent(
        'WH-PP-OWN-REFUND',
        row!.providerPaymentId!,
        refund!.providerRefundId!,
        '77.00',
      ),
    );
    expect(
      await t.app.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, paymentId)),
    ).toHaveLength(1);
  });

  it("completes a capture PayPal held for review from its webhook, once; a dashboard refund's webhook is recorded once", async () => {
    const job = await c.invoicedJob(55, 'pia.held@example.com');
    const orderId = await approvedOrder(job, 'pp-held-0001');
    paypal.holdCapture(orderId);
    const held = await c.capture(job, orderId);
    expect(held.statusCode, held.body).toBe(202);
    expect(held.json()).toMatchObject({
      success: false,
      payment: { status: 'processing', receiptNumber: null },
    });
    expect(await c.invoiceRow(job.invoiceId)).toMatchObject({ status: 'pending' });
    const captureId = [...paypal.captures.entries()].find(([, v]) => v.orderId === orderId)![0];

    paypal.decideCapture(captureId, 'COMPLETED');
    const completed = paypal.captureEvent('WH-PP-HELD-1', captureId, 'PAYMENT.CAPTURE.COMPLETED');
    await deliver(completed);
    const [row] = await c.paymentRows(job.invoiceId);
    expect(row).toMatchObject({ status: 'succeeded', providerPaymentId: captureId });
    expect(row!.receiptNumber).toMatch(/^R-/);
    expect(await c.invoiceRow(job.invoiceId)).toMatchObject({ status: 'paid' });
    // The same event again, and another delivery of the same news: applied once.
    await deliver(completed);
    await deliver(paypal.captureEvent('WH-PP-HELD-2', captureId, 'PAYMENT.CAPTURE.COMPLETED'));
    expect(await c.mailsTo(job.email, 'job_receipt')).toHaveLength(1);
    expect((await c.invoiceRow(job.invoiceId)).paidAmountCents).toBe(5500);
    // The customer's page (the capture again) now says paid.
    expect((await c.capture(job, orderId)).statusCode).toBe(200);

    // The technician refunds half in PayPal's dashboard: recorded once, taken off the invoice.
    const refund = paypal.refundEvent('WH-PP-DASH-1', captureId, 'REFDASH1', '20.00');
    await deliver(refund);
    await deliver(refund);
    await deliver({ ...refund, id: 'WH-PP-DASH-2' });
    const refunds = await t.app.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.paymentId, row!.id));
    expect(refunds).toMatchObject([{ amountCents: 2000, status: 'succeeded', reason: 'provider' }]);
    expect(await c.invoiceRow(job.invoiceId)).toMatchObject({
      status: 'pending',
      paidAmountCents: 3500,
    });
  });

  it('a held capture PayPal denies is a failed attempt without a receipt number', async () => {
    const job = await c.invoicedJob(25, 'pia.denied@example.com');
    const orderId = await approvedOrder(job, 'pp-denied-0001');
    paypal.holdCapture(orderId);
    expect((await c.capture(job, orderId)).statusCode).toBe(202);
    const captureId = [...paypal.captures.entries()].find(([, v]) => v.orderId === orderId)![0];
    paypal.decideCapture(captureId, 'DECLINED');
    await deliver(paypal.captureEvent('WH-PP-DENIED-1', captureId, 'PAYMENT.CAPTURE.DENIED'));
    const [row] = await c.paymentRows(job.invoiceId);
    expect(row).toMatchObject({ status: 'failed', receiptNumber: null });
    expect(await c.invoiceRow(job.invoiceId)).toMatchObject({
      status: 'pending',
      paidAmountCents: 0,
    });
    expect(await c.mailsTo(job.email, 'job_receipt')).toHaveLength(0);
    const page = (await c.call('GET', c.api(job))).json();
    expect(page.payments).toMatchObject([{ status: 'failed', receiptNumber: null }]);
  });

  it('an order the customer leaves is canceled at once, so the balance can be paid by card', async () => {
    const job = await c.invoicedJob(35, 'pia.cancel@example.com');
    const made = await c.order(job, { idempotencyKey: 'pp-cancel-0001', tip: null });
    const { orderId } = made.json();
    const tok = await c.call('POST', '/api/payments/sandbox/tokenize', undefined, {
      number: '4111 1111 1111 1111',
      expiry: '12/39',
      cvv: '123',
    });
    const byCard = () =>
      c.call('POST', c.api(job, `/invoices/${job.invoiceId}/pay`), undefined, {
        sourceId: tok.json().token,
        idempotencyKey: `card-after-${orderId}`,
        tip: null,
      });
    // The open order holds the balance: the card waits for it.
    expect((await byCard()).statusCode).toBe(409);
    const canceled = await c.cancel(job, orderId);
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.json().payment).toMatchObject({ status: 'failed', receiptNumber: null });
    const card = await byCard();
    expect(card.statusCode, card.body).toBe(200);
    // A canceled order is never captured, even if its payer approves it later.
    paypal.approve(orderId);
    expect((await c.capture(job, orderId)).json().payment.status).toBe('failed');
    expect((await c.invoiceRow(job.invoiceId)).paidAmountCents).toBe(3500);
  });

  it('the sweep captures an approved order whose capture was lost, and gives up one never approved', async () => {
    const approved = await c.invoicedJob(15, 'pia.sweep1@example.com');
    const approvedId = await approvedOrder(approved, 'pp-sweep-0001');
    const waiting = await c.invoicedJob(16, 'pia.sweep2@example.com');
    expect(
      (await c.order(waiting, { idempotencyKey: 'pp-sweep-0002', tip: null })).statusCode,
    ).toBe(200);
    t.clock.advance(60_000);
    try {
      // (An order approved in an earlier test and never captured is captured too.)
      const first = (await t.app.reconcilePayments()) as { wallet: { succeeded: number } };
      expect(first.wallet.succeeded).toBeGreaterThanOrEqual(1);
      expect(first).toMatchObject({ wallet: { failed: 0 } });
      expect((await c.paymentRows(approved.invoiceId))[0]).toMatchObject({ status: 'succeeded' });
      expect((await c.invoiceRow(approved.invoiceId)).status).toBe('paid');
      expect(await c.mailsTo(approved.email, 'job_receipt')).toHaveLength(1);
      expect((await c.paymentRows(waiting.invoiceId))[0]!.status).toBe('processing');
      // Half an hour without approval: given up, the balance free again.
      t.clock.advance(30 * 60_000);
      const later = (await t.app.reconcilePayments()) as { wallet: { failed: number } };
      expect(later.wallet.failed).toBeGreaterThanOrEqual(1);
      expect((await c.paymentRows(waiting.invoiceId))[0]).toMatchObject({
        status: 'failed',
        receiptNumber: null,
      });
      // The approved order's capture again: answered from its record.
      const again = await c.capture(approved, approvedId);
      expect(again.statusCode, again.body).toBe(200);
    } finally {
      t.clock.advance(-31 * 60_000);
    }
  });
});

describe('paying an invoice with the sandbox wallet (demo mode)', () => {
  let t: TestApp;
  const c = client(() => t);
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const approve = (job: Job, orderId: string, token = true, cookie?: string) =>
    c.call(
      'POST',
      c.api(job, `/invoices/${job.invoiceId}/paypal-order/${orderId}/sandbox-approve`, token),
      cookie,
    );

  it("pays through the sandbox wallet's approval into the technician's sandbox account, and refunds", async () => {
    const job = await c.invoicedJob(42, 'pia.sandbox@example.com');
    const config = (await c.call('GET', `/api/payments/config?technicianId=${job.tech.id}`)).json();
    expect(config.wallet).toEqual({ provider: 'sandbox' });
    const made = await c.order(job, {
      idempotencyKey: 'sbx-wallet-0001',
      tip: { type: 'percent', percent: 10 },
    });
    expect(made.statusCode, made.body).toBe(200);
    const { orderId } = made.json();
    expect(orderId).toMatch(/^SBX-/);
    // Only the invoice's customer approves it.
    expect((await approve(job, orderId, false)).statusCode).toBe(404);
    expect((await approve(job, orderId, false, job.tech.cookie)).statusCode).toBe(403);
    expect((await c.capture(job, orderId)).statusCode).toBe(409);
    const approved = await approve(job, orderId);
    expect(approved.statusCode, approved.body).toBe(200);
    const paid = await c.capture(job, orderId);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().payment).toMatchObject({
      method: 'digital',
      amount: '42.00',
      tip: '4.20',
      status: 'succeeded',
    });
    const [row] = await c.paymentRows(job.invoiceId);
    expect(row).toMatchObject({
      provider: 'sandbox-wallet',
      merchantId: `test_merchant_${job.tech.id}`,
    });
    // Paid into the technician's own sandbox account, never the platform's.
    expect(t.app.payments.sandbox!.chargedTo(row!.providerPaymentId!)).toBe(
      `test_merchant_${job.tech.id}`,
    );
    expect((await c.invoiceRow(job.invoiceId)).status).toBe('paid');
    expect(await c.mailsTo(job.email, 'job_receipt')).toHaveLength(1);
    // The technician's statement counts it with the card payments: amount, tip and net.
    const statement = async () =>
      (await c.call('GET', '/api/pos/statements', job.tech.cookie)).json().totals;
    expect(await statement()).toMatchObject({
      cardCount: 1,
      cardCents: 4200,
      tipCents: 420,
      netCents: 4620,
      otherCents: 0,
    });

    const refunded = await c.call('POST', `/api/pos/payments/${row!.id}/refund`, job.tech.cookie, {
      idempotencyKey: 'sbx-wallet-refund-1',
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json().refund).toMatchObject({ status: 'succeeded', amount: '46.20' });
    expect((await c.invoiceRow(job.invoiceId)).status).toBe('pending');
    // Given back through PayPal: off the statement's net, as a card refund is.
    expect(await statement()).toMatchObject({ refundCount: 1, refundCents: 4620, netCents: 0 });
  });

  it('offers no wallet for a technician without a connected account, and refuses an order (409)', async () => {
    const job = await c.invoicedJob(12, 'pia.sandbox.none@example.com');
    await t.app.db
      .update(paymentConnections)
      .set({ status: 'disconnected' })
      .where(eq(paymentConnections.technicianId, job.tech.id));
    const config = (await c.call('GET', `/api/payments/config?technicianId=${job.tech.id}`)).json();
    expect(config.wallet).toBeNull();
    const res = await c.order(job, { idempotencyKey: 'sbx-none-0001', tip: null });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(PAYPAL_ACCOUNT_REQUIRED);
  });
});
