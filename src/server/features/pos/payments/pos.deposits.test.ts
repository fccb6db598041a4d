import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../../tests/helpers/build-test-app';
import {
  createTechnician,
  createUser,
  signIn,
  subscribeTechnician,
} from '../../../../../tests/helpers/factories';
import {
  accountCard,
  proTechnician,
  SIGNATURE,
  TAX_EXEMPT,
  FLAT_TAX,
} from '../../../../../tests/helpers/pos';
import { SQUARE_NONCES, startSquareStandIn } from '../../../../../tests/helpers/square-stand-in';
import { formatReference } from '@shared/service-request-rules';
import { DEPOSIT_MESSAGES } from '@shared/schemas/pos';
import { invoicePayments, outbox, paymentRefunds, serviceRequests } from '../../../db/schema';
import { requestLinkToken } from '../../../domain/request-links';
import { DEPOSIT_LOCKS_QUOTE, DEPOSIT_REFUNDED, depositDueMessage } from './pos.deposits';
import { ALREADY_REFUNDED } from './pos.refunds';

// Deposits on quotes (ADR 017): asked for as a fixed amount or a percentage, paid by
// card when the customer signs, attached to the invoice, refunded when the technician gives the
// job back.

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT';

/** One app (sandbox card provider by default) with a Professional technician and a customer. */
async function setup(t: TestApp) {
  const pro = await proTechnician(t.app);
  const customer = await createUser(t.app);
  const call = (method: Method, url: string, cookie = pro.cookie, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  /** An accepted job of the technician. */
  const job = async () => {
    const [row] = await t.app.db
      .insert(serviceRequests)
      .values({
        customerId: customer.id,
        serviceType: 'Diagnostics',
        description: 'Check engine light is on',
        location: 'Hyattsville, MD',
        contactEmail: 'pat@example.com',
        status: 'accepted',
        assignedTechnicianId: pro.technicianId,
        assignedAt: t.clock.now,
      })
      .returning();
    return row!.id;
  };
  /** A quote of $129.90 (one labor line of $120, 8.25% tax), with this deposit. */
  const quote = async (deposit: unknown, serviceRequestId?: number) => {
    const res = await call('POST', '/api/quotes', pro.cookie, {
      customerName: 'Pat Driver',
      customerEmail: 'pat@example.com',
      items: [{ type: 'labor', description: 'Diagnose', quantity: 1, unitPrice: 120 }],
      ...FLAT_TAX,
      deposit,
      ...(serviceRequestId ? { serviceRequestId } : {}),
    });
    return res;
  };
  return { pro, customer, call, job, quote };
}

const cardToken = async (t: TestApp, number = '4111 1111 1111 1111') =>
  (
    await t.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/tokenize',
      payload: { number, expiry: '12/39', cvv: '123' },
    })
  ).json().token as string;

const depositRows = (t: TestApp, quoteId: number) =>
  t.app.db.select().from(invoicePayments).where(eq(invoicePayments.quoteId, quoteId));

let t: TestApp;
let s: Awaited<ReturnType<typeof setup>>;
beforeAll(async () => {
  t = await buildTestApp();
  s = await setup(t);
});
afterAll(() => t.close());

describe('asking for a deposit', () => {
  it('takes a fixed amount or a percentage of the total, computed by the server', async () => {
    const fixed = await s.quote({ type: 'fixed', amount: 40 });
    expect(fixed.statusCode, fixed.body).toBe(201);
    expect(fixed.json()).toMatchObject({
      totalAmount: '129.90',
      deposit: { type: 'fixed', amount: '40.00', percent: null, status: 'due', paymentId: null },
    });
    // 25% of $129.90 is $32.475: rounded half up to the cent.
    const percent = await s.quote({ type: 'percent', percent: '25' });
    expect(percent.json().deposit).toMatchObject({
      type: 'percent',
      percent: '25.00',
      amount: '32.48',
    });
    const all = await s.quote({ type: 'fixed', amount: '129.90' });
    expect(all.json().deposit.amount).toBe('129.90');
    const none = await s.quote(null);
    expect(none.json().deposit).toBeNull();
    // Edited, the percentage follows the new total.
    const edited = await s.call('PUT', `/api/quotes/${percent.json().id}`, s.pro.cookie, {
      customerName: 'Pat Driver',
      items: [{ type: 'labor', description: 'Diagnose', quantity: 2, unitPrice: 120 }],
      ...FLAT_TAX,
      deposit: { type: 'percent', percent: 25 },
    });
    expect(edited.json().deposit.amount).toBe('64.95');
  });

  it.each([
    [{ type: 'fixed', amount: 0 }, DEPOSIT_MESSAGES.tooSmall],
    [{ type: 'fixed', amount: -5 }, DEPOSIT_MESSAGES.amount],
    [{ type: 'fixed', amount: 'ten' }, DEPOSIT_MESSAGES.amount],
    [{ type: 'fixed', amount: 12.345 }, DEPOSIT_MESSAGES.cents],
    [{ type: 'fixed', amount: 129.91 }, DEPOSIT_MESSAGES.overTotal],
    [{ type: 'fixed', amount: 1e12 }, DEPOSIT_MESSAGES.amount],
    [{ type: 'percent', percent: 0 }, DEPOSIT_MESSAGES.percent],
    [{ type: 'percent', percent: 100.01 }, DEPOSIT_MESSAGES.percent],
    [{ type: 'percent', percent: 10.001 }, DEPOSIT_MESSAGES.percent],
    [{ type: 'half' }, DEPOSIT_MESSAGES.type],
    [{ type: 'fixed', amount: '12\u0000' }, 'must not contain NUL characters'],
  ])('refuses %j with 400', async (deposit, message) => {
    const res = await s.quote(deposit);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it('refuses a percentage that rounds to less than a cent', async () => {
    const res = await s.call('POST', '/api/quotes', s.pro.cookie, {
      customerName: 'Pat Driver',
      items: [{ type: 'part', description: 'Fuse', quantity: 1, unitPrice: 1 }],
      ...TAX_EXEMPT,
      deposit: { type: 'percent', percent: 0.01 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(DEPOSIT_MESSAGES.tooSmall);
  });
});

/** E-mails the quote and returns its remote-approval token. */
async function approvalToken(quoteId: number) {
  await s.call('POST', '/api/pos/email-quote', s.pro.cookie, {
    quoteId,
    customerEmail: 'pat@example.com',
  });
  const [mail] = await t.app.db
    .select()
    .from(outbox)
    .where(eq(outbox.template, 'pos_quote'))
    .orderBy(desc(outbox.id))
    .limit(1);
  return /\/quote-approval\/([\w-]+)/.exec(mail!.textBody)![1]!;
}

const signRemote = (token: string, deposit?: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/quote-approvals/${token}`,
    payload: { signature: SIGNATURE, version: 1, ...(deposit ? { deposit } : {}) },
  });

describe('paying the deposit when signing remotely', () => {
  it('needs the card, refuses a declined one, approves once the deposit is paid', async () => {
    const q = (await s.quote({ type: 'fixed', amount: 40 })).json();
    const token = await approvalToken(q.id);
    const view = await t.app.inject({ method: 'GET', url: `/api/quote-approvals/${token}` });
    expect(view.json().deposit).toEqual({
      type: 'fixed',
      percent: null,
      amount: '40.00',
      status: 'due',
    });

    const noCard = await signRemote(token);
    expect(noCard.statusCode).toBe(400);
    expect(noCard.json().message).toBe(depositDueMessage(4000));

    const declined = await signRemote(token, {
      sourceId: await cardToken(t, '4000 0000 0000 0002'),
      idempotencyKey: 'remote-declined-1',
    });
    expect(declined.statusCode).toBe(402);
    expect(declined.json().message).toBe('Card declined');
    const still = await t.app.inject({ method: 'GET', url: `/api/quote-approvals/${token}` });
    expect(still.json()).toMatchObject({ status: 'draft', deposit: { status: 'due' } });

    const ok = await signRemote(token, {
      sourceId: await cardToken(t),
      idempotencyKey: 'remote-ok-1',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'approved', deposit: { status: 'paid' } });
    const rows = await depositRows(t, q.id);
    expect(rows.map((r) => [r.status, r.amountCents, r.invoiceId])).toEqual([
      ['failed', 4000, null],
      ['succeeded', 4000, null],
    ]);
    const listed = await s.call('GET', `/api/quotes/technician/${s.pro.technicianId}`);
    expect(listed.json().find((x: { id: number }) => x.id === q.id).deposit).toMatchObject({
      status: 'paid',
      paymentId: rows[1]!.id,
    });
  });

  it('charges once for concurrent duplicates of one idempotency key', async () => {
    const q = (await s.quote({ type: 'percent', percent: 50 })).json();
    const token = await approvalToken(q.id);
    const deposit = { sourceId: await cardToken(t), idempotencyKey: 'remote-dup-key-1' };
    const charge = vi.spyOn(accountCard(t.app), 'charge');
    const answers = await Promise.all(Array.from({ length: 6 }, () => signRemote(token, deposit)));
    expect(charge).toHaveBeenCalledTimes(1);
    charge.mockRestore();
    // Every duplicate gets the first answer: the approved quote (none a 409).
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    for (const a of answers) expect(a.json()).toMatchObject({ status: 'approved' });
    const rows = await depositRows(t, q.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'succeeded', amountCents: 6495 });
  });

  it('answers a retry after the answer was lost with the first answer, charging nothing more', async () => {
    const q = (await s.quote({ type: 'fixed', amount: 40 })).json();
    const token = await approvalToken(q.id);
    const deposit = { sourceId: await cardToken(t), idempotencyKey: 'remote-retry-key-1' };
    const first = await signRemote(token, deposit);
    expect(first.statusCode, first.body).toBe(200);
    const charge = vi.spyOn(t.app.payments.card!, 'charge');
    // The quote is approved by now: the same request again is the same signature, not a new one.
    const again = await signRemote(token, deposit);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(charge).not.toHaveBeenCalled();
    charge.mockRestore();
    expect((await depositRows(t, q.id)).map((r) => r.status)).toEqual(['succeeded']);
  });
});

describe('paying the deposit on the request page', () => {
  it("takes the customer's card when they sign the job's quote", async () => {
    const jobId = await s.job();
    const q = (await s.quote({ type: 'fixed', amount: 25 }, jobId)).json();
    // On the request page once sent (a draft is the technician's).
    expect(
      (await s.call('POST', `/api/pos/quotes/${q.id}/send`, s.pro.cookie, {})).statusCode,
    ).toBe(200);
    const ref = formatReference(jobId);
    const token = requestLinkToken(t.app.config.sessionSecret, jobId);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/service-requests/${ref}?t=${token}`,
    });
    expect(detail.json().quotes[0]).toMatchObject({
      id: q.id,
      deposit: { amount: '25.00', status: 'due' },
      canSign: true,
    });
    const sign = (deposit?: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/service-requests/${ref}/quotes/${q.id}/approve?t=${token}`,
        payload: { signature: SIGNATURE, version: 1, ...(deposit ? { deposit } : {}) },
      });
    const noCard = await sign();
    expect(noCard.statusCode).toBe(400);
    expect(noCard.json().message).toBe(depositDueMessage(2500));
    const ok = await sign({ sourceId: await cardToken(t), idempotencyKey: 'request-page-1' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().quotes[0]).toMatchObject({
      status: 'approved',
      deposit: { amount: '25.00', status: 'paid' },
    });
    expect((await depositRows(t, q.id)).map((r) => r.status)).toEqual(['succeeded']);

    // The answer was lost: the customer's retry (same signature, same key) gets it again.
    const retry = await sign({ sourceId: await cardToken(t), idempotencyKey: 'request-page-1' });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().quotes[0]).toMatchObject({
      id: q.id,
      status: 'approved',
      deposit: { amount: '25.00', status: 'paid' },
    });
    expect((await depositRows(t, q.id)).map((r) => r.status)).toEqual(['succeeded']);
  });
});

describe('the deposit and the invoice', () => {
  it('is attached to the invoice made from the quote and counts toward paid', async () => {
    const q = (await s.quote({ type: 'fixed', amount: 40 })).json();
    const signed = await s.call('PATCH', `/api/quotes/${q.id}/approve`, s.pro.cookie, {
      signature: SIGNATURE,
      version: 1,
      deposit: { sourceId: await cardToken(t), idempotencyKey: 'pos-deposit-1' },
    });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().deposit).toMatchObject({ status: 'paid', amount: '40.00' });
    // The deposit's receipt, as issued: the quote's, before any invoice existed.
    const [deposit] = await depositRows(t, q.id);
    const receiptPdf = async () => {
      const res = await s.call('GET', `/api/pos/receipts/${deposit!.id}/pdf`, s.pro.cookie);
      expect(res.statusCode).toBe(200);
      return res.rawPayload;
    };
    const issued = await receiptPdf();
    const inv = await s.call('POST', '/api/invoices', s.pro.cookie, { quoteId: q.id });
    expect(inv.statusCode).toBe(201);
    // The invoice made later does not change it, nor does the receipt page name it.
    expect(Buffer.compare(await receiptPdf(), issued)).toBe(0);
    const page = (await s.call('GET', `/api/pos/receipts/${deposit!.id}`, s.pro.cookie)).json();
    expect(page).toMatchObject({
      invoice: null,
      asOfPayment: null,
      depositQuote: { quoteNumber: q.quoteNumber, totalAmount: '129.90' },
    });
    expect(inv.json()).toMatchObject({
      totalAmount: '129.90',
      paidAmount: '40.00',
      balanceDue: '89.90',
      status: 'pending',
    });
    const [row] = await depositRows(t, q.id);
    expect(row!.invoiceId).toBe(inv.json().id);
    const payments = await s.call('GET', `/api/pos/payments/technician/${s.pro.technicianId}`);
    expect(payments.json().find((p: { id: number }) => p.id === row!.id)).toMatchObject({
      invoiceNumber: inv.json().invoiceNumber,
      quoteId: q.id,
      refund: null,
    });
    // The rest, never more.
    const over = await s.call('POST', '/api/pos/payments', s.pro.cookie, {
      invoiceId: inv.json().id,
      amount: 129.9,
      method: 'cash',
    });
    expect(over.statusCode).toBe(409);
    const rest = await s.call('POST', '/api/pos/payments', s.pro.cookie, {
      invoiceId: inv.json().id,
      amount: 89.9,
      method: 'cash',
    });
    expect(rest.statusCode).toBe(201);
    const [paid] = (
      await s.call('GET', `/api/invoices/technician/${s.pro.technicianId}`)
    ).json() as { id: number; status: string; balanceDue: string }[];
    expect(paid).toMatchObject({ id: inv.json().id, status: 'paid', balanceDue: '0.00' });
  });

  it('does not sign a deposit quote without the deposit on the technician device, nor edit one with a deposit taken', async () => {
    const q = (await s.quote({ type: 'fixed', amount: 10 })).json();
    const unsigned = await s.call('PATCH', `/api/quotes/${q.id}/approve`, s.pro.cookie, {
      signature: SIGNATURE,
      version: 1,
    });
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json().message).toBe(depositDueMessage(1000));
    // A deposit taken (its signature lost on the way): the quote's content is final.
    await t.app.db.insert(invoicePayments).values({
      quoteId: q.id,
      technicianId: s.pro.technicianId,
      method: 'card',
      amountCents: 1000,
      status: 'succeeded',
      provider: 'sandbox',
      providerPaymentId: 'sbx_pay_lost',
      receiptNumber: 'R-TEST-LOST',
    });
    const edit = await s.call('PUT', `/api/quotes/${q.id}`, s.pro.cookie, {
      customerName: 'Pat Driver',
      items: [{ type: 'labor', description: 'Diagnose', quantity: 3, unitPrice: 120 }],
      ...FLAT_TAX,
      deposit: { type: 'fixed', amount: 10 },
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe(DEPOSIT_LOCKS_QUOTE);
    // Signing again needs no card: the deposit is paid.
    const later = await s.call('PATCH', `/api/quotes/${q.id}/approve`, s.pro.cookie, {
      signature: SIGNATURE,
      version: 1,
    });
    expect(later.statusCode).toBe(200);
    expect(later.json().deposit.status).toBe('paid');
  });
});

describe('refunds', () => {
  it('gives the deposit back when the technician gives the job back, and takes it off the invoice', async () => {
    const jobId = await s.job();
    const q = (await s.quote({ type: 'fixed', amount: 50 }, jobId)).json();
    const signed = await s.call('PATCH', `/api/quotes/${q.id}/approve`, s.pro.cookie, {
      signature: SIGNATURE,
      version: 1,
      deposit: { sourceId: await cardToken(t), idempotencyKey: 'job-deposit-1' },
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const inv = (await s.call('POST', '/api/invoices', s.pro.cookie, { quoteId: q.id })).json();
    expect(inv.paidAmount).toBe('50.00');

    const refund = vi.spyOn(accountCard(t.app), 'refund');
    const back = await s.call(
      'POST',
      `/api/service-requests/${formatReference(jobId)}/moves`,
      s.pro.cookie,
      { move: 'cancel', reason: 'Van broke down' },
    );
    expect(back.statusCode, back.body).toBe(200);
    expect(refund).toHaveBeenCalledTimes(1);
    expect(refund.mock.calls[0]![1]).toBe(5000);
    refund.mockRestore();

    const [row] = await depositRows(t, q.id);
    const [r] = await t.app.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.paymentId, row!.id));
    expect(r).toMatchObject({ status: 'succeeded', amountCents: 5000, reason: 'job_given_back' });
    const payments = await s.call('GET', `/api/pos/payments/technician/${s.pro.technicianId}`);
    expect(payments.json().find((p: { id: number }) => p.id === row!.id).refund).toMatchObject({
      status: 'succeeded',
      amount: '50.00',
    });
    const quotes = await s.call('GET', `/api/quotes/technician/${s.pro.technicianId}`);
    expect(quotes.json().find((x: { id: number }) => x.id === q.id).deposit.status).toBe(
      'refunded',
    );
    const invoices = await s.call('GET', `/api/invoices/technician/${s.pro.technicianId}`);
    expect(invoices.json().find((i: { id: number }) => i.id === inv.id)).toMatchObject({
      paidAmount: '0.00',
      balanceDue: '129.90',
    });
    const [mail] = await t.app.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.template, 'pos_refund'), eq(outbox.toAddress, 'pat@example.com')))
      .orderBy(desc(outbox.id))
      .limit(1);
    expect(mail!.textBody).toContain('$50.00');
  });

  it('refunds a card payment once per idempotency key, even for concurrent duplicates', async () => {
    const q = (await s.quote({ type: 'fixed', amount: 20 })).json();
    await s.call('PATCH', `/api/quotes/${q.id}/approve`, s.pro.cookie, {
      signature: SIGNATURE,
      version: 1,
      deposit: { sourceId: await cardToken(t), idempotencyKey: 'refund-me-1' },
    });
    const [row] = await depositRows(t, q.id);
    const refund = vi.spyOn(accountCard(t.app), 'refund');
    const url = `/api/pos/payments/${row!.id}/refund`;
    const same = await Promise.all(
      Array.from({ length: 8 }, () =>
        s.call('POST', url, s.pro.cookie, { idempotencyKey: 'refund-key-0001' }),
      ),
    );
    for (const a of same) {
      expect(a.statusCode, a.body).toBe(200);
      expect(a.json().refund).toMatchObject({ status: 'succeeded', amount: '20.00' });
    }
    expect(refund).toHaveBeenCalledTimes(1);
    // Another key: the payment was refunded already.
    const again = await s.call('POST', url, s.pro.cookie, { idempotencyKey: 'refund-key-0002' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ALREADY_REFUNDED);
    expect(refund).toHaveBeenCalledTimes(1);
    refund.mockRestore();
    const rows = await t.app.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.paymentId, row!.id));
    expect(rows).toHaveLength(1);
  });

  it('refunds once when attempts with different keys race', async () => {
    const q = (await s.quote({ type: 'fixed', amount: 15 })).json();
    await s.call('PATCH', `/api/quotes/${q.id}/approve`, s.pro.cookie, {
      signature: SIGNATURE,
      version: 1,
      deposit: { sourceId: await cardToken(t), idempotencyKey: 'refund-race-1' },
    });
    const [row] = await depositRows(t, q.id);
    const refund = vi.spyOn(accountCard(t.app), 'refund');
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        s.call('POST', `/api/pos/payments/${row!.id}/refund`, s.pro.cookie, {
          idempotencyKey: `refund-race-key-${i}`,
        }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(7);
    expect(refund).toHaveBeenCalledTimes(1);
    refund.mockRestore();
  });

  it("refuses other technicians' payments and what cannot be refunded", async () => {
    const other = await createTechnician(t.app);
    await subscribeTechnician(t.app, other.technician.id, 'Professional');
    const cookie = await signIn(t.app, other.user.username!);
    const cash = await s.call('POST', '/api/pos/payments', s.pro.cookie, {
      amount: 5,
      method: 'cash',
    });
    const url = `/api/pos/payments/${cash.json().id}/refund`;
    expect((await s.call('POST', url, cookie, { idempotencyKey: 'nope-0001' })).statusCode).toBe(
      403,
    );
    const notCard = await s.call('POST', url, s.pro.cookie, { idempotencyKey: 'nope-0002' });
    expect(notCard.statusCode).toBe(409);
    expect(
      (
        await s.call('POST', '/api/pos/payments/2147483648/refund', s.pro.cookie, {
          idempotencyKey: 'nope-0003',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await s.call('POST', '/api/pos/payments/999999/refund', s.pro.cookie, {
          idempotencyKey: 'nope-0004',
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('the customer cancels, by the rules shown before booking', () => {
  /** A job whose $40 deposit the customer paid when signing; its window `hoursAhead` away. */
  async function paidJob(key: string, hoursAhead: number) {
    const jobId = await s.job();
    const start = new Date(t.clock.now.getTime() + hoursAhead * 3_600_000);
    await t.app.db
      .update(serviceRequests)
      .set({
        status: 'scheduled',
        windowStart: start,
        windowEnd: new Date(start.getTime() + 2 * 3_600_000),
        windowConfirmedAt: t.clock.now,
      })
      .where(eq(serviceRequests.id, jobId));
    const q = (await s.quote({ type: 'fixed', amount: 40 }, jobId)).json();
    const signed = await s.call('PATCH', `/api/quotes/${q.id}/approve`, s.pro.cookie, {
      signature: SIGNATURE,
      version: 1,
      deposit: { sourceId: await cardToken(t), idempotencyKey: key },
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const [row] = await depositRows(t, q.id);
    return { jobId, paymentId: row!.id };
  }
  const cancel = async (jobId: number) =>
    s.call(
      'POST',
      `/api/service-requests/${formatReference(jobId)}/moves`,
      await signIn(t.app, s.customer.username!),
      { move: 'cancel' },
    );
  const refundsOf = (paymentId: number) =>
    t.app.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, paymentId));

  it('gives the deposit back when they cancel 24 hours or more before the window', async () => {
    const { jobId, paymentId } = await paidJob('cancel-in-time-1', 48);
    const refund = vi.spyOn(accountCard(t.app), 'refund');
    const res = await cancel(jobId);
    expect(res.statusCode, res.body).toBe(200);
    expect(refund).toHaveBeenCalledTimes(1);
    refund.mockRestore();
    expect(await refundsOf(paymentId)).toEqual([
      expect.objectContaining({
        status: 'succeeded',
        amountCents: 4000,
        reason: 'customer_canceled',
      }),
    ]);
    const [mail] = await t.app.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.template, 'pos_refund'), eq(outbox.toAddress, 'pat@example.com')))
      .orderBy(desc(outbox.id))
      .limit(1);
    expect(mail!.textBody).toContain('You canceled your job in time, so the deposit of $40.00');
  });

  it('keeps it for the technician when they cancel within 24 hours of the window', async () => {
    const { jobId, paymentId } = await paidJob('cancel-late-1', 10);
    const refund = vi.spyOn(accountCard(t.app), 'refund');
    const res = await cancel(jobId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('canceled');
    expect(refund).not.toHaveBeenCalled();
    refund.mockRestore();
    expect(await refundsOf(paymentId)).toEqual([]);
  });
});

describe('races and refunded deposits', () => {
  it('charges the deposit once when the request page and the device pay it at once with different keys', async () => {
    const jobId = await s.job();
    const q = (await s.quote({ type: 'fixed', amount: 30 }, jobId)).json();
    // On the request page once sent (a draft is the technician's).
    expect(
      (await s.call('POST', `/api/pos/quotes/${q.id}/send`, s.pro.cookie, {})).statusCode,
    ).toBe(200);
    const ref = formatReference(jobId);
    const token = requestLinkToken(t.app.config.sessionSecret, jobId);
    const [a, b] = [await cardToken(t), await cardToken(t)];
    const charge = vi.spyOn(accountCard(t.app), 'charge');
    const answers = await Promise.all([
      t.app.inject({
        method: 'POST',
        url: `/api/service-requests/${ref}/quotes/${q.id}/approve?t=${token}`,
        payload: {
          signature: SIGNATURE,
          version: 1,
          deposit: { sourceId: a, idempotencyKey: 'race-page-1' },
        },
      }),
      s.call('PATCH', `/api/quotes/${q.id}/approve`, s.pro.cookie, {
        signature: SIGNATURE,
        version: 1,
        deposit: { sourceId: b, idempotencyKey: 'race-device-1' },
      }),
    ]);
    expect(charge).toHaveBeenCalledTimes(1);
    charge.mockRestore();
    // One signs; the other waits on the quote's lock and finds it paid and signed (the device's
    // same signature replays as 200) or the payment under way (409).
    const codes = answers.map((x) => x.statusCode);
    expect(codes).toContain(200);
    expect(codes.every((c) => c === 200 || c === 409)).toBe(true);
    const rows = await depositRows(t, q.id);
    expect(rows.map((r) => [r.status, r.amountCents])).toEqual([['succeeded', 3000]]);
  });

  it('does not sign a quote whose deposit was refunded before the signature', async () => {
    const q = (await s.quote({ type: 'fixed', amount: 12 })).json();
    // The deposit was charged but the signature never landed (its answer was lost).
    const charged = await t.app.payments.card!.charge({
      sourceId: await cardToken(t),
      amountCents: 1200,
      currency: 'USD',
      idempotencyKey: `deposit:${q.id}:lost-signature-1`,
    });
    expect(charged.status).toBe('succeeded');
    const [paid] = await t.app.db
      .insert(invoicePayments)
      .values({
        quoteId: q.id,
        technicianId: s.pro.technicianId,
        method: 'card',
        amountCents: 1200,
        status: 'succeeded',
        provider: t.app.payments.card!.name,
        providerPaymentId: charged.status === 'succeeded' ? charged.providerPaymentId : null,
        receiptNumber: 'R-TEST-REFUNDED-DEPOSIT',
      })
      .returning();
    const refunded = await s.call('POST', `/api/pos/payments/${paid!.id}/refund`, s.pro.cookie, {
      idempotencyKey: 'refund-before-sign-1',
    });
    expect(refunded.statusCode, refunded.body).toBe(200);

    const sign = await s.call('PATCH', `/api/quotes/${q.id}/approve`, s.pro.cookie, {
      signature: SIGNATURE,
      version: 1,
    });
    expect(sign.statusCode).toBe(409);
    expect(sign.json().message).toBe(DEPOSIT_REFUNDED);
    const withCard = await s.call('PATCH', `/api/quotes/${q.id}/approve`, s.pro.cookie, {
      signature: SIGNATURE,
      version: 1,
      deposit: { sourceId: await cardToken(t), idempotencyKey: 'sign-after-refund-1' },
    });
    expect(withCard.statusCode).toBe(409);
    const listed = await s.call('GET', `/api/quotes/technician/${s.pro.technicianId}`);
    expect(listed.json().find((x: { id: number }) => x.id === q.id)).toMatchObject({
      status: 'draft',
      deposit: { status: 'refunded' },
    });
  });

  it('refunds once when the technician refunds a deposit while giving the job back', async () => {
    const jobId = await s.job();
    const q = (await s.quote({ type: 'fixed', amount: 35 }, jobId)).json();
    const signed = await s.call('PATCH', `/api/quotes/${q.id}/approve`, s.pro.cookie, {
      signature: SIGNATURE,
      version: 1,
      deposit: { sourceId: await cardToken(t), idempotencyKey: 'race-give-back-1' },
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const [row] = await depositRows(t, q.id);
    const refund = vi.spyOn(accountCard(t.app), 'refund');
    const [manual, back] = await Promise.all([
      s.call('POST', `/api/pos/payments/${row!.id}/refund`, s.pro.cookie, {
        idempotencyKey: 'race-give-back-refund',
      }),
      s.call('POST', `/api/service-requests/${formatReference(jobId)}/moves`, s.pro.cookie, {
        move: 'cancel',
        reason: 'Called away',
      }),
    ]);
    expect(back.statusCode, back.body).toBe(200);
    expect([200, 409]).toContain(manual.statusCode);
    expect(refund).toHaveBeenCalledTimes(1);
    refund.mockRestore();
    const rows = await t.app.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.paymentId, row!.id));
    expect(rows.map((r) => r.status)).toEqual(['succeeded']);
  });
});

describe('a refund the provider did not answer', () => {
  it('stays processing, then the reconciliation sweep asks again and settles it once', async () => {
    const q = (await s.quote({ type: 'fixed', amount: 45 })).json();
    await s.call('PATCH', `/api/quotes/${q.id}/approve`, s.pro.cookie, {
      signature: SIGNATURE,
      version: 1,
      deposit: { sourceId: await cardToken(t), idempotencyKey: 'sweep-deposit-1' },
    });
    const inv = (await s.call('POST', '/api/invoices', s.pro.cookie, { quoteId: q.id })).json();
    expect(inv.paidAmount).toBe('45.00');
    const [row] = await depositRows(t, q.id);
    const refund = vi
      .spyOn(accountCard(t.app), 'refund')
      .mockRejectedValueOnce(new Error('socket hang up'));
    const asked = await s.call('POST', `/api/pos/payments/${row!.id}/refund`, s.pro.cookie, {
      idempotencyKey: 'sweep-refund-1',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().refund).toMatchObject({ status: 'processing', amount: '45.00' });
    const invoiceOf = async () =>
      (await s.call('GET', `/api/invoices/technician/${s.pro.technicianId}`))
        .json()
        .find((i: { id: number }) => i.id === inv.id);
    expect((await invoiceOf()).paidAmount).toBe('45.00');

    t.clock.advance(60_000);
    try {
      const swept = await t.app.reconcilePayments();
      expect(swept).toMatchObject({ refunds: { succeeded: 1, failed: 0, pending: 0 } });
      const again = await t.app.reconcilePayments();
      expect(again).toMatchObject({ refunds: { succeeded: 0, failed: 0, pending: 0 } });
    } finally {
      t.clock.advance(-60_000);
    }
    expect(refund).toHaveBeenCalledTimes(2);
    // The same provider key both times: the provider gives the money back once.
    expect(refund.mock.calls[1]![2]).toBe(refund.mock.calls[0]![2]);
    refund.mockRestore();
    expect(await invoiceOf()).toMatchObject({ paidAmount: '0.00', balanceDue: '129.90' });
  });
});

describe('with Square (against the stand-in)', () => {
  it('takes the deposit by Square card and refunds it through the Refunds API on give-back', async () => {
    const square = await startSquareStandIn();
    const t2 = await buildTestApp({
      config: {
        cardProvider: 'square',
        square: {
          accessToken: square.token,
          applicationId: 'sandbox-sq0idb-app',
          locationId: 'LOC1',
          environment: 'sandbox',
          baseUrl: square.baseUrl,
        },
      },
    });
    try {
      const s2 = await setup(t2);
      const jobId = await s2.job();
      const q = (await s2.quote({ type: 'percent', percent: 20 }, jobId)).json();
      const declined = await s2.call('PATCH', `/api/quotes/${q.id}/approve`, s2.pro.cookie, {
        signature: SIGNATURE,
        version: 1,
        deposit: { sourceId: SQUARE_NONCES.declined, idempotencyKey: 'sq-deposit-0' },
      });
      expect(declined.statusCode).toBe(402);
      expect(declined.json().message).toBe('The card was declined');
      const signed = await s2.call('PATCH', `/api/quotes/${q.id}/approve`, s2.pro.cookie, {
        signature: SIGNATURE,
        version: 1,
        deposit: { sourceId: SQUARE_NONCES.ok, idempotencyKey: 'sq-deposit-1' },
      });
      expect(signed.statusCode, signed.body).toBe(200);
      const charge = square.requests.find(
        (r) => r.path === '/v2/payments' && r.body.source_id === SQUARE_NONCES.ok,
      )!;
      expect(charge.body.amount_money).toEqual({ amount: 2598, currency: 'USD' });

      const back = await s2.call(
        'POST',
        `/api/service-requests/${formatReference(jobId)}/moves`,
        s2.pro.cookie,
        { move: 'cancel', reason: 'Out of parts' },
      );
      expect(back.statusCode, back.body).toBe(200);
      const refund = square.requests.find((r) => r.path === '/v2/refunds')!;
      const row = (await depositRows(t2, q.id)).find((p) => p.status === 'succeeded');
      expect(refund.body).toMatchObject({
        payment_id: row!.providerPaymentId,
        amount_money: { amount: 2598, currency: 'USD' },
      });
      const [r] = await t2.app.db
        .select()
        .from(paymentRefunds)
        .where(eq(paymentRefunds.paymentId, row!.id));
      expect(r).toMatchObject({ status: 'succeeded', provider: 'square' });
      expect(r!.providerRefundId).toMatch(/^REF/);
    } finally {
      await t2.close();
      await square.close();
    }
  });
});
