import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/build-test-app';
import {
  createTechnician,
  createUser,
  signIn,
  subscribeTechnician,
} from '../../../../tests/helpers/factories';
import type { JobNotificationStatus, PosPaymentMethod } from '@shared/constants/domain';
import {
  ANALYTICS_EXPORT_PLAN_REQUIRED,
  ANALYTICS_PLAN_REQUIRED,
  ANALYTICS_TECHNICIANS_ONLY,
  type AnalyticsSummary,
} from '@shared/schemas/analytics';
import {
  invoicePayments,
  invoices,
  jobNotifications,
  quotes,
  reviews,
  serviceRequests,
} from '../../db/schema';

// A technician's analytics per plan (ADR 015): Free and Basic are refused, Premium
// gets the basic set, Professional everything and the CSV; each figure checked on data built
// here, with the month boundaries in the platform's time zone.

let t: TestApp;
let customerId: number;
let seq = 0;

beforeAll(async () => {
  t = await buildTestApp();
  // Mid-June 2026 in Washington; the ranges below are in the past.
  t.clock.set(new Date('2026-06-15T16:00:00Z'));
  customerId = (await createUser(t.app)).id;
});
afterAll(() => t.close());

async function technician(plan: 'Free' | 'Basic' | 'Premium' | 'Professional') {
  const { user, technician: tech } = await createTechnician(t.app);
  if (plan !== 'Free') await subscribeTechnician(t.app, tech.id, plan);
  return { id: tech.id, cookie: await signIn(t.app, user.username!) };
}

const get = (url: string, cookie: string) =>
  t.app.inject({ method: 'GET', url, headers: { cookie } });

async function request(fields: Partial<typeof serviceRequests.$inferInsert> = {}) {
  const [row] = await t.app.db
    .insert(serviceRequests)
    .values({
      customerId,
      serviceType: 'Brake Service',
      description: 'Grinding noise when braking',
      location: 'Hyattsville, MD',
      ...fields,
    })
    .returning();
  return row!;
}

/** A notification created at `at`, answered `afterSeconds` later (accept/decline/withdraw). */
async function notification(
  technicianId: number,
  status: JobNotificationStatus,
  at: string,
  afterSeconds?: number,
) {
  const sr = await request({ createdAt: new Date(at) });
  const created = new Date(at);
  await t.app.db.insert(jobNotifications).values({
    serviceRequestId: sr.id,
    technicianId,
    status,
    createdAt: created,
    expiresAt: new Date(created.getTime() + 5 * 60_000),
    respondedAt:
      afterSeconds === undefined ? null : new Date(created.getTime() + afterSeconds * 1000),
  });
}

async function completedJob(technicianId: number, completedAt: string, status = 'completed') {
  await request({
    assignedTechnicianId: technicianId,
    status: status as 'completed',
    completedAt: new Date(completedAt),
  });
}

async function invoice(technicianId: number) {
  const n = ++seq;
  const [q] = await t.app.db
    .insert(quotes)
    .values({
      quoteNumber: `Q-TEST-A${n}`,
      technicianId,
      customerName: 'Pat',
      laborTotalCents: 0,
      partsTotalCents: 0,
      taxRate: '0.00',
      taxAmountCents: 0,
      totalAmountCents: 15_000,
      status: 'approved',
    })
    .returning();
  const [inv] = await t.app.db
    .insert(invoices)
    .values({
      invoiceNumber: `INV-TEST-A${n}`,
      quoteId: q!.id,
      technicianId,
      customerName: 'Pat',
      items: [],
      laborTotalCents: 0,
      partsTotalCents: 0,
      taxAmountCents: 0,
      totalAmountCents: 15_000,
    })
    .returning();
  return inv!.id;
}

async function payment(
  technicianId: number,
  method: PosPaymentMethod,
  amountCents: number,
  at: string,
  opts: { invoiceId?: number; status?: 'succeeded' | 'failed' } = {},
) {
  await t.app.db.insert(invoicePayments).values({
    technicianId,
    invoiceId: opts.invoiceId ?? null,
    method,
    amountCents,
    status: opts.status ?? 'succeeded',
    receiptNumber: `R-TEST-A${++seq}`,
    createdAt: new Date(at),
  });
}

async function review(technicianId: number, rating: number, at: string, hidden = false) {
  await t.app.db.insert(reviews).values({
    technicianId,
    rating,
    createdAt: new Date(at),
    hiddenAt: hidden ? new Date(at) : null,
  });
}

describe('access per plan', () => {
  it('refuses Free and Basic technicians with the plans that include it', async () => {
    for (const plan of ['Free', 'Basic'] as const) {
      const tech = await technician(plan);
      for (const url of ['/api/analytics/summary', '/api/analytics/export.csv']) {
        const res = await get(url, tech.cookie);
        expect(res.statusCode, `${plan} ${url}`).toBe(403);
        expect(res.json().message).toBe(ANALYTICS_PLAN_REQUIRED);
      }
    }
  });

  it('gives Premium the basic set only, and no export', async () => {
    const tech = await technician('Premium');
    const res = await get('/api/analytics/summary', tech.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<AnalyticsSummary>();
    expect(body).toMatchObject({ plan: 'Premium', level: 'basic', advanced: null });
    expect(Object.keys(body.basic).sort()).toEqual(
      ['jobsCompleted', 'months', 'notifications', 'ratings', 'revenue'].sort(),
    );
    const csv = await get('/api/analytics/export.csv', tech.cookie);
    expect(csv.statusCode).toBe(403);
    expect(csv.json().message).toBe(ANALYTICS_EXPORT_PLAN_REQUIRED);
  });

  it('gives Professional the advanced set and the CSV', async () => {
    const tech = await technician('Professional');
    const res = await get('/api/analytics/summary', tech.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json<AnalyticsSummary>();
    expect(body.level).toBe('advanced');
    expect(body.advanced).not.toBeNull();
    const csv = await get('/api/analytics/export.csv', tech.cookie);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="wrenchly-analytics-/);
  });

  it('refuses an admin (analytics are a technician’s own)', async () => {
    const admin = await createUser(t.app, { role: 'admin' });
    const res = await get('/api/analytics/summary', await signIn(t.app, admin.username!));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(ANALYTICS_TECHNICIANS_ONLY);
  });
});

describe('figures on constructed data (February and March 2026, Washington time)', () => {
  let pro: { id: number; cookie: string };
  const range = 'from=2026-02-01&to=2026-03-31';

  beforeAll(async () => {
    pro = await technician('Professional');
    const other = await technician('Professional');
    // In range: accepted after 60 s and 180 s, declined after 20 s, withdrawn (accepted, then
    // given back: its time is the give-back's), expired, closed, pending.
    await notification(pro.id, 'accepted', '2026-02-03T15:00:00Z', 60);
    await notification(pro.id, 'declined', '2026-02-10T15:00:00Z', 20);
    await notification(pro.id, 'expired', '2026-02-11T15:00:00Z');
    await notification(pro.id, 'closed', '2026-03-02T15:00:00Z');
    await notification(pro.id, 'withdrawn', '2026-03-05T15:00:00Z', 3600);
    await notification(pro.id, 'accepted', '2026-03-06T15:00:00Z', 180);
    // 1 March 03:00 UTC is still 28 February in Washington.
    await notification(pro.id, 'pending', '2026-03-01T03:00:00Z');
    // Out of range (31 January 23:00 in Washington), and another technician's.
    await notification(pro.id, 'accepted', '2026-02-01T04:00:00Z', 10);
    await notification(other.id, 'declined', '2026-02-15T15:00:00Z', 5);

    await completedJob(pro.id, '2026-02-20T18:00:00Z');
    await completedJob(pro.id, '2026-03-20T18:00:00Z');
    await completedJob(pro.id, '2026-04-01T12:00:00Z'); // 1 April 08:00 local: out
    await completedJob(other.id, '2026-03-20T18:00:00Z');

    // One invoice paid in two payments (one ticket), a check without an invoice (another), a
    // failed payment and one out of range (neither counted).
    const inv = await invoice(pro.id);
    await payment(pro.id, 'card', 10_000, '2026-02-21T18:00:00Z', { invoiceId: inv });
    await payment(pro.id, 'cash', 5_000, '2026-02-22T18:00:00Z', { invoiceId: inv });
    await payment(pro.id, 'check', 2_501, '2026-03-21T18:00:00Z');
    await payment(pro.id, 'digital', 9_999, '2026-03-22T18:00:00Z', { status: 'failed' });
    await payment(pro.id, 'card', 7_777, '2026-04-02T18:00:00Z');
    await payment(other.id, 'digital', 1_234, '2026-03-22T18:00:00Z');

    await review(pro.id, 5, '2026-02-25T18:00:00Z');
    await review(pro.id, 4, '2026-02-26T18:00:00Z');
    await review(pro.id, 3, '2026-03-25T18:00:00Z');
    await review(pro.id, 1, '2026-01-25T18:00:00Z'); // out
    await review(pro.id, 1, '2026-02-27T18:00:00Z', true); // hidden by an admin: out
  });

  it('counts notifications, the acceptance rate and the median answer time', async () => {
    const body = (
      await get(`/api/analytics/summary?${range}`, pro.cookie)
    ).json<AnalyticsSummary>();
    expect(body.basic.notifications).toEqual({
      notified: 7,
      accepted: 3,
      declined: 1,
      expired: 1,
      // 3 / (3 + 1 + 1)
      acceptanceRate: 0.6,
      // Answers: 20, 60, 180 seconds (the withdrawn one is not an answer time).
      medianResponseSeconds: 60,
    });
    expect(body.basic.months).toEqual([
      { month: '2026-02', notified: 4, accepted: 1, completed: 1 },
      { month: '2026-03', notified: 3, accepted: 2, completed: 1 },
    ]);
  });

  it('counts completed jobs, revenue, tickets, the average ticket and ratings', async () => {
    const body = (
      await get(`/api/analytics/summary?${range}`, pro.cookie)
    ).json<AnalyticsSummary>();
    expect(body.basic.jobsCompleted).toBe(2);
    expect(body.basic.revenue).toEqual({
      total: '175.01',
      tickets: 2,
      averageTicket: '87.51',
      tips: '0.00',
    });
    expect(body.basic.ratings).toEqual({ reviews: 3, average: '4.00' });
    expect(body).toMatchObject({
      from: '2026-02-01',
      to: '2026-03-31',
      timeZone: 'America/New_York',
    });
  });

  it('splits revenue by method and month, ratings by month, answers by time', async () => {
    const adv = (await get(`/api/analytics/summary?${range}`, pro.cookie)).json<AnalyticsSummary>()
      .advanced!;
    expect(adv.revenueByMethod).toEqual([
      { method: 'card', amount: '100.00', payments: 1 },
      { method: 'cash', amount: '50.00', payments: 1 },
      { method: 'check', amount: '25.01', payments: 1 },
      { method: 'digital', amount: '0.00', payments: 0 },
    ]);
    expect(adv.revenueByMonth).toEqual([
      {
        month: '2026-02',
        card: '100.00',
        cash: '50.00',
        check: '0.00',
        digital: '0.00',
        total: '150.00',
        tips: '0.00',
      },
      {
        month: '2026-03',
        card: '0.00',
        cash: '0.00',
        check: '25.01',
        digital: '0.00',
        total: '25.01',
        tips: '0.00',
      },
    ]);
    expect(adv.ratingsByMonth).toEqual([
      { month: '2026-02', reviews: 2, average: '4.50' },
      { month: '2026-03', reviews: 1, average: '3.00' },
    ]);
    expect(adv.responseTimes).toEqual([
      { label: 'Under 30 s', count: 1 },
      { label: '30–60 s', count: 0 },
      { label: '1–2 min', count: 1 },
      { label: '2–3 min', count: 0 },
      { label: '3–5 min', count: 1 },
      { label: '5 min or more', count: 0 },
    ]);
  });

  it('exports the same figures month by month with a total row', async () => {
    const res = await get(`/api/analytics/export.csv?${range}`, pro.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="wrenchly-analytics-2026-02-01-to-2026-03-31.csv"',
    );
    expect(res.body.trimEnd().split('\r\n')).toEqual([
      'Month,Notified,Accepted,Declined,Expired,Acceptance rate (%),Median response (s),Jobs completed,Card,Cash,Check,Digital,Revenue,Tips,Reviews,Average rating',
      '2026-02,4,1,1,1,33.3,40,1,100.00,50.00,0.00,0.00,150.00,0.00,2,4.50',
      '2026-03,3,2,0,0,100.0,180,1,0.00,0.00,25.01,0.00,25.01,0.00,1,3.00',
      'Total,7,3,1,1,60.0,60,2,100.00,50.00,25.01,0.00,175.01,0.00,3,4.00',
    ]);
  });

  it('defaults to this month and the 11 before it', async () => {
    const body = (await get('/api/analytics/summary', pro.cookie)).json<AnalyticsSummary>();
    expect(body.from).toBe('2025-07-01');
    expect(body.to).toBe('2026-06-15');
    expect(body.basic.months).toHaveLength(12);
    expect(body.basic.notifications.notified).toBe(8);
  });
});

describe('ranges', () => {
  let premium: { id: number; cookie: string };
  beforeAll(async () => {
    premium = await technician('Premium');
  });

  it.each([
    ['from=2026-03-01&to=2026-02-01', 'from must be on or before to'],
    ['from=2026-02-30&to=2026-03-01', 'from must be a real date (YYYY-MM-DD)'],
    ['from=2026-01-01&to=2026-13-01', 'to must be a real date (YYYY-MM-DD)'],
    ['from=yesterday', 'from must be a real date (YYYY-MM-DD)'],
    ['from=2023-01-01&to=2025-01-01', 'The range can span at most 2 years'],
    // Half given: `from` after today (the default `to`).
    ['from=2026-07-01', 'from must be on or before to'],
    ['to=2020-01-01&from=2019-12-31%00', 'Text must not contain NUL characters'],
    ['from=99999-01-01', 'from must be a real date (YYYY-MM-DD)'],
    // Real dates the range cannot be computed for (no year 0 in PostgreSQL, no year 10000).
    ['from=0000-01-01&to=0000-01-01', 'from must be from 2000-01-01 to 2999-12-31'],
    ['to=0001-01-15', 'to must be from 2000-01-01 to 2999-12-31'],
    ['from=1999-12-31&to=2000-01-01', 'from must be from 2000-01-01 to 2999-12-31'],
    ['from=9999-01-01&to=9999-12-31', 'from must be from 2000-01-01 to 2999-12-31'],
    ['to=9999-12-31', 'to must be from 2000-01-01 to 2999-12-31'],
  ])('%s is a 400: %s', async (query, message) => {
    const res = await get(`/api/analytics/summary?${query}`, premium.cookie);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.body).toContain(message);
  });

  it('checks the export’s range the same way', async () => {
    const pro = await technician('Professional');
    const res = await get('/api/analytics/export.csv?to=0000-03-01', pro.cookie);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.body).toContain('to must be from 2000-01-01 to 2999-12-31');
  });

  it.each([
    'from=2999-01-01&to=2999-12-31',
    'from=2000-01-01&to=2000-01-31',
    // Only `to`: the range starts 11 months earlier, in 1999.
    'to=2000-01-15',
  ])('accepts the first and last days allowed: %s', async (query) => {
    const res = await get(`/api/analytics/summary?${query}`, premium.cookie);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('accepts exactly two years (a leap day included)', async () => {
    const res = await get('/api/analytics/summary?from=2023-06-15&to=2025-06-14', premium.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AnalyticsSummary>().basic.months).toHaveLength(25);
  });

  it('answers a new technician with zeros and nulls, every month listed', async () => {
    const res = await get('/api/analytics/summary?from=2026-01-01&to=2026-06-15', premium.cookie);
    const body = res.json<AnalyticsSummary>();
    expect(body.basic).toEqual({
      notifications: {
        notified: 0,
        accepted: 0,
        declined: 0,
        expired: 0,
        acceptanceRate: null,
        medianResponseSeconds: null,
      },
      jobsCompleted: 0,
      revenue: { total: '0.00', tickets: 0, averageTicket: null, tips: '0.00' },
      ratings: { reviews: 0, average: null },
      months: ['01', '02', '03', '04', '05', '06'].map((m) => ({
        month: `2026-${m}`,
        notified: 0,
        accepted: 0,
        completed: 0,
      })),
    });
  });
});
