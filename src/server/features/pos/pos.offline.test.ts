import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/build-test-app';
import { createUser } from '../../../../tests/helpers/factories';
import {
  proTechnician,
  SIGNATURE,
  type PosTechnician,
  FLAT_TAX,
} from '../../../../tests/helpers/pos';
import { CLIENT_ID_MESSAGE, DRAFT_ONLY_MESSAGE } from '@shared/schemas/pos';
import { invoicePayments, invoices, quoteItems, quotes, serviceRequests } from '../../db/schema';
import { CLIENT_ID_REUSED } from './pos.client-ids';
import { JOB_NO_LONGER_ACTIVE, NOT_ACTIVE_JOB } from './quotes/pos.quotes';

// The offline point of sale's server side (ADR 013): records made with the device's client ids
// are accepted exactly once, references by client id, edits of draft quotes, replays of a
// signature. Runs on PostgreSQL too (TEST_DATABASE_URL): the concurrent twins below race there.

const OTHER_SIGNATURE = `${SIGNATURE.slice(0, -6)}AAAA==`;

type Who = PosTechnician;
let t: TestApp;
let pro: Who;
let other: Who;
let customerId: number;

beforeAll(async () => {
  t = await buildTestApp();
  pro = await proTechnician(t.app);
  other = await proTechnician(t.app);
  customerId = (await createUser(t.app)).id;
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT';
const call = (method: Method, url: string, who: Who, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });

const QUOTE = {
  customerName: 'Pat Roadside',
  customerEmail: 'pat@example.com',
  vehicleMake: 'Honda',
  items: [
    { type: 'labor', description: 'Alternator', quantity: 2, unitPrice: 90, laborHours: 2 },
    { type: 'part', description: 'Alternator unit', quantity: 1, unitPrice: '189.99' },
  ],
  ...FLAT_TAX,
};
// 180 + 189.99 = 369.99; tax 30.52; total 400.51.
const TOTAL = '400.51';

async function signedQuote(who = pro) {
  const q = await call('POST', '/api/quotes', who, { ...QUOTE, clientId: randomUUID() });
  expect(q.statusCode).toBe(201);
  const signed = await call('PATCH', `/api/quotes/${q.json().id}/approve`, who, {
    signature: SIGNATURE,
    version: 1,
  });
  expect(signed.statusCode).toBe(200);
  return signed.json();
}

async function invoiceOf(quoteId: number, who = pro) {
  const inv = await call('POST', '/api/invoices', who, { quoteId, clientId: randomUUID() });
  expect(inv.statusCode).toBe(201);
  return inv.json();
}

describe('a quote made with a client id', () => {
  it('is created once: a replay answers 200 with the same quote and number, one row', async () => {
    const clientId = randomUUID();
    const first = await call('POST', '/api/quotes', pro, { ...QUOTE, clientId });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ clientId, totalAmount: TOTAL, status: 'draft' });
    // The same body with its keys in another order is the same change.
    const { items, ...rest } = QUOTE;
    const again = await call('POST', '/api/quotes', pro, { items, clientId, ...rest });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await t.app.db.$count(quotes, eq(quotes.clientId, clientId))).toBe(1);
    expect(await t.app.db.$count(quoteItems, eq(quoteItems.quoteId, first.json().id))).toBe(2);
  });

  it('refuses a replay whose content differs (409), changing nothing', async () => {
    const clientId = randomUUID();
    const first = await call('POST', '/api/quotes', pro, { ...QUOTE, clientId });
    const differs = await call('POST', '/api/quotes', pro, {
      ...QUOTE,
      customerName: 'Someone Else',
      clientId,
    });
    expect(differs.statusCode).toBe(409);
    expect(differs.json().message).toBe(CLIENT_ID_REUSED);
    const listed = await call('GET', `/api/quotes/technician/${pro.technicianId}`, pro);
    const mine = listed.json().filter((q: { clientId: string }) => q.clientId === clientId);
    expect(mine).toEqual([first.json()]);
  });

  it("is the technician's own: another technician may use the same client id", async () => {
    const clientId = randomUUID();
    const a = await call('POST', '/api/quotes', pro, { ...QUOTE, clientId });
    const b = await call('POST', '/api/quotes', other, { ...QUOTE, clientId });
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().id).not.toBe(b.json().id);
    expect(a.json().quoteNumber).not.toBe(b.json().quoteNumber);
  });

  it('replays as the quote is now (signed since), not as it was', async () => {
    const clientId = randomUUID();
    const first = await call('POST', '/api/quotes', pro, { ...QUOTE, clientId });
    await call('PATCH', `/api/quotes/${first.json().id}/approve`, pro, {
      signature: SIGNATURE,
      version: 1,
    });
    const again = await call('POST', '/api/quotes', pro, { ...QUOTE, clientId });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: first.json().id, status: 'approved' });
  });

  it('two identical creates at once make one quote', async () => {
    const clientId = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => call('POST', '/api/quotes', pro, { ...QUOTE, clientId })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(results.map((r) => r.json().id)).size).toBe(1);
    expect(new Set(results.map((r) => r.json().quoteNumber)).size).toBe(1);
    expect(await t.app.db.$count(quotes, eq(quotes.clientId, clientId))).toBe(1);
  });
});

describe('a job canceled while the quote waited on the device', () => {
  async function job() {
    const [row] = await t.app.db
      .insert(serviceRequests)
      .values({
        customerId,
        serviceType: 'Diagnostics',
        description: 'Rattle',
        location: 'Hyattsville, MD',
        status: 'in_progress',
        assignedTechnicianId: pro.technicianId,
        assignedAt: new Date(),
      })
      .returning();
    return row!.id;
  }
  const cancel = (id: number) =>
    t.app.db.update(serviceRequests).set({ status: 'canceled' }).where(eq(serviceRequests.id, id));

  it('refuses the quote made for it (409 with the message the device shows)', async () => {
    const id = await job();
    await cancel(id);
    const res = await call('POST', '/api/quotes', pro, {
      ...QUOTE,
      serviceRequestId: id,
      clientId: randomUUID(),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(NOT_ACTIVE_JOB);
  });

  it('refuses the signature, as online; a quote made before the cancel replays', async () => {
    const id = await job();
    const clientId = randomUUID();
    const body = { ...QUOTE, serviceRequestId: id, clientId };
    const q = await call('POST', '/api/quotes', pro, body);
    expect(q.statusCode).toBe(201);
    await cancel(id);
    const sign = await call('PATCH', `/api/quotes/${q.json().id}/approve`, pro, {
      signature: SIGNATURE,
      version: 1,
    });
    expect(sign.statusCode).toBe(409);
    expect(sign.json().message).toBe(JOB_NO_LONGER_ACTIVE);
    const replay = await call('POST', '/api/quotes', pro, body);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().id).toBe(q.json().id);
  });
});

describe('signing again', () => {
  it('with the same signature is a no-op answering the quote; another signature is 409', async () => {
    const q = await signedQuote();
    const again = await call('PATCH', `/api/quotes/${q.id}/approve`, pro, {
      signature: SIGNATURE,
      version: 1,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(q);
    const otherInk = await call('PATCH', `/api/quotes/${q.id}/approve`, pro, {
      signature: OTHER_SIGNATURE,
      version: 1,
    });
    expect(otherInk.statusCode).toBe(409);
    expect(otherInk.json().message).toBe('This quote is already approved');
  });

  it('twice at once with the same signature approves once, both answer the quote', async () => {
    const q = await call('POST', '/api/quotes', pro, QUOTE);
    const results = await Promise.all(
      [1, 2].map(() =>
        call('PATCH', `/api/quotes/${q.json().id}/approve`, pro, {
          signature: SIGNATURE,
          version: 1,
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(results[0]!.json().signedAt).toBe(results[1]!.json().signedAt);
  });
});

describe('editing a quote (PUT /api/quotes/:id)', () => {
  const EDIT = {
    ...QUOTE,
    customerName: 'Pat Roadside Jr',
    notes: 'Belt too',
    items: [
      { type: 'labor', description: 'Alternator', quantity: 2, unitPrice: 90, laborHours: 2 },
      { type: 'part', description: 'Alternator unit', quantity: 1, unitPrice: '189.99' },
      { type: 'part', description: 'Serpentine belt', quantity: 1, unitPrice: 40.01 },
    ],
  };

  it('replaces a draft, with the totals computed again on the server', async () => {
    const q = await call('POST', '/api/quotes', pro, { ...QUOTE, clientId: randomUUID() });
    const res = await call('PUT', `/api/quotes/${q.json().id}`, pro, {
      ...EDIT,
      totalAmount: '1.00',
      quoteNumber: 'Q-1',
    });
    expect(res.statusCode).toBe(200);
    // 180 + 230.00 = 410.00; tax 8.25% = 33.83; total 443.83.
    expect(res.json()).toMatchObject({
      id: q.json().id,
      quoteNumber: q.json().quoteNumber,
      clientId: q.json().clientId,
      customerName: 'Pat Roadside Jr',
      notes: 'Belt too',
      laborTotal: '180.00',
      partsTotal: '230.00',
      taxAmount: '33.83',
      totalAmount: '443.83',
      status: 'draft',
    });
    expect(res.json().items.map((i: { description: string }) => i.description)).toEqual([
      'Alternator',
      'Alternator unit',
      'Serpentine belt',
    ]);
    // The same edit sent again gives the same quote.
    const again = await call('PUT', `/api/quotes/${q.json().id}`, pro, EDIT);
    expect(again.json()).toEqual(res.json());
    // The create replayed after the edit still answers (with the quote as it is now).
    const replay = await call('POST', '/api/quotes', pro, {
      ...QUOTE,
      clientId: q.json().clientId,
    });
    expect(replay.statusCode).toBe(200);
    expect(replay.json().totalAmount).toBe('443.83');
  });

  it('refuses a signed quote (409), another technician (403), a missing one (404)', async () => {
    const q = await signedQuote();
    const signed = await call('PUT', `/api/quotes/${q.id}`, pro, EDIT);
    expect(signed.statusCode).toBe(409);
    expect(signed.json().message).toBe(DRAFT_ONLY_MESSAGE);
    const draft = await call('POST', '/api/quotes', pro, QUOTE);
    expect((await call('PUT', `/api/quotes/${draft.json().id}`, other, EDIT)).statusCode).toBe(403);
    expect((await call('PUT', '/api/quotes/2147483647', pro, EDIT)).statusCode).toBe(404);
    const unchanged = await call('GET', `/api/quotes/technician/${pro.technicianId}`, pro);
    const row = unchanged.json().find((x: { id: number }) => x.id === q.id);
    expect(row).toMatchObject({ customerName: QUOTE.customerName, totalAmount: TOTAL });
  });

  it('validates like a create: no items, a total beyond the limit, NUL are 400', async () => {
    const q = await call('POST', '/api/quotes', pro, QUOTE);
    const url = `/api/quotes/${q.json().id}`;
    expect((await call('PUT', url, pro, { ...EDIT, items: [] })).statusCode).toBe(400);
    expect((await call('PUT', url, pro, { ...EDIT, customerName: 'P\u0000' })).statusCode).toBe(
      400,
    );
    const huge = { ...EDIT, items: [{ ...EDIT.items[0], quantity: 10_000, unitPrice: 99_999 }] };
    expect((await call('PUT', url, pro, huge)).statusCode).toBe(400);
  });
});

describe('an invoice made with a client id', () => {
  it('is created once; a replay answers 200 with the same invoice and number', async () => {
    const q = await signedQuote();
    const clientId = randomUUID();
    const first = await call('POST', '/api/invoices', pro, { quoteId: q.id, clientId });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ clientId, quoteId: q.id, totalAmount: TOTAL });
    const again = await call('POST', '/api/invoices', pro, { quoteId: q.id, clientId });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await t.app.db.$count(invoices, eq(invoices.quoteId, q.id))).toBe(1);
  });

  it('names its quote by the quote’s client id (own technician only, else 404)', async () => {
    const quoteClientId = randomUUID();
    const q = await call('POST', '/api/quotes', pro, { ...QUOTE, clientId: quoteClientId });
    await call('PATCH', `/api/quotes/${q.json().id}/approve`, pro, {
      signature: SIGNATURE,
      version: 1,
    });
    const theirs = await call('POST', '/api/invoices', other, {
      quoteClientId,
      clientId: randomUUID(),
    });
    expect(theirs.statusCode).toBe(404);
    const unknown = await call('POST', '/api/invoices', pro, { quoteClientId: randomUUID() });
    expect(unknown.statusCode).toBe(404);
    const clientId = randomUUID();
    const mine = await call('POST', '/api/invoices', pro, { quoteClientId, clientId });
    expect(mine.statusCode).toBe(201);
    expect(mine.json().quoteId).toBe(q.json().id);
    // Named by id the second time: the same change.
    const again = await call('POST', '/api/invoices', pro, { quoteId: q.json().id, clientId });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(mine.json().id);
  });

  it('refuses a client id used for another quote (409) and a second invoice of a quote', async () => {
    const a = await signedQuote();
    const b = await signedQuote();
    const clientId = randomUUID();
    await call('POST', '/api/invoices', pro, { quoteId: a.id, clientId });
    const reused = await call('POST', '/api/invoices', pro, { quoteId: b.id, clientId });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().message).toBe(CLIENT_ID_REUSED);
    const second = await call('POST', '/api/invoices', pro, {
      quoteId: a.id,
      clientId: randomUUID(),
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('This quote already has an invoice');
  });

  it('two identical creates at once make one invoice', async () => {
    const q = await signedQuote();
    const clientId = randomUUID();
    const results = await Promise.all(
      [1, 2, 3].map(() => call('POST', '/api/invoices', pro, { quoteId: q.id, clientId })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 201]);
    expect(new Set(results.map((r) => r.json().invoiceNumber)).size).toBe(1);
    expect(await t.app.db.$count(invoices, eq(invoices.quoteId, q.id))).toBe(1);
  });
});

describe('a cash or check payment made with a client id', () => {
  it('records once: a replay answers 200 with the same receipt; the invoice is paid once', async () => {
    const inv = await invoiceOf((await signedQuote()).id);
    const clientId = randomUUID();
    const body = { amount: 400.51, method: 'cash', invoiceId: inv.id, clientId };
    const first = await call('POST', '/api/pos/payments', pro, body);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ clientId, amount: TOTAL, invoiceId: inv.id });
    const again = await call('POST', '/api/pos/payments', pro, body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await t.app.db.$count(invoicePayments, eq(invoicePayments.invoiceId, inv.id))).toBe(1);
    const listed = await call('GET', `/api/invoices/technician/${pro.technicianId}`, pro);
    expect(listed.json().find((i: { id: number }) => i.id === inv.id)).toMatchObject({
      status: 'paid',
      paidAmount: TOTAL,
      balanceDue: '0.00',
    });
  });

  it('part payments by client id add up once each; a differing replay is 409', async () => {
    const inv = await invoiceOf((await signedQuote()).id);
    const invoiceClientId = inv.clientId as string;
    const a = randomUUID();
    const b = randomUUID();
    const pay = (clientId: string, amount: number, method = 'cash') =>
      call('POST', '/api/pos/payments', pro, { amount, method, invoiceClientId, clientId });
    expect((await pay(a, 100)).statusCode).toBe(201);
    expect((await pay(a, 100)).statusCode).toBe(200);
    const differs = await pay(a, 100, 'check');
    expect(differs.statusCode).toBe(409);
    expect(differs.json().message).toBe(CLIENT_ID_REUSED);
    expect((await pay(a, 120)).statusCode).toBe(409);
    const listed = async () =>
      (await call('GET', `/api/invoices/technician/${pro.technicianId}`, pro))
        .json()
        .find((i: { id: number }) => i.id === inv.id);
    expect(await listed()).toMatchObject({ status: 'pending', paidAmount: '100.00' });
    expect((await pay(b, 300.51, 'check')).statusCode).toBe(201);
    expect((await pay(b, 300.51, 'check')).statusCode).toBe(200);
    expect(await listed()).toMatchObject({ status: 'paid', paidAmount: TOTAL });
  });

  it("names the invoice by client id: the technician's own only (404 otherwise)", async () => {
    const inv = await invoiceOf((await signedQuote()).id);
    const res = await call('POST', '/api/pos/payments', other, {
      amount: 1,
      method: 'cash',
      invoiceClientId: inv.clientId,
      clientId: randomUUID(),
    });
    expect(res.statusCode).toBe(404);
    const both = await call('POST', '/api/pos/payments', pro, {
      amount: 1,
      method: 'cash',
      invoiceId: inv.id,
      invoiceClientId: inv.clientId,
    });
    expect(both.statusCode).toBe(400);
  });

  it('ten identical payments at once record one, with or without an invoice', async () => {
    const inv = await invoiceOf((await signedQuote()).id);
    for (const invoiceId of [inv.id, undefined]) {
      const clientId = randomUUID();
      const body = { amount: 400.51, method: 'cash', invoiceId, clientId };
      const results = await Promise.all(
        Array.from({ length: 10 }, () => call('POST', '/api/pos/payments', pro, body)),
      );
      expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
      expect(results.filter((r) => r.statusCode === 200)).toHaveLength(9);
      expect(new Set(results.map((r) => r.json().receiptNumber)).size).toBe(1);
      const stored = await t.app.db.$count(
        invoicePayments,
        and(
          eq(invoicePayments.technicianId, pro.technicianId),
          eq(invoicePayments.clientId, clientId),
        ),
      );
      expect(stored).toBe(1);
    }
    const [row] = await t.app.db.select().from(invoices).where(eq(invoices.id, inv.id));
    expect(row).toMatchObject({ status: 'paid', paidAmountCents: 40051 });
  });
});

describe('the whole offline sequence replayed', () => {
  it('quote, signature, invoice and payment by client ids, each sent twice, make one of each', async () => {
    const quoteClientId = randomUUID();
    const invoiceClientId = randomUUID();
    const paymentClientId = randomUUID();
    const steps = async () => {
      const q = await call('POST', '/api/quotes', pro, { ...QUOTE, clientId: quoteClientId });
      const signed = await call('PATCH', `/api/quotes/${q.json().id}/approve`, pro, {
        signature: SIGNATURE,
        version: 1,
      });
      const inv = await call('POST', '/api/invoices', pro, {
        quoteClientId,
        clientId: invoiceClientId,
      });
      const paid = await call('POST', '/api/pos/payments', pro, {
        amount: 400.51,
        method: 'check',
        invoiceClientId,
        clientId: paymentClientId,
      });
      return [q, signed, inv, paid];
    };
    const first = await steps();
    const second = await steps();
    expect(first.map((r) => r.statusCode)).toEqual([201, 200, 201, 201]);
    expect(second.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    // Each replay names the record made the first time (as it is now: signed, invoiced, paid).
    const [q, , inv, paid] = second.map((r) => r.json());
    expect(q).toMatchObject({ id: first[0]!.json().id, status: 'approved', invoiceId: inv.id });
    expect(inv).toMatchObject({ id: first[2]!.json().id, status: 'paid', paidAmount: TOTAL });
    expect(inv.invoiceNumber).toBe(first[2]!.json().invoiceNumber);
    expect(paid).toEqual(first[3]!.json());
    expect(paid.invoiceNumber).toBe(inv.invoiceNumber);
  });
});

describe('bad input is 400, never 500', () => {
  it('quotes: a client id that is not a UUID says so', async () => {
    const res = await call('POST', '/api/quotes', pro, { ...QUOTE, clientId: 'not-a-uuid' });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([{ path: 'clientId', message: CLIENT_ID_MESSAGE }]);
  });

  it.each([
    ['a client id with NUL', `${randomUUID().slice(0, -1)}\u0000`],
    ['a client id as a number', 12],
    ['an upper-case UUID with braces', `{${randomUUID().toUpperCase()}}`],
  ])('quotes: %s', async (_name, clientId) => {
    const res = await call('POST', '/api/quotes', pro, { ...QUOTE, clientId });
    expect(res.statusCode).toBe(400);
  });

  it.each([
    ['/api/invoices', { quoteId: 2147483648 }],
    ['/api/invoices', { quoteId: 1, quoteClientId: randomUUID() }],
    ['/api/invoices', { quoteClientId: 'x' }],
    ['/api/invoices', { quoteClientId: randomUUID(), clientId: '\u0000' }],
    ['/api/invoices', {}],
    ['/api/pos/payments', { amount: 1, method: 'cash', invoiceId: 2147483648 }],
    ['/api/pos/payments', { amount: 1, method: 'cash', invoiceClientId: 'nope' }],
    ['/api/pos/payments', { amount: 1, method: 'cash', clientId: 'a'.repeat(5000) }],
  ])('POST %s %j', async (url, body) => {
    expect((await call('POST', url, pro, body)).statusCode).toBe(400);
  });

  it.each(['2147483648', '0', '-1', '1.5', 'abc', '%00'])('PUT /api/quotes/%s', async (id) => {
    expect((await call('PUT', `/api/quotes/${id}`, pro, QUOTE)).statusCode).toBe(400);
  });
});
