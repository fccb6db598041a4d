import { and, asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../../tests/helpers/build-test-app';
import { createTechnician, signIn } from '../../../../../tests/helpers/factories';
import { startPayPalStandIn } from '../../../../../tests/helpers/paypal-stand-in';
import { seedDemoData } from '../../../seed/seed';
import { outbox, payments, plans, subscriptions } from '../../../db/schema';
import { NO_SAVED_WALLET } from './billing.renewals';

const DAY = 86_400_000;
type Call = (
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
) => Promise<{ statusCode: number }>;

/** The sandbox wallet's dialog: the payer approves their order. */
const sandboxApproval = async (id: string, call: Call) =>
  expect((await call('POST', `/api/payments/sandbox/orders/${id}/approve`)).statusCode).toBe(200);

/** A technician who bought `amount`'s plan through the wallet (order, approval, capture). */
async function walletSubscriber(
  t: TestApp,
  amount: number,
  approve: (id: string, call: Call) => unknown = sandboxApproval,
) {
  const { user, technician } = await createTechnician(t.app);
  let cookie = await signIn(t.app, user.username!);
  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const order = await call('POST', '/api/paypal/order', { amount, currency: 'USD' });
  expect(order.statusCode, order.body).toBe(200);
  await approve(order.json().id, call);
  const captured = await call('POST', `/api/paypal/order/${order.json().id}/capture`);
  expect(captured.json().status).toBe('COMPLETED');
  const [sub] = await t.app.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.technicianId, technician.id));
  return {
    technicianId: technician.id,
    email: user.email,
    sub: sub!,
    call,
    async again() {
      cookie = await signIn(t.app, user.username!);
    },
  };
}

const renewalsOf = (t: TestApp, subscriptionId: number) =>
  t.app.db
    .select()
    .from(payments)
    .where(eq(payments.subscriptionId, subscriptionId))
    .orderBy(asc(payments.id))
    .then((rows) => rows.filter((p) => p.idempotencyKey?.startsWith('renew:')));

const lastMail = async (t: TestApp, to: string) =>
  (
    await t.app.db
      .select()
      .from(outbox)
      .where(eq(outbox.toAddress, to))
      .orderBy(desc(outbox.id))
      .limit(1)
  )[0];

describe('wallet renewals with the sandbox wallet (PayPal vaulting contract)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await seedDemoData(t.app.db);
  });
  afterAll(() => t.close());

  it('saves the wallet at capture and renews the plan from it at period end', async () => {
    const start = t.clock.now;
    const tech = await walletSubscriber(t, 4.99);
    expect(tech.sub.provider).toBe('sandbox-wallet');
    expect(tech.sub.paymentMethodRef).toMatch(/^sbx_vault_ok_/);
    const current = (await tech.call('GET', '/api/subscriptions/current')).json();
    expect(current.subscription).toMatchObject({ canAutoRenew: true, provider: 'sandbox-wallet' });

    const spy = vi.spyOn(t.app.payments.wallet!, 'chargeVault');
    t.clock.set(new Date(tech.sub.currentPeriodEnd.getTime() + 60_000));
    const r = await t.app.billing.renewDue();
    expect(r.renewed).toBeGreaterThanOrEqual(1);
    expect(spy).toHaveBeenCalledWith(
      expect.objectContaining({ vaultId: tech.sub.paymentMethodRef, amountCents: 499 }),
    );
    spy.mockRestore();
    const [after] = await t.app.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, tech.sub.id));
    expect(after!.status).toBe('active');
    expect(after!.currentPeriodStart.getTime()).toBe(tech.sub.currentPeriodEnd.getTime());
    expect((await renewalsOf(t, tech.sub.id)).map((p) => [p.status, p.provider])).toEqual([
      ['succeeded', 'sandbox-wallet'],
    ]);
    // Run again in the same period: nothing more is charged.
    await t.app.billing.renewDue();
    expect(await renewalsOf(t, tech.sub.id)).toHaveLength(1);
    await tech.again();
    const history = (await tech.call('GET', '/api/payment/history/1')).json();
    expect(history[0]).toMatchObject({ amount: 4.99, status: 'succeeded' });
    t.clock.set(start);
  });

  it('sends a refused renewal through dunning: past due, retries on days 1 and 3, ends on day 7', async () => {
    const start = t.clock.now;
    const tech = await walletSubscriber(t, 2.99);
    // The payer's PayPal account now refuses merchant-initiated payments.
    await t.app.db
      .update(subscriptions)
      .set({ paymentMethodRef: 'sbx_vault_declined_test' })
      .where(eq(subscriptions.id, tech.sub.id));
    const end = tech.sub.currentPeriodEnd.getTime();

    t.clock.set(new Date(end + 60_000));
    expect((await t.app.billing.renewDue()).failed).toBeGreaterThanOrEqual(1);
    const [pastDue] = await t.app.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, tech.sub.id));
    expect(pastDue!.status).toBe('past_due');
    expect(await lastMail(t, tech.email)).toMatchObject({ template: 'subscription_past_due' });
    expect((await lastMail(t, tech.email))!.textBody).toContain(
      'The PayPal account declined the payment',
    );

    t.clock.set(new Date(end + DAY / 2));
    await t.app.billing.renewDue();
    t.clock.set(new Date(end + DAY + 60_000));
    await t.app.billing.renewDue();
    t.clock.set(new Date(end + 3 * DAY + 60_000));
    await t.app.billing.renewDue();
    const attempts = await renewalsOf(t, tech.sub.id);
    expect(attempts.map((p) => p.status)).toEqual(['failed', 'failed', 'failed']);
    expect(attempts.map((p) => p.failureMessage)).toEqual(
      Array(3).fill('The PayPal account declined the payment'),
    );

    t.clock.set(new Date(end + 7 * DAY + 60_000));
    await t.app.billing.renewDue();
    const [ended] = await t.app.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, tech.sub.id));
    expect(ended!.status).toBe('canceled');
    expect(await lastMail(t, tech.email)).toMatchObject({ template: 'subscription_ended' });
    t.clock.set(start);
  });

  it('charges a period once when two sweeps run at once, even from a stale list of due plans', async () => {
    const start = t.clock.now;
    // `late` fell past due on its first renewal, and no sweep ran on its retry days 1 to 3.
    const late = await walletSubscriber(t, 4.99);
    const okVault = late.sub.paymentMethodRef!;
    const end = late.sub.currentPeriodEnd.getTime();
    await t.app.db
      .update(subscriptions)
      .set({ paymentMethodRef: 'sbx_vault_declined_race' })
      .where(eq(subscriptions.id, late.sub.id));
    t.clock.set(new Date(end + 60_000));
    await t.app.billing.renewDue();
    await t.app.db
      .update(subscriptions)
      .set({ paymentMethodRef: okVault })
      .where(eq(subscriptions.id, late.sub.id));
    // `slow` is due just before it, so a sweep charges it first (and its provider is slow).
    const slow = await walletSubscriber(t, 2.99);
    await t.app.db
      .update(subscriptions)
      .set({ currentPeriodEnd: new Date(end - 60_000) })
      .where(eq(subscriptions.id, slow.sub.id));

    const wallet = t.app.payments.wallet!;
    const charge = wallet.chargeVault.bind(wallet);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let blocked!: () => void;
    const firstSweepBlocked = new Promise<void>((r) => (blocked = r));
    let slowCalls = 0;
    const spy = vi.spyOn(wallet, 'chargeVault').mockImplementation(async (input) => {
      if (input.vaultId === slow.sub.paymentMethodRef && slowCalls++ === 0) {
        blocked();
        await gate;
      }
      return charge(input);
    });
    t.clock.set(new Date(end + 3 * DAY + 60_000));
    // The first sweep read the due plans, then waits on `slow`'s provider; a second sweep
    // renews both meanwhile; the first then comes to `late` with what it read before.
    const first = t.app.billing.renewDue();
    await firstSweepBlocked;
    await t.app.billing.renewDue();
    release();
    await first;
    spy.mockRestore();

    const attempts = await renewalsOf(t, late.sub.id);
    expect(attempts.map((p) => p.status)).toEqual(['failed', 'succeeded']);
    expect((await renewalsOf(t, slow.sub.id)).map((p) => p.status)).toEqual(['succeeded']);
    const [after] = await t.app.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, late.sub.id));
    expect(after).toMatchObject({ status: 'active', currentPeriodStart: new Date(end) });
    t.clock.set(start);
  });

  it('does not charge a wallet plan bought before vaulting: it falls past due to be paid again', async () => {
    const start = t.clock.now;
    const { user, technician } = await createTechnician(t.app);
    const [basic] = await t.app.db.select().from(plans).where(eq(plans.name, 'Basic'));
    const [sub] = await t.app.db
      .insert(subscriptions)
      .values({
        technicianId: technician.id,
        planId: basic!.id,
        status: 'active',
        provider: 'sandbox-wallet',
        currentPeriodStart: start,
        currentPeriodEnd: new Date(start.getTime() + 30 * DAY),
      })
      .returning();
    const cookie = await signIn(t.app, user.username!);
    const current = await t.app.inject({
      method: 'GET',
      url: '/api/subscriptions/current',
      headers: { cookie },
    });
    expect(current.json().subscription).toMatchObject({ canAutoRenew: false });

    const spy = vi.spyOn(t.app.payments.wallet!, 'chargeVault');
    t.clock.set(new Date(sub!.currentPeriodEnd.getTime() + 60_000));
    await t.app.billing.renewDue();
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
    const [after] = await t.app.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, sub!.id));
    expect(after!.status).toBe('past_due');
    const [attempt] = await renewalsOf(t, sub!.id);
    expect(attempt).toMatchObject({ status: 'failed', failureMessage: NO_SAVED_WALLET });
    t.clock.set(start);
  });
});

describe('wallet renewals through PayPal (adapter against the stand-in)', () => {
  it('vaults at the first capture, renews with vault_id, and dunning takes a refusal', async () => {
    const paypal = await startPayPalStandIn();
    const t = await buildTestApp({
      config: {
        walletProvider: 'paypal',
        paypal: paypal.config,
      },
    });
    try {
      await seedDemoData(t.app.db);
      const tech = await walletSubscriber(t, 6.99, (id) => paypal.approve(id));
      expect(tech.sub).toMatchObject({
        provider: 'paypal',
        paymentMethodRef: expect.stringMatching(/^VAULT/),
        providerCustomerId: expect.stringMatching(/^PPCUST/),
      });
      const create = paypal.requests.find(
        (r) => r.method === 'POST' && r.path === '/v2/checkout/orders',
      )!;
      expect(create.body.payment_source).toMatchObject({
        paypal: { attributes: { vault: { store_in_vault: 'ON_SUCCESS', usage_type: 'MERCHANT' } } },
      });

      const end = tech.sub.currentPeriodEnd.getTime();
      t.clock.set(new Date(end + 60_000));
      expect((await t.app.billing.renewDue()).renewed).toBeGreaterThanOrEqual(1);
      const charge = paypal.requests.filter(
        (r) => r.method === 'POST' && r.path === '/v2/checkout/orders',
      )[1]!;
      expect(charge.body.payment_source).toEqual({
        paypal: { vault_id: tech.sub.paymentMethodRef },
      });
      expect(charge.body.purchase_units).toMatchObject([
        { amount: { currency_code: 'USD', value: '6.99' } },
      ]);
      const [renewed] = await renewalsOf(t, tech.sub.id);
      expect(renewed).toMatchObject({
        status: 'succeeded',
        provider: 'paypal',
        providerPaymentId: expect.stringMatching(/^CAP/),
      });

      // Next period: the payer's account refuses the charge.
      paypal.declineVault(tech.sub.paymentMethodRef!);
      const [sub] = await t.app.db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.id, tech.sub.id));
      t.clock.set(new Date(sub!.currentPeriodEnd.getTime() + 60_000));
      expect((await t.app.billing.renewDue()).failed).toBeGreaterThanOrEqual(1);
      const [pastDue] = await t.app.db
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.id, tech.sub.id), eq(subscriptions.status, 'past_due')));
      expect(pastDue).toBeDefined();
      const attempts = await renewalsOf(t, tech.sub.id);
      expect(attempts.map((p) => p.status)).toEqual(['succeeded', 'failed']);
      expect(attempts[1]!.failureMessage).toMatch(/declined/);
      expect(await lastMail(t, tech.email)).toMatchObject({ template: 'subscription_past_due' });
    } finally {
      await t.close();
      await paypal.close();
    }
  });
});
