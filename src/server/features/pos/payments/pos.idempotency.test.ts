import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../../tests/helpers/build-test-app';
import { accountCard, proTechnician, SIGNATURE } from '../../../../../tests/helpers/pos';
import { invoicePayments, invoices } from '../../../db/schema';
import { IDEMPOTENCY_KEY_REUSED } from '../../../infra/payments';

// An idempotency key answers its first outcome only to the request it came with (ADR 006): the
// same key with another card, amount, invoice or customer is refused with 409 and charges
// nothing, instead of being told the first payment's outcome.

let t: TestApp;
let pro: { cookie: string; technicianId: number };
beforeAll(async () => {
  t = await buildTestApp();
  pro = await proTechnician(t.app);
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

/** No sales tax, so that totals stay round (the rates of the place of work overridden). */
const UNTAXED = {
  workLocation: 'Bowie, MD 20715',
  taxRate: 0,
  laborTaxRate: 0,
  taxOverrideReason: 'Tax-exempt customer, certificate on file',
};

const call = (method: 'POST' | 'PATCH', url: string, payload: object) =>
  t.app.inject({ method, url, headers: { cookie: pro.cookie }, payload });
const pay = (body: object) => call('POST', '/api/square/create-payment', body);

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

/** A draft quote of `dollars` of labor, with a deposit when one is given. */
async function quoteOf(dollars: number, deposit?: object) {
  const q = await call('POST', '/api/quotes', {
    customerName: 'Pat Driver',
    customerEmail: 'pat@example.com',
    items: [{ type: 'labor', description: 'Roadside work', quantity: 1, unitPrice: dollars }],
    ...UNTAXED,
    ...(deposit ? { deposit } : {}),
  });
  expect(q.statusCode, q.body).toBe(201);
  return q.json() as { id: number; version: number };
}

/** An approved quote's invoice of `dollars`. */
async function invoiceOf(dollars: number) {
  const q = await quoteOf(dollars);
  await call('PATCH', `/api/quotes/${q.id}/approve`, { signature: SIGNATURE, version: 1 });
  const inv = await call('POST', '/api/invoices', { quoteId: q.id });
  expect(inv.statusCode, inv.body).toBe(201);
  return inv.json() as { id: number };
}

const invoiceRow = async (id: number) =>
  (await t.app.db.select().from(invoices).where(eq(invoices.id, id)))[0]!;

describe('point-of-sale card payments', () => {
  it('answers the same request with its first outcome, and another request under its key with 409', async () => {
    const card = accountCard(t.app);
    const inv = await invoiceOf(50);
    const body = {
      invoiceId: inv.id,
      amount: 50,
      sourceId: await cardToken(),
      idempotencyKey: `reused-key-${inv.id}`,
      customerEmail: 'pat@example.com',
      customerName: 'Pat Driver',
    };
    const first = await pay(body);
    expect(first.statusCode, first.body).toBe(200);
    const charge = vi.spyOn(card, 'charge');
    const again = await pay(body);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());

    const other = await invoiceOf(50);
    for (const changed of [
      { sourceId: await cardToken(undefined, '11/38') },
      { invoiceId: other.id },
      { customerEmail: 'someone.else@example.com' },
      { customerName: 'Someone Else' },
      { amount: 49 },
    ]) {
      const res = await pay({ ...body, ...changed });
      expect(res.statusCode, JSON.stringify(changed)).toBe(409);
      expect(res.json().message).toBe(IDEMPOTENCY_KEY_REUSED);
    }
    expect(charge).not.toHaveBeenCalled();
    expect(await invoiceRow(other.id)).toMatchObject({ paidAmountCents: 0, status: 'pending' });
  });

  it('refuses another request under a key at once while the first is with the provider, charging once', async () => {
    const card = accountCard(t.app);
    const real = card.charge.bind(card);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let entered!: () => void;
    const inProvider = new Promise<void>((r) => (entered = r));
    const charge = vi.spyOn(card, 'charge').mockImplementation(async (input) => {
      entered();
      await held;
      return real(input);
    });
    const key = `held-race-${Date.now()}`;
    const first = pay({ amount: 20, sourceId: await cardToken(), idempotencyKey: key });
    try {
      await inProvider;
      // Another card under the key, while the first is processing: refused now, not after it.
      const second = await pay({
        amount: 20,
        sourceId: await cardToken(undefined, '11/38'),
        idempotencyKey: key,
      });
      expect(second.statusCode).toBe(409);
      expect(second.json().message).toBe(IDEMPOTENCY_KEY_REUSED);
    } finally {
      release();
    }
    expect((await first).statusCode).toBe(200);
    expect(charge).toHaveBeenCalledTimes(1);
  });

  it('charges one of several different requests sent at once under one key', async () => {
    const card = accountCard(t.app);
    const charge = vi.spyOn(card, 'charge');
    const key = `parallel-race-${Date.now()}`;
    const tokens = await Promise.all(
      ['12/39', '11/38', '10/37', '09/36'].map((expiry) => cardToken(undefined, expiry)),
    );
    const results = await Promise.all(
      tokens.map((sourceId) => pay({ amount: 15, sourceId, idempotencyKey: key })),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409]);
    for (const r of results.filter((x) => x.statusCode === 409))
      expect(r.json().message).toBe(IDEMPOTENCY_KEY_REUSED);
    expect(charge).toHaveBeenCalledTimes(1);
    const rows = await t.app.db
      .select()
      .from(invoicePayments)
      .where(eq(invoicePayments.idempotencyKey, `pos:${pro.technicianId}:${key}`));
    expect(rows).toHaveLength(1);
  });
});

describe('deposits', () => {
  it('answers a declined deposit again to its own retry, and refuses another card under its key', async () => {
    const q = await quoteOf(100, { type: 'fixed', amount: 40 });
    const approve = (deposit: { sourceId: string; idempotencyKey: string }) =>
      call('PATCH', `/api/quotes/${q.id}/approve`, { signature: SIGNATURE, version: 1, deposit });
    const declined = {
      sourceId: await cardToken('4000 0000 0000 0002'),
      idempotencyKey: 'deposit-attempt-1',
    };
    const first = await approve(declined);
    expect(first.statusCode, first.body).toBe(402);
    // The same request again: its first answer.
    const again = await approve(declined);
    expect(again.statusCode).toBe(402);
    expect(again.json().message).toBe(first.json().message);
    // A good card under the declined attempt's key is another request: refused, not declined.
    const good = await cardToken();
    const reused = await approve({ sourceId: good, idempotencyKey: 'deposit-attempt-1' });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().message).toBe(IDEMPOTENCY_KEY_REUSED);
    // Under a key of its own it pays the deposit and the quote is signed.
    const paid = await approve({ sourceId: good, idempotencyKey: 'deposit-attempt-2' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'approved', deposit: { status: 'paid' } });
    const rows = await t.app.db
      .select()
      .from(invoicePayments)
      .where(eq(invoicePayments.quoteId, q.id));
    expect(rows.map((r) => r.status).sort()).toEqual(['failed', 'succeeded']);
  });
});
