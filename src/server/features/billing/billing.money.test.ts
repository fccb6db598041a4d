import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testConfig, type TestApp } from '../../../../tests/helpers/build-test-app';
import { retriesWaited } from '../../../../tests/helpers/claim-barrier';
import { createTechnician, signIn } from '../../../../tests/helpers/factories';
import { seedDemoData } from '../../seed/seed';
import { invoicePayments, invoices, payments, plans, quotes, subscriptions } from '../../db/schema';
import { createPayments, RECONCILE_AFTER_MS, type CardProvider } from '../../infra/payments';
import { ALREADY_SUBSCRIBED, PURCHASE_IN_PROGRESS } from './billing.service';

/**
 * Money hardening: one live purchase per technician whatever the key,
 * plan changes that never charge by surprise, and reconciliation of payments left processing.
 * The sandbox card provider is wrapped to count what reaches the provider.
 */
let t: TestApp;
const calls = { charge: [] as string[], saved: [] as string[] };
let card: CardProvider;

beforeAll(async () => {
  const providers = createPayments(testConfig(), () => new Date());
  card = providers.card!;
  const inner = card;
  providers.card = {
    ...inner,
    charge: (input) => {
      calls.charge.push(input.idempotencyKey);
      return inner.charge(input);
    },
    chargeSavedCard: (input) => {
      calls.saved.push(input.idempotencyKey);
      return inner.chargeSavedCard(input);
    },
  };
  // Metrics on: the retry race below waits on wrenchly_payment_retries_waited_total.
  t = await buildTestApp({
    deps: { payments: providers },
    config: { metricsToken: 'm'.repeat(32) },
  });
  await seedDemoData(t.app.db);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

async function technician() {
  const { user, technician } = await createTechnician(t.app);
  return { cookie: await signIn(t.app, user.username!), technicianId: technician.id };
}

async function cardToken(number = '4111 1111 1111 1111') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/payments/sandbox/tokenize',
    payload: { number, expiry: '12/39', cvv: '123' },
  });
  return res.json().token as string;
}

const PRICES = { Basic: 2.99, Premium: 4.99, Professional: 6.99 } as const;
/** The card token of each idempotency key: a retry sends its request again, card included. */
const tokens = new Map<string, Promise<string>>();
const tokenOf = (key: string) => {
  if (!tokens.has(key)) tokens.set(key, cardToken());
  return tokens.get(key)!;
};
const subscribe = async (cookie: string, plan: keyof typeof PRICES, key: string) =>
  call('POST', '/api/square/create-subscription', cookie, {
    sourceId: await tokenOf(key),
    planName: plan,
    planPrice: PRICES[plan],
    cardholderName: 'Dana Tech',
    idempotencyKey: key,
  });

const chargesFor = (technicianId: number) =>
  calls.saved.filter((k) => k.startsWith(`sub:${technicianId}:`));

const rowsOf = (technicianId: number) =>
  t.app.db.select().from(payments).where(eq(payments.technicianId, technicianId));

describe('one live plan purchase per technician', () => {
  it('charges once for 20 parallel subscribe requests with different keys', async () => {
    const tech = await technician();
    const token = await cardToken();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => {
        tokens.set(`double-click-${i}-${tech.technicianId}`, Promise.resolve(token));
        return call('POST', '/api/square/create-subscription', tech.cookie, {
          sourceId: token,
          planName: 'Premium',
          planPrice: 4.99,
          cardholderName: 'Dana Tech',
          idempotencyKey: `double-click-${i}-${tech.technicianId}`,
        });
      }),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    for (const r of results.filter((x) => x.statusCode === 409))
      expect([ALREADY_SUBSCRIBED, PURCHASE_IN_PROGRESS]).toContain(r.json().message);
    expect(chargesFor(tech.technicianId)).toHaveLength(1);
    expect((await rowsOf(tech.technicianId)).map((p) => p.status)).toEqual(['succeeded']);
    const subs = await t.app.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.technicianId, tech.technicianId));
    expect(subs).toHaveLength(1);

    // Later, another key for the same period is refused too; a retry of the winner's key
    // answers with its stored result.
    const later = await subscribe(tech.cookie, 'Premium', `later-${tech.technicianId}`);
    expect(later.statusCode).toBe(409);
    expect(later.json().message).toBe(ALREADY_SUBSCRIBED);
    const winner = results.findIndex((r) => r.statusCode === 200);
    const retry = await subscribe(
      tech.cookie,
      'Premium',
      `double-click-${winner}-${tech.technicianId}`,
    );
    expect(retry.statusCode).toBe(200);
    expect(retry.json().paymentId).toBe(results[winner]!.json().paymentId);
    expect(chargesFor(tech.technicianId)).toHaveLength(1);
  });

  it('still lets a past-due technician pay again', async () => {
    const tech = await technician();
    expect(
      (await subscribe(tech.cookie, 'Basic', `past-due-1-${tech.technicianId}`)).statusCode,
    ).toBe(200);
    await t.app.db
      .update(subscriptions)
      .set({ status: 'past_due' })
      .where(eq(subscriptions.technicianId, tech.technicianId));
    const again = await subscribe(tech.cookie, 'Basic', `past-due-2-${tech.technicianId}`);
    expect(again.statusCode, again.body).toBe(200);
    const current = (await call('GET', '/api/subscriptions/current', tech.cookie)).json();
    expect(current.subscription.status).toBe('active');
  });
});

describe('a retry gets the first answer', () => {
  it('answers a repeated subscription key with its first 200 and body, whatever changed since', async () => {
    const tech = await technician();
    const key = `retry-sub-${tech.technicianId}`;
    const first = await subscribe(tech.cookie, 'Premium', key);
    expect(first.statusCode, first.body).toBe(200);
    const charges = chargesFor(tech.technicianId).length;

    // The plan is active now: the same request again is the same purchase, not a new one.
    const again = await subscribe(tech.cookie, 'Premium', key);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());

    // Even when the plan's price changed since: the answer is the one given, nothing judged.
    const [premium] = await t.app.db.select().from(plans).where(eq(plans.name, 'Premium'));
    try {
      await t.app.db.update(plans).set({ priceCents: 599 }).where(eq(plans.id, premium!.id));
      const later = await subscribe(tech.cookie, 'Premium', key);
      expect(later.statusCode, later.body).toBe(200);
      expect(later.json()).toEqual(first.json());
    } finally {
      await t.app.db
        .update(plans)
        .set({ priceCents: premium!.priceCents })
        .where(eq(plans.id, premium!.id));
    }
    expect(chargesFor(tech.technicianId)).toHaveLength(charges);

    // A different key is a new purchase, refused while the plan is active.
    const other = await subscribe(tech.cookie, 'Premium', `retry-sub-other-${tech.technicianId}`);
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe(ALREADY_SUBSCRIBED);
    expect(await rowsOf(tech.technicianId)).toHaveLength(1);
  });

  it('answers a repeated upgrade key with its first 200 and body; another key gets 409', async () => {
    const tech = await technician();
    expect(
      (await subscribe(tech.cookie, 'Basic', `retry-up-${tech.technicianId}`)).statusCode,
    ).toBe(200);
    const quote = await call('POST', '/api/subscriptions/upgrade/quote', tech.cookie, {
      planName: 'Professional',
    });
    const body = {
      planName: 'Professional',
      amount: quote.json().amount as number,
      idempotencyKey: `retry-upgrade-${tech.technicianId}`,
    };
    const first = await call('POST', '/api/subscriptions/upgrade', tech.cookie, body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().paymentId).not.toBeNull();
    const charged = calls.saved.length;

    // Now on Professional: the same request again answers as the first time.
    const again = await call('POST', '/api/subscriptions/upgrade', tech.cookie, body);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(calls.saved.length).toBe(charged);

    const other = await call('POST', '/api/subscriptions/upgrade', tech.cookie, {
      ...body,
      idempotencyKey: `retry-upgrade-other-${tech.technicianId}`,
    });
    expect(other.statusCode).toBe(409);
  });

  it('makes a retry wait for a first attempt still processing, then answers with its outcome', async () => {
    const tech = await technician();
    const key = `retry-slow-${tech.technicianId}`;
    // The first request claims its key and stays with the provider for a while.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    // `card` is the provider under the counting wrapper, which calls it at each charge.
    const inner = card.chargeSavedCard;
    card.chargeSavedCard = async (input) => {
      if (input.idempotencyKey === `sub:${tech.technicianId}:${key}`) await held;
      return inner.call(card, input);
    };
    try {
      const first = subscribe(tech.cookie, 'Premium', key);
      // The retry arrives while the first is processing ...
      await expect
        .poll(async () => (await rowsOf(tech.technicianId)).map((p) => p.status))
        .toEqual(['processing']);
      const waited = await retriesWaited(t.app);
      const retry = subscribe(tech.cookie, 'Premium', key);
      // Released once the retry has found it processing and waits for it.
      await expect.poll(() => retriesWaited(t.app)).toBe(waited + 1);
      release();
      const [a, b] = await Promise.all([first, retry]);
      // ... and gets the first's answer, charged once.
      expect(a.statusCode, a.body).toBe(200);
      expect(b.statusCode, b.body).toBe(200);
      expect(b.json()).toEqual(a.json());
      expect(chargesFor(tech.technicianId)).toHaveLength(1);
    } finally {
      release();
      card.chargeSavedCard = inner;
    }
  });
});

describe('plan changes', () => {
  it('Professional -> Premium is scheduled for the period end: no charge, POS still open', async () => {
    const tech = await technician();
    expect(
      (await subscribe(tech.cookie, 'Professional', `professional-${tech.technicianId}`))
        .statusCode,
    ).toBe(200);
    const before = calls.saved.length + calls.charge.length;
    // What 'Choose Premium' did before: a purchase that switched at once. Now refused...
    const bought = await subscribe(tech.cookie, 'Premium', `premium-plan-${tech.technicianId}`);
    expect(bought.statusCode).toBe(409);
    // ... and it is not an upgrade, so it cannot be charged now either.
    const quote = await call('POST', '/api/subscriptions/upgrade/quote', tech.cookie, {
      planName: 'Premium',
    });
    expect(quote.statusCode).toBe(409);
    // The one way: Change plan, at the next billing cycle.
    const changed = await call('POST', '/api/subscriptions/change', tech.cookie, {
      planName: 'Premium',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().subscription).toMatchObject({
      plan: { name: 'Professional' },
      pendingPlan: 'Premium',
      status: 'active',
    });
    expect(calls.saved.length + calls.charge.length).toBe(before);
    expect(await rowsOf(tech.technicianId)).toHaveLength(1);
    const pos = await call('GET', `/api/pos/payments/technician/${tech.technicianId}`, tech.cookie);
    expect(pos.statusCode, pos.body).toBe(200);
  });

  it('upgrades at once only after confirming the prorated amount, charged once', async () => {
    const tech = await technician();
    expect(
      (await subscribe(tech.cookie, 'Premium', `premium-plan-${tech.technicianId}`)).statusCode,
    ).toBe(200);
    const [sub] = await t.app.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.technicianId, tech.technicianId));
    const begin = sub!.currentPeriodStart.getTime();
    const end = sub!.currentPeriodEnd.getTime();
    // A quarter of the period has gone: three quarters of the $2.00 difference is due now.
    t.clock.set(new Date(begin + (end - begin) / 4));
    await (async () => {
      const quote = await call('POST', '/api/subscriptions/upgrade/quote', tech.cookie, {
        planName: 'Professional',
      });
      expect(quote.statusCode, quote.body).toBe(200);
      expect(quote.json()).toMatchObject({
        planName: 'Professional',
        currentPlan: 'Premium',
        amount: 1.5,
        canUpgradeNow: true,
      });
      // Nothing changed by quoting.
      const current = (await call('GET', '/api/subscriptions/current', tech.cookie)).json();
      expect(current.subscription.plan.name).toBe('Premium');

      const wrong = await call('POST', '/api/subscriptions/upgrade', tech.cookie, {
        planName: 'Professional',
        amount: 0.5,
        idempotencyKey: `up-wrong-${tech.technicianId}`,
      });
      expect(wrong.statusCode).toBe(409);
      expect(wrong.json().message).toBe(
        'The amount due now is $1.50. Please confirm the new amount.',
      );

      const body = {
        planName: 'Professional',
        amount: 1.5,
        idempotencyKey: `upgrade-now-${tech.technicianId}`,
      };
      const [a, b] = await Promise.all([
        call('POST', '/api/subscriptions/upgrade', tech.cookie, body),
        call('POST', '/api/subscriptions/upgrade', tech.cookie, body),
      ]);
      expect(a.statusCode, a.body).toBe(200);
      expect(b.json().paymentId).toBe(a.json().paymentId);
      const upgrades = calls.saved.filter((k) => k.startsWith(`upgrade:${tech.technicianId}:`));
      expect(upgrades).toHaveLength(1);
      const [p] = (await rowsOf(tech.technicianId)).filter((r) => r.id === a.json().paymentId);
      expect(p).toMatchObject({ amountCents: 150, status: 'succeeded' });
      expect(p!.description).toBe('Professional plan - prorated upgrade from Premium');

      const after = (await call('GET', '/api/subscriptions/current', tech.cookie)).json();
      expect(after.subscription).toMatchObject({
        plan: { name: 'Professional' },
        pendingPlan: null,
      });
      expect(after.subscription.currentPeriodEnd).toBe(new Date(end).toISOString());
      // Another key: already on Professional, nothing more to charge.
      const again = await call('POST', '/api/subscriptions/upgrade', tech.cookie, {
        ...body,
        idempotencyKey: `up-again-${tech.technicianId}`,
      });
      expect(again.statusCode).toBe(409);
    })().finally(() => t.clock.set(new Date()));
  });
});

describe('reconciliation of stuck payments', () => {
  /** A purchase whose request died after claiming its key (and maybe after charging). */
  async function crashedPurchase(technicianId: number, key: string, charged: boolean) {
    const saved = await card.saveCard({
      sourceId: await cardToken(),
      idempotencyKey: `${key}:card`,
      email: 'x@example.com',
      cardholderName: 'Dana Tech',
      referenceId: `technician-${technicianId}`,
    });
    const [row] = await t.app.db
      .insert(payments)
      .values({
        technicianId,
        planId: (await planId('Premium'))!,
        amountCents: 499,
        description: 'Premium plan - monthly subscription',
        status: 'processing',
        provider: 'sandbox',
        idempotencyKey: key,
        receiptNumber: `RCPT-test-${key}`,
        providerCustomerId: saved.customerRef,
        paymentMethodRef: saved.cardRef,
        createdAt: t.clock.now,
      })
      .returning();
    if (charged)
      await card.chargeSavedCard({
        customerRef: saved.customerRef,
        cardRef: saved.cardRef,
        amountCents: 499,
        currency: 'USD',
        idempotencyKey: key,
      });
    return row!;
  }

  async function planId(name: string) {
    const [p] = await t.app.db.select().from(plans).where(eq(plans.name, name));
    return p?.id;
  }

  it('settles a purchase the provider charged, and a retry of its key gets the stored result', async () => {
    try {
      const tech = await technician();
      const key = `sub:${tech.technicianId}:crashed-key-1`;
      const row = await crashedPurchase(tech.technicianId, key, true);

      // Too early: the request might still be waiting on the provider.
      t.clock.advance(RECONCILE_AFTER_MS - 5_000);
      await t.app.billing.reconcile();
      const [young] = await t.app.db.select().from(payments).where(eq(payments.id, row.id));
      expect(young!.status).toBe('processing');

      t.clock.advance(10_000);
      const r = await t.app.reconcilePayments();
      expect(r).toMatchObject({ billing: { succeeded: 1 } });
      const [settled] = await t.app.db.select().from(payments).where(eq(payments.id, row.id));
      expect(settled).toMatchObject({ status: 'succeeded' });
      expect(settled!.providerPaymentId).toMatch(/^sbx_pay_/);
      const current = (await call('GET', '/api/subscriptions/current', tech.cookie)).json();
      expect(current.subscription).toMatchObject({
        plan: { name: 'Premium' },
        status: 'active',
        canAutoRenew: true,
      });

      const before = calls.saved.length;
      const retry = await subscribe(tech.cookie, 'Premium', 'crashed-key-1');
      expect(retry.statusCode, retry.body).toBe(200);
      expect(retry.json().paymentId).toBe(row.id);
      expect(calls.saved.length).toBe(before);
    } finally {
      t.clock.set(new Date());
    }
  });

  it('fails a purchase the provider never took; its retry answers with that failure', async () => {
    try {
      const tech = await technician();
      const key = `sub:${tech.technicianId}:crashed-key-2`;
      const row = await crashedPurchase(tech.technicianId, key, false);
      // While it is processing, no other purchase can start.
      const blocked = await subscribe(tech.cookie, 'Basic', 'another-key-2');
      expect(blocked.statusCode).toBe(409);
      expect(blocked.json().message).toBe(PURCHASE_IN_PROGRESS);

      t.clock.advance(RECONCILE_AFTER_MS + 1_000);
      expect(await t.app.billing.reconcile()).toMatchObject({ failed: 1 });
      const [failed] = await t.app.db.select().from(payments).where(eq(payments.id, row.id));
      expect(failed).toMatchObject({
        status: 'failed',
        failureMessage: 'The payment did not go through. Please try again.',
      });
      const retry = await subscribe(tech.cookie, 'Premium', 'crashed-key-2');
      expect(retry.statusCode).toBe(402);
      expect(retry.json().message).toBe('The payment did not go through. Please try again.');
      expect(
        (await call('GET', '/api/subscriptions/current', tech.cookie)).json().subscription,
      ).toBe(null);
      // Free to buy again with a new key.
      expect((await subscribe(tech.cookie, 'Basic', 'another-key-3')).statusCode).toBe(200);
    } finally {
      t.clock.set(new Date());
    }
  });

  it('settles a wallet order captured at the provider; gives up one never approved', async () => {
    try {
      const tech = await technician();
      const order = await call('POST', '/api/paypal/order', tech.cookie, { amount: 6.99 });
      const id = order.json().id as string;
      await call('POST', `/api/payments/sandbox/orders/${id}/approve`, tech.cookie);
      // The capture went through at the provider; our answer was lost.
      await t.app.payments.wallet!.captureOrder(id, `capture:${id}`);
      const idle = await technician();
      const abandoned = (
        await call('POST', '/api/paypal/order', idle.cookie, { amount: 2.99 })
      ).json().id as string;

      t.clock.advance(RECONCILE_AFTER_MS + 1_000);
      await t.app.billing.reconcile();
      const current = (await call('GET', '/api/subscriptions/current', tech.cookie)).json();
      expect(current.subscription).toMatchObject({
        plan: { name: 'Professional' },
        status: 'active',
      });
      const status = async (orderId: string) =>
        (
          await t.app.db
            .select()
            .from(payments)
            .where(eq(payments.idempotencyKey, `order:${orderId}`))
        )[0]!.status;
      expect(await status(id)).toBe('succeeded');
      // The payer may still be at the wallet's window: left alone for now, given up later.
      expect(await status(abandoned)).toBe('processing');
      t.clock.advance(3 * 60 * 60_000);
      await t.app.billing.reconcile();
      expect(await status(abandoned)).toBe('failed');
      const late = await call('POST', `/api/paypal/order/${abandoned}/capture`, idle.cookie);
      expect(late.statusCode).toBe(409);
    } finally {
      t.clock.set(new Date());
    }
  });

  it('settles a POS card payment the provider charged, paying its invoice, and fails the rest', async () => {
    try {
      const tech = await technician();
      const [quote] = await t.app.db
        .insert(quotes)
        .values({
          quoteNumber: `Q-test-${tech.technicianId}`,
          technicianId: tech.technicianId,
          customerName: 'Pat Driver',
          laborTotalCents: 4000,
          partsTotalCents: 1000,
          taxRate: '0.00',
          taxAmountCents: 0,
          totalAmountCents: 5000,
          status: 'approved',
        })
        .returning();
      const [invoice] = await t.app.db
        .insert(invoices)
        .values({
          invoiceNumber: `INV-test-${tech.technicianId}`,
          quoteId: quote!.id,
          technicianId: tech.technicianId,
          customerName: 'Pat Driver',
          items: [],
          laborTotalCents: 4000,
          partsTotalCents: 1000,
          taxAmountCents: 0,
          totalAmountCents: 5000,
          paidAmountCents: 2000,
        })
        .returning();
      const stuck = async (key: string, amountCents: number) =>
        (
          await t.app.db
            .insert(invoicePayments)
            .values({
              invoiceId: invoice!.id,
              technicianId: tech.technicianId,
              method: 'card',
              amountCents,
              status: 'processing',
              provider: 'sandbox',
              idempotencyKey: key,
              receiptNumber: `R-test-${key}`,
              createdAt: t.clock.now,
            })
            .returning()
        )[0]!;
      const paidKey = `pos:${tech.technicianId}:crashed-pos-1`;
      const paid = await stuck(paidKey, 3000);
      await card.charge({
        sourceId: await cardToken(),
        amountCents: 3000,
        currency: 'USD',
        idempotencyKey: paidKey,
      });
      const lost = await stuck(`pos:${tech.technicianId}:crashed-pos-2`, 1000);

      t.clock.advance(RECONCILE_AFTER_MS + 1_000);
      const r = await t.app.reconcilePayments();
      expect(r).toMatchObject({ pos: { succeeded: 1, failed: 1 } });
      const rows = await t.app.db
        .select()
        .from(invoicePayments)
        .where(eq(invoicePayments.invoiceId, invoice!.id));
      expect(rows.find((x) => x.id === paid.id)).toMatchObject({
        status: 'succeeded',
        cardBrand: 'VISA',
        cardLast4: '1111',
      });
      expect(rows.find((x) => x.id === lost.id)).toMatchObject({ status: 'failed' });
      const [after] = await t.app.db.select().from(invoices).where(eq(invoices.id, invoice!.id));
      expect(after).toMatchObject({ paidAmountCents: 5000, status: 'paid' });
      // Run again: nothing left to do, nothing counted twice.
      await t.app.reconcilePayments();
      const [still] = await t.app.db.select().from(invoices).where(eq(invoices.id, invoice!.id));
      expect(still!.paidAmountCents).toBe(5000);
    } finally {
      t.clock.set(new Date());
    }
  });
});
