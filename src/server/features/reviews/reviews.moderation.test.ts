import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/build-test-app';
import { createTechnician, createUser, signIn } from '../../../../tests/helpers/factories';
import { formatReference } from '@shared/service-request-rules';
import {
  auditLog,
  invoicePayments,
  invoices,
  quotes,
  reviewReports,
  reviews,
  serviceRequests,
  technicianApplications,
  technicians,
  users,
} from '../../db/schema';
import { requestLinkToken } from '../../domain/request-links';
import {
  ALREADY_HIDDEN,
  ALREADY_REPORTED,
  NOT_HIDDEN,
  ONLY_CUSTOMERS_AND_TECHNICIANS,
  REPORTS_PER_HOUR,
} from './reviews.moderation';

/** Reports, the admins' moderation queue and the 'Verified job' mark (ADR 025). */
let t: TestApp;
const cookies: Record<string, string> = {};
let customer: Awaited<ReturnType<typeof createUser>>;
let tech: Awaited<ReturnType<typeof createTechnician>>;

beforeAll(async () => {
  t = await buildTestApp();
  customer = await createUser(t.app, { role: 'customer', firstName: 'Maria' });
  const reporter = await createUser(t.app, { role: 'customer', firstName: 'Rory' });
  const admin = await createUser(t.app, { role: 'admin' });
  tech = await createTechnician(t.app, { firstName: 'Rita' });
  cookies.customer = await signIn(t.app, customer.username!);
  cookies.reporter = await signIn(t.app, reporter.username!);
  cookies.admin = await signIn(t.app, admin.username!);
  cookies.tech = await signIn(t.app, tech.user.username!);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

/** A completed job of `technicianId` for `customerId`, reviewed through the API. */
async function reviewedJob(
  rating: number,
  opts: {
    technicianId?: number;
    customerId?: number;
    location?: string;
    contactEmail?: string;
  } = {},
) {
  const [row] = await t.app.db
    .insert(serviceRequests)
    .values({
      customerId: opts.customerId ?? customer.id,
      serviceType: 'Brake Service',
      description: 'Squealing brakes',
      location: opts.location ?? 'Bowie, MD',
      contactEmail: opts.contactEmail ?? null,
      status: 'completed',
      assignedTechnicianId: opts.technicianId ?? tech.technician.id,
      completedAt: t.clock.now,
      submittedAs: 'guest',
    })
    .returning();
  const token = requestLinkToken(t.app.config.sessionSecret, row!.id, 'review');
  const res = await call(
    'PUT',
    `/api/service-requests/${formatReference(row!.id)}/review?t=${token}`,
    undefined,
    { rating, comment: `Rated ${rating}` },
  );
  expect(res.statusCode, res.body).toBe(201);
  return { requestId: row!.id, reviewId: res.json().id as number };
}

const report = (reviewId: number, cookie: string | undefined, reason: unknown = 'Fake review') =>
  call('POST', `/api/reviews/${reviewId}/reports`, cookie, { reason });

const ratingOf = async (id: number) =>
  (
    await t.app.db
      .select({ rating: technicians.rating, totalReviews: technicians.totalReviews })
      .from(technicians)
      .where(eq(technicians.id, id))
  )[0]!;

const queue = async () => {
  const res = await call('GET', '/api/admin/reviews/moderation', cookies.admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    id: number;
    flags: string[];
    reports: { reason: string; reporterRole: string }[];
    hidden: { reason: string } | null;
    needsAttention: boolean;
    verified: boolean;
  }[];
};

describe('POST /api/reviews/:id/reports', () => {
  it('takes one report per signed-in customer or technician, the reviewed one too', async () => {
    const { reviewId } = await reviewedJob(1);
    expect((await report(reviewId, undefined)).statusCode).toBe(401);
    const admin = await report(reviewId, cookies.admin);
    expect(admin.statusCode).toBe(403);
    expect(admin.json()).toEqual({ message: ONLY_CUSTOMERS_AND_TECHNICIANS });
    for (const reason of ['', '   ', null, 'x'.repeat(1001)]) {
      const bad = await report(reviewId, cookies.reporter, reason);
      expect(bad.statusCode, String(reason)).toBe(400);
      expect(bad.json().message).toMatch(/Please say why|at most 1000/);
    }
    expect((await report(999_999, cookies.reporter)).statusCode).toBe(404);

    const first = await report(reviewId, cookies.reporter, '  Not a real customer ');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ reviewId, reason: 'Not a real customer' });
    const again = await report(reviewId, cookies.reporter, 'Still fake');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: ALREADY_REPORTED });
    // The reviewed technician may report it too.
    expect((await report(reviewId, cookies.tech, 'Never worked for them')).statusCode).toBe(201);
    const rows = await t.app.db
      .select()
      .from(reviewReports)
      .where(eq(reviewReports.reviewId, reviewId));
    expect(rows.map((r) => r.reason).sort()).toEqual([
      'Never worked for them',
      'Not a real customer',
    ]);
    const audited = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'review.reported'), eq(auditLog.entityId, String(reviewId))));
    expect(audited).toHaveLength(2);
  });

  it(`is limited to ${REPORTS_PER_HOUR} reports an hour per user (429)`, async () => {
    const busy = await createUser(t.app, { role: 'customer' });
    const cookie = await signIn(t.app, busy.username!);
    const rows = await t.app.db
      .insert(reviews)
      .values(
        Array.from({ length: REPORTS_PER_HOUR + 1 }, () => ({
          technicianId: tech.technician.id,
          rating: 3,
        })),
      )
      .returning();
    for (const r of rows.slice(0, REPORTS_PER_HOUR))
      expect((await report(r.id, cookie)).statusCode).toBe(201);
    const over = await report(rows.at(-1)!.id, cookie);
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toMatch(/Too many reports/);
    expect(
      await t.app.db
        .select()
        .from(reviewReports)
        .where(eq(reviewReports.reviewId, rows.at(-1)!.id)),
    ).toEqual([]);
  });
});

describe('the moderation queue', () => {
  it('is for admins only', async () => {
    for (const cookie of [undefined, cookies.customer, cookies.tech]) {
      const res = await call('GET', '/api/admin/reviews/moderation', cookie);
      expect(res.statusCode).toBe(cookie ? 403 : 401);
    }
    const { reviewId } = await reviewedJob(2);
    for (const action of ['hide', 'restore', 'keep']) {
      const res = await call('POST', `/api/admin/reviews/${reviewId}/${action}`, cookies.tech, {
        reason: 'x',
      });
      expect(res.statusCode, action).toBe(403);
    }
  });

  it("a reported review is a Recent Alert on the admin's overview until it is decided", async () => {
    const rated = await createTechnician(t.app, { firstName: 'Alerted' });
    const r = await reviewedJob(2, { technicianId: rated.technician.id });
    const alerts = async () =>
      (await call('GET', '/api/admin/overview', cookies.admin)).json().alerts as {
        tab: string;
        message: string;
      }[];
    const moderation = async () => (await alerts()).find((a) => a.tab === 'moderation');
    const before = await moderation();
    const count = (a: { message: string } | undefined) => (a ? parseInt(a.message, 10) : 0);
    expect((await report(r.reviewId, cookies.reporter, 'Not a real customer')).statusCode).toBe(
      201,
    );
    const after = await moderation();
    expect(after).toMatchObject({ level: 'warning', tab: 'moderation' });
    expect(after!.message).toMatch(/^\d+ reviews? reported or flagged for moderation$/);
    expect(count(after)).toBe(count(before) + 1);
    const kept = await call('POST', `/api/admin/reviews/${r.reviewId}/keep`, cookies.admin);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(count(await moderation())).toBe(count(before));
  });

  it('restoring a review that nobody reported answers the review restored (it leaves the queue), not a 404', async () => {
    const rated = await createTechnician(t.app, { firstName: 'Quiet' });
    const plain = await reviewedJob(4, { technicianId: rated.technician.id });
    const hidden = await call('POST', `/api/admin/reviews/${plain.reviewId}/hide`, cookies.admin, {
      reason: 'Checking a complaint by phone',
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    const restored = await call(
      'POST',
      `/api/admin/reviews/${plain.reviewId}/restore`,
      cookies.admin,
    );
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ id: plain.reviewId, hidden: null });
    expect((await queue()).some((x) => x.id === plain.reviewId)).toBe(false);
  });

  it('hides a reported review with a reason: out of the rating, the count and public pages; restore brings it back', async () => {
    const rated = await createTechnician(t.app, { firstName: 'Moderated' });
    const id = rated.technician.id;
    const good = await reviewedJob(5, { technicianId: id });
    const bad = await reviewedJob(1, { technicianId: id });
    expect(await ratingOf(id)).toEqual({ rating: '3.00', totalReviews: 2 });
    expect(
      (await report(bad.reviewId, cookies.reporter, 'Written by a competitor')).statusCode,
    ).toBe(201);
    let item = (await queue()).find((x) => x.id === bad.reviewId)!;
    expect(item).toMatchObject({
      needsAttention: true,
      hidden: null,
      reports: [{ reason: 'Written by a competitor', reporterRole: 'customer' }],
    });
    expect((await queue()).find((x) => x.id === good.reviewId)).toBeUndefined();

    const noReason = await call('POST', `/api/admin/reviews/${bad.reviewId}/hide`, cookies.admin, {
      reason: ' ',
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toMatch(/Please give a reason for hiding this review/);
    expect(await ratingOf(id)).toEqual({ rating: '3.00', totalReviews: 2 });

    const hidden = await call('POST', `/api/admin/reviews/${bad.reviewId}/hide`, cookies.admin, {
      reason: 'Competitor',
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json()).toMatchObject({
      id: bad.reviewId,
      hidden: { reason: 'Competitor' },
      needsAttention: false,
    });
    expect(await ratingOf(id)).toEqual({ rating: '5.00', totalReviews: 1 });
    const list = await call('GET', `/api/technicians/${id}/reviews`);
    expect(list.headers['x-total-count']).toBe('1');
    expect(list.json().map((r: { id: number }) => r.id)).toEqual([good.reviewId]);
    expect((await call('GET', `/api/technicians/${id}`)).json()).toMatchObject({
      rating: '5.00',
      totalReviews: 1,
    });
    const found = (await call('GET', '/api/technicians?name=moderated&pageSize=100')).json() as {
      id: number;
      rating: string;
      totalReviews: number;
    }[];
    expect(found.find((x) => x.id === id)).toMatchObject({ rating: '5.00', totalReviews: 1 });
    // A hidden review can no longer be reported, nor hidden again.
    expect((await report(bad.reviewId, cookies.tech)).statusCode).toBe(404);
    const twice = await call('POST', `/api/admin/reviews/${bad.reviewId}/hide`, cookies.admin, {
      reason: 'Again',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ message: ALREADY_HIDDEN });
    // Editing it keeps it hidden and out of the rating.
    const token = requestLinkToken(t.app.config.sessionSecret, bad.requestId, 'review');
    await call(
      'PUT',
      `/api/service-requests/${formatReference(bad.requestId)}/review?t=${token}`,
      undefined,
      {
        rating: 2,
      },
    );
    expect(await ratingOf(id)).toEqual({ rating: '5.00', totalReviews: 1 });

    const restored = await call(
      'POST',
      `/api/admin/reviews/${bad.reviewId}/restore`,
      cookies.admin,
    );
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ hidden: null, needsAttention: false });
    expect(await ratingOf(id)).toEqual({ rating: '3.50', totalReviews: 2 });
    expect((await call('GET', `/api/technicians/${id}/reviews`)).headers['x-total-count']).toBe(
      '2',
    );
    const notHidden = await call(
      'POST',
      `/api/admin/reviews/${bad.reviewId}/restore`,
      cookies.admin,
    );
    expect(notHidden.statusCode).toBe(409);
    expect(notHidden.json()).toEqual({ message: NOT_HIDDEN });
    expect(
      (await call('POST', '/api/admin/reviews/999999/hide', cookies.admin, { reason: 'x' }))
        .statusCode,
    ).toBe(404);

    const actions = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(bad.reviewId)));
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining(['review.hidden', 'review.restored']),
    );
    expect(actions.find((a) => a.action === 'review.hidden')).toMatchObject({
      details: expect.objectContaining({ reason: 'Competitor' }),
    });

    // Kept: the reports so far are dealt with; a new one brings it back to the top.
    const kept = await call('POST', `/api/admin/reviews/${bad.reviewId}/keep`, cookies.admin);
    expect(kept.json()).toMatchObject({ needsAttention: false, hidden: null });
    t.clock.advance(1000);
    await report(bad.reviewId, cookies.tech, 'Still fake');
    item = (await queue()).find((x) => x.id === bad.reviewId)!;
    expect(item.needsAttention).toBe(true);
    t.clock.set(new Date());
  });
});

describe('signals for the admin', () => {
  it("flags a review whose customer shares the technician's e-mail domain or address (not webmail)", async () => {
    const shop = await createTechnician(t.app, { firstName: 'Shop' });
    await t.app.db
      .update(users)
      .set({ email: 'owner@acme-garage.com' })
      .where(eq(users.id, shop.user.id));
    await t.app.db.insert(technicianApplications).values({
      firstName: 'Shop',
      lastName: 'Owner',
      email: 'owner@acme-garage.com',
      phone: '301-555-0199',
      address: '12 Main St',
      city: 'Bowie',
      state: 'MD',
      zipCode: '20715',
      yearsExperience: 5,
      hourlyRateCents: 9000,
      bio: 'Brakes',
      status: 'approved',
      userId: shop.user.id,
    });
    const guest = async (email: string) =>
      (
        await t.app.db
          .insert(users)
          .values({ email, role: 'customer', status: 'approved', isGuest: true, firstName: 'G' })
          .returning()
      )[0]!.id;
    const colleague = await reviewedJob(5, {
      technicianId: shop.technician.id,
      customerId: await guest('friend@acme-garage.com'),
      contactEmail: 'friend@acme-garage.com',
    });
    const neighbour = await reviewedJob(5, {
      technicianId: shop.technician.id,
      customerId: await guest('someone@gmail.com'),
      location: '12 Main St, Bowie, MD 20715',
    });
    const webmail = await reviewedJob(4, {
      technicianId: shop.technician.id,
      customerId: await guest('other@gmail.com'),
    });
    const items = await queue();
    expect(items.find((x) => x.id === colleague.reviewId)).toMatchObject({
      flags: ['email_domain'],
      needsAttention: true,
    });
    expect(items.find((x) => x.id === neighbour.reviewId)).toMatchObject({
      flags: ['address'],
      needsAttention: true,
    });
    expect(items.find((x) => x.id === webmail.reviewId)).toBeUndefined();
  });
});

describe("another technician's mailbox", () => {
  it("flags a review whose address is, however spelled, another technician's", async () => {
    const rival = await createTechnician(t.app, { firstName: 'Rival' });
    await t.app.db
      .update(users)
      .set({ email: 'rival.mechanic@gmail.com' })
      .where(eq(users.id, rival.user.id));
    const other = await createTechnician(t.app, { firstName: 'Other' });
    const guest = async (email: string) =>
      (
        await t.app.db
          .insert(users)
          .values({ email, role: 'customer', status: 'approved', isGuest: true, firstName: 'G' })
          .returning()
      )[0]!.id;
    const disguised = await reviewedJob(1, {
      technicianId: other.technician.id,
      customerId: await guest('RivalMechanic+reviews@googlemail.com'),
    });
    const stranger = await reviewedJob(4, {
      technicianId: other.technician.id,
      customerId: await guest('rival.mechanic2@gmail.com'),
    });
    const items = await queue();
    expect(items.find((x) => x.id === disguised.reviewId)).toMatchObject({
      flags: ['technician_email'],
      needsAttention: true,
    });
    expect(items.find((x) => x.id === stranger.reviewId)).toBeUndefined();
  });
});

describe('Verified job', () => {
  it('marks reviews of jobs paid through the platform (a card payment that succeeded)', async () => {
    const paid = await createTechnician(t.app, { firstName: 'Paid' });
    const id = paid.technician.id;
    const card = await reviewedJob(5, { technicianId: id });
    const cash = await reviewedJob(4, { technicianId: id });
    const unpaid = await reviewedJob(3, { technicianId: id });
    let n = 0;
    for (const [job, method] of [
      [card, 'card'],
      [cash, 'cash'],
    ] as const) {
      n++;
      const [quote] = await t.app.db
        .insert(quotes)
        .values({
          quoteNumber: `Q-VER-${id}-${n}`,
          technicianId: id,
          serviceRequestId: job.requestId,
          customerName: 'Maria',
          laborTotalCents: 10000,
          partsTotalCents: 0,
          taxRate: '0.00',
          taxAmountCents: 0,
          totalAmountCents: 10000,
          status: 'approved',
        })
        .returning();
      const [invoice] = await t.app.db
        .insert(invoices)
        .values({
          invoiceNumber: `INV-VER-${id}-${n}`,
          quoteId: quote!.id,
          technicianId: id,
          serviceRequestId: job.requestId,
          customerName: 'Maria',
          items: [],
          laborTotalCents: 10000,
          partsTotalCents: 0,
          taxAmountCents: 0,
          totalAmountCents: 10000,
          paidAmountCents: 10000,
          status: 'paid',
        })
        .returning();
      await t.app.db.insert(invoicePayments).values({
        invoiceId: invoice!.id,
        technicianId: id,
        method,
        amountCents: 10000,
        status: 'succeeded',
        provider: method === 'card' ? 'sandbox' : null,
        receiptNumber: `R-VER-${id}-${n}`,
      });
    }
    const list = (await call('GET', `/api/technicians/${id}/reviews`)).json() as {
      id: number;
      verified: boolean;
    }[];
    expect(Object.fromEntries(list.map((r) => [r.id, r.verified]))).toEqual({
      [card.reviewId]: true,
      [cash.reviewId]: false,
      [unpaid.reviewId]: false,
    });
  });
});
