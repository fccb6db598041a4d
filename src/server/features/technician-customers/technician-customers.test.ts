import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/build-test-app';
import { createTechnician, createUser, signIn } from '../../../../tests/helpers/factories';
import { formatReference } from '@shared/service-request-rules';
import { and, eq } from 'drizzle-orm';
import { invoices, outbox, quotes, serviceRequests } from '../../db/schema';

/**
 * A technician's customers, built from the jobs they held: the newest contact, the vehicles,
 * jobs, invoices and balance, private notes; search and paging; and the privacy rule (a second
 * technician never sees the first one's customers, nor a job given back).
 */
let t: TestApp;
let mine: { id: number; cookie: string };
let rival: { id: number; cookie: string };
let pat: number;
let sam: number;

beforeAll(async () => {
  t = await buildTestApp();
  const a = await createTechnician(t.app);
  mine = { id: a.technician.id, cookie: await signIn(t.app, a.user.username!) };
  const b = await createTechnician(t.app);
  rival = { id: b.technician.id, cookie: await signIn(t.app, b.user.username!) };
  pat = (await createUser(t.app, { role: 'customer' })).id;
  sam = (await createUser(t.app, { role: 'customer' })).id;
});
afterAll(() => t.close());

let minutes = 0;
async function job(customerId: number, technicianId: number | null, values: object = {}) {
  const [r] = await t.app.db
    .insert(serviceRequests)
    .values({
      customerId,
      serviceType: 'Brake Service',
      description: 'Squealing brakes',
      location: 'Bowie, MD',
      status: 'completed',
      assignedTechnicianId: technicianId,
      createdAt: new Date(Date.parse('2026-10-01T12:00:00Z') + minutes++ * 60_000),
      ...values,
    })
    .returning();
  return r!;
}

async function invoice(jobId: number, technicianId: number, total: number, paid: number) {
  const [q] = await t.app.db
    .insert(quotes)
    .values({
      quoteNumber: `Q-TC-${jobId}-${technicianId}`,
      technicianId,
      serviceRequestId: jobId,
      customerName: 'x',
      taxRate: '0',
      laborTotalCents: total,
      partsTotalCents: 0,
      taxAmountCents: 0,
      totalAmountCents: total,
      status: 'approved',
    })
    .returning();
  await t.app.db.insert(invoices).values({
    invoiceNumber: `INV-TC-${jobId}-${technicianId}`,
    quoteId: q!.id,
    technicianId,
    serviceRequestId: jobId,
    customerName: 'x',
    items: [],
    laborTotalCents: total,
    partsTotalCents: 0,
    taxAmountCents: 0,
    totalAmountCents: total,
    paidAmountCents: paid,
    status: paid >= total ? 'paid' : 'pending',
  });
}

const get = (url: string, cookie: string) => t.app.inject({ url, headers: { cookie } });

describe("a technician's customers", () => {
  it('lists the customers of their jobs with contact, vehicles, jobs and balance', async () => {
    const first = await job(pat, mine.id, {
      contactName: 'Pat Old',
      contactEmail: 'pat.old@example.com',
      vehicleInfo: '2012 Ford Focus',
    });
    await invoice(first.id, mine.id, 20_000, 20_000);
    const second = await job(pat, mine.id, {
      contactName: 'Pat Driver',
      contactEmail: 'pat.driver@example.com',
      contactPhone: '+13015550146',
      vehicleInfo: '2019 Honda Civic',
    });
    await invoice(second.id, mine.id, 15_000, 5_000);
    await job(sam, mine.id, { contactName: 'Sam Fleet', vehicleInfo: '2020 Ford Transit' });
    // A job Pat had with another technician, and one given back: neither counts here.
    const theirs = await job(pat, rival.id, { contactName: 'Pat Elsewhere' });
    await invoice(theirs.id, rival.id, 9_900, 0);
    await job(pat, null, { status: 'dispatching', contactName: 'Pat Given Back' });

    const res = await get('/api/technician-customers', mine.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ page: 1, pageSize: 20, total: 2 });
    expect(body.data[0]).toMatchObject({ id: sam, name: 'Sam Fleet', jobs: 1, balance: '0.00' });
    expect(body.data[1]).toEqual({
      id: pat,
      name: 'Pat Driver',
      email: 'pat.driver@example.com',
      phone: '+13015550146',
      vehicles: ['2019 Honda Civic', '2012 Ford Focus'],
      jobs: 2,
      lastJobAt: second.createdAt.toISOString(),
      lastReference: formatReference(second.id),
      invoices: 2,
      balance: '100.00',
      notes: null,
    });
  });

  it('searches names, e-mails, phones and vehicles, and pages', async () => {
    const search = async (q: string) =>
      (await get(`/api/technician-customers?q=${encodeURIComponent(q)}`, mine.cookie))
        .json()
        .data.map((c: { name: string }) => c.name);
    expect(await search('civic')).toEqual(['Pat Driver']);
    expect(await search('301-555-0146')).toEqual(['Pat Driver']);
    expect(await search('transit')).toEqual(['Sam Fleet']);
    expect(await search('%')).toEqual([]);
    const page2 = (await get('/api/technician-customers?pageSize=1&page=2', mine.cookie)).json();
    expect(page2).toMatchObject({ page: 2, pageSize: 1, total: 2 });
    expect(page2.data.map((c: { id: number }) => c.id)).toEqual([pat]);
    const bad = await get('/api/technician-customers?pageSize=500', mine.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('pageSize must be a whole number from 1 to 100');
  });

  it('shows a customer with their history and keeps private notes', async () => {
    const detail = (await get(`/api/technician-customers/${pat}`, mine.cookie)).json();
    expect(detail.history).toHaveLength(2);
    expect(detail.history[0]).toMatchObject({ serviceType: 'Brake Service', status: 'completed' });
    expect(detail.history[0].invoices[0]).toMatchObject({ total: '150.00', balance: '100.00' });
    const noted = await t.app.inject({
      method: 'PATCH',
      url: `/api/technician-customers/${pat}`,
      headers: { cookie: mine.cookie },
      payload: { notes: 'Prefers mornings; gate code 4411' },
    });
    expect(noted.statusCode, noted.body).toBe(200);
    expect(noted.json().notes).toBe('Prefers mornings; gate code 4411');
    const list = (await get('/api/technician-customers?q=pat', mine.cookie)).json();
    expect(list.data[0].notes).toBe('Prefers mornings; gate code 4411');
  });

  it("never shows one technician another's customers or notes", async () => {
    const theirs = (await get('/api/technician-customers', rival.cookie)).json();
    expect(theirs.total).toBe(1);
    expect(theirs.data[0]).toMatchObject({ id: pat, name: 'Pat Elsewhere', notes: null });
    expect(theirs.data[0].email).not.toBe('pat.driver@example.com');
    // Sam was never theirs: 404, as for an unknown id, for reading and for notes.
    expect((await get(`/api/technician-customers/${sam}`, rival.cookie)).statusCode).toBe(404);
    const write = await t.app.inject({
      method: 'PATCH',
      url: `/api/technician-customers/${sam}`,
      headers: { cookie: rival.cookie },
      payload: { notes: 'snooping' },
    });
    expect(write.statusCode).toBe(404);
    // Customers have no customer list.
    const customer = await createUser(t.app, { role: 'customer' });
    const asCustomer = await get(
      '/api/technician-customers',
      await signIn(t.app, customer.username!),
    );
    expect(asCustomer.statusCode).toBe(403);
  });

  it('book again: e-mails the customer a request link for a service, to this technician first', async () => {
    const book = (id: number, cookie: string, serviceType: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/technician-customers/${id}/book-again`,
        headers: { cookie },
        payload: { serviceType },
      });
    const sent = await book(pat, mine.cookie, 'Oil Change');
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ sentTo: 'pat.driver@example.com' });
    const [mail] = await t.app.db
      .select()
      .from(outbox)
      .where(
        and(eq(outbox.template, 'book_again'), eq(outbox.toAddress, 'pat.driver@example.com')),
      );
    const link = new URL(/https?:\/\/\S+/.exec(mail!.textBody)![0]);
    expect(link.pathname).toBe('/request-service');
    expect(Object.fromEntries(link.searchParams)).toEqual({
      technician: String(mine.id),
      serviceType: 'Oil Change',
      location: 'Bowie, MD',
    });
    // Twice the same day: one e-mail.
    expect((await book(pat, mine.cookie, 'Oil Change')).statusCode).toBe(200);
    const mails = await t.app.db.select().from(outbox).where(eq(outbox.template, 'book_again'));
    expect(mails).toHaveLength(1);

    const notOffered = await book(pat, mine.cookie, 'Transmission');
    expect(notOffered.statusCode).toBe(400);
    expect(notOffered.json().message).toBe(
      'You do not offer Transmission: add it to your specialties first',
    );
    expect((await book(pat, mine.cookie, 'Teleportation')).statusCode).toBe(400);
    expect((await book(sam, rival.cookie, 'Oil Change')).statusCode).toBe(404);
  });
});
