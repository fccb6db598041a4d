import { desc, eq } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../../tests/helpers/build-test-app';
import { createUser, signIn } from '../../../../../tests/helpers/factories';
import { uploadDocument } from '../../../../../tests/helpers/onboarding-factories';
import { proTechnician, SIGNATURE, TAX_EXEMPT, FLAT_TAX } from '../../../../../tests/helpers/pos';
import { readPdf } from '../../../../../tests/helpers/pdf';
import { formatCents } from '@shared/money';
import { outbox, serviceRequests } from '../../../db/schema';
import { requestLinkToken } from '../../../domain/request-links';
import { FAILED_PAYMENT_NO_RECEIPT } from './pos.documents';

// The point of sale's documents as PDFs: what they say, who may download them, and the e-mails
// that carry them (rendered when delivered, never stored in the outbox).

type Method = 'GET' | 'POST' | 'PATCH';

let t: TestApp;
const sent: { attachments?: { filename: string; content: Buffer; contentType: string }[] }[] = [];
const sendMail = vi.fn(async (message: (typeof sent)[number]) => {
  sent.push(message);
  return {};
});
let pro: Awaited<ReturnType<typeof proTechnician>>;
let other: Awaited<ReturnType<typeof proTechnician>>;
let admin: string;
let customer: string;
let stranger: string;
let jobId: number;
let quote: { id: number; quoteNumber: string; totalAmount: string };
let invoice: { id: number; invoiceNumber: string; totalAmount: string };
let cash: { id: number; receiptNumber: string; amount: string };
let declined: { id: number; receiptNumber: string };

const call = (method: Method, url: string, cookie?: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload ? { payload } : {}),
  });

const cents = (decimal: string) => Math.round(Number(decimal) * 100);

beforeAll(async () => {
  t = await buildTestApp({
    deps: { mailTransport: { sendMail, close: () => {} } as unknown as Transporter },
  });
  pro = await proTechnician(t.app);
  other = await proTechnician(t.app);
  const a = await createUser(t.app, { role: 'admin' });
  admin = await signIn(t.app, a.username!);
  const owner = await createUser(t.app);
  customer = await signIn(t.app, owner.username!);
  stranger = await signIn(t.app, (await createUser(t.app)).username!);
  const [job] = await t.app.db
    .insert(serviceRequests)
    .values({
      customerId: owner.id,
      serviceType: 'Brakes',
      description: 'Squeaky brakes',
      location: 'Hyattsville, MD',
      contactEmail: 'pat@example.com',
      contactName: 'Pat Driver',
      status: 'accepted',
      assignedTechnicianId: pro.technicianId,
      assignedAt: t.clock.now,
    })
    .returning();
  jobId = job!.id;
  const q = await call('POST', '/api/quotes', pro.cookie, {
    serviceRequestId: jobId,
    customerName: 'Pat Driver – “Zoë” 日本',
    customerEmail: 'pat@example.com',
    vehicleYear: '2016',
    vehicleMake: 'Toyota',
    vehicleModel: 'Corolla',
    items: [
      { type: 'labor', description: 'Replace brake pads', quantity: 1.5, unitPrice: 95 },
      { type: 'part', description: 'Brake pad set ✓', quantity: 2, unitPrice: 40 },
    ],
    ...FLAT_TAX,
  });
  expect(q.statusCode, q.body).toBe(201);
  quote = q.json();
  const approved = await call('PATCH', `/api/quotes/${quote.id}/approve`, pro.cookie, {
    signature: SIGNATURE,
    version: 1,
  });
  expect(approved.statusCode, approved.body).toBe(200);
  const inv = await call('POST', '/api/invoices', pro.cookie, { quoteId: quote.id });
  expect(inv.statusCode, inv.body).toBe(201);
  invoice = inv.json();
  const paid = await call('POST', '/api/pos/payments', pro.cookie, {
    invoiceId: invoice.id,
    amount: 50,
    method: 'cash',
    customerName: 'Pat Driver',
  });
  expect(paid.statusCode, paid.body).toBe(201);
  cash = paid.json();
  const token = (
    await t.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/tokenize',
      payload: { number: '4000 0000 0000 0002', expiry: '12/39', cvv: '123' },
    })
  ).json().token;
  const card = await call('POST', '/api/square/create-payment', pro.cookie, {
    amount: 10,
    sourceId: token,
    idempotencyKey: 'pdf-declined-1',
    invoiceId: invoice.id,
  });
  expect(card.statusCode, card.body).toBe(402);
  declined = card.json().payment;
});
afterAll(() => t.close());

const pdfOf = async (url: string, cookie?: string) => {
  const res = await call('GET', url, cookie);
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  const { pages, text } = await readPdf(res.rawPayload);
  // One space between the text layer's pieces, as a reader sees them.
  return { res, pages, text: text.replace(/\s+/g, ' ') };
};

describe('the PDFs', () => {
  it('writes a quote: number, customer, lines, totals, as real text', async () => {
    const { res, text } = await pdfOf(`/api/quotes/${quote.id}/pdf`, pro.cookie);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="${quote.quoteNumber}.pdf"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(text).toContain(quote.quoteNumber);
    expect(text).toContain('Replace brake pads');
    expect(text).toContain(formatCents(9500)); // unit price
    expect(text).toContain(formatCents(14250)); // 1.5 x $95
    expect(text).toContain(formatCents(cents(quote.totalAmount)));
    // Characters the standard font cannot write are replaced, the rest kept.
    expect(text).toContain('Pat Driver');
    expect(text).toContain('Zo');
    expect(text).not.toContain('日本');
  });

  it('writes an invoice as it was issued: totals and the balance then due, its hash', async () => {
    const { text } = await pdfOf(`/api/invoices/${invoice.id}/pdf`, pro.cookie);
    expect(text).toContain(invoice.invoiceNumber);
    expect(text).toContain(formatCents(cents(invoice.totalAmount)));
    expect(text).toMatch(/Document hash \(SHA-256\): [0-9a-f]{64}/);
    // Payments made after it was issued have receipts of their own: not on the invoice.
    expect(text).not.toContain(cash.receiptNumber);
    expect(text).not.toContain(declined.receiptNumber);
  });

  it('writes a receipt with the payment method and the amount, as of its payment', async () => {
    const { res, text } = await pdfOf(`/api/pos/receipts/${cash.id}/pdf`, pro.cookie);
    expect(res.headers['content-disposition']).toBe(`inline; filename="${cash.receiptNumber}.pdf"`);
    expect(text).toContain(cash.receiptNumber);
    expect(text).toContain('Cash');
    expect(text).toContain(invoice.invoiceNumber);
    expect(text).toContain(`Paid to date ${formatCents(5000)}`);
    expect(text).toContain(`Balance due ${formatCents(cents(invoice.totalAmount) - 5000)}`);
    expect(text).toMatch(/Document hash \(SHA-256\): [0-9a-f]{64}/);
  });

  it('keeps issued documents as records: the same bytes before and after later payments', async () => {
    const bytes = async (url: string) => (await pdfOf(url, pro.cookie)).res.rawPayload;
    const urls = [
      `/api/quotes/${quote.id}/pdf`,
      `/api/invoices/${invoice.id}/pdf`,
      `/api/pos/receipts/${cash.id}/pdf`,
    ];
    const before = await Promise.all(urls.map(bytes));
    t.clock.advance(3 * 24 * 3600_000);
    const rest = cents(invoice.totalAmount) - 5000;
    const second = await call('POST', '/api/pos/payments', pro.cookie, {
      invoiceId: invoice.id,
      amount: rest / 100,
      method: 'check',
      customerName: 'Pat Driver',
    });
    expect(second.statusCode, second.body).toBe(201);
    const after = await Promise.all(urls.map(bytes));
    after.forEach((b, i) => expect(Buffer.compare(b, before[i]!), urls[i]).toBe(0));
    // The new payment's receipt says what was paid by then.
    const { text } = await pdfOf(`/api/pos/receipts/${second.json().id}/pdf`, pro.cookie);
    expect(text).toContain(`Paid to date ${formatCents(cents(invoice.totalAmount))}`);
    expect(text).toContain(`Balance due ${formatCents(0)}`);
    // The receipt page says the same as its PDF.
    const page = await call('GET', `/api/pos/receipts/${cash.id}`, pro.cookie);
    expect(page.json().asOfPayment).toEqual({
      paidToDate: '50.00',
      balanceDue: (rest / 100).toFixed(2),
    });
  });

  it('declares a binary application/pdf answer in the OpenAPI document', () => {
    const doc = t.app.swagger() as {
      paths: Record<string, { get: { responses: Record<string, { content: object }> } }>;
    };
    for (const path of [
      '/api/quotes/{id}/pdf',
      '/api/invoices/{id}/pdf',
      '/api/pos/receipts/{id}/pdf',
    ])
      expect(doc.paths[path]!.get.responses['200']!.content).toEqual({
        'application/pdf': { schema: { type: 'string', format: 'binary' } },
      });
  });

  it("carries the technician's branding: business name, logo and footer", async () => {
    const branded = await proTechnician(t.app);
    const logo = await uploadDocument(t.app, {
      cookie: branded.cookie,
      body: { kind: 'brandingLogo' },
    });
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/technicians/me/branding',
      headers: { cookie: branded.cookie },
      payload: {
        businessName: 'Ace Mobile Auto',
        footerText: 'Licensed in MD and VA',
        logoDocumentId: logo.documentId,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const q = await call('POST', '/api/quotes', branded.cookie, {
      customerName: 'Pat Driver',
      items: [{ type: 'labor', description: 'Diagnose', quantity: 1, unitPrice: 120 }],
      ...FLAT_TAX,
    });
    const { res, text } = await pdfOf(`/api/quotes/${q.json().id}/pdf`, branded.cookie);
    expect(text).toContain('Ace Mobile Auto');
    expect(text).toContain('Licensed in MD and VA');
    expect(res.rawPayload.toString('latin1')).toContain('/Subtype /Image');
    // Without a logo, no image.
    const plain = await call('GET', `/api/quotes/${quote.id}/pdf`, pro.cookie);
    expect(plain.rawPayload.toString('latin1')).not.toContain('/Subtype /Image');
  });

  it('has no receipt for a declined attempt (409)', async () => {
    const res = await call('GET', `/api/pos/receipts/${declined.id}/pdf`, pro.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(FAILED_PAYMENT_NO_RECEIPT);
    const mailed = await call('POST', '/api/pos/email-receipt', pro.cookie, {
      paymentId: declined.id,
      customerEmail: 'pat@example.com',
    });
    expect(mailed.statusCode).toBe(409);
  });

  it('flows long content onto further pages, nothing lost', async () => {
    const items = Array.from({ length: 70 }, (_, i) => ({
      type: 'part',
      description: `Part number ${i + 1} ${'with a long description that has to wrap '.repeat(i % 3)}`,
      quantity: 1,
      unitPrice: 1,
    }));
    const q = await call('POST', '/api/quotes', pro.cookie, {
      customerName: 'Long List',
      items,
      ...TAX_EXEMPT,
      notes: 'Note '.repeat(400),
    });
    expect(q.statusCode, q.body).toBe(201);
    const { pages, text } = await pdfOf(`/api/quotes/${q.json().id}/pdf`, pro.cookie);
    expect(pages.length).toBeGreaterThan(2);
    expect(text).toContain('Part number 1 ');
    expect(text).toContain('Part number 70');
    expect(text).toContain(formatCents(7000));
    expect(pages.at(-1)).toContain(`Page ${pages.length} of ${pages.length}`);
  });
});

describe('who may download them', () => {
  const urls = () => [
    `/api/quotes/${quote.id}/pdf`,
    `/api/invoices/${invoice.id}/pdf`,
    `/api/pos/receipts/${cash.id}/pdf`,
  ];

  it('the technician, an admin, the customer and a guest with the request link', async () => {
    const link = requestLinkToken(t.app.config.sessionSecret, jobId);
    for (const url of urls()) {
      for (const cookie of [pro.cookie, admin, customer])
        expect((await call('GET', url, cookie)).statusCode, url).toBe(200);
      expect((await call('GET', `${url}?t=${link}`)).statusCode, url).toBe(200);
    }
  });

  it('nobody else: the 404 of an unknown id', async () => {
    const wrong = requestLinkToken(t.app.config.sessionSecret, jobId + 1000);
    for (const url of urls()) {
      for (const cookie of [other.cookie, stranger, undefined]) {
        const res = await call('GET', url, cookie);
        expect(res.statusCode, url).toBe(404);
      }
      expect((await call('GET', `${url}?t=${wrong}`)).statusCode).toBe(404);
    }
    const unknown = await call('GET', '/api/quotes/999999/pdf', pro.cookie);
    const hidden = await call('GET', `/api/quotes/${quote.id}/pdf`, other.cookie);
    expect(hidden.json().message).toBe(unknown.json().message);
  });

  it("a quote's approval link opens that quote only", async () => {
    const q = await call('POST', '/api/quotes', pro.cookie, {
      customerName: 'Remote Signer',
      items: [{ type: 'labor', description: 'Diagnose', quantity: 1, unitPrice: 120 }],
      ...FLAT_TAX,
    });
    const id = q.json().id;
    await call('POST', '/api/pos/email-quote', pro.cookie, {
      quoteId: id,
      customerEmail: 'remote@example.com',
    });
    const [mail] = await t.app.db
      .select()
      .from(outbox)
      .where(eq(outbox.toAddress, 'remote@example.com'))
      .orderBy(desc(outbox.id))
      .limit(1);
    const token = /quote-approval\/([A-Za-z0-9_-]+)/.exec(mail!.textBody)?.[1];
    expect(token, mail!.textBody).toBeTruthy();
    expect((await call('GET', `/api/quotes/${id}/pdf?t=${token}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/quotes/${quote.id}/pdf?t=${token}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/invoices/${invoice.id}/pdf?t=${token}`)).statusCode).toBe(404);
  });
});

describe('e-mails carry them', () => {
  type Mailed = { to: string; template: string; attachments: { filename: string }[] };
  const mailbox = async (): Promise<Mailed[]> =>
    (await call('GET', '/api/dev/mailbox?limit=500')).json();

  it('the quote, invoice and receipt e-mails list their PDFs; the outbox stores no bytes', async () => {
    await call('POST', '/api/pos/email-quote', pro.cookie, {
      quoteId: quote.id,
      customerEmail: 'quote@example.com',
    });
    await call('POST', '/api/pos/email-receipt', pro.cookie, {
      paymentId: cash.id,
      customerEmail: 'receipt@example.com',
    });
    const mails = await mailbox();
    const of = (to: string, template: string) =>
      mails.find((m) => m.to === to && m.template === template)?.attachments;
    expect(of('quote@example.com', 'pos_quote')).toEqual([
      { filename: `${quote.quoteNumber}.pdf`, contentType: 'application/pdf' },
    ]);
    expect(of('receipt@example.com', 'pos_receipt')).toEqual([
      { filename: `${cash.receiptNumber}.pdf`, contentType: 'application/pdf' },
      { filename: `${invoice.invoiceNumber}.pdf`, contentType: 'application/pdf' },
    ]);
    // The invoice e-mail the job's customer got when the invoice was made.
    expect(of('pat@example.com', 'job_invoice_ready')).toEqual([
      { filename: `${invoice.invoiceNumber}.pdf`, contentType: 'application/pdf' },
    ]);
    const rows = await t.app.db
      .select()
      .from(outbox)
      .where(eq(outbox.toAddress, 'quote@example.com'));
    expect(JSON.stringify(rows[0]!.payload)).not.toContain('%PDF');
  });

  it('renders the PDFs when the e-mail is delivered', async () => {
    sent.length = 0;
    await call('POST', '/api/pos/email-receipt', pro.cookie, {
      paymentId: cash.id,
      customerEmail: 'delivered@example.com',
    });
    await t.app.outbox.drain();
    const message = sent.find((m) =>
      m.attachments?.some((a) => a.filename === `${cash.receiptNumber}.pdf`),
    );
    expect(message).toBeDefined();
    const pdf = message!.attachments!.find((a) => a.filename === `${cash.receiptNumber}.pdf`)!;
    expect(pdf.contentType).toBe('application/pdf');
    expect((await readPdf(pdf.content)).text).toContain(cash.receiptNumber);
  });
});
