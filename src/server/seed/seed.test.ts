import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  openTestDatabase,
  type TestApp,
} from '../../../tests/helpers/build-test-app';
import { signIn } from '../../../tests/helpers/factories';
import type { AnalyticsSummary } from '@shared/schemas/analytics';
import type { FairPrice } from '@shared/schemas/fair-price';
import type {
  ServiceRequestDetail,
  ServiceRequestSummary,
} from '@shared/schemas/service-request-views';
import { LIMITS } from '@shared/constants/domain';
import { LOCATIONS } from '@shared/constants/locations';
import { isValidVin } from '@shared/schemas/vehicles';
import { toE164 } from '@shared/phone-parse';
import { serviceClock } from '@shared/service-time';
import {
  ACTIVE_JOB_STATUSES,
  SERVICE_REQUEST_MOVES,
  nextStatus,
  type ServiceRequestActor,
  type ServiceRequestMove,
} from '@shared/service-request-rules';
import { refreshFairPrices } from '../domain/fair-price';
import { verifyPassword } from '../infra/password';
import type { Database } from '../infra/database';
import * as s from '../db/schema';
import { seedDemoData } from './seed';
import { DEMO_PASSWORD } from './seed-data';

let database: Database;
let drop: () => Promise<void>;
/** What the process warned of while seeding (node-postgres warns of overlapping queries). */
const warnings: string[] = [];
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  const onWarning = (w: Error) => warnings.push(w.message);
  process.on('warning', onWarning);
  try {
    expect((await seedDemoData(database.db)).created).toBe(true);
  } finally {
    process.off('warning', onWarning);
  }
});
afterAll(() => drop());

const counts = async () => {
  const out: Record<string, number> = {};
  for (const [name, table] of Object.entries({
    users: s.users,
    technicians: s.technicians,
    reviews: s.reviews,
    plans: s.plans,
    payments: s.payments,
    verifications: s.verifications,
    serviceRequests: s.serviceRequests,
    serviceRequestEvents: s.serviceRequestEvents,
    jobNotifications: s.jobNotifications,
    vehicles: s.vehicles,
    quotes: s.quotes,
    invoices: s.invoices,
    invoicePayments: s.invoicePayments,
    contactMessages: s.contactMessages,
    auditLog: s.auditLog,
  })) {
    out[name] = (await database.db.select({ n: count() }).from(table))[0]!.n;
  }
  return out;
};

describe('demo seed', () => {
  it('sends its transaction one query at a time (node-postgres 9 refuses overlapping ones)', () => {
    expect(warnings.filter((m) => m.includes('already executing a query'))).toEqual([]);
  });

  it('is idempotent', async () => {
    const before = await counts();
    expect((await seedDemoData(database.db)).created).toBe(false);
    expect(await counts()).toEqual(before);
  });

  it('has at least 12 technicians over all 9 locations, with consistent ratings', async () => {
    const techs = await database.db.select().from(s.technicians);
    expect(techs.length).toBeGreaterThanOrEqual(12);
    expect(new Set(techs.map((t) => t.location))).toEqual(new Set(LOCATIONS.map((l) => l.name)));
    for (const t of techs) {
      const rs = await database.db.select().from(s.reviews).where(eq(s.reviews.technicianId, t.id));
      expect(t.totalReviews).toBe(rs.length);
      const avg = rs.reduce((a, r) => a + r.rating, 0) / rs.length;
      expect(Number(t.rating)).toBeCloseTo(avg, 2);
      expect(rs.every((r) => r.rating >= 1 && r.rating <= 5)).toBe(true);
    }
  });

  it('has the three plans from the spec', async () => {
    const plans = await database.db.select().from(s.plans).orderBy(s.plans.rank);
    expect(plans.map((p) => [p.name, p.priceCents, p.popular])).toEqual([
      ['Basic', 299, false],
      ['Premium', 499, true],
      ['Professional', 699, false],
    ]);
  });

  it('has the demo accounts with the documented password', async () => {
    for (const [username, role] of [
      ['admin', 'admin'],
      ['technician', 'technician'],
      ['customer', 'customer'],
    ] as const) {
      const [u] = await database.db.select().from(s.users).where(eq(s.users.username, username));
      expect(u).toMatchObject({ role, status: 'approved' });
      expect(await verifyPassword(u!.passwordHash!, 'wrenchly-demo')).toBe(true);
    }
  });

  it('puts the demo technician on an active Professional plan with payment history', async () => {
    const [u] = await database.db.select().from(s.users).where(eq(s.users.username, 'technician'));
    const [t] = await database.db
      .select()
      .from(s.technicians)
      .where(eq(s.technicians.userId, u!.id));
    const [sub] = await database.db
      .select({ status: s.subscriptions.status, plan: s.plans.name })
      .from(s.subscriptions)
      .innerJoin(s.plans, eq(s.plans.id, s.subscriptions.planId))
      .where(eq(s.subscriptions.technicianId, t!.id));
    expect(sub).toEqual({ status: 'active', plan: 'Professional' });
    const pays = await database.db
      .select()
      .from(s.payments)
      .where(eq(s.payments.technicianId, t!.id));
    expect(pays.length).toBeGreaterThanOrEqual(4);
    // Nothing left processing: the sandbox never took a seeded charge, the sweep would fail it.
    expect(new Set(pays.map((p) => p.status))).toEqual(new Set(['succeeded', 'failed']));
    expect(pays.filter((p) => p.status === 'failed').every((p) => p.receiptNumber === null)).toBe(
      true,
    );
  });

  it('puts the technicians meant to get leads on plans; enough featured for the home page', async () => {
    const rows = await database.db
      .select({ username: s.users.username, plan: s.plans.name })
      .from(s.technicians)
      .innerJoin(s.users, eq(s.users.id, s.technicians.userId))
      .leftJoin(
        s.subscriptions,
        and(
          eq(s.subscriptions.technicianId, s.technicians.id),
          eq(s.subscriptions.status, 'active'),
        ),
      )
      .leftJoin(s.plans, eq(s.plans.id, s.subscriptions.planId));
    // Listed without a plan: contactable from search, no job leads (ADR 014).
    expect(
      rows
        .filter((r) => !r.plan)
        .map((r) => r.username)
        .sort(),
    ).toEqual(['grace.kim', 'robert.king']);
    const featured = rows.filter((r) => r.plan === 'Premium' || r.plan === 'Professional');
    expect(featured.length).toBeGreaterThanOrEqual(LIMITS.featuredTechnicians);
  });

  it('holds only real-looking US phone numbers, in E.164, in the fictional 555-01xx range', async () => {
    const phones = (
      await Promise.all([
        database.db.select({ p: s.users.phone }).from(s.users),
        database.db.select({ p: s.contactMessages.phone }).from(s.contactMessages),
        database.db.select({ p: s.technicianApplications.phone }).from(s.technicianApplications),
        database.db.select({ p: s.serviceRequests.contactPhone }).from(s.serviceRequests),
        database.db.select({ p: s.serviceRequests.smsUpdatesPhone }).from(s.serviceRequests),
        database.db.select({ p: s.notificationSettings.smsPhone }).from(s.notificationSettings),
        database.db.select({ p: s.quotes.customerPhone }).from(s.quotes),
        database.db.select({ p: s.invoices.customerPhone }).from(s.invoices),
      ])
    )
      .flat()
      .map((r) => r.p)
      .filter((p): p is string => p !== null);
    expect(phones.length).toBeGreaterThan(20);
    for (const phone of phones) {
      expect(phone).toMatch(/^\+1\d{3}55501\d{2}$/);
      expect(toE164(phone), phone).toBe(phone);
    }
  });
});

const userNamed = async (username: string) =>
  (await database.db.select().from(s.users).where(eq(s.users.username, username)))[0]!;
const demoTechnician = async () => {
  const u = await userNamed('technician');
  return (await database.db.select().from(s.technicians).where(eq(s.technicians.userId, u.id)))[0]!;
};
const requestsOf = async (customerId: number) =>
  database.db.select().from(s.serviceRequests).where(eq(s.serviceRequests.customerId, customerId));

describe('demo jobs', () => {
  it('gives the demo customer requests in every state a customer follows, none in dispatch', async () => {
    const customer = await userNamed('customer');
    const mine = await requestsOf(customer.id);
    expect(new Set(mine.map((r) => r.status))).toEqual(
      new Set(['accepted', 'scheduled', 'completed', 'canceled', 'unmatched']),
    );
    const all = await database.db.select().from(s.serviceRequests);
    expect(all.filter((r) => r.status === 'dispatching' || r.status === 'requested')).toEqual([]);
    const pending = await database.db
      .select()
      .from(s.jobNotifications)
      .where(eq(s.jobNotifications.status, 'pending'));
    expect(pending).toEqual([]);

    const accepted = mine.find((r) => r.status === 'accepted')!;
    expect(accepted.windowStart).not.toBeNull();
    expect(accepted.windowEnd!.getTime()).toBeGreaterThan(accepted.windowStart!.getTime());
    expect(accepted.windowConfirmedAt).toBeNull();
    const scheduled = mine.find((r) => r.status === 'scheduled')!;
    expect(scheduled.windowConfirmedAt).not.toBeNull();
    const canceled = mine.find((r) => r.status === 'canceled')!;
    expect(canceled.cancelReason).toBeTruthy();
    expect(canceled.canceledAt).not.toBeNull();
    const unmatched = mine.find((r) => r.status === 'unmatched')!;
    expect(unmatched.dispatchRound).toBe(3);
    expect(unmatched.assignedTechnicianId).toBeNull();
    const rounds = await database.db
      .select()
      .from(s.jobNotifications)
      .where(eq(s.jobNotifications.serviceRequestId, unmatched.id));
    expect(new Set(rounds.map((n) => n.round))).toEqual(new Set([1, 2, 3]));
    expect(rounds.some((n) => n.status === 'declined' && n.declineReason)).toBe(true);
    expect(rounds.every((n) => n.status === 'declined' || n.status === 'expired')).toBe(true);
  });

  it('puts past arrival windows at working hours (8 AM to 7 PM in the service area), no VIN like 12345', async () => {
    const all = await database.db.select().from(s.serviceRequests);
    const now = Date.now();
    const past = all.filter((r) => r.windowStart && r.windowStart.getTime() < now - 2 * 86_400_000);
    expect(past.length).toBeGreaterThan(50);
    for (const r of past) {
      const start = serviceClock(r.windowStart!).hour;
      const end = serviceClock(r.windowEnd!);
      expect(start, r.windowStart!.toISOString()).toBeGreaterThanOrEqual(8);
      expect(end.hour * 60 + end.minute, r.windowEnd!.toISOString()).toBeLessThanOrEqual(19 * 60);
    }
    const vins = await database.db.select({ vin: s.vehicles.vin }).from(s.vehicles);
    for (const { vin } of vins) expect(vin ?? '').not.toMatch(/12345|00000/);
  });

  it('tells every request a consistent timeline, allowed move by allowed move', async () => {
    const all = await database.db.select().from(s.serviceRequests);
    expect(all.length).toBeGreaterThanOrEqual(8);
    const systemMoves: Record<string, { from: (string | null)[]; to: string }> = {
      submit: { from: [null], to: 'requested' },
      dispatch_round: { from: ['requested', 'dispatching'], to: 'dispatching' },
      accept: { from: ['dispatching'], to: 'accepted' },
      unmatched: { from: ['dispatching'], to: 'unmatched' },
    };
    for (const r of all) {
      const events = await database.db
        .select()
        .from(s.serviceRequestEvents)
        .where(eq(s.serviceRequestEvents.serviceRequestId, r.id))
        .orderBy(asc(s.serviceRequestEvents.id));
      expect(events[0]).toMatchObject({ move: 'submit', fromStatus: null, toStatus: 'requested' });
      // A signed-in customer submits their own; a guest's is submitted by the platform.
      const [owner] = await database.db.select().from(s.users).where(eq(s.users.id, r.customerId));
      expect(events[0]!.actorRole).toBe(owner!.isGuest ? 'system' : 'customer');
      expect(events[0]!.createdAt.getTime()).toBe(r.createdAt.getTime());
      expect(events.at(-1)!.toStatus).toBe(r.status);
      let status: string | null = null;
      let at = 0;
      for (const e of events) {
        expect(e.fromStatus).toBe(status);
        expect(e.createdAt.getTime()).toBeGreaterThanOrEqual(at);
        if ((SERVICE_REQUEST_MOVES as readonly string[]).includes(e.move)) {
          expect(e.actorRole).not.toBe('system');
          expect(
            nextStatus(
              e.fromStatus!,
              e.move as ServiceRequestMove,
              e.actorRole as ServiceRequestActor,
            ),
            `${e.move} by ${e.actorRole} from ${e.fromStatus}`,
          ).toBe(e.toStatus);
        } else {
          const rule = systemMoves[e.move];
          expect(rule, e.move).toBeDefined();
          expect(rule!.from).toContain(e.fromStatus);
          expect(e.toStatus).toBe(rule!.to);
        }
        if (e.move === 'cancel') expect(e.note).toBe(r.cancelReason);
        status = e.toStatus;
        at = e.createdAt.getTime();
      }
      // The assigned technician holds the request's one accepted notification.
      const accepted = await database.db
        .select()
        .from(s.jobNotifications)
        .where(eq(s.jobNotifications.serviceRequestId, r.id));
      const winners = accepted.filter((n) => n.status === 'accepted');
      if (r.assignedTechnicianId === null) expect(winners).toEqual([]);
      else expect(winners.map((n) => n.technicianId)).toEqual([r.assignedTechnicianId]);
      expect(r.dispatchRound).toBe(Math.max(0, ...accepted.map((n) => n.round)));
    }
  });

  it('has two vehicles for the demo customer, one with a completed, paid, reviewed job', async () => {
    const customer = await userNamed('customer');
    const cars = await database.db
      .select()
      .from(s.vehicles)
      .where(eq(s.vehicles.customerId, customer.id));
    expect(cars).toHaveLength(2);
    for (const v of cars) {
      expect(isValidVin(v.vin!), v.vin!).toBe(true);
      expect(v.mileage).toBeGreaterThan(0);
    }
    const completed = (await requestsOf(customer.id)).filter((r) => r.status === 'completed');
    expect(completed).toHaveLength(1);
    const job = completed[0]!;
    expect(cars.map((v) => v.id)).toContain(job.vehicleId);
    const [inv] = await database.db
      .select()
      .from(s.invoices)
      .where(eq(s.invoices.serviceRequestId, job.id));
    expect(inv).toMatchObject({ status: 'paid', technicianId: job.assignedTechnicianId });
    expect(inv!.paidAmountCents).toBe(inv!.totalAmountCents);
    expect(inv!.invoiceNumber).toMatch(/^INV-\d{4}-\d{6}$/);
    const [q] = await database.db.select().from(s.quotes).where(eq(s.quotes.id, inv!.quoteId));
    expect(q).toMatchObject({ status: 'approved', serviceRequestId: job.id });
    expect(q!.signature).toMatch(/^data:image\/png;base64,/);
    const pays = await database.db
      .select()
      .from(s.invoicePayments)
      .where(eq(s.invoicePayments.invoiceId, inv!.id));
    expect(pays).toHaveLength(1);
    expect(pays[0]).toMatchObject({ status: 'succeeded', amountCents: inv!.totalAmountCents });
    expect(pays[0]!.receiptNumber).toMatch(/^R-\d{4}-\d{6}$/);
    const [review] = await database.db
      .select()
      .from(s.reviews)
      .where(eq(s.reviews.serviceRequestId, job.id));
    expect(review).toMatchObject({
      customerId: customer.id,
      technicianId: job.assignedTechnicianId,
    });
    // The technician's rating counts it with the seed's historical reviews.
    const [tech] = await database.db
      .select()
      .from(s.technicians)
      .where(eq(s.technicians.id, job.assignedTechnicianId!));
    const theirs = await database.db
      .select()
      .from(s.reviews)
      .where(eq(s.reviews.technicianId, tech!.id));
    expect(tech!.totalReviews).toBe(theirs.length);
    // Besides the seed's older reviews without a job, each of the technician's reviewed jobs.
    const reviewedJobs = theirs.filter((r) => r.serviceRequestId !== null);
    expect(reviewedJobs.map((r) => r.serviceRequestId)).toContain(job.id);
    expect(theirs.some((r) => r.serviceRequestId === null)).toBe(true);
  });

  it('gives the demo technician active and past jobs with quotes, invoices and receipts', async () => {
    const tech = await demoTechnician();
    const jobs = await database.db
      .select()
      .from(s.serviceRequests)
      .where(eq(s.serviceRequests.assignedTechnicianId, tech.id));
    const statuses = new Set(jobs.map((j) => j.status));
    for (const st of ['accepted', 'scheduled', 'in_progress', 'completed', 'canceled'])
      expect(statuses).toContain(st);
    expect(
      jobs.filter((j) => (ACTIVE_JOB_STATUSES as readonly string[]).includes(j.status)).length,
    ).toBeGreaterThanOrEqual(3);

    const working = jobs.find((j) => j.status === 'in_progress')!;
    const drafts = await database.db
      .select()
      .from(s.quotes)
      .where(eq(s.quotes.serviceRequestId, working.id));
    expect(drafts.map((q) => q.status)).toEqual(['draft']);
    const items = await database.db
      .select()
      .from(s.quoteItems)
      .where(eq(s.quoteItems.quoteId, drafts[0]!.id));
    expect(items.reduce((a, i) => a + i.totalPriceCents, 0)).toBe(
      drafts[0]!.laborTotalCents + drafts[0]!.partsTotalCents,
    );

    const quotes = await database.db
      .select()
      .from(s.quotes)
      .where(eq(s.quotes.technicianId, tech.id));
    expect(quotes.every((q) => /^Q-\d{4}-\d{6}$/.test(q.quoteNumber))).toBe(true);
    expect(quotes.every((q) => q.serviceRequestId !== null)).toBe(true);
    const invs = await database.db
      .select()
      .from(s.invoices)
      .where(eq(s.invoices.technicianId, tech.id));
    expect(invs.length).toBeGreaterThanOrEqual(2);
    const pays = await database.db
      .select()
      .from(s.invoicePayments)
      .where(
        inArray(
          s.invoicePayments.invoiceId,
          invs.map((i) => i.id),
        ),
      );
    expect(new Set(pays.map((p) => p.method))).toEqual(
      new Set(['card', 'cash', 'check', 'digital']),
    );
    // Every invoice bills a completed job of this technician.
    const completedIds = jobs.filter((j) => j.status === 'completed').map((j) => j.id);
    for (const inv of invs) expect(completedIds).toContain(inv.serviceRequestId);
  });

  it('gives the admin requests, Contact Us messages (one handled) and audit entries', async () => {
    const admin = await userNamed('admin');
    const all = await database.db.select().from(s.serviceRequests);
    expect(new Set(all.map((r) => r.status)).size).toBeGreaterThanOrEqual(6);
    expect(all.some((r) => r.status === 'canceled' && r.assignedTechnicianId === null)).toBe(true);
    const messages = await database.db.select().from(s.contactMessages);
    expect(messages.length).toBeGreaterThanOrEqual(3);
    const handled = messages.filter((m) => m.handledAt !== null);
    expect(handled).toHaveLength(1);
    expect(handled[0]!.handledBy).toBe(admin.id);
    const entries = await database.db.select().from(s.auditLog);
    expect(new Set(entries.map((e) => e.action))).toEqual(
      new Set([
        'user.approve',
        'verification.status',
        'service_request.cancel',
        'contact_message.handled',
      ]),
    );
    expect(entries.every((e) => e.actorUserId === admin.id)).toBe(true);
  });
});

describe('the demo jobs through the API', () => {
  let t: TestApp;
  const cookies: Record<string, string> = {};
  beforeAll(async () => {
    t = await buildTestApp();
    await seedDemoData(t.app.db, t.clock.now);
    for (const u of ['customer', 'technician', 'admin'])
      cookies[u] = await signIn(t.app, u, DEMO_PASSWORD);
  });
  afterAll(() => t?.close());

  const get = async <T>(url: string, as: string): Promise<T> => {
    const res = await t.app.inject({ method: 'GET', url, headers: { cookie: cookies[as]! } });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json<T>();
  };
  const move = (reference: string, as: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: `/api/service-requests/${reference}/moves`,
      headers: { cookie: cookies[as]! },
      payload,
    });

  it("shows the customer's requests, each page with its timeline and next moves", async () => {
    const mine = await get<ServiceRequestSummary[]>('/api/service-requests', 'customer');
    const by = new Map(mine.map((j) => [j.status, j]));
    for (const st of ['accepted', 'scheduled', 'completed', 'canceled', 'unmatched'])
      expect(by.has(st as ServiceRequestSummary['status'])).toBe(true);
    for (const j of mine) {
      const d = await get<ServiceRequestDetail>(`/api/service-requests/${j.reference}`, 'customer');
      expect(d.timeline[0]!.move).toBe('submit');
      expect(d.timeline.at(-1)!.toStatus).toBe(d.status);
    }
    const accepted = await get<ServiceRequestDetail>(
      `/api/service-requests/${by.get('accepted')!.reference}`,
      'customer',
    );
    expect(accepted.technician?.name).toBe('Marcus Johnson');
    expect(accepted.window?.confirmedAt).toBeNull();
    expect(accepted.actions).toEqual(expect.arrayContaining(['confirm_window', 'cancel']));
    const completed = await get<ServiceRequestDetail>(
      `/api/service-requests/${by.get('completed')!.reference}`,
      'customer',
    );
    expect(completed.vehicle).toMatchObject({ make: 'Honda', model: 'Civic' });
    expect(completed.review?.rating).toBe(5);
    expect(completed.review?.reply).toBeTruthy();
    expect(completed.quotes.map((q) => q.status)).toEqual(['approved']);
    expect(completed.invoices.map((i) => [i.status, i.balance])).toEqual([['paid', '0.00']]);
    expect(completed.payments).toHaveLength(1);
    const unmatched = await get<ServiceRequestDetail>(
      `/api/service-requests/${by.get('unmatched')!.reference}`,
      'customer',
    );
    expect(unmatched.actions).toContain('retry_dispatch');
    expect(unmatched.dispatch.round).toBe(3);
  });

  it("fills the demo technician's active and past jobs", async () => {
    const jobs = await get<{ active: ServiceRequestSummary[]; past: ServiceRequestSummary[] }>(
      '/api/jobs',
      'technician',
    );
    expect(new Set(jobs.active.map((j) => j.status))).toEqual(
      new Set(['accepted', 'scheduled', 'in_progress']),
    );
    expect(new Set(jobs.past.map((j) => j.status))).toEqual(new Set(['completed', 'canceled']));
    const working = jobs.active.find((j) => j.status === 'in_progress')!;
    const d = await get<ServiceRequestDetail>(
      `/api/service-requests/${working.reference}`,
      'technician',
    );
    expect(d.quotes.map((q) => q.status)).toEqual(['draft']);
    expect(d.actions).toContain('complete');
  });

  it('shows the admin every request with its notifications per round', async () => {
    const all = await t.app.db.select({ id: s.serviceRequests.id }).from(s.serviceRequests);
    // Hundreds of requests: eight at a time.
    for (let i = 0; i < all.length; i += 8) {
      await Promise.all(
        all.slice(i, i + 8).map(async ({ id }) => {
          const ref = `WR-${String(id).padStart(6, '0')}`;
          const d = await get<ServiceRequestDetail>(`/api/service-requests/${ref}`, 'admin');
          expect(d.notifications!.length, ref).toBeGreaterThan(0);
        }),
      );
    }
  });

  it("shows the Civic's service history", async () => {
    const cars = await get<{ id: number; model: string }[]>('/api/vehicles', 'customer');
    expect(cars.map((c) => c.model).sort()).toEqual(['Altima', 'Civic']);
    const civic = cars.find((c) => c.model === 'Civic')!;
    const history = await get<{ jobs: { invoices: { receipts: unknown[] }[] }[] }>(
      `/api/vehicles/${civic.id}/history`,
      'customer',
    );
    expect(history.jobs).toHaveLength(1);
    expect(history.jobs[0]!.invoices[0]!.receipts).toHaveLength(1);
  });

  it("fills the demo technician's analytics: a year of notifications, jobs, payments and reviews", async () => {
    const s = await get<AnalyticsSummary>('/api/analytics/summary', 'technician');
    expect(s).toMatchObject({ plan: 'Professional', level: 'advanced' });
    expect(s.basic.months).toHaveLength(12);
    // The 11 months before this one are full (this one may have just begun).
    for (const m of s.basic.months.slice(0, 11)) {
      expect(m.notified, m.month).toBeGreaterThan(0);
      expect(m.completed, m.month).toBeGreaterThan(0);
    }
    const n = s.basic.notifications;
    for (const figure of [n.accepted, n.declined, n.expired]) expect(figure).toBeGreaterThan(0);
    expect(n.medianResponseSeconds).toBeGreaterThan(0);
    const adv = s.advanced!;
    expect(adv.revenueByMethod.map((m) => m.method)).toEqual(['card', 'cash', 'check', 'digital']);
    for (const m of adv.revenueByMethod) expect(m.payments, m.method).toBeGreaterThan(0);
    for (const m of adv.revenueByMonth.slice(0, 11))
      expect(Number(m.total), m.month).toBeGreaterThan(0);
    expect(adv.ratingsByMonth.filter((m) => m.reviews > 0).length).toBeGreaterThanOrEqual(9);
    expect(adv.responseTimes.filter((b) => b.count > 0).length).toBeGreaterThanOrEqual(3);
  });

  it('gives the fair-price check 20 or more paid jobs per service type around Hyattsville', async () => {
    await refreshFairPrices(t.app.db, t.clock.now);
    const hyattsville = LOCATIONS.find((l) => l.name === 'Hyattsville, MD')!;
    for (const type of ['Diagnostics', 'Electrical', 'Engine Repair']) {
      const fp = await get<FairPrice>(
        `/api/fair-price?serviceType=${encodeURIComponent(type)}&latitude=${hyattsville.latitude}&longitude=${hyattsville.longitude}`,
        'customer',
      );
      expect(fp, type).toMatchObject({ area: '207', enoughData: true });
      expect(fp.jobs).toBeGreaterThanOrEqual(20);
      expect(fp.laborLine).not.toBeNull();
    }
    // The draft quote of the job in progress (Electrical, Bowie) is read against them.
    const jobs = await get<{ active: ServiceRequestSummary[] }>('/api/jobs', 'technician');
    const working = jobs.active.find((j) => j.status === 'in_progress')!;
    const d = await get<ServiceRequestDetail>(
      `/api/service-requests/${working.reference}`,
      'technician',
    );
    expect(d.fairPrice).toMatchObject({ serviceType: 'Electrical', area: '207', enoughData: true });
  });

  it('lets the demo accounts carry the jobs on', async () => {
    const mine = await get<ServiceRequestSummary[]>('/api/service-requests', 'customer');
    const accepted = mine.find((j) => j.status === 'accepted')!;
    const confirmed = await move(accepted.reference, 'customer', { move: 'confirm_window' });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json<ServiceRequestDetail>().status).toBe('scheduled');

    const unmatched = mine.find((j) => j.status === 'unmatched')!;
    const retried = await move(unmatched.reference, 'customer', { move: 'retry_dispatch' });
    expect(retried.statusCode, retried.body).toBe(200);
    const after = await get<ServiceRequestDetail>(
      `/api/service-requests/${unmatched.reference}`,
      'customer',
    );
    expect(after.status).toBe('dispatching');
    expect(after.dispatch.notifiedNow).toBeGreaterThan(0);

    const jobs = await get<{ active: ServiceRequestSummary[] }>('/api/jobs', 'technician');
    const working = jobs.active.find((j) => j.status === 'in_progress')!;
    const done = await move(working.reference, 'technician', { move: 'complete' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<ServiceRequestDetail>().status).toBe('completed');
  });
});
