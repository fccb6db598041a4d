import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../../tests/helpers/build-test-app';
import { createUser, signIn, signedInTechnician } from '../../../../../tests/helpers/factories';
import { invoicePayments, paymentDisputes, paymentRefunds } from '../../../db/schema';

// A month of a technician's money in the layouts QuickBooks Online and Xero import.

let t: TestApp;
let a: Awaited<ReturnType<typeof signedInTechnician>>;
let b: Awaited<ReturnType<typeof signedInTechnician>>;
let n = 0;

async function pay(
  technicianId: number,
  at: string,
  amountCents: number,
  opts: {
    method?: 'card' | 'cash';
    fee?: number;
    tip?: number;
    status?: string;
    name?: string;
  } = {},
) {
  const [row] = await t.app.db
    .insert(invoicePayments)
    .values({
      technicianId,
      method: opts.method ?? 'card',
      amountCents,
      tipCents: opts.tip ?? 0,
      status: (opts.status ?? 'succeeded') as 'succeeded',
      provider: (opts.method ?? 'card') === 'card' ? 'square' : null,
      receiptNumber: `R-ACC-${++n}`,
      customerName: opts.name ?? 'Pat Driver',
      processingFeeCents: opts.fee ?? null,
      createdAt: new Date(at),
    })
    .returning();
  return row!;
}

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set(new Date('2026-03-15T12:00:00Z'));
  a = await signedInTechnician(t.app, 'Professional');
  b = await signedInTechnician(t.app, 'Professional');
  // 21:00 on Jan 31st in New York: January, not February.
  await pay(a.technicianId, '2026-02-01T02:00:00Z', 9_999, { fee: 300 });
  const card = await pay(a.technicianId, '2026-02-10T15:00:00Z', 25_000, { fee: 755, tip: 2_500 });
  await pay(a.technicianId, '2026-02-12T15:00:00Z', 4_000, {
    method: 'cash',
    name: '=HYPERLINK("http://evil")',
  });
  await pay(a.technicianId, '2026-02-13T15:00:00Z', 99_900, { status: 'failed' });
  await t.app.db.insert(paymentRefunds).values({
    paymentId: card.id,
    technicianId: a.technicianId,
    amountCents: 5_000,
    status: 'succeeded',
    provider: 'square',
    idempotencyKey: 'acc-refund-1',
    reason: 'technician',
    createdAt: new Date('2026-02-15T15:00:00Z'),
  });
  await t.app.db.insert(paymentDisputes).values({
    provider: 'square',
    providerDisputeId: 'acc-dp-1',
    paymentId: card.id,
    technicianId: a.technicianId,
    amountCents: 27_500,
    state: 'LOST',
    createdAt: new Date('2026-02-20T15:00:00Z'),
    updatedAt: new Date('2026-02-25T15:00:00Z'),
  });
  await pay(b.technicianId, '2026-02-10T15:00:00Z', 777_700, { fee: 9_999 });
});
afterAll(() => t.close());

const get = (query: string, cookie = a.cookie) =>
  t.app.inject({
    method: 'GET',
    url: `/api/pos/accounting-export.csv?${query}`,
    headers: { cookie },
  });

describe('the accounting export', () => {
  it("writes QuickBooks Online's 3-column upload: MM/DD/YYYY, signed amounts, the month's lines only", async () => {
    const res = await get('month=2026-02&format=quickbooks');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="wrenchly-quickbooks-2026-02.csv"',
    );
    expect(res.body.split('\r\n')).toEqual([
      'Date,Description,Amount',
      '02/10/2026,"Payment R-ACC-2 (card, tip 25.00) - Pat Driver",275.00',
      '02/10/2026,Processing fee for R-ACC-2 - Square,-7.55',
      '02/12/2026,"Payment R-ACC-3 (cash) - =HYPERLINK(""http://evil"")",40.00',
      '02/15/2026,Refund of R-ACC-2 - Pat Driver,-50.00',
      '02/25/2026,Dispute lost on R-ACC-2 - Square,-275.00',
      '',
    ]);
  });

  it("writes Xero's statement template, a name that looks like a formula made harmless", async () => {
    const res = await get('month=2026-02&format=xero');
    expect(res.statusCode, res.body).toBe(200);
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe('*Date,*Amount,Payee,Description,Reference,Check Number');
    expect(lines[1]).toBe(
      '02/10/2026,275.00,Pat Driver,"Payment R-ACC-2 (card, tip 25.00)",R-ACC-2,',
    );
    expect(lines[3]).toBe(
      `02/12/2026,40.00,"'=HYPERLINK(""http://evil"")",Payment R-ACC-3 (cash),R-ACC-3,`,
    );
    // January holds the payment taken at 21:00 New York time on Jan 31st.
    const jan = (await get('month=2026-01&format=xero')).body.split('\r\n');
    expect(jan[1]).toBe('01/31/2026,99.99,Pat Driver,Payment R-ACC-1 (card),R-ACC-1,');
  });

  it('refuses a bad month or format, and is for technicians', async () => {
    for (const q of ['month=2026-13&format=xero', 'month=2026-02&format=sage', 'format=xero'])
      expect((await get(q)).statusCode, q).toBe(400);
    const customer = await createUser(t.app);
    expect(
      (await get('month=2026-02&format=xero', await signIn(t.app, customer.username!))).statusCode,
    ).toBe(403);
  });
});
