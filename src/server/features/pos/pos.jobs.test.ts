import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/build-test-app';
import { createUser } from '../../../../tests/helpers/factories';
import { proTechnician, SIGNATURE, FLAT_TAX } from '../../../../tests/helpers/pos';
import type { ServiceRequestStatus } from '@shared/constants/domain';
import { formatReference } from '@shared/service-request-rules';
import { outbox, quotes, serviceRequests } from '../../db/schema';
import { JOB_NO_LONGER_ACTIVE, NOT_ACTIVE_JOB } from './quotes/pos.quotes';

// Quotes and invoices that belong to a job: made only for the technician's active
// jobs, invoices inherit the job, and a job's quote cannot be signed once the job is gone.

let t: TestApp;
let pro: { cookie: string; technicianId: number };
let other: { cookie: string; technicianId: number };
let customerId: number;

beforeAll(async () => {
  t = await buildTestApp();
  pro = await proTechnician(t.app);
  other = await proTechnician(t.app);
  customerId = (await createUser(t.app)).id;
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

/** A service request in this state, assigned to this technician (or to nobody). */
async function job(status: ServiceRequestStatus, technicianId: number | null = pro.technicianId) {
  const [row] = await t.app.db
    .insert(serviceRequests)
    .values({
      customerId,
      serviceType: 'Diagnostics',
      description: 'Check engine light is on',
      location: 'Hyattsville, MD',
      status,
      assignedTechnicianId: technicianId,
      assignedAt: technicianId ? new Date() : null,
    })
    .returning();
  return row!.id;
}

const setJob = (id: number, set: Partial<typeof serviceRequests.$inferInsert>) =>
  t.app.db.update(serviceRequests).set(set).where(eq(serviceRequests.id, id));

const quoteFor = (serviceRequestId?: unknown, who = pro) =>
  call('POST', '/api/quotes', who.cookie, {
    customerName: 'Pat Driver',
    customerEmail: 'pat@example.com',
    items: [{ type: 'labor', description: 'Diagnose', quantity: 1, unitPrice: 120 }],
    ...FLAT_TAX,
    ...(serviceRequestId === undefined ? {} : { serviceRequestId }),
  });

describe('a quote for a job', () => {
  it.each(['accepted', 'scheduled', 'en_route', 'in_progress'] as const)(
    'is made for an %s job of this technician and carries its reference',
    async (status) => {
      const id = await job(status);
      const res = await quoteFor(id);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ serviceRequestId: id, jobReference: formatReference(id) });
      const listed = await call('GET', `/api/quotes/technician/${pro.technicianId}`, pro.cookie);
      expect(listed.json().find((q: { id: number }) => q.id === res.json().id)).toMatchObject({
        serviceRequestId: id,
        jobReference: formatReference(id),
      });
    },
  );

  it.each(['requested', 'dispatching', 'completed', 'canceled', 'unmatched'] as const)(
    'is refused for a %s job, and nothing is written',
    async (status) => {
      const id = await job(status);
      const before = await t.app.db.select().from(quotes);
      const res = await quoteFor(id);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(NOT_ACTIVE_JOB);
      expect(await t.app.db.select().from(quotes)).toHaveLength(before.length);
    },
  );

  it("is refused for another technician's job, an unassigned job and a job that does not exist", async () => {
    expect((await quoteFor(await job('accepted', other.technicianId))).json().message).toBe(
      NOT_ACTIVE_JOB,
    );
    expect((await quoteFor(await job('accepted', null))).statusCode).toBe(409);
    const missing = await quoteFor(2_000_000_000);
    expect(missing.statusCode).toBe(409);
    expect(missing.json().message).toBe(NOT_ACTIVE_JOB);
  });

  it('rejects a serviceRequestId that is not an id with 400', async () => {
    for (const bad of ['12', 0, -1, 1.5, 3_000_000_000, {}]) {
      const res = await quoteFor(bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
  });

  it('without a job stays a plain quote', async () => {
    const res = await quoteFor(null);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ serviceRequestId: null, jobReference: null });
    const plain = await quoteFor();
    expect(plain.json()).toMatchObject({ serviceRequestId: null, jobReference: null });
  });
});

describe("a job's invoice", () => {
  it('copies the job from its quote', async () => {
    const id = await job('in_progress');
    const q = (await quoteFor(id)).json();
    await call('PATCH', `/api/quotes/${q.id}/approve`, pro.cookie, {
      signature: SIGNATURE,
      version: 1,
    });
    const inv = await call('POST', '/api/invoices', pro.cookie, { quoteId: q.id });
    expect(inv.statusCode).toBe(201);
    expect(inv.json()).toMatchObject({ serviceRequestId: id, jobReference: formatReference(id) });
    const listed = await call('GET', `/api/invoices/technician/${pro.technicianId}`, pro.cookie);
    expect(listed.json().find((i: { id: number }) => i.id === inv.json().id)).toMatchObject({
      serviceRequestId: id,
    });
  });

  it('of a plain quote has no job', async () => {
    const q = (await quoteFor()).json();
    await call('PATCH', `/api/quotes/${q.id}/approve`, pro.cookie, {
      signature: SIGNATURE,
      version: 1,
    });
    const inv = await call('POST', '/api/invoices', pro.cookie, { quoteId: q.id });
    expect(inv.json()).toMatchObject({ serviceRequestId: null, jobReference: null });
  });
});

describe("signing a job's quote", () => {
  const approve = (quoteId: number) =>
    call('PATCH', `/api/quotes/${quoteId}/approve`, pro.cookie, {
      signature: SIGNATURE,
      version: 1,
    });

  it('works while the job is active', async () => {
    const id = await job('scheduled');
    const q = (await quoteFor(id)).json();
    const res = await approve(q.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'approved', serviceRequestId: id });
  });

  it('is refused once the job is canceled, and the quote stays a draft', async () => {
    const id = await job('accepted');
    const q = (await quoteFor(id)).json();
    await setJob(id, { status: 'canceled', canceledAt: new Date() });
    const res = await approve(q.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(JOB_NO_LONGER_ACTIVE);
    const [row] = await t.app.db.select().from(quotes).where(eq(quotes.id, q.id));
    expect(row!.status).toBe('draft');
    expect(row!.signature).toBeNull();
  });

  it('is refused once the job went back to dispatch or to another technician', async () => {
    const id = await job('accepted');
    const q = (await quoteFor(id)).json();
    await setJob(id, { status: 'dispatching', assignedTechnicianId: null });
    expect((await approve(q.id)).json().message).toBe(JOB_NO_LONGER_ACTIVE);
    await setJob(id, { status: 'accepted', assignedTechnicianId: other.technicianId });
    expect((await approve(q.id)).statusCode).toBe(409);
  });

  it('through the remote approval link is refused too once the job is gone', async () => {
    const id = await job('in_progress');
    const q = (await quoteFor(id)).json();
    const sent = await call('POST', '/api/pos/email-quote', pro.cookie, {
      quoteId: q.id,
      customerEmail: 'pat@example.com',
    });
    expect(sent.statusCode).toBe(200);
    const [mail] = await t.app.db
      .select()
      .from(outbox)
      .where(eq(outbox.template, 'pos_quote'))
      .orderBy(desc(outbox.id))
      .limit(1);
    const token = /\/quote-approval\/([\w-]+)/.exec(mail!.textBody)![1]!;
    await setJob(id, { status: 'canceled', canceledAt: new Date() });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/quote-approvals/${token}`,
      payload: { signature: SIGNATURE, version: 1 },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(JOB_NO_LONGER_ACTIVE);

    // Back with this technician (an admin's mistake undone): the same link signs it.
    await setJob(id, { status: 'in_progress', canceledAt: null });
    const signed = await t.app.inject({
      method: 'POST',
      url: `/api/quote-approvals/${token}`,
      payload: { signature: SIGNATURE, version: 1 },
    });
    expect(signed.statusCode).toBe(200);
    expect(signed.json().status).toBe('approved');
  });
});
