import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../../tests/helpers/build-test-app';
import { createTechnician, signIn } from '../../../../../tests/helpers/factories';
import type { PaymentStatus } from '@shared/constants/domain';
import { PAGE_SIZE_MESSAGE } from '@shared/schemas/billing';
import { PAGE_MESSAGE } from '@shared/schemas/common';
import { payments } from '../../../db/schema';

let t: TestApp;
let cookie: string;
let seq = 0;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** `n` payments of one status and amount, one minute apart, newest last. */
async function seedPayments(technicianId: number, n: number, status: PaymentStatus, cents: number) {
  const base = Date.now() - 10 * 86_400_000;
  await t.app.db.insert(payments).values(
    Array.from({ length: n }, () => {
      seq++;
      return {
        technicianId,
        amountCents: cents,
        description: `Plan payment ${seq}`,
        status,
        provider: 'sandbox',
        receiptNumber: `R-TEST-${String(seq).padStart(6, '0')}`,
        createdAt: new Date(base + seq * 60_000),
      };
    }),
  );
}

const get = (url: string, c = cookie) =>
  t.app.inject({ method: 'GET', url, headers: { cookie: c } });

describe('payment history: pages, page sizes and totals over the whole history', () => {
  beforeAll(async () => {
    const { user, technician } = await createTechnician(t.app);
    cookie = await signIn(t.app, user.username!);
    // 25 payments in three statuses, interleaved so every page mixes them.
    for (let i = 0; i < 5; i++) {
      await seedPayments(technician.id, 3, 'succeeded', 299);
      await seedPayments(technician.id, 1, 'processing', 499);
      await seedPayments(technician.id, 1, 'failed', 699);
    }
    // Another technician's payments count for nobody else.
    const other = await createTechnician(t.app);
    await seedPayments(other.technician.id, 4, 'succeeded', 10_000);
  });

  it('keeps the spec path and list body (20 a page) and sends the totals of all 25 payments', async () => {
    const first = await get('/api/payment/history/1');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toHaveLength(20);
    expect(first.headers).toMatchObject({
      'x-total-count': '25',
      // 15 succeeded x $2.99 and 5 processing x $4.99, whatever the page shows.
      'x-total-paid': '44.85',
      'x-total-pending': '24.95',
      'x-page-size': '20',
    });
    const second = await get('/api/payment/history/2');
    expect(second.json()).toHaveLength(5);
    expect(second.headers['x-total-paid']).toBe('44.85');
    expect((await get('/api/payment/history/3')).json()).toEqual([]);
    // Newest first, and the pages do not overlap.
    const ids = [...first.json(), ...second.json()].map((r: { id: number }) => r.id);
    expect(new Set(ids).size).toBe(25);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
  });

  it('pages by 10 and 50 on request', async () => {
    const sizes = await Promise.all(
      [1, 2, 3].map(async (page) => {
        const res = await get(`/api/payment/history/${page}?pageSize=10`);
        expect(res.headers['x-page-size']).toBe('10');
        expect(res.headers['x-total-count']).toBe('25');
        return (res.json() as { status: string }[]).map((r) => r.status);
      }),
    );
    expect(sizes.map((s) => s.length)).toEqual([10, 10, 5]);
    expect(sizes.flat().filter((s) => s === 'processing')).toHaveLength(5);
    const all = await get('/api/payment/history/1?pageSize=50');
    expect(all.json()).toHaveLength(25);
  });

  it('refuses page sizes it does not offer and impossible pages with 400', async () => {
    for (const q of ['pageSize=15', 'pageSize=abc', 'pageSize=0', 'pageSize=1e9', 'pageSize=']) {
      const res = await get(`/api/payment/history/1?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().message, q).toContain(PAGE_SIZE_MESSAGE);
    }
    for (const page of ['0', '99999999999', 'abc', '1.5']) {
      const res = await get(`/api/payment/history/${page}`);
      expect(res.statusCode, page).toBe(400);
      expect(res.json().message, page).toContain(PAGE_MESSAGE);
    }
  });

  it('exports every payment as CSV, not one page', async () => {
    const csv = await get('/api/payment/history.csv');
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.split('\n');
    expect(lines).toHaveLength(26);
    expect(lines.filter((l) => l.endsWith(',succeeded'))).toHaveLength(15);
    expect(lines.filter((l) => l.endsWith(',processing'))).toHaveLength(5);
    expect(lines.filter((l) => l.endsWith(',failed'))).toHaveLength(5);
  });

  it('answers zero totals to a technician with no payments', async () => {
    const { user } = await createTechnician(t.app);
    const res = await get('/api/payment/history/1', await signIn(t.app, user.username!));
    expect(res.json()).toEqual([]);
    expect(res.headers).toMatchObject({
      'x-total-count': '0',
      'x-total-paid': '0.00',
      'x-total-pending': '0.00',
    });
  });
});
