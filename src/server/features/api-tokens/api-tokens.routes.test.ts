import { FLAT_TAX } from '../../../../tests/helpers/pos';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/build-test-app';
import {
  createUser,
  type PlanName,
  signedInTechnician,
  subscribeTechnician,
} from '../../../../tests/helpers/factories';
import { formatReference } from '@shared/service-request-rules';
import {
  API_RATE_LIMIT_PER_MINUTE,
  API_TOKEN_MESSAGES,
  MAX_API_TOKENS,
} from '@shared/schemas/api-tokens';
import { apiTokens, serviceRequests, subscriptions, users } from '../../db/schema';
import { hashToken } from '../../infra/session';
import { TOKEN_ROUTES_ONLY } from '../../plugins/access';

// 'API access' (Professional): personal tokens managed with the session, opening a read-only
// /api/v1 of the technician's own records, and nothing else.

const SIGNATURE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

let t: TestApp;
let customerId: number;
type Tech = Awaited<ReturnType<typeof signedInTechnician>>;

const technicianOn = (plan?: PlanName) => signedInTechnician(t.app, plan);

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  cookie: string,
  payload?: object,
) => t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

const v1 = (url: string, token: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}`, ...headers } });

async function createToken(who: Tech, name = 'Bookkeeping sync') {
  const res = await call('POST', '/api/technicians/me/api-tokens', who.cookie, { name });
  expect(res.statusCode).toBe(201);
  return res.json() as { token: string; apiToken: { id: number; prefix: string } };
}

/** A job of this technician with a signed quote, an invoice and a cash payment. */
async function jobWithDocuments(who: Tech) {
  const [job] = await t.app.db
    .insert(serviceRequests)
    .values({
      customerId,
      serviceType: 'Diagnostics',
      description: 'Check engine light is on',
      location: 'Hyattsville, MD',
      contactName: 'Pat Driver',
      status: 'in_progress',
      assignedTechnicianId: who.technicianId,
      assignedAt: new Date(),
    })
    .returning();
  const quote = (
    await call('POST', '/api/quotes', who.cookie, {
      customerName: 'Pat Driver',
      serviceRequestId: job!.id,
      items: [{ type: 'labor', description: 'Diagnose', quantity: 1, unitPrice: 120 }],
      ...FLAT_TAX,
    })
  ).json();
  await call('PATCH', `/api/quotes/${quote.id}/approve`, who.cookie, {
    signature: SIGNATURE,
    version: 1,
  });
  const invoice = (await call('POST', '/api/invoices', who.cookie, { quoteId: quote.id })).json();
  const payment = (
    await call('POST', '/api/pos/payments', who.cookie, {
      invoiceId: invoice.id,
      method: 'cash',
      amount: 50,
    })
  ).json();
  expect(payment.receiptNumber).toBeTruthy();
  return { reference: formatReference(job!.id), quote, invoice, payment };
}

beforeAll(async () => {
  t = await buildTestApp();
  customerId = (await createUser(t.app)).id;
});
afterAll(() => t.close());

describe('managing tokens', () => {
  it('needs the Professional plan to create one', async () => {
    for (const plan of [undefined, 'Basic', 'Premium'] as const) {
      const tech = await technicianOn(plan);
      const res = await call('POST', '/api/technicians/me/api-tokens', tech.cookie, { name: 'x' });
      expect(res.statusCode, String(plan)).toBe(403);
      expect(res.json().message).toBe(API_TOKEN_MESSAGES.planRequired);
      const list = await call('GET', '/api/technicians/me/api-tokens', tech.cookie);
      expect(list.json()).toEqual({ entitled: false, tokens: [] });
    }
  });

  it('shows the token once, keeps only its SHA-256, lists and revokes it', async () => {
    const pro = await technicianOn('Professional');
    const { token, apiToken } = await createToken(pro, '  Zapier  ');
    expect(token).toMatch(/^wr_[\w-]{43}$/);
    expect(apiToken).toMatchObject({
      name: 'Zapier',
      prefix: token.slice(0, 10),
      lastUsedAt: null,
    });

    const [row] = await t.app.db.select().from(apiTokens).where(eq(apiTokens.id, apiToken.id));
    expect(row!.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(row)).not.toContain(token);

    const list = await call('GET', '/api/technicians/me/api-tokens', pro.cookie);
    expect(list.json().entitled).toBe(true);
    expect(list.json().tokens).toEqual([
      {
        id: apiToken.id,
        name: 'Zapier',
        prefix: token.slice(0, 10),
        createdAt: expect.any(String),
        lastUsedAt: null,
      },
    ]);
    expect(list.body).not.toContain(token);

    // Another technician cannot revoke it.
    const other = await technicianOn('Professional');
    const theirs = await call(
      'DELETE',
      `/api/technicians/me/api-tokens/${apiToken.id}`,
      other.cookie,
    );
    expect(theirs.statusCode).toBe(404);
    expect((await v1('/api/v1/jobs', token)).statusCode).toBe(200);

    const revoked = await call(
      'DELETE',
      `/api/technicians/me/api-tokens/${apiToken.id}`,
      pro.cookie,
    );
    expect(revoked.statusCode).toBe(200);
    const after = await v1('/api/v1/jobs', token);
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe(API_TOKEN_MESSAGES.revoked);
    expect((await call('GET', '/api/technicians/me/api-tokens', pro.cookie)).json().tokens).toEqual(
      [],
    );
    expect(
      (await call('DELETE', `/api/technicians/me/api-tokens/${apiToken.id}`, pro.cookie))
        .statusCode,
    ).toBe(404);
  });

  it('revokes a token once when asked twice at the same time', async () => {
    const pro = await technicianOn('Professional');
    const { apiToken } = await createToken(pro);
    const url = `/api/technicians/me/api-tokens/${apiToken.id}`;
    const results = await Promise.all([
      call('DELETE', url, pro.cookie),
      call('DELETE', url, pro.cookie),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 404]);
    const [row] = await t.app.db.select().from(apiTokens).where(eq(apiTokens.id, apiToken.id));
    expect(row!.revokedAt).not.toBeNull();
  });

  it('validates the name and caps the number of tokens, also under parallel creates', async () => {
    const pro = await technicianOn('Professional');
    for (const [body, message] of [
      [{}, API_TOKEN_MESSAGES.name],
      [{ name: '   ' }, API_TOKEN_MESSAGES.name],
      [{ name: 'x'.repeat(101) }, 'Name must be at most 100 characters'],
      [{ name: 'a\u0000b' }, 'Text must not contain NUL characters'],
    ] as const) {
      const res = await call('POST', '/api/technicians/me/api-tokens', pro.cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const results = await Promise.all(
      Array.from({ length: MAX_API_TOKENS + 5 }, (_, i) =>
        call('POST', '/api/technicians/me/api-tokens', pro.cookie, { name: `t${i}` }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(MAX_API_TOKENS);
    const refused = results.filter((r) => r.statusCode !== 201);
    expect(refused.map((r) => r.statusCode)).toEqual([409, 409, 409, 409, 409]);
    expect(refused[0]!.json().message).toBe(API_TOKEN_MESSAGES.tooMany);
  });
});

describe('/api/v1 with a token', () => {
  it("returns only the technician's own jobs, quotes, invoices and payments, paged", async () => {
    const pro = await technicianOn('Professional');
    const other = await technicianOn('Professional');
    const mine = await jobWithDocuments(pro);
    const mine2 = await jobWithDocuments(pro);
    const theirs = await jobWithDocuments(other);
    const { token } = await createToken(pro);

    const jobs = await v1('/api/v1/jobs', token);
    expect(jobs.statusCode).toBe(200);
    expect(jobs.json()).toMatchObject({ page: 1, pageSize: 25, total: 2 });
    expect(jobs.json().data.map((j: { reference: string }) => j.reference)).toEqual([
      mine2.reference,
      mine.reference,
    ]);

    const quotes = (await v1('/api/v1/quotes', token)).json();
    expect(quotes.total).toBe(2);
    expect(quotes.data.map((q: { quoteNumber: string }) => q.quoteNumber).sort()).toEqual(
      [mine.quote.quoteNumber, mine2.quote.quoteNumber].sort(),
    );
    expect(quotes.data[0]).toMatchObject({ totalAmount: '129.90', status: 'approved' });
    expect(JSON.stringify(quotes)).not.toContain('data:image');

    const invoices = (await v1('/api/v1/invoices', token)).json();
    expect(invoices.data.map((i: { id: number }) => i.id).sort()).toEqual(
      [mine.invoice.id, mine2.invoice.id].sort(),
    );
    expect(invoices.data[0]).toMatchObject({ paidAmount: '50.00', balance: '79.90' });

    const payments = (await v1('/api/v1/payments?page=1&pageSize=1', token)).json();
    expect(payments).toMatchObject({ page: 1, pageSize: 1, total: 2 });
    expect(payments.data).toHaveLength(1);
    const page2 = (await v1('/api/v1/payments?page=2&pageSize=1', token)).json();
    expect([payments.data[0].id, page2.data[0].id].sort()).toEqual(
      [mine.payment.id, mine2.payment.id].sort(),
    );

    const detail = await v1(`/api/v1/jobs/${mine.reference}`, token);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({
      reference: mine.reference,
      quotes: [{ id: mine.quote.id }],
      invoices: [{ id: mine.invoice.id }],
      payments: [{ id: mine.payment.id, amount: '50.00' }],
    });
    // Another technician's job, or no job: the same 404.
    const foreign = await v1(`/api/v1/jobs/${theirs.reference}`, token);
    expect(foreign.statusCode).toBe(404);
    expect((await v1('/api/v1/jobs/WR-999999', token)).statusCode).toBe(404);
    expect((await v1('/api/v1/jobs/nonsense', token)).statusCode).toBe(404);
    // A reference beyond the id column, a NUL, an overlong one: never a 500.
    expect((await v1('/api/v1/jobs/WR-9999999999', token)).statusCode).toBe(404);
    expect((await v1('/api/v1/jobs/WR-%00', token)).statusCode).toBe(400);
    expect((await v1(`/api/v1/jobs/${'9'.repeat(41)}`, token)).statusCode).toBe(400);
    expect(JSON.stringify((await v1('/api/v1/invoices', token)).json())).not.toContain(
      theirs.invoice.invoiceNumber,
    );

    for (const bad of ['pageSize=0', 'pageSize=101', 'page=0', 'page=x', 'page=100001']) {
      expect((await v1(`/api/v1/jobs?${bad}`, token)).statusCode, bad).toBe(400);
    }
    const last = await v1('/api/v1/payments?page=100000&pageSize=100', token);
    expect(last.statusCode).toBe(200);
    expect(last.json()).toMatchObject({ data: [], page: 100000, total: 2 });
  });

  it('records the last use at most once a minute', async () => {
    const pro = await technicianOn('Professional');
    const { token, apiToken } = await createToken(pro);
    const lastUsed = async () =>
      (await t.app.db.select().from(apiTokens).where(eq(apiTokens.id, apiToken.id)))[0]!.lastUsedAt;
    await v1('/api/v1/jobs', token);
    const first = await lastUsed();
    expect(first).not.toBeNull();
    t.clock.advance(30_000);
    await v1('/api/v1/jobs', token);
    expect(await lastUsed()).toEqual(first);
    t.clock.advance(31_000);
    await v1('/api/v1/jobs', token);
    expect((await lastUsed())!.getTime()).toBeGreaterThan(first!.getTime());
    const listed = (await call('GET', '/api/technicians/me/api-tokens', pro.cookie)).json();
    expect(listed.tokens[0].lastUsedAt).toBe((await lastUsed())!.toISOString());
  });

  it('refuses a missing, malformed or unknown token (401)', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/v1/jobs' });
    expect(none.statusCode).toBe(401);
    expect(none.json().message).toBe(API_TOKEN_MESSAGES.missing);
    const basic = await t.app.inject({
      method: 'GET',
      url: '/api/v1/jobs',
      headers: { authorization: 'Basic dXNlcjpwYXNz' },
    });
    expect(basic.statusCode).toBe(401);
    const unknown = await v1('/api/v1/jobs', 'wr_' + 'A'.repeat(43));
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe(API_TOKEN_MESSAGES.invalid);
  });

  it('stops working when the plan lapses or the account is suspended (403)', async () => {
    const pro = await technicianOn('Professional');
    const { token } = await createToken(pro);
    expect((await v1('/api/v1/jobs', token)).statusCode).toBe(200);

    await t.app.db
      .update(subscriptions)
      .set({ status: 'canceled' })
      .where(eq(subscriptions.technicianId, pro.technicianId));
    const lapsed = await v1('/api/v1/jobs', token);
    expect(lapsed.statusCode).toBe(403);
    expect(lapsed.json().message).toBe(API_TOKEN_MESSAGES.planRequired);
    // Premium does not include API access either.
    await subscribeTechnician(t.app, pro.technicianId, 'Premium');
    expect((await v1('/api/v1/jobs', token)).statusCode).toBe(403);

    const pro2 = await technicianOn('Professional');
    const second = await createToken(pro2);
    await t.app.db.update(users).set({ status: 'suspended' }).where(eq(users.id, pro2.userId));
    const suspended = await v1('/api/v1/jobs', second.token);
    expect(suspended.statusCode).toBe(403);
    expect(suspended.json().message).toBe('Account suspended');
  });

  it('is limited to 60 requests a minute per token (429 with Retry-After)', async () => {
    const pro = await technicianOn('Professional');
    const { token } = await createToken(pro);
    const other = await createToken(pro, 'second');
    for (let i = 0; i < API_RATE_LIMIT_PER_MINUTE; i += 1) {
      const res = await v1('/api/v1/payments?pageSize=1', token);
      expect(res.statusCode, `request ${i + 1}`).toBe(200);
    }
    const limited = await v1('/api/v1/payments', token);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(limited.json().message).toMatch(/^Rate limit exceeded: 60 requests a minute per token/);
    // Per token: another one of the same technician still works.
    expect((await v1('/api/v1/payments', other.token)).statusCode).toBe(200);
    t.clock.advance(61_000);
    expect((await v1('/api/v1/payments', token)).statusCode).toBe(200);
  });
});

describe('tokens and cookies do not mix', () => {
  it('a session cookie does not open /api/v1 (401)', async () => {
    const pro = await technicianOn('Professional');
    await createToken(pro);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/jobs',
      headers: { cookie: pro.cookie },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(API_TOKEN_MESSAGES.missing);
  });

  it('a token does not open any cookie route (401)', async () => {
    const pro = await technicianOn('Professional');
    const { token } = await createToken(pro);
    for (const url of [
      '/api/technicians/me',
      `/api/quotes/technician/${pro.technicianId}`,
      '/api/technicians/me/api-tokens',
    ]) {
      const res = await v1(url, token);
      expect(res.statusCode, url).toBe(401);
      expect(res.json().message).toBe(TOKEN_ROUTES_ONLY);
    }
    // Nor create a token with a token.
    const create = await t.app.inject({
      method: 'POST',
      url: '/api/technicians/me/api-tokens',
      headers: { authorization: `Bearer ${token}` },
      payload: { name: 'escalate' },
    });
    expect(create.statusCode).toBe(401);
  });
});

describe('the OpenAPI document', () => {
  it('lists the v1 routes with the bearer scheme', async () => {
    const doc = t.app.swagger() as {
      components: { securitySchemes: Record<string, { type: string; scheme: string }> };
      paths: Record<string, Record<string, { security?: Record<string, string[]>[] }>>;
    };
    expect(doc.components.securitySchemes.apiToken).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
    for (const path of [
      '/api/v1/jobs',
      '/api/v1/jobs/{reference}',
      '/api/v1/quotes',
      '/api/v1/invoices',
      '/api/v1/payments',
    ]) {
      expect(doc.paths[path]?.get?.security, path).toEqual([{ apiToken: [] }]);
    }
    // The cookie routes do not claim it: they declare the session cookie.
    expect(doc.paths['/api/technicians/me/api-tokens']?.get?.security).toEqual([
      { sessionCookie: [] },
    ]);
  });
});
