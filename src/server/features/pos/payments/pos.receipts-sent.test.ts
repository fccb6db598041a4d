import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../../tests/helpers/build-test-app';
import { createUser } from '../../../../../tests/helpers/factories';
import {
  FLAT_TAX,
  proTechnician,
  SIGNATURE,
  type PosTechnician,
} from '../../../../../tests/helpers/pos';
import { formatReference } from '@shared/service-request-rules';
import { invoicePayments, outbox, serviceRequestEvents, serviceRequests } from '../../../db/schema';
import { requestLinkToken } from '../../../domain/request-links';

/**
 * Receipts arrive by themselves (ADR 032): every payment that goes through e-mails the customer
 * its receipt with the PDF at once; a failed attempt takes no receipt number (the numbers run
 * without gaps) and is listed as the attempt it was; the job's page and timeline show the
 * deposit and the payments as they happen; the invoice's e-mail gives the balance due.
 */
let t: TestApp;
let pro: PosTechnician;
let customerId: number;
beforeAll(async () => {
  t = await buildTestApp();
  pro = await proTechnician(t.app);
  customerId = (await createUser(t.app)).id;
});
afterAll(() => t.close());

const call = (
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  payload?: object,
  cookie = pro.cookie,
) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

const cardToken = async (number = '4111 1111 1111 1111') =>
  (
    await t.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/tokenize',
      payload: { number, expiry: '12/39', cvv: '123' },
    })
  ).json().token as string;

const mailsTo = (to: string, template: string) =>
  t.app.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.toAddress, to), eq(outbox.template, template)))
    .orderBy(asc(outbox.id));

/** A signed quote of $129.90 ($120 at a flat 8.25%) and its invoice, for a walk-in customer. */
async function invoiceFor(email: string, extra: object = {}) {
  const q = await call('POST', '/api/quotes', {
    customerName: 'Walk In',
    customerEmail: email,
    items: [{ type: 'labor', description: 'Diagnose', quantity: 1, unitPrice: 120 }],
    ...FLAT_TAX,
    ...extra,
  });
  expect(q.statusCode, q.body).toBe(201);
  const signed = await call('PATCH', `/api/quotes/${q.json().id}/approve`, {
    signature: SIGNATURE,
    version: 1,
  });
  expect(signed.statusCode, signed.body).toBe(200);
  const inv = await call('POST', '/api/invoices', { quoteId: q.json().id });
  expect(inv.statusCode, inv.body).toBe(201);
  return inv.json() as { id: number; invoiceNumber: string };
}

describe('a payment that goes through', () => {
  it('e-mails its receipt with the PDF at once, whatever the method', async () => {
    const email = 'walk.in@example.com';
    const inv = await invoiceFor(email);
    const cash = await call('POST', '/api/pos/payments', {
      invoiceId: inv.id,
      amount: 29.9,
      method: 'cash',
    });
    expect(cash.statusCode, cash.body).toBe(201);
    const card = await call('POST', '/api/square/create-payment', {
      amount: 100,
      sourceId: await cardToken(),
      idempotencyKey: 'receipt-sent-card-1',
      invoiceId: inv.id,
    });
    expect(card.statusCode, card.body).toBe(200);
    const mails = await mailsTo(email, 'pos_receipt');
    expect(mails).toHaveLength(2);
    const [first, second] = mails;
    expect(first!.subject).toContain(cash.json().receiptNumber);
    expect(first!.textBody).toContain('$29.90 (Cash) on invoice ' + inv.invoiceNumber);
    expect(first!.textBody).toContain('Balance due: $100.00');
    expect(second!.textBody).toContain('Balance due: $0.00');
    expect(first!.payload).toMatchObject({
      attachments: [{ kind: 'receipt', id: cash.json().id }],
    });
    expect(second!.payload).toMatchObject({
      attachments: [{ kind: 'receipt', id: card.json().payment.id }],
    });
  });

  it('takes the next receipt number; a failed attempt takes none and sends nothing', async () => {
    const email = 'gapless@example.com';
    const inv = await invoiceFor(email);
    const pay = async (number: string, key: string, amount: number) =>
      call('POST', '/api/square/create-payment', {
        amount,
        sourceId: await cardToken(number),
        idempotencyKey: key,
        invoiceId: inv.id,
      });
    const ok1 = await pay('4111 1111 1111 1111', 'gapless-1', 10);
    const declined = await pay('4000 0000 0000 0002', 'gapless-2', 10);
    const ok2 = await pay('4111 1111 1111 1111', 'gapless-3', 10);
    expect(declined.statusCode).toBe(402);
    expect(declined.json().payment.receiptNumber).toBeNull();
    const seq = (r: { json(): { payment: { receiptNumber: string } } }) =>
      Number(r.json().payment.receiptNumber.split('-').at(-1));
    expect(seq(ok2)).toBe(seq(ok1) + 1);
    expect(await mailsTo(email, 'pos_receipt')).toHaveLength(2);
    // Every receipt number the app ever gave is a payment that went through.
    const numbered = await t.app.db
      .select({ status: invoicePayments.status })
      .from(invoicePayments)
      .where(isNotNull(invoicePayments.receiptNumber));
    expect(numbered.every((p) => p.status === 'succeeded')).toBe(true);
  });
});

describe("a job's payments", () => {
  it('show at once on its page and timeline, failed attempts too; the customer gets each receipt', async () => {
    const contact = 'job.customer@example.com';
    const [job] = await t.app.db
      .insert(serviceRequests)
      .values({
        customerId,
        serviceType: 'Brake Service',
        description: 'Squealing brakes',
        location: 'Hyattsville, MD',
        contactName: 'Pat Driver',
        contactEmail: contact,
        status: 'accepted',
        assignedTechnicianId: pro.technicianId,
        assignedAt: t.clock.now,
      })
      .returning();
    const reference = formatReference(job!.id);
    const q = await call('POST', '/api/quotes', {
      customerName: 'Pat Driver',
      customerEmail: contact,
      serviceRequestId: job!.id,
      items: [{ type: 'labor', description: 'Replace pads', quantity: 1, unitPrice: 120 }],
      ...FLAT_TAX,
      deposit: { type: 'fixed', amount: 40 },
    });
    expect(q.statusCode, q.body).toBe(201);
    const sign = (sourceId: string, idempotencyKey: string) =>
      call('PATCH', `/api/quotes/${q.json().id}/approve`, {
        signature: SIGNATURE,
        version: 1,
        deposit: { sourceId, idempotencyKey },
      });
    expect((await sign(await cardToken('4000 0000 0000 0002'), 'job-dep-1')).statusCode).toBe(402);
    expect((await sign(await cardToken(), 'job-dep-2')).statusCode).toBe(200);

    // The customer's view of the job, by the request's link.
    const page = async () => {
      const token = requestLinkToken(t.app.config.sessionSecret, job!.id, 'follow');
      return (
        await call('GET', `/api/service-requests/${reference}?t=${token}`, undefined, '')
      ).json();
    };
    const before = await page();
    expect(before.payments).toEqual([
      expect.objectContaining({
        status: 'failed',
        receiptNumber: null,
        quoteNumber: q.json().quoteNumber,
      }),
      expect.objectContaining({
        status: 'succeeded',
        receiptNumber: expect.stringMatching(/^R-\d{4}-\d{6}$/),
        amount: '40.00',
        quoteNumber: q.json().quoteNumber,
      }),
    ]);
    const [depositMail] = await mailsTo(contact, 'job_receipt');
    expect(depositMail!.textBody).toContain(
      `$40.00 (Visa ending in 1111) as the deposit on quote ${q.json().quoteNumber}`,
    );
    expect(depositMail!.payload).toMatchObject({ attachments: [{ kind: 'receipt' }] });

    // The invoice's e-mail gives the balance due, the deposit already counted.
    const inv = await call('POST', '/api/invoices', { quoteId: q.json().id });
    expect(inv.statusCode, inv.body).toBe(201);
    const [ready] = await mailsTo(contact, 'job_invoice_ready');
    expect(ready!.textBody).toContain('$129.90 in all, of which your deposit of $40.00');
    expect(ready!.textBody).toContain('Balance due: $89.90.');

    const paid = await call('POST', '/api/pos/payments', {
      invoiceId: inv.json().id,
      amount: 89.9,
      method: 'check',
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const receipts = await mailsTo(contact, 'job_receipt');
    expect(receipts).toHaveLength(2);
    expect(receipts[1]!.textBody).toContain(
      `Balance due on invoice ${inv.json().invoiceNumber}: $0.00.`,
    );

    const events = await t.app.db
      .select({ move: serviceRequestEvents.move })
      .from(serviceRequestEvents)
      .where(eq(serviceRequestEvents.serviceRequestId, job!.id))
      .orderBy(asc(serviceRequestEvents.id));
    // The deposit is taken as the customer signs, then the signature is recorded.
    expect(events.map((e) => e.move)).toEqual([
      'deposit_paid',
      'quote_signed',
      'invoice_issued',
      'payment_received',
      'invoice_paid',
    ]);
    expect((await page()).timeline.map((e: { move: string }) => e.move)).toContain('deposit_paid');
  });
});
