import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../../tests/helpers/build-test-app';
import { retriesWaited } from '../../../../../tests/helpers/claim-barrier';
import {
  accountCard,
  proTechnician,
  SIGNATURE,
  TAX_EXEMPT,
} from '../../../../../tests/helpers/pos';
import {
  AMOUNT_TOO_SMALL,
  ITEM_TOO_LARGE,
  MONEY_TOO_LARGE,
  QUOTE_TOO_LARGE,
} from '@shared/schemas/pos';
import { invoicePayments, invoices } from '../../../db/schema';
import { formatDocumentNumber, nextNumber } from '../../../domain/document-numbers';
import { IDEMPOTENCY_KEY_REUSED } from '../../../infra/payments';
import { STUCK_PAGE } from '../pos.queries';

// Point of sale hardening: overpaying, document numbers, declined card
// receipts, and money limits. The parallel tests are meant for PostgreSQL (TEST_DATABASE_URL);
// on PGlite (one connection) they run with fewer requests.

const ON_POSTGRES = !!process.env.TEST_DATABASE_URL;
const YEAR = new Date().getUTCFullYear();

let t: TestApp;
let pro: { cookie: string; technicianId: number };

beforeAll(async () => {
  // Metrics on: the retry race below waits on wrenchly_payment_retries_waited_total.
  t = await buildTestApp({ config: { metricsToken: 'm'.repeat(32) } });
  pro = await proTechnician(t.app);
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: { cookie: pro.cookie }, payload });

const quoteOf = (unitPrice: number | string, quantity: number | string = 1, taxRate = 0) => ({
  customerName: 'Pat Driver',
  customerEmail: 'pat@example.com',
  items: [{ type: 'labor', description: 'Roadside work', quantity, unitPrice }],
  ...TAX_EXEMPT,
  taxRate,
  laborTaxRate: taxRate,
});

/** An approved $50.00 invoice (no tax). */
async function invoiceOf50() {
  const q = await post('/api/quotes', quoteOf(50));
  expect(q.statusCode, q.body).toBe(201);
  await t.app.inject({
    method: 'PATCH',
    url: `/api/quotes/${q.json().id}/approve`,
    headers: { cookie: pro.cookie },
    payload: { signature: SIGNATURE, version: 1 },
  });
  const inv = await post('/api/invoices', { quoteId: q.json().id });
  expect(inv.statusCode, inv.body).toBe(201);
  expect(inv.json().totalAmount).toBe('50.00');
  return inv.json() as { id: number; invoiceNumber: string };
}

async function cardToken(number: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/payments/sandbox/tokenize',
    payload: { number, expiry: '12/39', cvv: '123' },
  });
  return res.json().token as string;
}

async function invoiceRow(id: number) {
  const [row] = await t.app.db.select().from(invoices).where(eq(invoices.id, id));
  return row!;
}

/**
 * Holds the card provider's charge on a promise until `release()`: `'before'` the real charge
 * runs, or `'after'` it has succeeded at the provider. `inProvider` resolves once a charge is held.
 */
function holdCharge(when: 'before' | 'after') {
  const card = accountCard(t.app);
  const real = card.charge.bind(card);
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  let entered!: () => void;
  const inProvider = new Promise<void>((r) => (entered = r));
  const charge = vi.spyOn(card, 'charge').mockImplementation(async (input) => {
    if (when === 'before') {
      entered();
      await held;
      return real(input);
    }
    const result = await real(input);
    entered();
    await held;
    return result;
  });
  return { charge, inProvider, release };
}

describe('an invoice is never overpaid', () => {
  it('20 parallel card payments with different keys on a $50 invoice charge the card once', async () => {
    const inv = await invoiceOf50();
    const token = await cardToken('4111 1111 1111 1111');
    const charge = vi.spyOn(accountCard(t.app), 'charge');
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        post('/api/square/create-payment', {
          invoiceId: inv.id,
          amount: 50,
          sourceId: token,
          idempotencyKey: `parallel-card-${inv.id}-${n}`,
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    for (const r of results.filter((x) => x.statusCode === 409))
      expect(r.json().message).toMatch(/already paid/);
    expect(charge).toHaveBeenCalledTimes(1);
    const row = await invoiceRow(inv.id);
    expect(row).toMatchObject({ paidAmountCents: 5000, status: 'paid' });
    const payments = await t.app.db
      .select()
      .from(invoicePayments)
      .where(eq(invoicePayments.invoiceId, inv.id));
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ status: 'succeeded', amountCents: 5000 });
  });

  it('a retry of a card payment gets its first answer; another key gets 409', async () => {
    const inv = await invoiceOf50();
    const body = {
      invoiceId: inv.id,
      amount: 50,
      sourceId: await cardToken('4111 1111 1111 1111'),
      idempotencyKey: `retry-card-${inv.id}`,
    };
    const first = await post('/api/square/create-payment', body);
    expect(first.statusCode, first.body).toBe(200);
    const charge = vi.spyOn(t.app.payments.card!, 'charge');
    // The invoice is paid by now: the same request again answers as the first time.
    const again = await post('/api/square/create-payment', body);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(charge).not.toHaveBeenCalled();
    const other = await post('/api/square/create-payment', {
      ...body,
      idempotencyKey: `retry-card-other-${inv.id}`,
    });
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toMatch(/already paid/);
    // The same key for another amount is not the same payment.
    const changed = await post('/api/square/create-payment', { ...body, amount: 49 });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().message).toBe(IDEMPOTENCY_KEY_REUSED);
  });

  it('a retry arriving while the first attempt is processing waits for its outcome', async () => {
    const inv = await invoiceOf50();
    const body = {
      invoiceId: inv.id,
      amount: 50,
      sourceId: await cardToken('4111 1111 1111 1111'),
      idempotencyKey: `retry-processing-${inv.id}`,
    };
    const { charge, inProvider, release } = holdCharge('after');
    const first = post('/api/square/create-payment', body);
    await inProvider;
    const waited = await retriesWaited(t.app);
    const retry = post('/api/square/create-payment', body);
    // Released once the retry has found it processing and waits for it.
    await expect.poll(() => retriesWaited(t.app)).toBe(waited + 1);
    release();
    const [a, b] = await Promise.all([first, retry]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    expect(b.json()).toEqual(a.json());
    expect(charge).toHaveBeenCalledTimes(1);
    expect(await invoiceRow(inv.id)).toMatchObject({ paidAmountCents: 5000, status: 'paid' });
  });

  it('a payment that would exceed the balance counting a processing one gets 409, uncharged', async () => {
    const inv = await invoiceOf50();
    const token = await cardToken('4111 1111 1111 1111');
    // Hold the first charge at the provider while the second payment arrives.
    const { charge, inProvider, release } = holdCharge('before');
    const first = post('/api/square/create-payment', {
      invoiceId: inv.id,
      amount: 30,
      sourceId: token,
      idempotencyKey: `held-${inv.id}-1`,
    });
    try {
      await inProvider;
      const second = await post('/api/square/create-payment', {
        invoiceId: inv.id,
        amount: 30,
        sourceId: token,
        idempotencyKey: `held-${inv.id}-2`,
      });
      expect(second.statusCode).toBe(409);
      expect(second.json().message).toBe(
        'Amount exceeds the balance due of $20.00 (counting payments still processing)',
      );
      const cash = await post('/api/pos/payments', {
        invoiceId: inv.id,
        amount: 25,
        method: 'cash',
      });
      expect(cash.statusCode).toBe(409);
    } finally {
      release();
    }
    expect((await first).statusCode).toBe(200);
    expect(charge).toHaveBeenCalledTimes(1);
    const rest = await post('/api/pos/payments', { invoiceId: inv.id, amount: 20, method: 'cash' });
    expect(rest.statusCode).toBe(201);
    expect(await invoiceRow(inv.id)).toMatchObject({ paidAmountCents: 5000, status: 'paid' });
  });

  it('a charge the reconciliation sweep settled first is not counted again when it returns', async () => {
    const inv = await invoiceOf50();
    const token = await cardToken('4111 1111 1111 1111');
    const { inProvider, release } = holdCharge('after');
    const first = post('/api/square/create-payment', {
      invoiceId: inv.id,
      amount: 50,
      sourceId: token,
      idempotencyKey: `late-sweep-${inv.id}`,
    });
    try {
      await inProvider;
      // The request looks stuck: past the provider timeout, the sweep asks the provider.
      t.clock.advance(60_000);
      const swept = await t.app.reconcilePayments();
      expect(swept).toMatchObject({ pos: { succeeded: 1 } });
    } finally {
      release();
      t.clock.advance(-60_000);
    }
    const res = await first;
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, payment: { status: 'succeeded' } });
    expect(await invoiceRow(inv.id)).toMatchObject({ paidAmountCents: 5000, status: 'paid' });
  });

  it('the sweep settles every stuck card payment in one run, more than a page of them', async () => {
    // After a provider outage hundreds are stuck: all are asked about, not one page a sweep.
    const inv = await invoiceOf50();
    const createdAt = new Date(t.app.clock().getTime() - 10 * 60_000);
    const n = STUCK_PAGE + 3;
    await t.app.db.insert(invoicePayments).values(
      Array.from({ length: n }, (_, i) => ({
        invoiceId: inv.id,
        technicianId: pro.technicianId,
        method: 'card' as const,
        amountCents: 100,
        status: 'processing' as const,
        provider: 'sandbox',
        idempotencyKey: `stuck-${inv.id}-${i}`,
        receiptNumber: `R-STUCK-${inv.id}-${i}`,
        createdAt,
      })),
    );
    const swept = await t.app.reconcilePayments();
    // The provider never took them: each is failed, and none is left processing.
    expect(swept).toMatchObject({ pos: { failed: n, succeeded: 0 } });
    const left = await t.app.db
      .select()
      .from(invoicePayments)
      .where(and(eq(invoicePayments.invoiceId, inv.id), eq(invoicePayments.status, 'processing')));
    expect(left).toHaveLength(0);
  });

  it('a declined card frees the balance it held', async () => {
    const inv = await invoiceOf50();
    const declined = await post('/api/square/create-payment', {
      invoiceId: inv.id,
      amount: 50,
      sourceId: await cardToken('4000 0000 0000 0002'),
      idempotencyKey: `declined-frees-${inv.id}`,
    });
    expect(declined.statusCode).toBe(402);
    const ok = await post('/api/pos/payments', { invoiceId: inv.id, amount: 50, method: 'cash' });
    expect(ok.statusCode).toBe(201);
  });

  it('20 parallel cash payments on a $50 invoice record it once', async () => {
    const inv = await invoiceOf50();
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        post('/api/pos/payments', { invoiceId: inv.id, amount: 50, method: 'cash' }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(19);
    expect(await invoiceRow(inv.id)).toMatchObject({ paidAmountCents: 5000, status: 'paid' });
  });
});

describe('quote, invoice and receipt numbers come from sequences', () => {
  const count = ON_POSTGRES ? 200 : 40;

  it(`${count} parallel cash payments all succeed with unique R-YYYY-NNNNNN numbers`, async () => {
    const results = await Promise.all(
      Array.from({ length: count }, (_, n) =>
        post('/api/pos/payments', { amount: 1 + n / 100, method: 'cash' }),
      ),
    );
    for (const r of results) expect(r.statusCode, r.body).toBe(201);
    const numbers = results.map((r) => r.json().receiptNumber as string);
    for (const n of numbers) expect(n).toMatch(new RegExp(`^R-${YEAR}-\\d{6,}$`));
    expect(new Set(numbers).size).toBe(count);
  });

  it(`${count} parallel quotes all succeed with unique Q-YYYY-NNNNNN numbers`, async () => {
    const results = await Promise.all(
      Array.from({ length: count }, () => post('/api/quotes', quoteOf(10))),
    );
    for (const r of results) expect(r.statusCode, r.body).toBe(201);
    const numbers = results.map((r) => r.json().quoteNumber as string);
    for (const n of numbers) expect(n).toMatch(new RegExp(`^Q-${YEAR}-\\d{6,}$`));
    expect(new Set(numbers).size).toBe(count);
  });

  it('numbers invoices INV-YYYY-NNNNNN, in order, with the year of the clock', async () => {
    const a = await invoiceOf50();
    const b = await invoiceOf50();
    expect(a.invoiceNumber).toMatch(new RegExp(`^INV-${YEAR}-\\d{6}$`));
    expect(Number(b.invoiceNumber.slice(-6))).toBeGreaterThan(Number(a.invoiceNumber.slice(-6)));
    const later = await nextNumber(t.app.db, 'invoice', new Date(Date.UTC(2031, 0, 1)));
    expect(later).toMatch(/^INV-2031-\d{6}$/);
    expect(formatDocumentNumber('quote', 2027, 1_234_567)).toBe('Q-2027-1234567');
    expect(formatDocumentNumber('receipt', 2027, 42)).toBe('R-2027-000042');
  });
});

describe('declined card payments have a receipt with the card', () => {
  it('stores the brand and last 4 digits, and the receipt shows them', async () => {
    const inv = await invoiceOf50();
    const declined = await post('/api/square/create-payment', {
      invoiceId: inv.id,
      amount: 50,
      sourceId: await cardToken('4000 0000 0000 0002'),
      idempotencyKey: `declined-receipt-${inv.id}`,
    });
    expect(declined.statusCode).toBe(402);
    const p = declined.json().payment;
    expect(p).toMatchObject({
      status: 'failed',
      cardBrand: 'VISA',
      cardLast4: '0002',
      failureMessage: 'Card declined',
      // A failed attempt takes no receipt number: the numbers run without gaps.
      receiptNumber: null,
    });
    const receipt = await t.app.inject({
      method: 'GET',
      url: `/api/pos/receipts/${p.id}`,
      headers: { cookie: pro.cookie },
    });
    expect(receipt.statusCode).toBe(200);
    expect(receipt.json()).toMatchObject({
      payment: { receiptNumber: p.receiptNumber, cardBrand: 'VISA', cardLast4: '0002' },
      invoice: { id: inv.id, laborTotal: '50.00', partsTotal: '0.00', taxAmount: '0.00' },
    });

    const paid = await post('/api/square/create-payment', {
      invoiceId: inv.id,
      amount: 50,
      sourceId: await cardToken('4111 1111 1111 1111'),
      idempotencyKey: `paid-receipt-${inv.id}`,
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().payment).toMatchObject({ cardBrand: 'VISA', cardLast4: '1111' });
    const cash = await post('/api/pos/payments', { amount: 5, method: 'cash' });
    expect(cash.json()).toMatchObject({ cardBrand: null, cardLast4: null });
  });
});

describe('money limits: bad amounts are 400, never 500', () => {
  it('refuses a payment that rounds to 0 cents', async () => {
    for (const amount of [0.001, 0.004]) {
      const cash = await post('/api/pos/payments', { amount, method: 'cash' });
      expect(cash.statusCode, cash.body).toBe(400);
      expect(cash.json().message).toBe(AMOUNT_TOO_SMALL);
      const card = await post('/api/square/create-payment', {
        amount,
        sourceId: await cardToken('4111 1111 1111 1111'),
        idempotencyKey: `tiny-amount-${amount}`,
      });
      expect(card.statusCode, card.body).toBe(400);
      expect(card.json().message).toBe(AMOUNT_TOO_SMALL);
    }
    const cent = await post('/api/pos/payments', { amount: 0.005, method: 'cash' });
    expect(cent.statusCode).toBe(201);
    expect(cent.json().amount).toBe('0.01');
  });

  it('refuses payments above $1,000,000.00', async () => {
    for (const amount of [1_000_000.01, 21_474_836.48, 1e12, Number.MAX_SAFE_INTEGER]) {
      const res = await post('/api/pos/payments', { amount, method: 'cash' });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(MONEY_TOO_LARGE);
    }
    expect(
      (await post('/api/pos/payments', { amount: 1_000_000, method: 'cash' })).statusCode,
    ).toBe(201);
  });

  it('refuses quote lines and totals that would overflow the cents columns', async () => {
    const cases: [object, string][] = [
      [quoteOf(1_000_000, 10_000), ITEM_TOO_LARGE],
      [quoteOf(100_000, 11), ITEM_TOO_LARGE],
      [quoteOf('999999.99', '1.01'), ITEM_TOO_LARGE],
      [quoteOf(1_000_000, 1, 0.01), QUOTE_TOO_LARGE],
      [
        {
          ...quoteOf(1),
          items: Array.from({ length: 100 }, () => ({
            type: 'part',
            description: 'Engine',
            quantity: 1,
            unitPrice: 999_999,
          })),
        },
        QUOTE_TOO_LARGE,
      ],
      [quoteOf(1, 10_001), 'Quantity must be a number from 0 to 10000'],
      [quoteOf(1e308, 1), 'Unit price must be a number from 0 to 1000000'],
      [quoteOf('1e400', 1), 'Unit price must be a number from 0 to 1000000'],
    ];
    for (const [body, message] of cases) {
      const res = await post('/api/quotes', body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const max = await post('/api/quotes', quoteOf(100_000, 10));
    expect(max.statusCode, max.body).toBe(201);
    expect(max.json().totalAmount).toBe('1000000.00');
  });
});
