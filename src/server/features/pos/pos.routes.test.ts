import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/build-test-app';
import {
  createTechnician,
  createUser,
  signIn,
  subscribeTechnician,
} from '../../../../tests/helpers/factories';
import { proTechnician, SIGNATURE, FLAT_TAX } from '../../../../tests/helpers/pos';
import { QUOTE_VALIDATION_MESSAGE } from '@shared/schemas/pos';
import { invoicePayments, outbox, subscriptions } from '../../db/schema';
import { POS_PLAN_REQUIRED } from './pos.service';

let t: TestApp;
let pro: { cookie: string; technicianId: number };
let other: { cookie: string; technicianId: number };
let admin: string;

beforeAll(async () => {
  t = await buildTestApp();
  pro = await proTechnician(t.app);
  other = await proTechnician(t.app);
  const a = await createUser(t.app, { role: 'admin' });
  admin = await signIn(t.app, a.username!);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

const QUOTE = {
  customerName: 'Pat Driver',
  customerEmail: 'pat@example.com',
  customerPhone: '(301) 555-0100',
  vehicleYear: '2016',
  vehicleMake: 'Toyota',
  vehicleModel: 'Corolla',
  items: [
    {
      type: 'labor',
      description: 'Replace brake pads',
      quantity: 1.5,
      unitPrice: 95,
      laborHours: 1.5,
    },
    {
      type: 'part',
      description: 'Brake pad set',
      quantity: 2,
      unitPrice: '33.333',
      partNumber: 'BP-1',
    },
  ],
  ...FLAT_TAX,
};

async function approvedInvoice(who = pro) {
  const q = await call('POST', '/api/quotes', who.cookie, QUOTE);
  await call('PATCH', `/api/quotes/${q.json().id}/approve`, who.cookie, {
    signature: SIGNATURE,
    version: 1,
  });
  const inv = await call('POST', '/api/invoices', who.cookie, { quoteId: q.json().id });
  expect(inv.statusCode).toBe(201);
  return inv.json();
}

describe('access', () => {
  it('needs the Professional plan', async () => {
    const { user, technician } = await createTechnician(t.app);
    const cookie = await signIn(t.app, user.username!);
    const res = await call('POST', '/api/quotes', cookie, QUOTE);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(POS_PLAN_REQUIRED);
    await subscribeTechnician(t.app, technician.id, 'Premium');
    expect((await call('POST', '/api/quotes', cookie, QUOTE)).statusCode).toBe(403);
  });

  it('follows the one plan check: a Professional plan past due keeps it through the grace period, not after', async () => {
    const { user, technician } = await createTechnician(t.app);
    const cookie = await signIn(t.app, user.username!);
    const sub = await subscribeTechnician(t.app, technician.id, 'Professional');
    const lapse = (daysAgo: number) =>
      t.app.db
        .update(subscriptions)
        .set({
          status: 'past_due',
          currentPeriodEnd: new Date(t.clock.now.getTime() - daysAgo * 86_400_000),
        })
        .where(eq(subscriptions.id, sub.id));
    // The renewal failed two days ago: within the 7-day grace, as leads and analytics.
    await lapse(2);
    expect((await call('POST', '/api/quotes', cookie, QUOTE)).statusCode).toBe(201);
    // Eight days on, the plan no longer holds.
    await lapse(8);
    const after = await call('POST', '/api/quotes', cookie, QUOTE);
    expect(after.statusCode).toBe(403);
    expect(after.json().message).toBe(POS_PLAN_REQUIRED);
  });

  it("keeps each technician's records their own; admins read all", async () => {
    await call('POST', '/api/quotes', pro.cookie, QUOTE);
    const url = `/api/quotes/technician/${pro.technicianId}`;
    expect((await call('GET', url, other.cookie)).statusCode).toBe(403);
    expect((await call('GET', url, admin)).statusCode).toBe(200);
    const mine = await call('GET', url, pro.cookie);
    expect(mine.json().length).toBeGreaterThan(0);
    const q = mine.json()[0];
    const res = await call('PATCH', `/api/quotes/${q.id}/approve`, other.cookie, {
      signature: SIGNATURE,
      version: 1,
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('quotes', () => {
  it('recomputes every total on the server, half up to the cent, and numbers it Q-YYYY-', async () => {
    const res = await call('POST', '/api/quotes', pro.cookie, {
      ...QUOTE,
      quoteNumber: 'Q-1',
      laborTotal: '0.01',
      totalAmount: '1.00',
    });
    expect(res.statusCode).toBe(201);
    const q = res.json();
    expect(q.quoteNumber).toMatch(new RegExp(`^Q-${new Date().getUTCFullYear()}-\\d{6,}$`));
    // 1.5 x 95 = 142.50; 2 x 33.33 = 66.66 (unit price rounded to the cent); tax 8.25% of 209.16.
    expect(q).toMatchObject({
      status: 'draft',
      laborTotal: '142.50',
      partsTotal: '66.66',
      taxAmount: '17.26',
      totalAmount: '226.42',
      taxRate: '8.25',
      vehicleInfo: { year: '2016', make: 'Toyota', model: 'Corolla' },
    });
    expect(q.items.map((i: { totalPrice: string }) => i.totalPrice)).toEqual(['142.50', '66.66']);
    expect(q.items[1].partNumber).toBe('BP-1');
  });

  it('refuses a quote without a customer name or items, and bad numbers', async () => {
    for (const body of [
      { ...QUOTE, customerName: '  ' },
      { ...QUOTE, items: [] },
      { customerName: 'X' },
    ]) {
      const res = await call('POST', '/api/quotes', pro.cookie, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(QUOTE_VALIDATION_MESSAGE);
    }
    const neg = await call('POST', '/api/quotes', pro.cookie, {
      ...QUOTE,
      items: [{ type: 'part', description: 'x', quantity: 1, unitPrice: -5 }],
    });
    expect(neg.statusCode).toBe(400);
    expect(neg.json().message).toBe('Unit price must be a number from 0 to 1000000');
  });

  it('approves with a PNG signature once; only approved quotes are invoiced, once', async () => {
    const q = (await call('POST', '/api/quotes', pro.cookie, QUOTE)).json();
    const draftInvoice = await call('POST', '/api/invoices', pro.cookie, { quoteId: q.id });
    expect(draftInvoice.statusCode).toBe(409);
    for (const signature of [
      'data:image/jpeg;base64,AAAA',
      'hello',
      `data:image/png;base64,${'A'.repeat(600_000)}`,
    ]) {
      const bad = await call('PATCH', `/api/quotes/${q.id}/approve`, pro.cookie, { signature });
      expect(bad.statusCode).toBe(400);
    }
    const ok = await call('PATCH', `/api/quotes/${q.id}/approve`, pro.cookie, {
      signature: SIGNATURE,
      version: 1,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'approved', signature: SIGNATURE });
    // The same approval sent again (the offline queue's replay) is a no-op; other ink is refused.
    const again = await call('PATCH', `/api/quotes/${q.id}/approve`, pro.cookie, {
      signature: SIGNATURE,
      version: 1,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().signedAt).toBe(ok.json().signedAt);
    const otherInk = await call('PATCH', `/api/quotes/${q.id}/approve`, pro.cookie, {
      signature: `${SIGNATURE.slice(0, -6)}AAAA==`,
      version: 1,
    });
    expect(otherInk.statusCode).toBe(409);

    const inv = await call('POST', '/api/invoices', pro.cookie, { quoteId: q.id });
    expect(inv.statusCode).toBe(201);
    expect(inv.json()).toMatchObject({
      invoiceNumber: expect.stringMatching(/^INV-\d{4}-\d{6,}$/),
      quoteId: q.id,
      customerName: 'Pat Driver',
      vehicleInfo: '2016 Toyota Corolla',
      totalAmount: '226.42',
      paidAmount: '0.00',
      status: 'pending',
    });
    expect(inv.json().items).toHaveLength(2);
    expect((await call('POST', '/api/invoices', pro.cookie, { quoteId: q.id })).statusCode).toBe(
      409,
    );
    const listed = await call('GET', `/api/quotes/technician/${pro.technicianId}`, pro.cookie);
    expect(listed.json().find((x: { id: number }) => x.id === q.id).invoiceId).toBe(inv.json().id);
  });
});

describe('payments', () => {
  it('records partial payments until the invoice is paid; refuses overpaying', async () => {
    const inv = await approvedInvoice();
    const pay = (amount: number, method = 'cash') =>
      call('POST', '/api/pos/payments', pro.cookie, { invoiceId: inv.id, amount, method });
    const first = await pay(100);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ method: 'cash', amount: '100.00', status: 'succeeded' });
    expect(first.json().receiptNumber).toMatch(/^R-\d{4}-\d{6,}$/);
    const over = await pay(200, 'check');
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe('Amount exceeds the balance due of $126.42');
    expect((await pay(126.42, 'digital')).statusCode).toBe(201);
    const [after] = (await call('GET', `/api/invoices/technician/${pro.technicianId}`, pro.cookie))
      .json()
      .filter((i: { id: number }) => i.id === inv.id);
    expect(after).toMatchObject({ status: 'paid', paidAmount: '226.42', balanceDue: '0.00' });
    expect((await pay(1)).statusCode).toBe(409);
    const bad = await call('POST', '/api/pos/payments', pro.cookie, { amount: 0, method: 'cash' });
    expect(bad.statusCode).toBe(400);
    const notMine = await call('POST', '/api/pos/payments', other.cookie, {
      invoiceId: inv.id,
      amount: 1,
      method: 'cash',
    });
    expect(notMine.statusCode).toBe(403);
  });

  it('charges a card once per idempotency key, even for 10 duplicates at once on either path', async () => {
    const inv = await approvedInvoice();
    const token = (
      await t.app.inject({
        method: 'POST',
        url: '/api/payments/sandbox/tokenize',
        payload: { number: '4111 1111 1111 1111', expiry: '12/39', cvv: '123' },
      })
    ).json().token;
    const body = {
      invoiceId: inv.id,
      amount: 226.42,
      sourceId: token,
      idempotencyKey: 'pos-test-key-0001',
    };
    // The path that names no provider and the spec's path are one payment route.
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, k) =>
        call(
          'POST',
          k % 2 ? '/api/pos/card-payments' : '/api/square/create-payment',
          pro.cookie,
          body,
        ),
      ),
    );
    for (const r of results) {
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().success).toBe(true);
    }
    expect(new Set(results.map((r) => r.json().payment.id)).size).toBe(1);
    const rows = await t.app.db
      .select()
      .from(invoicePayments)
      .where(eq(invoicePayments.invoiceId, inv.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'succeeded', amountCents: 22642, method: 'card' });
    const [paid] = (await call('GET', `/api/invoices/technician/${pro.technicianId}`, pro.cookie))
      .json()
      .filter((i: { id: number }) => i.id === inv.id);
    expect(paid).toMatchObject({ status: 'paid', paidAmount: '226.42' });
  });

  it('answers a declined card with 402 and success false, recording the failure', async () => {
    const token = (
      await t.app.inject({
        method: 'POST',
        url: '/api/payments/sandbox/tokenize',
        payload: { number: '4000 0000 0000 0002', expiry: '12/39', cvv: '123' },
      })
    ).json().token;
    const res = await call('POST', '/api/square/create-payment', pro.cookie, {
      amount: 50,
      sourceId: token,
      idempotencyKey: 'pos-test-declined-1',
    });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ success: false, payment: { status: 'failed' } });
    const list = await call('GET', `/api/pos/payments/technician/${pro.technicianId}`, pro.cookie);
    expect(list.json().some((p: { status: string }) => p.status === 'failed')).toBe(true);
  });
});

describe('receipts and e-mail', () => {
  it('shows a receipt to its technician and e-mails it', async () => {
    const inv = await approvedInvoice();
    const p = (
      await call('POST', '/api/pos/payments', pro.cookie, {
        invoiceId: inv.id,
        amount: 20,
        method: 'cash',
      })
    ).json();
    const receipt = await call('GET', `/api/pos/receipts/${p.id}`, pro.cookie);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.json()).toMatchObject({
      payment: { receiptNumber: p.receiptNumber, invoiceNumber: inv.invoiceNumber },
      invoice: { id: inv.id, paidAmount: '20.00' },
    });
    expect((await call('GET', `/api/pos/receipts/${p.id}`, other.cookie)).statusCode).toBe(403);

    const mailed = await call('POST', '/api/pos/email-receipt', pro.cookie, {
      invoiceId: inv.id,
      customerEmail: 'pat@example.com',
      customerName: 'Pat Driver',
    });
    expect(mailed.statusCode).toBe(200);
    const [mail] = await t.app.db
      .select()
      .from(outbox)
      .where(eq(outbox.template, 'pos_receipt'))
      .orderBy(desc(outbox.id))
      .limit(1);
    expect(mail!.textBody).toContain(p.receiptNumber);
    expect(mail!.textBody).toContain('$20.00');
  });

  it('e-mails a quote whose link lets the customer sign it remotely, for 14 days', async () => {
    const q = (await call('POST', '/api/quotes', pro.cookie, QUOTE)).json();
    const sent = await call('POST', '/api/pos/email-quote', pro.cookie, {
      quoteId: q.id,
      customerEmail: 'pat@example.com',
      customerName: 'Pat Driver',
    });
    expect(sent.statusCode).toBe(200);
    const [mail] = await t.app.db
      .select()
      .from(outbox)
      .where(eq(outbox.template, 'pos_quote'))
      .orderBy(desc(outbox.id))
      .limit(1);
    expect(mail!.textBody).toContain('Total: $226.42');
    const token = /\/quote-approval\/([\w-]+)/.exec(mail!.textBody)![1]!;

    const view = await t.app.inject({ method: 'GET', url: `/api/quote-approvals/${token}` });
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({ quoteNumber: q.quoteNumber, totalAmount: '226.42' });
    expect(view.json()).not.toHaveProperty('customerEmail');
    const bad = await t.app.inject({
      method: 'GET',
      url: `/api/quote-approvals/${token.slice(0, -2)}xx`,
    });
    expect(bad.statusCode).toBe(404);

    const signed = await t.app.inject({
      method: 'POST',
      url: `/api/quote-approvals/${token}`,
      payload: { signature: SIGNATURE, version: 1 },
    });
    expect(signed.statusCode).toBe(200);
    expect(signed.json().status).toBe('approved');
    const listed = await call('GET', `/api/quotes/technician/${pro.technicianId}`, pro.cookie);
    expect(listed.json().find((x: { id: number }) => x.id === q.id).status).toBe('approved');

    // A fresh link expires after 14 days.
    const q2 = (await call('POST', '/api/quotes', pro.cookie, QUOTE)).json();
    await call('POST', '/api/pos/email-quote', pro.cookie, {
      quoteId: q2.id,
      customerEmail: 'pat@example.com',
    });
    const [mail2] = await t.app.db
      .select()
      .from(outbox)
      .where(eq(outbox.template, 'pos_quote'))
      .orderBy(desc(outbox.id))
      .limit(1);
    const token2 = /\/quote-approval\/([\w-]+)/.exec(mail2!.textBody)![1]!;
    t.clock.advance(15 * 86_400_000);
    try {
      const expired = await t.app.inject({ method: 'GET', url: `/api/quote-approvals/${token2}` });
      expect(expired.statusCode).toBe(404);
    } finally {
      t.clock.advance(-15 * 86_400_000);
    }
  });
});
