import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/build-test-app';
import { createTechnician, signIn } from '../../../../tests/helpers/factories';
import { seedDemoData } from '../../seed/seed';
import { payments } from '../../db/schema';
import { IDEMPOTENCY_KEY_REUSED } from '../../infra/payments';

// A plan purchase's idempotency key answers its first outcome only to the request it came with
// (ADR 006): another card, plan or amount under the key is refused with 409, charging nothing.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  // Plans come from the demo data.
  await seedDemoData(t.app.db);
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

const post = (url: string, cookie: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: { cookie }, payload });

async function technician() {
  const { user, technician } = await createTechnician(t.app);
  return { cookie: await signIn(t.app, user.username!), technicianId: technician.id };
}

/**
 * A sandbox card's token. Tokens made in the same millisecond for the same card are equal:
 * another card (`expiry`) is what makes two requests surely different.
 */
async function cardToken(number = '4111 1111 1111 1111', expiry = '12/39') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/payments/sandbox/tokenize',
    payload: { number, expiry, cvv: '123' },
  });
  return res.json().token as string;
}

const rowsOf = (technicianId: number) =>
  t.app.db.select().from(payments).where(eq(payments.technicianId, technicianId));

describe('card subscriptions', () => {
  it('answers the same request with its first outcome, and another card or plan under its key with 409', async () => {
    const tech = await technician();
    const body = {
      sourceId: await cardToken(),
      planName: 'Premium',
      planPrice: 4.99,
      cardholderName: 'Dana Tech',
      idempotencyKey: `sub-reused-${tech.technicianId}`,
    };
    const first = await post('/api/square/create-subscription', tech.cookie, body);
    expect(first.statusCode, first.body).toBe(200);
    const saved = vi.spyOn(t.app.payments.card!, 'chargeSavedCard');
    const again = await post('/api/square/create-subscription', tech.cookie, body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    for (const changed of [
      { sourceId: await cardToken(undefined, '11/38') },
      { planName: 'Professional', planPrice: 6.99 },
    ]) {
      const res = await post('/api/square/create-subscription', tech.cookie, {
        ...body,
        ...changed,
      });
      expect(res.statusCode, JSON.stringify(changed)).toBe(409);
      expect(res.json().message).toBe(IDEMPOTENCY_KEY_REUSED);
    }
    expect(saved).not.toHaveBeenCalled();
    expect(await rowsOf(tech.technicianId)).toHaveLength(1);
  });

  it('charges one of two different requests sent at once under one key', async () => {
    const tech = await technician();
    const saved = vi.spyOn(t.app.payments.card!, 'chargeSavedCard');
    const [a, b] = await Promise.all([cardToken(), cardToken(undefined, '11/38')]);
    const results = await Promise.all(
      [a, b].map((sourceId) =>
        post('/api/square/create-subscription', tech.cookie, {
          sourceId,
          planName: 'Basic',
          planPrice: 2.99,
          cardholderName: 'Dana Tech',
          idempotencyKey: `sub-race-${tech.technicianId}`,
        }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().message).toBe(IDEMPOTENCY_KEY_REUSED);
    expect(saved).toHaveBeenCalledTimes(1);
    expect(await rowsOf(tech.technicianId)).toHaveLength(1);
  });
});

describe('upgrades at once', () => {
  it('answers the same confirmation with its first outcome, and another plan under its key with 409', async () => {
    const tech = await technician();
    const sub = await post('/api/square/create-subscription', tech.cookie, {
      sourceId: await cardToken(),
      planName: 'Basic',
      planPrice: 2.99,
      cardholderName: 'Dana Tech',
      idempotencyKey: `sub-before-upgrade-${tech.technicianId}`,
    });
    expect(sub.statusCode, sub.body).toBe(200);
    const quote = async (planName: string) =>
      (await post('/api/subscriptions/upgrade/quote', tech.cookie, { planName })).json()
        .amount as number;
    const premium = await quote('Premium');
    const body = {
      planName: 'Premium',
      amount: premium,
      idempotencyKey: `upgrade-reused-${tech.technicianId}`,
    };
    const first = await post('/api/subscriptions/upgrade', tech.cookie, body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().paymentId).not.toBeNull();
    const saved = vi.spyOn(t.app.payments.card!, 'chargeSavedCard');
    const again = await post('/api/subscriptions/upgrade', tech.cookie, body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    // Professional confirmed under the key that bought Premium: not told it was upgraded.
    const other = await post('/api/subscriptions/upgrade', tech.cookie, {
      ...body,
      planName: 'Professional',
      amount: await quote('Professional'),
    });
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe(IDEMPOTENCY_KEY_REUSED);
    expect(saved).not.toHaveBeenCalled();
  });
});
