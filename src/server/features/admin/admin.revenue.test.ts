import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/build-test-app';
import { createUser, signIn, signedInTechnician } from '../../../../tests/helpers/factories';
import { STATEMENT_RANGE_MESSAGES } from '@shared/schemas/statements';
import { invoicePayments, payments } from '../../db/schema';

// The admin's money view: the platform's revenue (plan payments) month by month, and apart from
// it the technicians' card volume, which is their customers' money, never the platform's.

let t: TestApp;
let admin: string;
let n = 0;

async function planPayment(
  technicianId: number,
  at: string,
  amountCents: number,
  status = 'succeeded',
) {
  await t.app.db.insert(payments).values({
    technicianId,
    amountCents,
    description: 'Professional plan - monthly subscription',
    status: status as 'succeeded',
    provider: 'sandbox',
    receiptNumber: `R-REV-${++n}`,
    createdAt: new Date(at),
  });
}

async function cardPayment(technicianId: number, at: string, amountCents: number, method = 'card') {
  await t.app.db.insert(invoicePayments).values({
    technicianId,
    method: method as 'card',
    amountCents,
    status: 'succeeded',
    receiptNumber: `R-REV-${++n}`,
    createdAt: new Date(at),
  });
}

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set(new Date('2026-03-15T12:00:00Z'));
  const a = await signedInTechnician(t.app, 'Professional');
  const b = await signedInTechnician(t.app, 'Premium');
  admin = await signIn(t.app, (await createUser(t.app, { role: 'admin' })).username!);
  // 02:00 UTC on Feb 1st is still January in New York.
  await planPayment(a.technicianId, '2026-02-01T02:00:00Z', 699);
  await planPayment(b.technicianId, '2026-02-03T15:00:00Z', 499);
  await planPayment(b.technicianId, '2026-02-04T15:00:00Z', 499, 'failed');
  await cardPayment(a.technicianId, '2026-02-10T15:00:00Z', 150_000);
  await cardPayment(b.technicianId, '2026-02-11T15:00:00Z', 25_000);
  await cardPayment(b.technicianId, '2026-02-12T15:00:00Z', 4_000, 'cash');
});
afterAll(() => t.close());

const get = (url: string, cookie = admin) =>
  t.app.inject({ method: 'GET', url, headers: { cookie } });

describe('platform revenue', () => {
  it("keeps plan revenue apart from technicians' card volume, by New York month", async () => {
    const res = await get('/api/admin/revenue?from=2026-01&to=2026-02');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      from: '2026-01',
      to: '2026-02',
      timeZone: 'America/New_York',
      months: [
        {
          month: '2026-01',
          planPaymentCount: 1,
          platformRevenueCents: 699,
          technicianCardCount: 0,
          technicianCardVolumeCents: 0,
        },
        {
          month: '2026-02',
          planPaymentCount: 1,
          platformRevenueCents: 499,
          technicianCardCount: 2,
          technicianCardVolumeCents: 175_000,
        },
      ],
      totals: {
        planPaymentCount: 2,
        platformRevenueCents: 1_198,
        technicianCardCount: 2,
        technicianCardVolumeCents: 175_000,
      },
    });
  });

  it('covers the last 12 months by default and checks the range', async () => {
    const s = (await get('/api/admin/revenue')).json();
    expect([s.from, s.to, s.months.length]).toEqual(['2025-04', '2026-03', 12]);
    const bad = await get('/api/admin/revenue?from=2026-03&to=2026-01');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain(STATEMENT_RANGE_MESSAGES.order);
    expect((await get('/api/admin/revenue?from=2020-01&to=2026-01')).statusCode).toBe(400);
  });

  it('is for admins only', async () => {
    const tech = await signedInTechnician(t.app, 'Professional');
    expect((await get('/api/admin/revenue', tech.cookie)).statusCode).toBe(403);
  });
});
