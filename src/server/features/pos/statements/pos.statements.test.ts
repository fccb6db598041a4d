import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../../tests/helpers/build-test-app';
import { createUser, signIn, signedInTechnician } from '../../../../../tests/helpers/factories';
import { STATEMENT_CSV_HEADER, STATEMENT_RANGE_MESSAGES } from '@shared/schemas/statements';
import { invoicePayments, paymentDisputes, paymentRefunds } from '../../../db/schema';

// A technician's payments statement: months in New York time, card volume, refunds, disputes,
// the provider's fees and net, the other methods apart, only the technician's own rows.

let t: TestApp;
let a: Awaited<ReturnType<typeof signedInTechnician>>;
let b: Awaited<ReturnType<typeof signedInTechnician>>;
let receipt = 0;

/** A payment of the technician, taken at `at` (UTC). */
async function pay(
  technicianId: number,
  at: string,
  amountCents: number,
  opts: { method?: 'card' | 'cash' | 'check' | 'digital'; status?: string; fee?: number } = {},
) {
  const [row] = await t.app.db
    .insert(invoicePayments)
    .values({
      technicianId,
      method: opts.method ?? 'card',
      amountCents,
      status: (opts.status ?? 'succeeded') as 'succeeded',
      provider: (opts.method ?? 'card') === 'card' ? 'sandbox' : null,
      receiptNumber: `R-STMT-${++receipt}`,
      processingFeeCents: opts.fee ?? null,
      createdAt: new Date(at),
    })
    .returning();
  return row!;
}

async function refund(
  p: { id: number; technicianId: number },
  at: string,
  amountCents: number,
  status: 'succeeded' | 'failed' = 'succeeded',
) {
  await t.app.db.insert(paymentRefunds).values({
    paymentId: p.id,
    technicianId: p.technicianId,
    amountCents,
    status,
    provider: 'sandbox',
    idempotencyKey: `stmt-refund-${++receipt}`,
    reason: 'technician',
    createdAt: new Date(at),
  });
}

async function dispute(
  p: { id: number; technicianId: number },
  at: string,
  amountCents: number,
  state: string,
) {
  await t.app.db.insert(paymentDisputes).values({
    provider: 'sandbox',
    providerDisputeId: `dp-${++receipt}`,
    paymentId: p.id,
    technicianId: p.technicianId,
    amountCents,
    state,
    createdAt: new Date(at),
  });
}

const get = (url: string, cookie = a.cookie) =>
  t.app.inject({ method: 'GET', url, headers: { cookie } });

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set(new Date('2026-03-15T12:00:00Z'));
  a = await signedInTechnician(t.app, 'Professional');
  b = await signedInTechnician(t.app, 'Professional');
  // New Year's Eve in New York (04:59 UTC on Jan 1st): December, outside a range from January.
  await pay(a.technicianId, '2026-01-01T04:59:00Z', 3333, { fee: 100 });
  // 02:00 UTC on Feb 1st is 21:00 on Jan 31st in New York: January.
  const jan = await pay(a.technicianId, '2026-02-01T02:00:00Z', 10_000, { fee: 320 });
  const feb = await pay(a.technicianId, '2026-02-10T15:00:00Z', 25_000, { fee: 755 });
  // The provider has not reported this one's fee yet.
  const big = await pay(a.technicianId, '2026-02-20T15:00:00Z', 150_000);
  await pay(a.technicianId, '2026-02-11T15:00:00Z', 99_900, { status: 'failed' });
  await pay(a.technicianId, '2026-02-12T15:00:00Z', 4_000, { method: 'cash' });
  await pay(a.technicianId, '2026-02-12T16:00:00Z', 6_000, { method: 'check' });
  await pay(a.technicianId, '2026-02-12T17:00:00Z', 2_500, { method: 'digital' });
  await refund(feb, '2026-02-15T15:00:00Z', 5_000);
  await refund(big, '2026-02-21T15:00:00Z', 150_000, 'failed');
  await dispute(big, '2026-02-25T15:00:00Z', 150_000, 'LOST');
  await dispute(jan, '2026-03-05T15:00:00Z', 10_000, 'EVIDENCE_REQUIRED');
  // Midnight of March 1st in New York (05:00 UTC, before daylight saving time): March.
  await pay(a.technicianId, '2026-03-01T05:00:00Z', 2_000, { fee: 88 });
  // Another technician's payments, refunds and disputes in the same months.
  const other = await pay(b.technicianId, '2026-02-10T15:00:00Z', 777_700, { fee: 9_999 });
  await pay(b.technicianId, '2026-02-10T16:00:00Z', 55_500, { method: 'cash' });
  await refund(other, '2026-02-11T15:00:00Z', 1_100);
  await dispute(other, '2026-02-12T15:00:00Z', 777_700, 'LOST');
});
afterAll(() => t.close());

const ZERO = {
  cardCount: 0,
  cardCents: 0,
  tipCents: 0,
  refundCount: 0,
  refundCents: 0,
  disputeCount: 0,
  disputedCents: 0,
  disputesLostCents: 0,
  feeCents: 0,
  feesUnreportedCount: 0,
  netCents: 0,
  cashCents: 0,
  checkCents: 0,
  otherCents: 0,
};

describe('the payments statement', () => {
  it('buckets by New York month and computes refunds, disputes, fees and net', async () => {
    const res = await get('/api/pos/statements?from=2026-01&to=2026-03');
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json();
    expect(s).toMatchObject({ from: '2026-01', to: '2026-03', timeZone: 'America/New_York' });
    expect(s.months).toEqual([
      {
        ...ZERO,
        month: '2026-01',
        cardCount: 1,
        cardCents: 10_000,
        feeCents: 320,
        netCents: 9_680,
      },
      {
        ...ZERO,
        month: '2026-02',
        cardCount: 2,
        cardCents: 175_000,
        refundCount: 1,
        refundCents: 5_000,
        disputeCount: 1,
        disputedCents: 150_000,
        disputesLostCents: 150_000,
        feeCents: 755,
        feesUnreportedCount: 1,
        // 175,000 - 5,000 refunded - 150,000 lost - 755 fees
        netCents: 19_245,
        cashCents: 4_000,
        checkCents: 6_000,
        otherCents: 2_500,
      },
      {
        ...ZERO,
        month: '2026-03',
        cardCount: 1,
        cardCents: 2_000,
        disputeCount: 1,
        disputedCents: 10_000,
        feeCents: 88,
        netCents: 1_912,
      },
    ]);
    expect(s.totals).toEqual({
      cardCount: 4,
      cardCents: 187_000,
      tipCents: 0,
      refundCount: 1,
      refundCents: 5_000,
      disputeCount: 2,
      disputedCents: 160_000,
      disputesLostCents: 150_000,
      feeCents: 1_163,
      feesUnreportedCount: 1,
      netCents: 30_837,
      cashCents: 4_000,
      checkCents: 6_000,
      otherCents: 2_500,
    });
  });

  it("never shows another technician's payments", async () => {
    const mine = (await get('/api/pos/statements?from=2026-01&to=2026-03')).json();
    expect(JSON.stringify(mine)).not.toMatch(/777700|55500|1100|9999/);
    const theirs = (await get('/api/pos/statements?from=2026-02&to=2026-02', b.cookie)).json();
    expect(theirs.months).toEqual([
      {
        ...ZERO,
        month: '2026-02',
        cardCount: 1,
        cardCents: 777_700,
        refundCount: 1,
        refundCents: 1_100,
        disputeCount: 1,
        disputedCents: 777_700,
        disputesLostCents: 777_700,
        feeCents: 9_999,
        netCents: 777_700 - 1_100 - 777_700 - 9_999,
        cashCents: 55_500,
      },
    ]);
  });

  it('covers the last 12 months by default, empty months included', async () => {
    const s = (await get('/api/pos/statements')).json();
    expect(s.from).toBe('2025-04');
    expect(s.to).toBe('2026-03');
    expect(s.months).toHaveLength(12);
    expect(s.months[0]).toEqual({ ...ZERO, month: '2025-04' });
    // December's payment (New Year's Eve in New York) is in the default range.
    expect(s.months.find((m: { month: string }) => m.month === '2025-12').cardCents).toBe(3_333);
  });

  it('downloads as CSV: header, one row per month, decimals without separators', async () => {
    const res = await get('/api/pos/statements.csv?from=2026-01&to=2026-03');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="wrenchly-statement-2026-01-to-2026-03.csv"',
    );
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines).toEqual([
      STATEMENT_CSV_HEADER.join(','),
      '2026-01,1,100.00,0.00,0,0.00,0,0.00,0.00,3.20,0,96.80,0.00,0.00,0.00',
      '2026-02,2,1750.00,0.00,1,50.00,1,1500.00,1500.00,7.55,1,192.45,40.00,60.00,25.00',
      '2026-03,1,20.00,0.00,0,0.00,1,100.00,0.00,0.88,0,19.12,0.00,0.00,0.00',
    ]);
    expect(lines[0]).toBe(
      'Month,Card & PayPal payments,Card & PayPal volume,Tips,Refunds,Refunded,Disputes,Disputed,Disputes lost,' +
        'Provider fees,Payments without fee reported,Net,Cash,Check,Other',
    );
  });

  it.each([
    ['from=2026-13&to=2026-12', 'from must be a month (YYYY-MM)'],
    ['from=2026-1', 'from must be a month (YYYY-MM)'],
    ['to=garbage', 'to must be a month (YYYY-MM)'],
    ['from=1999-12&to=2000-01', 'from must be from 2000-01 to 2999-12'],
    ['from=2026-03&to=2026-01', STATEMENT_RANGE_MESSAGES.order],
    ['from=2023-01&to=2026-01', STATEMENT_RANGE_MESSAGES.tooLong],
    // Half-given: `to` defaults to this month (March 2026).
    ['from=2026-04', STATEMENT_RANGE_MESSAGES.order],
  ])('refuses %s with a 400', async (qs, message) => {
    for (const path of ['/api/pos/statements', '/api/pos/statements.csv']) {
      const res = await get(`${path}?${qs}`);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toContain(message);
    }
  });

  it('takes 36 months at most, and completes a half-given range', async () => {
    const res = await get('/api/pos/statements?from=2023-02&to=2026-01');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().months).toHaveLength(36);
    // `from` defaults to 11 months before `to`.
    const later = (await get('/api/pos/statements?to=2030-01')).json();
    expect([later.from, later.to, later.months.length]).toEqual(['2029-02', '2030-01', 12]);
  });

  it('is for signed-in technicians only', async () => {
    const anon = await t.app.inject({ method: 'GET', url: '/api/pos/statements' });
    expect(anon.statusCode).toBe(401);
    const customer = await createUser(t.app);
    const res = await get('/api/pos/statements.csv', await signIn(t.app, customer.username!));
    expect(res.statusCode).toBe(403);
  });
});
