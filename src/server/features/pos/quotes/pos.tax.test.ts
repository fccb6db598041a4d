import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../../tests/helpers/build-test-app';
import { createUser } from '../../../../../tests/helpers/factories';
import { readPdf } from '../../../../../tests/helpers/pdf';
import { proTechnician, SIGNATURE, type PosTechnician } from '../../../../../tests/helpers/pos';
import { PLACE_OF_WORK_MESSAGE, TAX_OVERRIDE_REASON_MESSAGE } from '@shared/schemas/pos';
import { outbox, quotes, serviceRequests } from '../../../db/schema';

/**
 * Sales tax by where the work is done (docs/decisions/031): a quote takes its place of work's
 * rates (the job's location, or the place typed on a standalone quote), taxes parts and labour
 * each at its own rate, and keeps a technician's other rates only with a reason.
 */
let t: TestApp;
let pro: PosTechnician;
let customerId: number;
beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set(new Date('2026-11-29T15:00:00Z'));
  pro = await proTechnician(t.app);
  customerId = (await createUser(t.app)).id;
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: pro.cookie }, ...(payload ? { payload } : {}) });

/** $100 of labour and a $50 part. */
const ITEMS = [
  { type: 'labor', description: 'Replace pads', quantity: 1, unitPrice: 100 },
  { type: 'part', description: 'Brake pads', quantity: 1, unitPrice: 50 },
];

async function jobAt(location: string) {
  const [row] = await t.app.db
    .insert(serviceRequests)
    .values({
      customerId,
      serviceType: 'Brake Service',
      description: 'Squealing brakes',
      location,
      status: 'accepted',
      assignedTechnicianId: pro.technicianId,
      assignedAt: t.clock.now,
    })
    .returning();
  return row!.id;
}

const quoteFor = (body: object) =>
  call('POST', '/api/quotes', { customerName: 'Pat Driver', items: ITEMS, ...body });

describe("a job's quote", () => {
  it.each([
    // Maryland and Northern Virginia tax the parts only; the District taxes the labour too.
    [
      'Hyattsville, MD',
      'MD',
      'Maryland',
      '6.00',
      '0.00',
      '3.00',
      'Sales tax, Maryland (6% on parts)',
    ],
    [
      '1100 Wilson Blvd, Arlington, VA 22209',
      'VA-NOVA',
      'Virginia (Northern Virginia)',
      '6.00',
      '0.00',
      '3.00',
      'Sales tax, Virginia (Northern Virginia) (6% on parts)',
    ],
    [
      'Washington, DC',
      'DC',
      'District of Columbia',
      '7.00',
      '7.00',
      '10.50',
      'Sales tax, District of Columbia (7%)',
    ],
  ])(
    'in %s takes its jurisdiction (%s) and rates, each kind taxed at its own',
    async (location, code, name, parts, labor, tax, label) => {
      const res = await quoteFor({ serviceRequestId: await jobAt(location) });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({
        taxJurisdiction: code,
        taxJurisdictionName: name,
        taxRate: parts,
        laborTaxRate: labor,
        taxOverrideReason: null,
        taxAmount: tax,
        totalAmount: (150 + Number(tax)).toFixed(2),
      });
      // The PDF names the jurisdiction and its rates.
      const pdf = await call('GET', `/api/quotes/${res.json().id}/pdf`);
      expect((await readPdf(pdf.rawPayload)).text).toContain(label);
    },
  );

  it('never falls back to a made-up rate: a job outside the area gets its 400', async () => {
    const res = await quoteFor({ serviceRequestId: await jobAt('Richmond, VA 23219') });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      "We don't serve Richmond, VA yet: Wrenchly serves Maryland, DC and Northern Virginia",
    );
  });
});

describe('a standalone quote', () => {
  it('asks for the place of work, and takes its rates', async () => {
    const none = await quoteFor({});
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({
      message: PLACE_OF_WORK_MESSAGE,
      issues: [{ path: 'workLocation', message: PLACE_OF_WORK_MESSAGE }],
    });
    const outside = await quoteFor({ workLocation: '90210' });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().message).toMatch(/^We don't serve Beverly Hills, CA yet/);

    const dc = await quoteFor({ workLocation: '20001' });
    expect(dc.statusCode, dc.body).toBe(201);
    expect(dc.json()).toMatchObject({
      workLocation: '20001',
      taxJurisdiction: 'DC',
      taxRate: '7.00',
      laborTaxRate: '7.00',
      taxAmount: '10.50',
    });
    // An edit that does not name the place keeps it.
    const edited = await call('PUT', `/api/quotes/${dc.json().id}`, {
      customerName: 'Pat Driver',
      items: ITEMS.slice(1),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ taxJurisdiction: 'DC', taxAmount: '3.50' });
  });

  it('takes the rates the form showed when they are the place’s', async () => {
    const res = await quoteFor({ workLocation: '20782', taxRate: 6, laborTaxRate: 0 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ taxJurisdiction: 'MD', taxOverrideReason: null });
  });
});

describe("the technician's own rates", () => {
  it('need a reason, which stays on the quote and its invoice', async () => {
    const noReason = await quoteFor({ workLocation: '20782', taxRate: 0, laborTaxRate: 0 });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toMatchObject({
      message: TAX_OVERRIDE_REASON_MESSAGE,
      issues: [{ path: 'taxOverrideReason' }],
    });
    const reason = 'Tax-exempt: church van, exemption certificate 12-345 on file';
    const res = await quoteFor({
      workLocation: '20782',
      taxRate: 0,
      laborTaxRate: 0,
      taxOverrideReason: reason,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      taxJurisdiction: 'MD',
      taxRate: '0.00',
      taxOverrideReason: reason,
      taxAmount: '0.00',
      totalAmount: '150.00',
    });
    const [row] = await t.app.db.select().from(quotes).where(eq(quotes.id, res.json().id));
    expect(row!.taxOverrideReason).toBe(reason);

    // The invoice bills what was signed: the same rates and jurisdiction.
    const id = res.json().id;
    expect(
      (await call('PATCH', `/api/quotes/${id}/approve`, { signature: SIGNATURE, version: 1 }))
        .statusCode,
    ).toBe(200);
    const invoice = await call('POST', '/api/invoices', { quoteId: id });
    expect(invoice.statusCode, invoice.body).toBe(201);
    expect(invoice.json()).toMatchObject({
      taxRate: '0.00',
      laborTaxRate: '0.00',
      taxJurisdiction: 'MD',
      taxJurisdictionName: 'Maryland',
    });
  });

  it('are named in the e-mailed quote as its PDF names them', async () => {
    const res = await quoteFor({
      workLocation: '20782',
      customerEmail: 'fleet.buyer@example.com',
      taxRate: 6,
      laborTaxRate: 2,
      taxOverrideReason: 'County surcharge on labour agreed with the fleet',
    });
    expect(res.statusCode, res.body).toBe(201);
    const sent = await call('POST', `/api/pos/quotes/${res.json().id}/send`, {});
    expect(sent.statusCode, sent.body).toBe(200);
    const [mail] = await t.app.db
      .select()
      .from(outbox)
      .where(eq(outbox.toAddress, 'fleet.buyer@example.com'));
    // $50 of parts at 6% and $100 of labour at 2%.
    expect(mail!.textBody).toContain('Sales tax (6% on parts, 2% on labor): $5.00');
  });

  it('are refused past 99.99%', async () => {
    const res = await quoteFor({
      workLocation: '20782',
      taxRate: 100,
      taxOverrideReason: 'Typo',
    });
    expect(res.statusCode).toBe(400);
  });
});
