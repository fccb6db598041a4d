import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../../tests/helpers/build-test-app';
import { createUser } from '../../../../../tests/helpers/factories';
import { proTechnician, SIGNATURE, TAX_EXEMPT } from '../../../../../tests/helpers/pos';
import { formatReference } from '@shared/service-request-rules';
import {
  DRAFT_ONLY_MESSAGE,
  QUOTE_CHANGED_MESSAGE,
  QUOTE_LINK_REPLACED,
  QUOTE_VERSION_REQUIRED,
} from '@shared/schemas/pos';
import { invoicePayments, outbox, quotes, serviceRequests } from '../../../db/schema';
import { requestLinkToken } from '../../../domain/request-links';

/** Signatures on exactly what the customer saw (ADR 026). */

let t: TestApp;
let pro: { cookie: string; technicianId: number };

beforeAll(async () => {
  t = await buildTestApp();
  pro = await proTechnician(t.app);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: pro.cookie }, ...(payload ? { payload } : {}) });

const quoteOf = (price: number) => ({
  customerName: 'Pat Driver',
  customerEmail: 'pat@example.com',
  items: [{ type: 'labor', description: 'Diagnose the brakes', quantity: 1, unitPrice: price }],
  ...TAX_EXEMPT,
});

async function lastLink() {
  const [mail] = await t.app.db
    .select()
    .from(outbox)
    .where(eq(outbox.template, 'pos_quote'))
    .orderBy(desc(outbox.id))
    .limit(1);
  return { mail: mail!, token: /\/quote-approval\/([\w-]+)/.exec(mail!.textBody)![1]! };
}

/** A $100 quote e-mailed to the customer, and the token of its approval link. */
async function emailedQuote() {
  const q = (await call('POST', '/api/quotes', quoteOf(100))).json();
  const sent = await call('POST', '/api/pos/email-quote', {
    quoteId: q.id,
    customerEmail: 'pat@example.com',
  });
  expect(sent.statusCode).toBe(200);
  return { q, token: (await lastLink()).token };
}

const view = (token: string) =>
  t.app.inject({ method: 'GET', url: `/api/quote-approvals/${token}` });
const signOnLink = (token: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/quote-approvals/${token}`,
    payload,
    remoteAddress: '203.0.113.9',
    headers: { 'user-agent': 'CustomerPhone/1.0' },
  });

const stored = async (id: number) =>
  (await t.app.db.select().from(quotes).where(eq(quotes.id, id)))[0]!;

describe('a quote edited after the customer opened it', () => {
  it('refuses the signature given on the $100 version once the quote says $9,000', async () => {
    const { q, token } = await emailedQuote();
    const seen = (await view(token)).json();
    expect(seen).toMatchObject({ totalAmount: '100.00', version: 1 });

    const edited = await call('PUT', `/api/quotes/${q.id}`, quoteOf(9000));
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ totalAmount: '9000.00', version: 2 });

    const signed = await signOnLink(token, {
      signature: SIGNATURE,
      version: seen.version,
      contentHash: seen.contentHash,
    });
    expect(signed.statusCode).toBe(409);
    expect(signed.json().message).toBe(QUOTE_LINK_REPLACED);
    const row = await stored(q.id);
    expect(row).toMatchObject({ status: 'draft', signature: null, signedAt: null });
  });

  it('voids the old link (a clear answer, not a 500) and e-mails the customer a new one', async () => {
    const { q, token } = await emailedQuote();
    await call('PUT', `/api/quotes/${q.id}`, quoteOf(9000));

    const old = await view(token);
    expect(old.statusCode).toBe(410);
    expect(old.json().message).toBe(QUOTE_LINK_REPLACED);

    const { mail, token: fresh } = await lastLink();
    expect(fresh).not.toBe(token);
    expect(mail.toAddress).toBe('pat@example.com');
    expect(mail.subject).toContain('changed');
    expect(mail.textBody).toContain('version 2');
    expect(mail.textBody).toContain('Total: $9,000.00');
    const now = (await view(fresh)).json();
    expect(now).toMatchObject({ totalAmount: '9000.00', version: 2, status: 'draft' });

    const signed = await signOnLink(fresh, {
      signature: SIGNATURE,
      version: now.version,
      contentHash: now.contentHash,
    });
    expect(signed.statusCode).toBe(200);
    expect(signed.json()).toMatchObject({ status: 'approved', totalAmount: '9000.00' });
  });

  it('refuses a signature on an older version on the same link (the request page, the device)', async () => {
    const q = (await call('POST', '/api/quotes', quoteOf(100))).json();
    expect(q.version).toBe(1);
    await call('PUT', `/api/quotes/${q.id}`, quoteOf(9000));
    const res = await call('PATCH', `/api/quotes/${q.id}/approve`, {
      signature: SIGNATURE,
      version: 1,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(QUOTE_CHANGED_MESSAGE);
    expect((await stored(q.id)).status).toBe('draft');
  });

  it('refuses a signature whose content hash is not the content of that version', async () => {
    const q = (await call('POST', '/api/quotes', quoteOf(100))).json();
    const res = await call('PATCH', `/api/quotes/${q.id}/approve`, {
      signature: SIGNATURE,
      version: q.version,
      contentHash: 'a'.repeat(64),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(QUOTE_CHANGED_MESSAGE);
    expect((await stored(q.id)).status).toBe('draft');
  });

  it('needs the version signed (400 with a clear message, nothing signed)', async () => {
    const q = (await call('POST', '/api/quotes', quoteOf(100))).json();
    const res = await call('PATCH', `/api/quotes/${q.id}/approve`, { signature: SIGNATURE });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(QUOTE_VERSION_REQUIRED);
    expect((await stored(q.id)).status).toBe('draft');
  });
});

describe('versions', () => {
  it('go up when what the customer sees changes, not for the contact details alone', async () => {
    const { q, token } = await emailedQuote();
    const same = await call('PUT', `/api/quotes/${q.id}`, {
      ...quoteOf(100),
      customerPhone: '(301) 555-0100',
    });
    expect(same.json()).toMatchObject({ version: 1, contentHash: q.contentHash });
    expect((await view(token)).statusCode).toBe(200);

    const notes = await call('PUT', `/api/quotes/${q.id}`, {
      ...quoteOf(100),
      notes: 'Terms: 30 days',
    });
    expect(notes.json().version).toBe(2);
    expect(notes.json().contentHash).not.toBe(q.contentHash);
    const taxed = await call('PUT', `/api/quotes/${q.id}`, {
      ...quoteOf(100),
      notes: 'Terms: 30 days',
      taxRate: 10,
      laborTaxRate: 10,
    });
    expect(taxed.json()).toMatchObject({ version: 3, totalAmount: '110.00' });
    // Back to the first content: same hash as then, a new version all the same.
    const back = await call('PUT', `/api/quotes/${q.id}`, quoteOf(100));
    expect(back.json()).toMatchObject({ version: 4, contentHash: q.contentHash });
  });

  it('a signed quote is final: edits are refused with 409 and change nothing', async () => {
    const q = (await call('POST', '/api/quotes', quoteOf(100))).json();
    const ok = await call('PATCH', `/api/quotes/${q.id}/approve`, {
      signature: SIGNATURE,
      version: 1,
    });
    expect(ok.statusCode).toBe(200);
    const res = await call('PUT', `/api/quotes/${q.id}`, quoteOf(9000));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(DRAFT_ONLY_MESSAGE);
    expect(await stored(q.id)).toMatchObject({ totalAmountCents: 10_000, version: 1 });
  });
});

describe('the audit trail', () => {
  it('keeps time, address, browser, version, hash and signer, shown on the quote and the link', async () => {
    const { q, token } = await emailedQuote();
    const seen = (await view(token)).json();
    expect(seen.signatureAudit).toBeNull();
    const signed = await signOnLink(token, {
      signature: SIGNATURE,
      version: seen.version,
      contentHash: seen.contentHash,
      signerName: 'Pat D.',
    });
    expect(signed.statusCode).toBe(200);
    const audit = {
      signerName: 'Pat D.',
      channel: 'email_link',
      ipAddress: '203.0.113.9',
      userAgent: 'CustomerPhone/1.0',
      version: 1,
      contentHash: seen.contentHash,
      signedAt: (await stored(q.id)).signedAt!.toISOString(),
    };
    expect(signed.json().signatureAudit).toEqual(audit);
    const listed = (await call('GET', `/api/quotes/technician/${pro.technicianId}`)).json();
    expect(listed.find((x: { id: number }) => x.id === q.id).signatureAudit).toEqual(audit);
  });

  it("names the quote's customer and the technician's device when signed in person", async () => {
    const q = (await call('POST', '/api/quotes', quoteOf(100))).json();
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/quotes/${q.id}/approve`,
      headers: { cookie: pro.cookie, 'user-agent': 'TechTablet/2.0' },
      payload: { signature: SIGNATURE, version: 1, contentHash: q.contentHash },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().signatureAudit).toMatchObject({
      signerName: 'Pat Driver',
      channel: 'in_person',
      userAgent: 'TechTablet/2.0',
      version: 1,
      contentHash: q.contentHash,
    });
  });
});

describe('the request page', () => {
  /** An accepted job of the technician with a $100 quote sent to the customer, and their signed link. */
  async function jobQuote(extra: object = {}) {
    const customer = await createUser(t.app);
    const [job] = await t.app.db
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
    const q = (
      await call('POST', '/api/quotes', { ...quoteOf(100), ...extra, serviceRequestId: job!.id })
    ).json();
    // A draft is the technician's until it is sent.
    expect((await call('POST', `/api/pos/quotes/${q.id}/send`, {})).statusCode).toBe(200);
    const token = requestLinkToken(t.app.config.sessionSecret, job!.id);
    const page = `/api/service-requests/${formatReference(job!.id)}`;
    return { q, page, token };
  }

  it('shows the version and refuses a signature on the one shown before an edit', async () => {
    const { q, page, token } = await jobQuote();
    const seen = (await t.app.inject({ method: 'GET', url: `${page}?t=${token}` })).json();
    expect(seen.quotes[0]).toMatchObject({ id: q.id, version: 1, contentHash: q.contentHash });
    await call('PUT', `/api/quotes/${q.id}`, { ...quoteOf(9000), serviceRequestId: undefined });
    const sign = (version: number) =>
      t.app.inject({
        method: 'POST',
        url: `${page}/quotes/${q.id}/approve?t=${token}`,
        payload: { signature: SIGNATURE, version },
        headers: { 'user-agent': 'CustomerLaptop/3.0' },
      });
    const stale = await sign(1);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(QUOTE_CHANGED_MESSAGE);
    expect((await stored(q.id)).status).toBe('draft');

    const ok = await sign(2);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().quotes[0]).toMatchObject({
      status: 'approved',
      version: 2,
      signatureAudit: { channel: 'request_page', version: 2, userAgent: 'CustomerLaptop/3.0' },
    });
  });

  it('charges no deposit for a signature on an older version', async () => {
    const { q, page, token } = await jobQuote({ deposit: { type: 'fixed', amount: 25 } });
    await call('PUT', `/api/quotes/${q.id}`, {
      ...quoteOf(9000),
      deposit: { type: 'fixed', amount: 25 },
    });
    const card = (
      await t.app.inject({
        method: 'POST',
        url: '/api/payments/sandbox/tokenize',
        payload: { number: '4111 1111 1111 1111', expiry: '12/39', cvv: '123' },
      })
    ).json().token as string;
    const res = await t.app.inject({
      method: 'POST',
      url: `${page}/quotes/${q.id}/approve?t=${token}`,
      payload: {
        signature: SIGNATURE,
        version: 1,
        deposit: { sourceId: card, idempotencyKey: 'stale-version-1' },
      },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(QUOTE_CHANGED_MESSAGE);
    const payments = await t.app.db
      .select()
      .from(invoicePayments)
      .where(eq(invoicePayments.quoteId, q.id));
    expect(payments).toEqual([]);
  });
});
