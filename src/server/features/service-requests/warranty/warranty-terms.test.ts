import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../../tests/helpers/build-test-app';
import { createUser, signIn } from '../../../../../tests/helpers/factories';
import { readPdf } from '../../../../../tests/helpers/pdf';
import { proTechnician, SIGNATURE, type PosTechnician } from '../../../../../tests/helpers/pos';
import { formatReference } from '@shared/service-request-rules';
import { quotes, serviceRequests } from '../../../db/schema';

// The warranty a job carries (ADR 044): the platform's 12 months or 12,000 miles, or more when
// the technician offers more. The quote states the terms of its day, the invoice and receipt
// repeat them (on the page and in the PDF), and claims are measured against them.

const DAY = 86_400_000;
const TWELVE =
  'Workmanship warranty: 12 months or 12,000 miles, whichever comes first, on parts and labour.';
const TWENTY_FOUR =
  'Workmanship warranty: 24 months or 24,000 miles, whichever comes first, on parts and labour.';

let t: TestApp;
let pro: PosTechnician;
let customer: { id: number; cookie: string };

beforeAll(async () => {
  t = await buildTestApp();
  pro = await proTechnician(t.app);
  const c = await createUser(t.app, { role: 'customer' });
  customer = { id: c.id, cookie: await signIn(t.app, c.username!) };
});
afterAll(() => t.close());

const call = (
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  payload?: object,
  cookie = pro.cookie,
) => t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

async function job() {
  const [row] = await t.app.db
    .insert(serviceRequests)
    .values({
      customerId: customer.id,
      serviceType: 'Brake Service',
      description: 'Brakes grind.\n\nVehicle: 2019 Ford Focus\nMileage: 61,000',
      location: 'Bowie, MD',
      status: 'in_progress',
      assignedTechnicianId: pro.technicianId,
      assignedAt: t.clock.now,
    })
    .returning();
  return row!.id;
}

const ITEMS = [{ type: 'labor', description: 'Replace pads', quantity: 1, unitPrice: 100 }];
const quoteFor = async (serviceRequestId: number) => {
  const res = await call('POST', '/api/quotes', {
    customerName: 'Pat Driver',
    items: ITEMS,
    serviceRequestId,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; warranty: unknown; contentHash: string };
};

describe("the technician's warranty offer", () => {
  it('is the platform minimum until changed, and refused below it or beyond the maximum', async () => {
    expect((await call('GET', '/api/technicians/me')).json().warranty).toEqual({
      months: 12,
      miles: 12_000,
    });
    for (const [body, path, message] of [
      [{ warrantyMonths: 6 }, 'warrantyMonths', 'The warranty must be at least 12 months'],
      [{ warrantyMonths: 61 }, 'warrantyMonths', 'The warranty can be at most 60 months'],
      [{ warrantyMiles: 5000 }, 'warrantyMiles', 'The warranty must cover at least 12,000 miles'],
      [{ warrantyMiles: 1e9 }, 'warrantyMiles', 'The warranty can cover at most 100,000 miles'],
      [{ warrantyMonths: 'two years' }, 'warrantyMonths', 'Warranty months must be a number'],
    ] as const) {
      const res = await call('PATCH', '/api/technicians/me', body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().issues).toContainEqual(expect.objectContaining({ path, message }));
    }
  });

  it('goes on new quotes and on the public profile; a sent quote keeps the terms of its day', async () => {
    const first = await quoteFor(await job());
    expect(first.warranty).toEqual({ months: 12, miles: 12_000 });
    const pdf = await readPdf((await call('GET', `/api/quotes/${first.id}/pdf`)).rawPayload);
    expect(pdf.text.replace(/\s+/g, ' ')).toContain(TWELVE);

    const offered = await call('PATCH', '/api/technicians/me', {
      warrantyMonths: 24,
      warrantyMiles: 24_000,
    });
    expect(offered.statusCode, offered.body).toBe(200);
    const profile = await t.app.inject({ url: `/api/technicians/${pro.technicianId}` });
    expect(profile.json().warranty).toEqual({ months: 24, miles: 24_000 });

    // The first quote still states 12 months; its content hash is unchanged.
    const list = (await call('GET', `/api/quotes/technician/${pro.technicianId}`)).json();
    const again = list.find((q: { id: number }) => q.id === first.id);
    expect(again.warranty).toEqual({ months: 12, miles: 12_000 });
    expect(again.contentHash).toBe(first.contentHash);
    const second = await quoteFor(await job());
    expect(second.warranty).toEqual({ months: 24, miles: 24_000 });
    // The terms are part of what the customer signs: the same content, other terms, other hash.
    const [row] = await t.app.db.select().from(quotes).where(eq(quotes.id, second.id));
    expect(row).toMatchObject({ warrantyMonths: 24, warrantyMiles: 24_000 });
  });
});

describe('quote, invoice and receipt', () => {
  it('state the warranty on the page and in the PDF; the claim is measured against it', async () => {
    await call('PATCH', '/api/technicians/me', { warrantyMonths: 24, warrantyMiles: 24_000 });
    const jobId = await job();
    const reference = formatReference(jobId);
    const quote = await quoteFor(jobId);
    expect(
      (await readPdf((await call('GET', `/api/quotes/${quote.id}/pdf`)).rawPayload)).text,
    ).toContain('Workmanship warranty: 24 months or 24,000 miles');
    // The job's page shows the quote with its terms, once sent to the customer.
    const sent = await call('POST', '/api/pos/email-quote', {
      quoteId: quote.id,
      customerEmail: 'pat@example.com',
      customerName: 'Pat Driver',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const page = (
      await call('GET', `/api/service-requests/${reference}`, undefined, customer.cookie)
    ).json();
    expect(page.quotes[0].warranty).toEqual({ months: 24, miles: 24_000 });

    const signed = await call('PATCH', `/api/quotes/${quote.id}/approve`, {
      signature: SIGNATURE,
      version: 1,
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const invoice = await call('POST', '/api/invoices', { quoteId: quote.id });
    expect(invoice.statusCode, invoice.body).toBe(201);
    expect(invoice.json().warranty).toEqual({ months: 24, miles: 24_000 });
    const invoicePdf = await readPdf(
      (await call('GET', `/api/invoices/${invoice.json().id}/pdf`)).rawPayload,
    );
    expect(invoicePdf.text.replace(/\s+/g, ' ')).toContain(TWENTY_FOUR);

    const paid = await call('POST', '/api/pos/payments', {
      invoiceId: invoice.json().id,
      amount: 100,
      method: 'cash',
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const receipt = (await call('GET', `/api/pos/receipts/${paid.json().id}`)).json();
    expect(receipt.invoice.warranty).toEqual({ months: 24, miles: 24_000 });
    const receiptPdf = await readPdf(
      (await call('GET', `/api/pos/receipts/${paid.json().id}/pdf`)).rawPayload,
    );
    expect(receiptPdf.text.replace(/\s+/g, ' ')).toContain(TWENTY_FOUR);

    // Completed 13 months ago: past the platform's 12 months, inside this job's 24.
    await t.app.db
      .update(serviceRequests)
      .set({ status: 'completed', completedAt: new Date(t.clock.now.getTime() - 395 * DAY) })
      .where(eq(serviceRequests.id, jobId));
    const view = (
      await call(
        'GET',
        `/api/service-requests/${reference}/warranty-claims`,
        undefined,
        customer.cookie,
      )
    ).json();
    expect(view).toMatchObject({
      terms: { months: 24, miles: 24_000 },
      coveredMiles: 85_000,
      canClaim: true,
    });
    const claim = await call(
      'POST',
      `/api/service-requests/${reference}/warranty-claims`,
      { problem: 'The grinding came back after a year.', mileage: 84_000 },
      customer.cookie,
    );
    expect(claim.statusCode, claim.body).toBe(201);
  });

  it("a job without a signed quote has the platform's terms", async () => {
    const jobId = await job();
    await t.app.db
      .update(serviceRequests)
      .set({ status: 'completed', completedAt: new Date(t.clock.now.getTime() - 395 * DAY) })
      .where(eq(serviceRequests.id, jobId));
    const view = (
      await call(
        'GET',
        `/api/service-requests/${formatReference(jobId)}/warranty-claims`,
        undefined,
        customer.cookie,
      )
    ).json();
    expect(view).toMatchObject({ terms: { months: 12, miles: 12_000 }, canClaim: false });
  });
});
