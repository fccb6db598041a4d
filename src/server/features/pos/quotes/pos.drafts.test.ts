import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../../tests/helpers/build-test-app';
import { createUser, signIn } from '../../../../../tests/helpers/factories';
import { proTechnician, SIGNATURE, FLAT_TAX } from '../../../../../tests/helpers/pos';
import { formatReference } from '@shared/service-request-rules';
import { serviceRequests } from '../../../db/schema';
import { requestLinkToken } from '../../../domain/request-links';

// A quote saved at the point of sale is the technician's draft until 'Send to customer': no
// customer-facing read shows it (the request page, its PDF, signing it there), whoever asks
// as the customer; the technician and admins still see it.

let t: TestApp;
let pro: { cookie: string; technicianId: number };
let customer: { id: number; cookie: string };
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  pro = await proTechnician(t.app);
  const c = await createUser(t.app);
  customer = { id: c.id, cookie: await signIn(t.app, c.username!) };
  const a = await createUser(t.app, { role: 'admin' });
  admin = await signIn(t.app, a.username!);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    ...(cookie ? { headers: { cookie } } : {}),
    ...(payload ? { payload } : {}),
  });

async function jobWithDraft() {
  const [row] = await t.app.db
    .insert(serviceRequests)
    .values({
      customerId: customer.id,
      submittedAs: 'customer',
      serviceType: 'Diagnostics',
      description: 'Check engine light is on',
      location: 'Hyattsville, MD',
      contactEmail: 'drafts.customer@example.com',
      status: 'accepted',
      assignedTechnicianId: pro.technicianId,
      assignedAt: new Date(),
    })
    .returning();
  const created = await call('POST', '/api/quotes', pro.cookie, {
    customerName: 'Pat Driver',
    customerEmail: 'drafts.customer@example.com',
    items: [{ type: 'labor', description: 'Diagnose', quantity: 1, unitPrice: 120 }],
    ...FLAT_TAX,
    serviceRequestId: row!.id,
  });
  expect(created.statusCode, created.body).toBe(201);
  const quote = created.json() as { id: number; status: string; version: number };
  expect(quote.status).toBe('draft');
  const reference = formatReference(row!.id);
  return {
    quote,
    reference,
    /** The request's signed link (a guest's way in). */
    link: requestLinkToken(t.app.config.sessionSecret, row!.id),
  };
}

const quotesOnPage = async (reference: string, cookie?: string, token?: string) => {
  const res = await call(
    'GET',
    `/api/service-requests/${reference}${token ? `?t=${token}` : ''}`,
    cookie,
  );
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { quotes: { id: number }[] }).quotes.map((q) => q.id);
};

describe('an unsent quote draft', () => {
  it('is not on the request page, its PDF or signable by the customer; once sent it is', async () => {
    const { quote, reference, link } = await jobWithDraft();

    // The customer, signed in or with the request's link: no quote at all.
    expect(await quotesOnPage(reference, customer.cookie)).toEqual([]);
    expect(await quotesOnPage(reference, undefined, link)).toEqual([]);
    // Its PDF answers as an unknown quote would.
    const unknownPdf = await call('GET', '/api/quotes/999999/pdf', customer.cookie);
    for (const [cookie, token] of [
      [customer.cookie, undefined],
      [undefined, link],
    ] as const) {
      const pdf = await call(
        'GET',
        `/api/quotes/${quote.id}/pdf${token ? `?t=${token}` : ''}`,
        cookie,
      );
      expect(pdf.statusCode).toBe(404);
      expect(pdf.json()).toEqual(unknownPdf.json());
    }
    // Nor can the customer sign it on the request page.
    const sign = await call(
      'POST',
      `/api/service-requests/${reference}/quotes/${quote.id}/approve`,
      customer.cookie,
      { signature: SIGNATURE, version: quote.version },
    );
    expect(sign.statusCode, sign.body).toBe(404);
    expect(sign.json().message).toBe('Quote not found');

    // The technician and admins still see the draft.
    expect(await quotesOnPage(reference, pro.cookie)).toEqual([quote.id]);
    expect(await quotesOnPage(reference, admin)).toEqual([quote.id]);
    for (const cookie of [pro.cookie, admin]) {
      const pdf = await call('GET', `/api/quotes/${quote.id}/pdf`, cookie);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toContain('application/pdf');
    }

    // 'Send to customer': now it is the customer's to read and sign.
    const sent = await call('POST', `/api/pos/quotes/${quote.id}/send`, pro.cookie, {});
    expect(sent.statusCode, sent.body).toBe(200);
    const version = (sent.json() as { quote: { version: number } }).quote.version;
    expect(await quotesOnPage(reference, customer.cookie)).toEqual([quote.id]);
    expect(await quotesOnPage(reference, undefined, link)).toEqual([quote.id]);
    const pdf = await call('GET', `/api/quotes/${quote.id}/pdf?t=${link}`);
    expect(pdf.statusCode).toBe(200);
    const signed = await call(
      'POST',
      `/api/service-requests/${reference}/quotes/${quote.id}/approve`,
      customer.cookie,
      { signature: SIGNATURE, version },
    );
    expect(signed.statusCode, signed.body).toBe(200);
  });

  it('signed in person at the point of sale, it is the customer’s without being sent', async () => {
    const { quote, reference } = await jobWithDraft();
    const inPerson = await t.app.inject({
      method: 'PATCH',
      url: `/api/quotes/${quote.id}/approve`,
      headers: { cookie: pro.cookie },
      payload: { signature: SIGNATURE, version: quote.version },
    });
    expect(inPerson.statusCode, inPerson.body).toBe(200);
    expect(await quotesOnPage(reference, customer.cookie)).toEqual([quote.id]);
    const pdf = await call('GET', `/api/quotes/${quote.id}/pdf`, customer.cookie);
    expect(pdf.statusCode).toBe(200);
  });
});
