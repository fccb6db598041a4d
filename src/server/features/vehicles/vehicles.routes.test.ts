import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/build-test-app';
import { createTechnician, createUser, signIn } from '../../../../tests/helpers/factories';
import { invoicePayments, invoices, quotes, serviceRequests, vehicles } from '../../db/schema';

let t: TestApp;
let cookie: string;
let otherCookie: string;
let customerId: number;
beforeAll(async () => {
  t = await buildTestApp();
  const customer = await createUser(t.app, { role: 'customer' });
  const other = await createUser(t.app, { role: 'customer' });
  customerId = customer.id;
  cookie = await signIn(t.app, customer.username!);
  otherCookie = await signIn(t.app, other.username!);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, payload?: object, as = cookie) =>
  t.app.inject({ method, url, payload, headers: { cookie: as } });

const civic = { year: 2018, make: 'Honda', model: 'Civic', vin: '', mileage: 42000 };
const add = async (body: object = civic, as = cookie) => {
  const res = await call('POST', '/api/vehicles', body, as);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; label: string };
};
const vehicleCount = async () => (await t.app.db.select().from(vehicles)).length;

describe('vehicles', () => {
  it('adds, lists, edits and deletes the own vehicles', async () => {
    const created = await call('POST', '/api/vehicles', {
      year: '2003',
      make: '  Honda ',
      model: 'Accord',
      vin: '1hgcm82633a004352',
      mileage: '123,456',
    });
    expect(created.statusCode).toBe(201);
    const v = created.json();
    expect(v).toMatchObject({
      year: 2003,
      make: 'Honda',
      model: 'Accord',
      vin: '1HGCM82633A004352',
      mileage: 123456,
      label: '2003 Honda Accord',
    });

    const list = await call('GET', '/api/vehicles');
    expect(list.statusCode).toBe(200);
    expect(list.json().map((x: { id: number }) => x.id)).toContain(v.id);
    // Another customer sees none of them.
    expect((await call('GET', '/api/vehicles', undefined, otherCookie)).json()).toEqual([]);

    const edited = await call('PATCH', `/api/vehicles/${v.id}`, { mileage: 130000, vin: null });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ mileage: 130000, vin: null, make: 'Honda' });

    const removed = await call('DELETE', `/api/vehicles/${v.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ message: 'Vehicle deleted' });
    expect((await call('GET', `/api/vehicles/${v.id}/history`)).statusCode).toBe(404);
  });

  it('checks the year: 1900 to next year', async () => {
    const nextYear = new Date().getFullYear() + 1;
    const before = await vehicleCount();
    for (const year of [1899, nextYear + 1, '20x8', 2000.5, null]) {
      const res = await call('POST', '/api/vehicles', { ...civic, year });
      expect(res.statusCode, String(year)).toBe(400);
      expect(res.json().message).toMatch(/^Vehicle year must be/);
    }
    expect(await vehicleCount()).toBe(before);
    await add({ ...civic, year: 1900 });
    await add({ ...civic, year: nextYear });
  });

  it('needs make and model (trimmed, at most 60 characters) and checks the mileage', async () => {
    const cases: [object, string][] = [
      [{ ...civic, make: '   ' }, 'Make is required'],
      [{ ...civic, model: '' }, 'Model is required'],
      [{ year: 2018, make: 'Honda' }, 'Model is required'],
      [{ ...civic, make: 'x'.repeat(61) }, 'Make must be at most 60 characters'],
      [{ ...civic, model: 'x'.repeat(61) }, 'Model must be at most 60 characters'],
      [{ ...civic, mileage: -1 }, 'Mileage must be a whole number from 0 to 2,000,000'],
      [{ ...civic, mileage: 2_000_001 }, 'Mileage must be a whole number from 0 to 2,000,000'],
      [{ ...civic, mileage: 10.5 }, 'Mileage must be a whole number from 0 to 2,000,000'],
      [{ ...civic, mileage: 'lots' }, 'Mileage must be a whole number from 0 to 2,000,000'],
      [{ ...civic, make: 'Hon\u0000da' }, 'Text must not contain NUL characters'],
      [{ ...civic, vin: '1HGCM82633A00435\u0000' }, 'Text must not contain NUL characters'],
    ];
    const before = await vehicleCount();
    for (const [body, message] of cases) {
      const res = await call('POST', '/api/vehicles', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await vehicleCount()).toBe(before);
    const max = await add({ ...civic, make: 'x'.repeat(60), mileage: 2_000_000 });
    expect(max.label).toBe(`2018 ${'x'.repeat(60)} Civic`);
  });

  it('checks the VIN: 17 characters, no I, O or Q, and its check digit', async () => {
    const cases: [string, string][] = [
      ['1HGCM82633A004353', 'VIN check digit does not match: please check the VIN'],
      ['1HGCM82633A00435', 'VIN must be 17 characters'],
      ['1HGCM82633A0043521', 'VIN must be 17 characters'],
      ['1HGCM82633O004352', 'VIN must use letters and digits only, without I, O or Q'],
    ];
    for (const [vin, message] of cases) {
      const res = await call('POST', '/api/vehicles', { ...civic, vin });
      expect(res.statusCode, vin).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const ok = await add({ ...civic, vin: '11111111111111111' });
    const patched = await call('PATCH', `/api/vehicles/${ok.id}`, { vin: '1HGCM82633A004353' });
    expect(patched.statusCode).toBe(400);
    // The same VIN twice for one customer is refused; another customer may have it.
    const twice = await call('POST', '/api/vehicles', { ...civic, vin: '11111111111111111' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('You already have a vehicle with this VIN');
    await add({ ...civic, vin: '11111111111111111' }, otherCookie);
  });

  it('refuses an empty update and unknown ids', async () => {
    const v = await add();
    const empty = await call('PATCH', `/api/vehicles/${v.id}`, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Nothing to update');
    for (const id of ['0', 'abc', '2147483648']) {
      expect((await call('GET', `/api/vehicles/${id}/history`)).statusCode).toBe(400);
    }
    expect((await call('DELETE', '/api/vehicles/999999')).statusCode).toBe(404);
  });

  it("answers 404 for another customer's vehicle, and changes nothing", async () => {
    const v = await add();
    for (const [method, url, body] of [
      ['GET', `/api/vehicles/${v.id}/history`, undefined],
      ['PATCH', `/api/vehicles/${v.id}`, { mileage: 1 }],
      ['DELETE', `/api/vehicles/${v.id}`, undefined],
    ] as const) {
      const res = await call(method, url, body, otherCookie);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().message).toBe('Vehicle not found');
    }
    const [row] = await t.app.db.select().from(vehicles).where(eq(vehicles.id, v.id));
    expect(row).toMatchObject({ mileage: 42000 });
  });

  it('keeps a customer to 20 vehicles', async () => {
    const u = await createUser(t.app, { role: 'customer' });
    const c = await signIn(t.app, u.username!);
    for (let i = 0; i < 20; i++) await add(civic, c);
    const res = await call('POST', '/api/vehicles', civic, c);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('You can keep up to 20 vehicles');
  });

  it("shows the vehicle's completed jobs with their invoices and receipts", async () => {
    const v = await add({ ...civic, model: 'History' });
    const { technician } = await createTechnician(t.app, { firstName: 'Marcus' });
    const job = async (status: 'completed' | 'in_progress', completedAt: Date | null) => {
      const [r] = await t.app.db
        .insert(serviceRequests)
        .values({
          customerId,
          serviceType: 'Brake Service',
          description: 'Squealing brakes on the front axle.',
          location: 'Bowie, MD',
          status,
          vehicleId: v.id,
          vehicleInfo: v.label,
          assignedTechnicianId: technician.id,
          completedAt,
        })
        .returning();
      return r!;
    };
    const older = await job('completed', new Date('2026-01-10T15:00:00Z'));
    const newer = await job('completed', new Date('2026-03-02T15:00:00Z'));
    await job('in_progress', null);

    const totals = {
      laborTotalCents: 10000,
      partsTotalCents: 5000,
      taxAmountCents: 1238,
      totalAmountCents: 16238,
    };
    const [quote] = await t.app.db
      .insert(quotes)
      .values({
        quoteNumber: `Q-veh-${v.id}`,
        technicianId: technician.id,
        serviceRequestId: newer.id,
        customerName: 'Pat Doe',
        status: 'approved',
        taxRate: '0.00',
        ...totals,
      })
      .returning();
    const [invoice] = await t.app.db
      .insert(invoices)
      .values({
        invoiceNumber: `INV-veh-${v.id}`,
        quoteId: quote!.id,
        technicianId: technician.id,
        serviceRequestId: newer.id,
        customerName: 'Pat Doe',
        items: [],
        paidAmountCents: 16238,
        status: 'paid',
        ...totals,
      })
      .returning();
    const payment = {
      invoiceId: invoice!.id,
      technicianId: technician.id,
      method: 'card' as const,
    };
    await t.app.db.insert(invoicePayments).values([
      { ...payment, amountCents: 10000, status: 'succeeded', receiptNumber: `R-veh-${v.id}-1` },
      { ...payment, amountCents: 6238, status: 'failed', receiptNumber: `R-veh-${v.id}-x` },
      {
        ...payment,
        method: 'cash',
        amountCents: 6238,
        status: 'succeeded',
        receiptNumber: `R-veh-${v.id}-2`,
      },
    ]);

    const res = await call('GET', `/api/vehicles/${v.id}/history`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.vehicle).toMatchObject({ id: v.id, label: '2018 Honda History' });
    // Completed only, newest first.
    expect(body.jobs.map((j: { reference: string }) => j.reference)).toEqual([
      `WR-${String(newer.id).padStart(6, '0')}`,
      `WR-${String(older.id).padStart(6, '0')}`,
    ]);
    expect(body.jobs[0]).toEqual({
      reference: `WR-${String(newer.id).padStart(6, '0')}`,
      requestPath: `/requests/WR-${String(newer.id).padStart(6, '0')}`,
      serviceType: 'Brake Service',
      completedAt: '2026-03-02T15:00:00.000Z',
      technicianName: expect.stringMatching(/^Marcus Last\d+$/),
      invoices: [
        {
          id: invoice!.id,
          invoiceNumber: `INV-veh-${v.id}`,
          totalAmount: '162.38',
          paidAmount: '162.38',
          status: 'paid',
          createdAt: expect.any(String),
          // Successful payments only: a declined card leaves no receipt.
          receipts: [
            {
              receiptNumber: `R-veh-${v.id}-1`,
              amount: '100.00',
              method: 'card',
              date: expect.any(String),
            },
            {
              receiptNumber: `R-veh-${v.id}-2`,
              amount: '62.38',
              method: 'cash',
              date: expect.any(String),
            },
          ],
        },
      ],
    });
    expect(body.jobs[1].invoices).toEqual([]);

    // Deleting the vehicle keeps its requests and their vehicle text; the link goes.
    expect((await call('DELETE', `/api/vehicles/${v.id}`)).statusCode).toBe(200);
    const [kept] = await t.app.db
      .select()
      .from(serviceRequests)
      .where(eq(serviceRequests.id, newer.id));
    expect(kept).toMatchObject({ vehicleId: null, vehicleInfo: '2018 Honda History' });
  });

  it('is for signed-in customers only', async () => {
    const anon = await t.app.inject({ method: 'GET', url: '/api/vehicles' });
    expect(anon.statusCode).toBe(401);
    const { user } = await createTechnician(t.app);
    const techCookie = await signIn(t.app, user.username!);
    expect((await call('POST', '/api/vehicles', civic, techCookie)).statusCode).toBe(403);
  });
});
