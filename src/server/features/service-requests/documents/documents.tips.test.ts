import { eq, ne } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../../tests/helpers/build-test-app';
import {
  createTechnician,
  signIn,
  subscribeTechnician,
} from '../../../../../tests/helpers/factories';
import { readPdf } from '../../../../../tests/helpers/pdf';
import { accountCard, SIGNATURE, TAX_EXEMPT } from '../../../../../tests/helpers/pos';
import { LOCATIONS } from '@shared/constants/locations';
import { TIP_MESSAGES } from '@shared/schemas/pos';
import {
  invoicePayments,
  invoices,
  jobNotifications,
  outbox,
  payments,
  technicians,
} from '../../../db/schema';
import { IDEMPOTENCY_KEY_REUSED } from '../../../infra/payments';

// Tips: the customer's tip rides on top of the invoice's card payment, in the same charge on the
// technician's account; it never counts toward the invoice, and shows on the receipt (page, PDF,
// e-mail), in the technician's statement and analytics. Plan payments take none.

const bowie = LOCATIONS.find((l) => l.name === 'Bowie, MD')!;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

type Tech = { id: number; cookie: string };

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

/** The request's API path with the guest's token from its page path. */
const api = (requestPath: string, suffix = '') => {
  const [path, query] = requestPath.split('?');
  return `/api/service-requests/${path!.split('/').pop()}${suffix}?${query}`;
};

async function cardToken(expiry = '12/39') {
  const res = await call('POST', '/api/payments/sandbox/tokenize', undefined, {
    number: '4111 1111 1111 1111',
    expiry,
    cvv: '123',
  });
  return res.json().token as string;
}

/**
 * A Professional technician near Bowie with a job a guest asked for, its quote of `dollars` of
 * labor (untaxed) signed and invoiced: the guest's page path and the invoice's id.
 */
async function invoicedJob(dollars: number, email: string) {
  const { user, technician } = await createTechnician(t.app, {
    location: bowie,
    plan: 'Professional',
    specialties: ['Oil Change'],
  });
  const tech: Tech = { id: technician.id, cookie: await signIn(t.app, user.username!) };
  // The job goes to this technician alone (those of the tests before are off duty).
  await t.app.db
    .update(technicians)
    .set({ isAvailable: false })
    .where(ne(technicians.id, technician.id));
  const created = await call('POST', '/api/service-requests', undefined, {
    serviceType: 'Oil Change',
    description: 'Oil change due, light is on.',
    urgency: 'medium',
    location: 'Bowie, MD',
    customerName: 'Tia Tipper',
    vehicleInfo: '2018 Mazda 3',
    customerEmail: email,
  });
  expect(created.statusCode, created.body).toBe(201);
  const request = created.json() as { id: number; requestPath: string };
  const [n] = (
    await t.app.db
      .select()
      .from(jobNotifications)
      .where(eq(jobNotifications.serviceRequestId, request.id))
  ).filter((x) => x.technicianId === tech.id);
  const accepted = await call('PATCH', `/api/job-notifications/${n!.id}/accept`, tech.cookie);
  expect(accepted.statusCode, accepted.body).toBe(200);
  const q = await call('POST', '/api/quotes', tech.cookie, {
    customerName: 'Tia Tipper',
    customerEmail: email,
    items: [{ type: 'labor', description: 'Oil and filter', quantity: 1, unitPrice: dollars }],
    ...TAX_EXEMPT,
    serviceRequestId: request.id,
  });
  expect(q.statusCode, q.body).toBe(201);
  await call('PATCH', `/api/quotes/${q.json().id}/approve`, tech.cookie, {
    signature: SIGNATURE,
    version: 1,
  });
  const inv = await call('POST', '/api/invoices', tech.cookie, { quoteId: q.json().id });
  expect(inv.statusCode, inv.body).toBe(201);
  return { tech, requestPath: request.requestPath, invoiceId: inv.json().id as number };
}

const payInvoice = (requestPath: string, invoiceId: number, body: object) =>
  call('POST', api(requestPath, `/invoices/${invoiceId}/pay`), undefined, body);

const invoiceRow = async (id: number) =>
  (await t.app.db.select().from(invoices).where(eq(invoices.id, id)))[0]!;

describe("the customer's tip on an invoice paid from the request page", () => {
  it('charges a 15% tip with the balance in one payment, and shows it everywhere', async () => {
    const email = 'tia.tips@example.com';
    const job = await invoicedJob(75.5, email);
    const charge = vi.spyOn(accountCard(t.app), 'charge');
    const paid = await payInvoice(job.requestPath, job.invoiceId, {
      sourceId: await cardToken(),
      idempotencyKey: 'tip-pay-0001',
      tip: { type: 'percent', percent: 15 },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    // 15% of $75.50 is $11.325: rounded half up to $11.33.
    expect(paid.json()).toMatchObject({
      success: true,
      payment: { amount: '75.50', tip: '11.33', invoiceId: job.invoiceId },
    });
    // One charge of the balance and the tip together, the tip named apart.
    expect(charge).toHaveBeenCalledTimes(1);
    expect(charge.mock.calls[0]![0]).toMatchObject({ amountCents: 8683, tipCents: 1133 });

    // The invoice counts the amount only: paid in full, never overpaid by the tip.
    const inv = await invoiceRow(job.invoiceId);
    expect(inv).toMatchObject({ paidAmountCents: 7550, totalAmountCents: 7550, status: 'paid' });
    const page = (await call('GET', api(job.requestPath))).json();
    expect(page.invoices[0]).toMatchObject({ paid: '75.50', balance: '0.00', status: 'paid' });
    expect(page.payments).toMatchObject([{ amount: '75.50', tip: '11.33', status: 'succeeded' }]);
    expect(
      page.timeline.find((e: { move: string }) => e.move === 'payment_received').details,
    ).toMatchObject({ amount: '75.50', tip: '11.33' });

    // The receipt page (the technician's) and its PDF, downloaded by the guest.
    const paymentId = paid.json().payment.id as number;
    const receipt = await call('GET', `/api/pos/receipts/${paymentId}`, job.tech.cookie);
    expect(receipt.statusCode, receipt.body).toBe(200);
    expect(receipt.json()).toMatchObject({
      payment: { amount: '75.50', tip: '11.33' },
      asOfPayment: { paidToDate: '75.50', balanceDue: '0.00' },
    });
    const token = job.requestPath.split('t=')[1]!;
    const pdf = await call('GET', `/api/pos/receipts/${paymentId}/pdf?t=${token}`);
    expect(pdf.statusCode).toBe(200);
    const { text } = await readPdf(pdf.rawPayload);
    expect(text).toMatch(/Amount paid\s+\$75\.50/);
    expect(text).toMatch(/Tip\s+\$11\.33/);
    expect(text).toMatch(/Total charged\s+\$86\.83/);
    expect(text).toMatch(/Balance due\s+\$0\.00/);
    // A record: the same bytes at every download.
    const again = await call('GET', `/api/pos/receipts/${paymentId}/pdf?t=${token}`);
    expect(Buffer.compare(again.rawPayload, pdf.rawPayload)).toBe(0);

    // The receipt e-mail, sent by itself, says it too.
    const mails = await t.app.db.select().from(outbox).where(eq(outbox.toAddress, email));
    const mail = mails.find((m) => m.template === 'job_receipt')!;
    expect(mail.textBody).toContain('we received your payment of $75.50');
    expect(mail.textBody).toContain(
      'Your tip of $11.33 went to your technician: $86.83 was charged in all.',
    );

    // The technician's statement: a column of its own, in what they received.
    const statement = (await call('GET', '/api/pos/statements', job.tech.cookie)).json();
    expect(statement.totals).toMatchObject({
      cardCount: 1,
      cardCents: 7550,
      tipCents: 1133,
      netCents: 8683,
    });
    const csv = await call('GET', '/api/pos/statements.csv', job.tech.cookie);
    const [header, ...rows] = csv.body.trim().split('\r\n');
    expect(header).toMatch(/^Month,Card & PayPal payments,Card & PayPal volume,Tips,Refunds,/);
    expect(rows.some((r) => r.includes(',1,75.50,11.33,0,0.00,'))).toBe(true);

    // Analytics: revenue as invoiced, the tips beside it.
    const summary = (await call('GET', '/api/analytics/summary', job.tech.cookie)).json();
    expect(summary.basic.revenue).toMatchObject({ total: '75.50', tips: '11.33', tickets: 1 });
    expect(
      summary.advanced.revenueByMonth.find((m: { tips: string }) => m.tips !== '0.00'),
    ).toMatchObject({ card: '75.50', total: '75.50', tips: '11.33' });
    const exported = await call('GET', '/api/analytics/export.csv', job.tech.cookie);
    const lines = exported.body.trim().split('\r\n');
    expect(lines[0]).toContain(',Digital,Revenue,Tips,Reviews,');
    expect(lines.at(-1)).toContain(',75.50,0.00,0.00,0.00,75.50,11.33,');
  });

  it('takes no tip by default, and a tip of an amount as typed', async () => {
    const job = await invoicedJob(40, 'tia.amount@example.com');
    const charge = vi.spyOn(accountCard(t.app), 'charge');
    const paid = await payInvoice(job.requestPath, job.invoiceId, {
      sourceId: await cardToken(),
      idempotencyKey: 'tip-amount-0001',
      tip: { type: 'amount', amount: '5.25' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().payment).toMatchObject({ amount: '40.00', tip: '5.25' });
    expect(charge.mock.calls[0]![0]).toMatchObject({ amountCents: 4525, tipCents: 525 });

    const none = await invoicedJob(30, 'tia.none@example.com');
    const untipped = await payInvoice(none.requestPath, none.invoiceId, {
      sourceId: await cardToken(),
      idempotencyKey: 'tip-none-0001',
    });
    expect(untipped.statusCode, untipped.body).toBe(200);
    expect(untipped.json().payment).toMatchObject({ amount: '30.00', tip: '0.00' });
    expect(charge.mock.calls[1]![0]).toMatchObject({ amountCents: 3000, tipCents: 0 });
    const [row] = await t.app.db
      .select()
      .from(invoicePayments)
      .where(eq(invoicePayments.id, untipped.json().payment.id));
    expect(row).toMatchObject({ amountCents: 3000, tipCents: 0 });
  });

  it('refuses a tip it cannot take with 400, charging nothing', async () => {
    const job = await invoicedJob(50, 'tia.bad@example.com');
    const charge = vi.spyOn(accountCard(t.app), 'charge');
    const sourceId = await cardToken();
    const cases: [unknown, string][] = [
      [{ type: 'percent', percent: 12 }, TIP_MESSAGES.percent],
      [{ type: 'percent', percent: '15' }, TIP_MESSAGES.percent],
      [{ type: 'amount', amount: '-1.00' }, TIP_MESSAGES.amount],
      [{ type: 'amount', amount: '1.234' }, TIP_MESSAGES.amount],
      [{ type: 'amount', amount: 'five' }, TIP_MESSAGES.amount],
      [{ type: 'amount', amount: '10000.01' }, TIP_MESSAGES.amount],
      [{ type: 'generous' }, TIP_MESSAGES.type],
      // More than the invoice's $50.00: a slip of the finger, not a tip.
      [{ type: 'amount', amount: '50.01' }, TIP_MESSAGES.overTotal],
    ];
    for (const [tip, message] of cases) {
      const res = await payInvoice(job.requestPath, job.invoiceId, {
        sourceId,
        idempotencyKey: `tip-bad-${Math.random().toString(36).slice(2)}`,
        tip,
      });
      expect(res.statusCode, JSON.stringify(tip)).toBe(400);
      expect(res.json().message, JSON.stringify(tip)).toBe(message);
    }
    expect(charge).not.toHaveBeenCalled();
    expect((await invoiceRow(job.invoiceId)).paidAmountCents).toBe(0);
    // The whole invoice total as a tip is still a tip.
    const ok = await payInvoice(job.requestPath, job.invoiceId, {
      sourceId,
      idempotencyKey: 'tip-bad-ok-0001',
      tip: { type: 'amount', amount: '50.00' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().payment).toMatchObject({ amount: '50.00', tip: '50.00' });
  });

  it('answers a retry with the same tip as the first time, and another tip under the key with 409', async () => {
    const job = await invoicedJob(60, 'tia.retry@example.com');
    const charge = vi.spyOn(accountCard(t.app), 'charge');
    const body = {
      sourceId: await cardToken(),
      idempotencyKey: 'tip-retry-0001',
      tip: { type: 'percent', percent: 20 },
    };
    const first = await payInvoice(job.requestPath, job.invoiceId, body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().payment).toMatchObject({ amount: '60.00', tip: '12.00' });
    const again = await payInvoice(job.requestPath, job.invoiceId, body);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    for (const tip of [
      { type: 'percent', percent: 10 },
      { type: 'amount', amount: '12.00' },
      null,
    ]) {
      const other = await payInvoice(job.requestPath, job.invoiceId, { ...body, tip });
      expect(other.statusCode, JSON.stringify(tip)).toBe(409);
      expect(other.json().message).toBe(IDEMPOTENCY_KEY_REUSED);
    }
    expect(charge).toHaveBeenCalledTimes(1);
  });
});

describe("the technician's point-of-sale card payment", () => {
  it('takes a tip on top of the amount; a refund gives all of it back and reopens the amount only', async () => {
    const job = await invoicedJob(80, 'tia.pos@example.com');
    const charge = vi.spyOn(accountCard(t.app), 'charge');
    const paid = await call('POST', '/api/square/create-payment', job.tech.cookie, {
      invoiceId: job.invoiceId,
      amount: 80,
      sourceId: await cardToken('11/39'),
      idempotencyKey: 'pos-tip-0001',
      tip: { type: 'percent', percent: 10 },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().payment).toMatchObject({ amount: '80.00', tip: '8.00' });
    expect(charge.mock.calls[0]![0]).toMatchObject({ amountCents: 8800, tipCents: 800 });
    expect(await invoiceRow(job.invoiceId)).toMatchObject({
      paidAmountCents: 8000,
      status: 'paid',
    });

    const refund = vi.spyOn(accountCard(t.app), 'refund');
    const refunded = await call(
      'POST',
      `/api/pos/payments/${paid.json().payment.id}/refund`,
      job.tech.cookie,
      { idempotencyKey: 'pos-tip-refund-0001' },
    );
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json().refund).toMatchObject({ status: 'succeeded', amount: '88.00' });
    expect(refund.mock.calls[0]![1]).toBe(8800);
    expect(await invoiceRow(job.invoiceId)).toMatchObject({ paidAmountCents: 0 });
  });
});

describe('plan payments', () => {
  it('take no tip: the plan is charged its price', async () => {
    // The Premium plan's row ($4.99 a month), as a subscriber of it made it.
    await subscribeTechnician(t.app, (await createTechnician(t.app)).technician.id, 'Premium');
    const { user, technician } = await createTechnician(t.app);
    const cookie = await signIn(t.app, user.username!);
    const card = t.app.payments.card!;
    const chargeSaved = vi.spyOn(card, 'chargeSavedCard');
    const charge = vi.spyOn(card, 'charge');
    const res = await call('POST', '/api/square/create-subscription', cookie, {
      sourceId: await cardToken(),
      planName: 'Premium',
      planPrice: 4.99,
      cardholderName: 'Dana Tech',
      idempotencyKey: 'plan-no-tip-0001',
      tip: { type: 'percent', percent: 20 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const asked = [...chargeSaved.mock.calls, ...charge.mock.calls].map(([input]) => input);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ amountCents: 499 });
    expect(asked[0]).not.toHaveProperty('tipCents');
    const rows = await t.app.db
      .select()
      .from(payments)
      .where(eq(payments.technicianId, technician.id));
    expect(rows.map((p) => [p.amountCents, p.status])).toEqual([[499, 'succeeded']]);
  });
});
