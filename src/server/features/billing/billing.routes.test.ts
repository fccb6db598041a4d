import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/build-test-app';
import {
  createTechnician,
  createUser,
  signIn,
  subscribeTechnician,
} from '../../../../tests/helpers/factories';
import { startPayPalStandIn } from '../../../../tests/helpers/paypal-stand-in';
import { SQUARE_NONCES, startSquareStandIn } from '../../../../tests/helpers/square-stand-in';
import { seedDemoData } from '../../seed/seed';
import { outbox, payments, subscriptions } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  // Plans come from the demo data.
  await seedDemoData(t.app.db);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

async function technician() {
  const { user, technician } = await createTechnician(t.app);
  return {
    cookie: await signIn(t.app, user.username!),
    technicianId: technician.id,
    email: user.email,
    /** Signs in again (sessions lapse after 30 idle days, and the tests move the clock). */
    async again() {
      this.cookie = await signIn(t.app, user.username!);
    },
  };
}

async function cardToken(number = '4111 1111 1111 1111') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/payments/sandbox/tokenize',
    payload: { number, expiry: '12/39', cvv: '123' },
  });
  return res.json().token as string;
}

const subscribe = async (cookie: string, over: object = {}) =>
  call('POST', '/api/square/create-subscription', cookie, {
    sourceId: await cardToken(),
    planName: 'Premium',
    planPrice: 4.99,
    cardholderName: 'Dana Tech',
    idempotencyKey: `key-${Math.random().toString(36).slice(2)}`,
    ...over,
  });

describe('card subscriptions', () => {
  it('activates the plan, keeps the card for renewals and records the payment', async () => {
    const tech = await technician();
    const res = await subscribe(tech.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().ok).toBe(true);
    const current = (await call('GET', '/api/subscriptions/current', tech.cookie)).json();
    expect(current.subscription).toMatchObject({
      plan: { name: 'Premium', price: 4.99 },
      status: 'active',
      cancelAtPeriodEnd: false,
      canAutoRenew: true,
    });
    const history = await call('GET', '/api/payment/history/1', tech.cookie);
    expect(history.json()).toEqual([
      expect.objectContaining({
        description: 'Premium plan - monthly subscription',
        amount: 4.99,
        status: 'succeeded',
        receipt_url: expect.stringMatching(/^\/api\/payment\/receipts\/\d+$/),
      }),
    ]);
  });

  it('checks the price against the plans table and refuses unknown plans', async () => {
    const tech = await technician();
    const cheap = await subscribe(tech.cookie, { planName: 'Professional', planPrice: 0.01 });
    expect(cheap.statusCode).toBe(400);
    expect(cheap.json().message).toBe('The price of the Professional plan is $6.99 per month');
    const unknown = await subscribe(tech.cookie, { planName: 'Gold', planPrice: 4.99 });
    expect(unknown.statusCode).toBe(400);
    const noName = await subscribe(tech.cookie, { cardholderName: ' ' });
    expect(noName.statusCode).toBe(400);
    expect((await call('GET', '/api/subscriptions/current', tech.cookie)).json().subscription).toBe(
      null,
    );
  });

  it('answers a declined card with 402 Payment Failed, no plan, a failed payment', async () => {
    const tech = await technician();
    const res = await subscribe(tech.cookie, { sourceId: await cardToken('4000 0000 0000 0002') });
    expect(res.statusCode).toBe(402);
    expect(res.json().ok).toBe(false);
    expect((await call('GET', '/api/subscriptions/current', tech.cookie)).json().subscription).toBe(
      null,
    );
    const [p] = await t.app.db
      .select()
      .from(payments)
      .where(eq(payments.technicianId, tech.technicianId));
    expect(p!.status).toBe('failed');
    // A failed charge is a line of the history, not a receipt: no number, no receipt page.
    expect(p!.receiptNumber).toBeNull();
    const [line] = (await call('GET', '/api/payment/history/1', tech.cookie)).json();
    expect(line).toMatchObject({ id: p!.id, status: 'failed' });
    expect(line).not.toHaveProperty('receipt_url');
    const page = await call('GET', `/api/payment/receipts/${p!.id}`, tech.cookie);
    expect(page.statusCode).toBe(409);
    expect(page.json().message).toBe('This charge failed: a failed charge has no receipt');
  });

  it('charges once for 10 concurrent duplicates of one idempotency key', async () => {
    const tech = await technician();
    const body = {
      sourceId: await cardToken(),
      planName: 'Basic',
      planPrice: '2.99',
      cardholderName: 'Dana Tech',
      idempotencyKey: 'dup-key-0000001',
    };
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        call('POST', '/api/square/create-subscription', tech.cookie, body),
      ),
    );
    for (const r of results) expect(r.json().ok, r.body).toBe(true);
    const rows = await t.app.db
      .select()
      .from(payments)
      .where(eq(payments.technicianId, tech.technicianId));
    expect(rows).toHaveLength(1);
    const subs = await t.app.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.technicianId, tech.technicianId));
    expect(subs).toHaveLength(1);
  });

  it('says so when no card provider is configured', async () => {
    const t2 = await buildTestApp({
      config: { cardProvider: 'none', walletProvider: 'none' } as never,
    });
    const { user } = await createTechnician(t2.app);
    const cookie = await signIn(t2.app, user.username!);
    const res = await t2.app.inject({
      method: 'POST',
      url: '/api/square/create-subscription',
      headers: { cookie },
      payload: {
        sourceId: 'x',
        planName: 'Basic',
        planPrice: 2.99,
        cardholderName: 'A',
        idempotencyKey: 'abcdefgh1',
      },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe('Payment processing is not configured.');
    await t2.close();
  });
});

describe('wallet (sandbox) subscriptions', () => {
  it('creates an order for a plan price, approves and captures it, then activates', async () => {
    const tech = await technician();
    expect((await call('GET', '/api/paypal/setup', tech.cookie)).json().clientToken).toBeTruthy();
    const wrong = await call('POST', '/api/paypal/order', tech.cookie, {
      amount: 3.5,
      currency: 'USD',
      intent: 'CAPTURE',
    });
    expect(wrong.statusCode).toBe(400);
    const body = {
      amount: 6.99,
      currency: 'USD',
      intent: 'CAPTURE',
      idempotencyKey: 'wallet-attempt-0001',
    };
    const order = await call('POST', '/api/paypal/order', tech.cookie, body);
    expect(order.statusCode).toBe(200);
    const id = order.json().id as string;
    // A retry of the attempt (its answer lost) gets the same order, recorded once.
    const retry = await call('POST', '/api/paypal/order', tech.cookie, body);
    expect(retry.json().id).toBe(id);
    expect(
      await t.app.db.select().from(payments).where(eq(payments.technicianId, tech.technicianId)),
    ).toHaveLength(1);
    const early = await call('POST', `/api/paypal/order/${id}/capture`, tech.cookie);
    expect(early.json().status).toBe('PAYER_ACTION_REQUIRED');
    await call('POST', `/api/payments/sandbox/orders/${id}/approve`, tech.cookie);
    const captured = await call('POST', `/api/paypal/order/${id}/capture`, tech.cookie);
    expect(captured.json().status).toBe('COMPLETED');
    const current = (await call('GET', '/api/subscriptions/current', tech.cookie)).json();
    expect(current.subscription).toMatchObject({
      plan: { name: 'Professional' },
      status: 'active',
      canAutoRenew: true,
    });
    // The plan is active now: the same capture again (its answer was lost) answers as the
    // first time, and a new order for the plan is refused.
    const again = await call('POST', `/api/paypal/order/${id}/capture`, tech.cookie);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(captured.json());
    const next = await call('POST', '/api/paypal/order', tech.cookie, {
      amount: 6.99,
      currency: 'USD',
      intent: 'CAPTURE',
    });
    expect(next.statusCode).toBe(409);
    const other = await technician();
    expect((await call('POST', `/api/paypal/order/${id}/capture`, other.cookie)).statusCode).toBe(
      404,
    );
  });
});

describe('sandbox wallet approval', () => {
  it("lets only the order's payer approve it", async () => {
    const tech = await technician();
    const order = await call('POST', '/api/paypal/order', tech.cookie, {
      amount: 2.99,
      currency: 'USD',
      intent: 'CAPTURE',
    });
    const id = order.json().id as string;
    const approve = (cookie: string) =>
      call('POST', `/api/payments/sandbox/orders/${id}/approve`, cookie);
    const stranger = await technician();
    const stolen = await approve(stranger.cookie);
    expect(stolen.statusCode).toBe(403);
    expect(stolen.json().message).toBe('This order belongs to someone else');
    const customer = await createUser(t.app);
    expect((await approve(await signIn(t.app, customer.username!))).statusCode).toBe(403);
    // Still awaiting its payer: nothing was approved by the others.
    expect((await call('POST', `/api/paypal/order/${id}/capture`, tech.cookie)).json().status).toBe(
      'PAYER_ACTION_REQUIRED',
    );
    expect((await approve(tech.cookie)).statusCode).toBe(200);
    expect((await call('POST', `/api/paypal/order/${id}/capture`, tech.cookie)).json().status).toBe(
      'COMPLETED',
    );
    const missing = await call(
      'POST',
      '/api/payments/sandbox/orders/SBX-NONE/approve',
      tech.cookie,
    );
    expect(missing.statusCode).toBe(404);
  });
});

describe('lifecycle', () => {
  it('changes plan at the next cycle, renews with the stored card, cancels at period end', async () => {
    const tech = await technician();
    await subscribe(tech.cookie);
    const changed = await call('POST', '/api/subscriptions/change', tech.cookie, {
      planName: 'Professional',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().subscription).toMatchObject({
      plan: { name: 'Premium' },
      pendingPlan: 'Professional',
    });

    t.clock.advance(32 * 86_400_000);
    const renewed = await t.app.billing.renewDue();
    expect(renewed.renewed).toBeGreaterThanOrEqual(1);
    await tech.again();
    const after = (await call('GET', '/api/subscriptions/current', tech.cookie)).json();
    expect(after.subscription).toMatchObject({ plan: { name: 'Professional' }, pendingPlan: null });
    const history = (await call('GET', '/api/payment/history/1', tech.cookie)).json();
    expect(history[0]).toMatchObject({ amount: 6.99, status: 'succeeded' });

    const canceled = await call('POST', '/api/subscriptions/cancel', tech.cookie);
    expect(canceled.json().subscription.cancelAtPeriodEnd).toBe(true);
    t.clock.advance(32 * 86_400_000);
    await t.app.billing.renewDue();
    await tech.again();
    expect((await call('GET', '/api/subscriptions/current', tech.cookie)).json().subscription).toBe(
      null,
    );
    t.clock.advance(-64 * 86_400_000);
  });

  it('goes past due after a failed renewal and e-mails the technician', async () => {
    const tech = await technician();
    // A plan paid by wallet keeps no card: its renewal cannot be charged.
    await subscribeTechnician(t.app, tech.technicianId, 'Basic');
    t.clock.advance(31 * 86_400_000);
    const r = await t.app.billing.renewDue();
    expect(r.failed).toBeGreaterThanOrEqual(1);
    await tech.again();
    const current = (await call('GET', '/api/subscriptions/current', tech.cookie)).json();
    expect(current.subscription.status).toBe('past_due');
    const [failed] = await t.app.db
      .select()
      .from(payments)
      .where(eq(payments.technicianId, tech.technicianId))
      .orderBy(desc(payments.id));
    expect(failed!.status).toBe('failed');
    const [mail] = await t.app.db
      .select()
      .from(outbox)
      .where(eq(outbox.toAddress, tech.email))
      .orderBy(desc(outbox.id));
    expect(mail!.template).toBe('subscription_past_due');
    t.clock.advance(-31 * 86_400_000);
  });
});

describe('dunning', () => {
  const DAY = 86_400_000;

  it('retries a failed renewal one and three days later, and recovers when the card works', async () => {
    const start = t.clock.now;
    const tech = await technician();
    await subscribe(tech.cookie);
    const [sub] = await t.app.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.technicianId, tech.technicianId));
    await t.app.db
      .update(subscriptions)
      .set({ paymentMethodRef: 'sbx_card_declined_test' })
      .where(eq(subscriptions.id, sub!.id));
    const end = sub!.currentPeriodEnd.getTime();
    const attempts = async () =>
      (await t.app.db.select().from(payments).where(eq(payments.subscriptionId, sub!.id))).filter(
        (p) => p.idempotencyKey?.startsWith('renew:'),
      );

    t.clock.set(new Date(end + 60_000));
    await t.app.billing.renewDue();
    t.clock.set(new Date(end + DAY / 2));
    await t.app.billing.renewDue();
    expect(await attempts()).toHaveLength(1);
    t.clock.set(new Date(end + DAY + 60_000));
    await t.app.billing.renewDue();
    expect((await attempts()).map((p) => p.status)).toEqual(['failed', 'failed']);

    // The technician's card works again before the second retry.
    await t.app.db
      .update(subscriptions)
      .set({ paymentMethodRef: 'sbx_card_ok_test' })
      .where(eq(subscriptions.id, sub!.id));
    t.clock.set(new Date(end + 3 * DAY + 60_000));
    const r = await t.app.billing.renewDue();
    expect(r.renewed).toBeGreaterThanOrEqual(1);
    const [after] = await t.app.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, sub!.id));
    expect(after!.status).toBe('active');
    expect(after!.currentPeriodStart.getTime()).toBe(end);
    expect((await attempts()).map((p) => p.status)).toEqual(['failed', 'failed', 'succeeded']);
    t.clock.set(start);
  });

  it('ends a plan still unpaid seven days after its period, with an e-mail', async () => {
    const start = t.clock.now;
    const tech = await technician();
    const sub = await subscribeTechnician(t.app, tech.technicianId, 'Basic');
    const end = sub.currentPeriodEnd.getTime();
    t.clock.set(new Date(end + 60_000));
    await t.app.billing.renewDue();
    t.clock.set(new Date(end + 7 * DAY + 60_000));
    await t.app.billing.renewDue();
    const [after] = await t.app.db.select().from(subscriptions).where(eq(subscriptions.id, sub.id));
    expect(after!.status).toBe('canceled');
    const [mail] = await t.app.db
      .select()
      .from(outbox)
      .where(eq(outbox.toAddress, tech.email))
      .orderBy(desc(outbox.id));
    expect(mail!.template).toBe('subscription_ended');
    t.clock.set(start);
  });
});

describe('history, receipts and admin', () => {
  it('exports CSV, shows receipts to their owner, lists every payment to admins', async () => {
    const tech = await technician();
    await subscribe(tech.cookie);
    const csv = await call('GET', '/api/payment/history.csv', tech.cookie);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\n')[0]).toBe('Date,Receipt,Description,Amount,Currency,Status');
    expect(csv.body).toContain('Premium plan - monthly subscription,4.99,USD,succeeded');
    const [record] = (await call('GET', '/api/payment/history/1', tech.cookie)).json();
    const receipt = await call('GET', record.receipt_url, tech.cookie);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.body).toContain('Premium plan - monthly subscription');
    const other = await technician();
    expect((await call('GET', record.receipt_url, other.cookie)).statusCode).toBe(403);
    const admin = await createUser(t.app, { role: 'admin' });
    const all = await call('GET', '/api/admin/payments', await signIn(t.app, admin.username!));
    expect(all.statusCode).toBe(200);
    expect(all.json().some((p: { id: number }) => p.id === record.id)).toBe(true);
    expect((await call('GET', '/api/admin/payments', tech.cookie)).statusCode).toBe(403);
  });
});

describe('with Square and PayPal configured (against local stand-ins)', () => {
  it('subscribes by Square card and by PayPal, and reports declines', async () => {
    const square = await startSquareStandIn();
    const paypal = await startPayPalStandIn();
    const t2 = await buildTestApp({
      config: {
        cardProvider: 'square',
        walletProvider: 'paypal',
        square: {
          accessToken: square.token,
          applicationId: 'sandbox-sq0idb-app',
          locationId: 'LOC1',
          environment: 'sandbox',
          baseUrl: square.baseUrl,
        },
        paypal: paypal.config,
      },
    });
    try {
      await seedDemoData(t2.app.db);
      const config = await t2.app.inject({ method: 'GET', url: '/api/payments/config' });
      expect(config.json()).toMatchObject({
        card: { provider: 'square', applicationId: 'sandbox-sq0idb-app', locationId: 'LOC1' },
        wallet: { provider: 'paypal' },
      });
      const { user } = await createTechnician(t2.app);
      const cookie = await signIn(t2.app, user.username!);
      const post = (url: string, payload?: object) =>
        t2.app.inject({
          method: 'POST',
          url,
          headers: { cookie },
          ...(payload ? { payload } : {}),
        });
      const body = {
        planName: 'Basic',
        planPrice: 2.99,
        cardholderName: 'Dana Tech',
      };
      const declined = await post('/api/square/create-subscription', {
        ...body,
        sourceId: SQUARE_NONCES.declined,
        idempotencyKey: 'square-declined-1',
      });
      expect(declined.statusCode).toBe(402);
      expect(declined.json().message).toBe('The card was declined');
      const ok = await post('/api/square/create-subscription', {
        ...body,
        sourceId: SQUARE_NONCES.ok,
        idempotencyKey: 'square-ok-1',
      });
      expect(ok.statusCode, ok.body).toBe(200);
      const payment = square.requests.find((r) => r.path === '/v2/payments' && r.body.customer_id);
      expect(payment!.body.amount_money).toEqual({ amount: 299, currency: 'USD' });

      // With a plan active, another purchase is refused: plans change through Change plan.
      const again = await post('/api/paypal/order', { amount: 6.99, currency: 'USD' });
      expect(again.statusCode).toBe(409);

      // PayPal, for a technician without a plan.
      const other = await createTechnician(t2.app);
      const cookie2 = await signIn(t2.app, other.user.username!);
      const post2 = (url: string, payload?: object) =>
        t2.app.inject({
          method: 'POST',
          url,
          headers: { cookie: cookie2 },
          ...(payload ? { payload } : {}),
        });
      const setup = await t2.app.inject({
        method: 'GET',
        url: '/api/paypal/setup',
        headers: { cookie: cookie2 },
      });
      expect(setup.json().scriptUrl).toContain('client-id=pp-client');
      const order = await post2('/api/paypal/order', {
        amount: 6.99,
        currency: 'USD',
        intent: 'CAPTURE',
      });
      expect(order.statusCode, order.body).toBe(200);
      paypal.approve(order.json().id);
      const captured = await post2(`/api/paypal/order/${order.json().id}/capture`);
      expect(captured.json().status).toBe('COMPLETED');
      const current = await t2.app.inject({
        method: 'GET',
        url: '/api/subscriptions/current',
        headers: { cookie: cookie2 },
      });
      expect(current.json().subscription).toMatchObject({
        plan: { name: 'Professional' },
        provider: 'paypal',
      });
    } finally {
      await t2.close();
      await square.close();
      await paypal.close();
    }
  });
});
