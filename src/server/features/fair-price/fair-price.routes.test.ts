import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/build-test-app';
import { createTechnician, createUser, signIn } from '../../../../tests/helpers/factories';
import { findLocation } from '@shared/constants/locations';
import { typicalPriceText } from '@shared/fair-price';
import { formatReference } from '@shared/service-request-rules';
import type { FairPrice } from '@shared/schemas/fair-price';
import type { ServiceRequestDetail } from '@shared/schemas/service-request-views';
import type { PublicQuote } from '@shared/schemas/pos';
import { fairPrices, invoices, quoteItems, quotes, serviceRequests } from '../../db/schema';
import { areaOf, fairPriceFor, refreshFairPrices } from '../../domain/fair-price';
import { hashToken } from '../../infra/session';

// The fair-price check (ADR 015): quartiles of what completed, paid jobs of the same
// service type in the same area (ZIP3) charged over the last 12 months, from 20 jobs on.

let t: TestApp;
let customer: { id: number; cookie: string };
let technicianId: number;
let seq = 0;
const NOW = new Date('2026-06-15T16:00:00Z');
const DAY = 86_400_000;

const hyattsville = findLocation('Hyattsville, MD')!;
const bowie = findLocation('Bowie, MD')!;
const waldorf = findLocation('Waldorf, MD')!;

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set(NOW);
  const u = await createUser(t.app);
  customer = { id: u.id, cookie: await signIn(t.app, u.username!) };
  technicianId = (await createTechnician(t.app)).technician.id;
});
afterAll(() => t.close());

type JobOptions = {
  serviceType?: string;
  at?: { name: string; latitude: number; longitude: number };
  jobStatus?: 'completed' | 'canceled' | 'in_progress';
  invoiceStatus?: 'paid' | 'pending';
  paidDaysAgo?: number;
  /** Labor lines' cents; the rest of the total is a part. */
  labor?: number[];
};

/** A job with one invoice for `totalCents` (paid, completed and recent unless told). */
async function job(totalCents: number, o: JobOptions = {}) {
  const at = o.at ?? hyattsville;
  const [sr] = await t.app.db
    .insert(serviceRequests)
    .values({
      customerId: customer.id,
      serviceType: o.serviceType ?? 'Brake Service',
      description: 'Grinding noise when braking',
      location: at.name,
      latitude: at.latitude,
      longitude: at.longitude,
      status: o.jobStatus ?? 'completed',
      assignedTechnicianId: technicianId,
      completedAt: new Date(NOW.getTime() - (o.paidDaysAgo ?? 10) * DAY),
    })
    .returning();
  const labor = o.labor ?? [];
  const partCents = totalCents - labor.reduce((a, b) => a + b, 0);
  const items = [
    ...labor.map((c) => ({
      type: 'labor' as const,
      description: 'Labor',
      quantity: '1',
      unitPriceCents: c,
      totalPriceCents: c,
    })),
    {
      type: 'part' as const,
      description: 'Pads',
      quantity: '1',
      unitPriceCents: partCents,
      totalPriceCents: partCents,
    },
  ];
  const n = ++seq;
  const [q] = await t.app.db
    .insert(quotes)
    .values({
      quoteNumber: `Q-FP-${n}`,
      technicianId,
      serviceRequestId: sr!.id,
      customerName: 'Pat',
      laborTotalCents: totalCents - partCents,
      partsTotalCents: partCents,
      taxRate: '0.00',
      taxAmountCents: 0,
      totalAmountCents: totalCents,
      status: 'approved',
    })
    .returning();
  await t.app.db
    .insert(quoteItems)
    .values(items.map((i, position) => ({ ...i, quoteId: q!.id, position })));
  const paid = (o.invoiceStatus ?? 'paid') === 'paid';
  await t.app.db.insert(invoices).values({
    invoiceNumber: `INV-FP-${n}`,
    quoteId: q!.id,
    technicianId,
    serviceRequestId: sr!.id,
    customerName: 'Pat',
    items,
    laborTotalCents: totalCents - partCents,
    partsTotalCents: partCents,
    taxAmountCents: 0,
    totalAmountCents: totalCents,
    paidAmountCents: paid ? totalCents : 0,
    status: paid ? 'paid' : 'pending',
    paidAt: paid ? new Date(NOW.getTime() - (o.paidDaysAgo ?? 10) * DAY) : null,
  });
  return sr!;
}

const fairPrice = async (serviceType: string, at: { latitude: number; longitude: number }) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/fair-price?serviceType=${encodeURIComponent(serviceType)}&latitude=${at.latitude}&longitude=${at.longitude}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<FairPrice>();
};

describe('areas', () => {
  it('is the ZIP3 of the nearest ZIP code, none far from any', () => {
    expect(areaOf(hyattsville)).toBe('207');
    expect(areaOf(bowie)).toBe('207');
    expect(areaOf(waldorf)).toBe('206');
    expect(areaOf(findLocation('Washington, DC')!)).toBe('200');
    // The middle of the Atlantic.
    expect(areaOf({ latitude: 35, longitude: -50 })).toBeNull();
  });
});

describe('the fair price of brake service around Hyattsville', () => {
  // Totals $100, $200, ... $1,900 (then $2,000): labor half of each, in one line.
  const totals = Array.from({ length: 20 }, (_, i) => (i + 1) * 10_000);
  let last: Awaited<ReturnType<typeof job>>;

  beforeAll(async () => {
    for (const c of totals.slice(0, 19)) await job(c, { labor: [c / 2] });
    // Jobs that must not count, with totals that would move the quartiles if they did.
    const huge = 5_000_000;
    await job(huge, { invoiceStatus: 'pending', labor: [huge / 2] });
    await job(huge, { jobStatus: 'canceled', labor: [huge / 2] });
    await job(huge, { jobStatus: 'in_progress', labor: [huge / 2] });
    await job(huge, { paidDaysAgo: 400, labor: [huge / 2] });
    await job(huge, { serviceType: 'Oil Change', labor: [huge / 2] });
    await job(huge, { at: waldorf, labor: [huge / 2] });
  });

  it('says not enough data with 19 jobs', async () => {
    expect(await refreshFairPrices(t.app.db, NOW)).toMatchObject({ groups: 3 });
    const fp = await fairPrice('Brake Service', hyattsville);
    expect(fp).toMatchObject({
      serviceType: 'Brake Service',
      area: '207',
      jobs: 19,
      enoughData: false,
      total: null,
      laborLine: null,
    });
  });

  it('gives the interquartile range from the 20th job on, counting only completed, paid, recent jobs of the type and area', async () => {
    last = await job(totals[19]!, { at: bowie, labor: [totals[19]! / 4, totals[19]! / 4] });
    await refreshFairPrices(t.app.db, NOW);
    const fp = await fairPrice('Brake Service', hyattsville);
    expect(fp.jobs).toBe(20);
    expect(fp.enoughData).toBe(true);
    // percentile_cont over $100..$2,000: positions 4.75, 9.5 and 14.25.
    expect(fp.total).toEqual({ low: '575.00', median: '1050.00', high: '1525.00' });
    expect(typicalPriceText(fp.total!)).toBe('Typical price in your area: $575–$1,525');
    // Labor lines: $50..$950 and two $500 lines of the last job (21 lines, 20 jobs).
    expect(fp.laborLine).toEqual({ low: '300.00', median: '500.00', high: '700.00' });
    expect(fp.refreshedAt).toBe(NOW.toISOString());
    // The same area from another of its towns; another area has its own (too few) jobs.
    expect((await fairPrice('Brake Service', bowie)).total).toEqual(fp.total);
    expect(await fairPrice('Brake Service', waldorf)).toMatchObject({
      area: '206',
      jobs: 1,
      total: null,
    });
  });

  it('answers the price before booking at a place as typed, in dollars, and no range below 20 jobs', async () => {
    const estimate = (serviceType: string, location: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/price-estimates?serviceType=${encodeURIComponent(serviceType)}&location=${encodeURIComponent(location)}`,
      });
    const near = await estimate('Brake Service', '20781');
    expect(near.statusCode, near.body).toBe(200);
    expect(near.json()).toEqual({
      serviceType: 'Brake Service',
      place: 'Hyattsville, MD 20781',
      jobs: 20,
      minimumJobs: 20,
      low: 575,
      median: 1050,
      high: 1525,
    });
    expect(near.headers['cache-control']).toBe('public, max-age=600');
    // A town name in the same area reads the same figures.
    expect((await estimate('Brake Service', 'Bowie, MD')).json()).toMatchObject({ low: 575 });
    // Waldorf's area has one job: its count, and no range.
    const few = (await estimate('Brake Service', 'Waldorf, MD')).json();
    expect(few).toMatchObject({ jobs: 1, minimumJobs: 20 });
    expect(few).not.toHaveProperty('low');
    // Outside the service area, an unknown place, an unknown service: 400 with a message.
    const far = await estimate('Brake Service', '90210');
    expect(far.statusCode).toBe(400);
    expect(far.json().message).toMatch(/Beverly Hills, CA/);
    expect((await estimate('Brake Service', 'Atlantis')).statusCode).toBe(400);
    const odd = await estimate('Teleportation', '20781');
    expect(odd.statusCode).toBe(400);
    expect(odd.json().message).toMatch(/Service type must be one of/);
  });

  it('drops jobs paid more than 12 months ago at the next refresh', async () => {
    // Every job counted was paid 10 days before NOW: still in the window 300 days on, not 400.
    const later = new Date(NOW.getTime() + 300 * DAY);
    await refreshFairPrices(t.app.db, later);
    const fp = await fairPriceFor(t.app.db, 'Brake Service', hyattsville);
    expect(fp).toMatchObject({ jobs: 20, enoughData: true });
    const after = new Date(NOW.getTime() + 400 * DAY);
    await refreshFairPrices(t.app.db, after);
    expect(await fairPriceFor(t.app.db, 'Brake Service', hyattsville)).toMatchObject({
      jobs: 0,
      enoughData: false,
      refreshedAt: null,
    });
    expect(await t.app.db.select().from(fairPrices)).toEqual([]);
    await refreshFairPrices(t.app.db, NOW);
  });

  it("puts it in the customer's job page and on the remote signature page", async () => {
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/service-requests/${formatReference(last.id)}`,
      headers: { cookie: customer.cookie },
    });
    expect(detail.statusCode, detail.body).toBe(200);
    const d = detail.json<ServiceRequestDetail>();
    expect(d.fairPrice).toMatchObject({ area: '207', jobs: 20, enoughData: true });
    expect(d.quotes[0]!.items.map((i) => i.type)).toEqual(['labor', 'labor', 'part']);

    const token = `fair-price-token-${'x'.repeat(20)}`;
    const [q] = await t.app.db
      .insert(quotes)
      .values({
        quoteNumber: 'Q-FP-SIGN',
        technicianId,
        serviceRequestId: last.id,
        customerName: 'Pat',
        laborTotalCents: 0,
        partsTotalCents: 0,
        taxRate: '0.00',
        taxAmountCents: 0,
        totalAmountCents: 0,
        approvalTokenHash: hashToken(token),
        approvalTokenExpiresAt: new Date(NOW.getTime() + DAY),
      })
      .returning();
    const view = await t.app.inject({ method: 'GET', url: `/api/quote-approvals/${token}` });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json<PublicQuote>().fairPrice).toEqual(d.fairPrice);
    expect(q).toBeDefined();

    // A quote made without a job has no service type to compare with.
    const loose = `loose-quote-token-${'y'.repeat(20)}`;
    await t.app.db.insert(quotes).values({
      quoteNumber: 'Q-FP-LOOSE',
      technicianId,
      customerName: 'Pat',
      laborTotalCents: 0,
      partsTotalCents: 0,
      taxRate: '0.00',
      taxAmountCents: 0,
      totalAmountCents: 0,
      approvalTokenHash: hashToken(loose),
      approvalTokenExpiresAt: new Date(NOW.getTime() + DAY),
    });
    const looseView = await t.app.inject({ method: 'GET', url: `/api/quote-approvals/${loose}` });
    expect(looseView.json<PublicQuote>().fairPrice).toBeNull();
  });
});

describe('GET /api/fair-price', () => {
  it.each([
    ['serviceType=Teleportation&latitude=38.9&longitude=-76.9', 'Service type must be one of'],
    ['serviceType=Oil%20Change&latitude=abc&longitude=-76.9', 'latitude must be a number'],
    ['serviceType=Oil%20Change&latitude=91&longitude=-76.9', 'latitude must be a number'],
    ['serviceType=Oil%20Change&latitude=38.9&longitude=-181', 'longitude must be a number'],
    ['serviceType=Oil%20Change&latitude=38.9', 'longitude must be a number'],
    ['serviceType=Oil%20Change&latitude=&longitude=-76.9', 'latitude must be a number'],
  ])('%s is a 400', async (query, message) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/fair-price?${query}` });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.body).toContain(message);
  });

  it('answers with no area far from any ZIP code', async () => {
    expect(await fairPrice('Oil Change', { latitude: 35, longitude: -50 })).toEqual({
      serviceType: 'Oil Change',
      area: null,
      jobs: 0,
      enoughData: false,
      total: null,
      laborLine: null,
      refreshedAt: null,
    });
  });
});
