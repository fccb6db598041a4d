import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../../tests/helpers/build-test-app';
import { createTechnician } from '../../../../../tests/helpers/factories';
import { reviewsKit } from '../../../../../tests/helpers/reviews';
import { auditLog, realtimeEvents, reviews, technicians } from '../../../db/schema';
import { requestLinkToken } from '../../../domain/request-links';
import { EDIT_WINDOW_OVER, NOT_COMPLETED, ONLY_CUSTOMER } from './reviews.service';

const DAY = 86_400_000;

const kit = reviewsKit();
const { cookies, makeJob, putReview } = kit;
let t: TestApp;
beforeAll(() => {
  t = kit.t;
});

const technicianRow = async (id: number) =>
  (
    await t.app.db
      .select({ rating: technicians.rating, totalReviews: technicians.totalReviews })
      .from(technicians)
      .where(eq(technicians.id, id))
  )[0]!;

describe('PUT /api/service-requests/:reference/review: who may review', () => {
  it('lets the signed-in owner write it (201) and no one else', async () => {
    const job = await makeJob();
    const body = { rating: 5, comment: 'Great work' };

    const anonymous = await putReview(job.reference, body);
    expect(anonymous.statusCode).toBe(404);
    const badLink = await putReview(job.reference, body, { token: 'x'.repeat(43) });
    expect(badLink.statusCode).toBe(404);
    const otherCustomer = await putReview(job.reference, body, { cookie: cookies.other });
    expect(otherCustomer.statusCode).toBe(404);
    const assigned = await putReview(job.reference, body, { cookie: cookies.tech });
    expect(assigned.statusCode).toBe(403);
    expect(assigned.json()).toEqual({ message: ONLY_CUSTOMER });
    expect((await putReview(job.reference, body, { cookie: cookies.otherTech })).statusCode).toBe(
      404,
    );
    const admin = await putReview(job.reference, body, { cookie: cookies.admin });
    expect(admin.statusCode).toBe(403);
    expect(admin.json()).toEqual({ message: ONLY_CUSTOMER });
    expect(
      await t.app.db.select().from(reviews).where(eq(reviews.serviceRequestId, job.id)),
    ).toEqual([]);

    const res = await putReview(job.reference, body, { cookie: cookies.owner });
    expect(res.statusCode).toBe(201);
    const review = res.json();
    expect(review).toEqual({
      id: expect.any(Number),
      rating: 5,
      comment: 'Great work',
      reply: null,
      createdAt: expect.any(String),
      updatedAt: review.createdAt,
      editableUntil: new Date(Date.parse(review.createdAt) + 14 * DAY).toISOString(),
    });
    expect(Math.abs(Date.parse(review.createdAt) - t.clock.now.getTime())).toBeLessThan(5000);
    const [row] = await t.app.db.select().from(reviews).where(eq(reviews.id, review.id));
    expect(row).toMatchObject({
      technicianId: kit.tech.technician.id,
      customerId: kit.owner.id,
      serviceRequestId: job.id,
    });
    const [entry] = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(review.id)));
    expect(entry).toMatchObject({ action: 'review.created', actorUserId: kit.owner.id });
  });

  it('lets a guest holding the e-mailed link write it', async () => {
    const job = await makeJob();
    const token = requestLinkToken(t.app.config.sessionSecret, job.id, 'review');
    const res = await putReview(job.reference, { rating: 4 }, { token });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ rating: 4, comment: null });
    // A link names one request only.
    const another = await makeJob();
    expect((await putReview(another.reference, { rating: 4 }, { token })).statusCode).toBe(404);
  });

  it('refuses a job that is not completed, or has no technician (409)', async () => {
    for (const status of ['dispatching', 'accepted', 'in_progress', 'canceled'] as const) {
      const job = await makeJob({ status });
      const res = await putReview(job.reference, { rating: 5 }, { cookie: cookies.owner });
      expect(res.statusCode, status).toBe(409);
      expect(res.json()).toEqual({ message: NOT_COMPLETED });
    }
    const orphan = await makeJob({ technicianId: null });
    expect(
      (await putReview(orphan.reference, { rating: 5 }, { cookie: cookies.owner })).json(),
    ).toEqual({ message: NOT_COMPLETED });
    expect(
      await t.app.db.select().from(reviews).where(eq(reviews.serviceRequestId, orphan.id)),
    ).toEqual([]);
  });

  it('answers bad input with 400 and a clear message, unknown requests with 404', async () => {
    const job = await makeJob();
    const as = { cookie: cookies.owner };
    for (const rating of [0, 6, 4.5, '5', null]) {
      const res = await putReview(job.reference, { rating }, as);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/Please choose a rating from 1 to 5 stars/);
    }
    const long = await putReview(job.reference, { rating: 5, comment: 'x'.repeat(2001) }, as);
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/Review must be at most 2000 characters/);
    expect((await putReview('WR-1', { rating: 5 }, as)).statusCode).toBe(400);
    expect((await putReview('WR-999999', { rating: 5 }, as)).statusCode).toBe(404);
    expect(
      await t.app.db.select().from(reviews).where(eq(reviews.serviceRequestId, job.id)),
    ).toEqual([]);
  });
});

describe('the request page', () => {
  it('shows the review and whether it can still be edited; its viewers are told', async () => {
    const job = await makeJob();
    const detail = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/service-requests/${job.reference}`,
          headers: { cookie: cookies.owner },
        })
      ).json();
    expect(await detail()).toMatchObject({ review: null, canReview: true });
    const saved = (await putReview(job.reference, { rating: 5 }, { cookie: cookies.owner })).json();
    expect(await detail()).toMatchObject({ review: saved, canReview: true });
    const events = await t.app.db
      .select()
      .from(realtimeEvents)
      .where(eq(realtimeEvents.serviceRequestId, job.id));
    expect(events.map((e) => [e.type, (e.payload as { what: string }).what])).toEqual([
      ['request.updated', 'review'],
    ]);
    t.clock.advance(15 * DAY);
    expect(await detail()).toMatchObject({ review: { id: saved.id }, canReview: false });
    t.clock.set(new Date());
  });
});

describe('editing a review', () => {
  it('edits for 14 days (200), then refuses (409) and changes nothing', async () => {
    const job = await makeJob();
    const as = { cookie: cookies.owner };
    const first = (await putReview(job.reference, { rating: 2, comment: 'Late' }, as)).json();
    t.clock.advance(13 * DAY);
    const edit = await putReview(job.reference, { rating: 4, comment: '  On time after all ' }, as);
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({
      id: first.id,
      rating: 4,
      comment: 'On time after all',
      createdAt: first.createdAt,
      editableUntil: first.editableUntil,
    });
    // Written with the app's clock.
    expect(Date.parse(edit.json().updatedAt) - Date.parse(first.createdAt)).toBeGreaterThanOrEqual(
      13 * DAY,
    );
    // An empty comment clears it.
    const cleared = await putReview(job.reference, { rating: 4, comment: '' }, as);
    expect(cleared.json().comment).toBeNull();

    t.clock.advance(1 * DAY + 1000);
    const late = await putReview(job.reference, { rating: 1 }, as);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ message: EDIT_WINDOW_OVER });
    const [row] = await t.app.db.select().from(reviews).where(eq(reviews.id, first.id));
    expect(row!.rating).toBe(4);
    t.clock.set(new Date());
  });

  it('keeps one review per job under 5 concurrent first PUTs', async () => {
    const fresh = await createTechnician(t.app);
    const job = await makeJob({ technicianId: fresh.technician.id });
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map((rating) =>
        putReview(job.reference, { rating }, { cookie: cookies.owner }),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 200, 200, 200, 201]);
    const rows = await t.app.db.select().from(reviews).where(eq(reviews.serviceRequestId, job.id));
    expect(rows).toHaveLength(1);
    expect(new Set(results.map((r) => r.json().id))).toEqual(new Set([rows[0]!.id]));
    expect(await technicianRow(fresh.technician.id)).toEqual({
      rating: `${rows[0]!.rating}.00`,
      totalReviews: 1,
    });
  });
});

describe('the technician rating', () => {
  it('is recomputed from all their reviews (history included) in the same transaction', async () => {
    const rated = await createTechnician(t.app, { firstName: 'Rated' });
    const id = rated.technician.id;
    // The seed's kind of history: reviews without a job.
    await t.app.db.insert(reviews).values([
      { technicianId: id, rating: 5 },
      { technicianId: id, rating: 4 },
    ]);
    const a = await makeJob({ technicianId: id });
    const b = await makeJob({ technicianId: id });
    const as = { cookie: cookies.owner };

    await putReview(a.reference, { rating: 4 }, as);
    expect(await technicianRow(id)).toEqual({ rating: '4.33', totalReviews: 3 });
    await putReview(b.reference, { rating: 1 }, as);
    expect(await technicianRow(id)).toEqual({ rating: '3.50', totalReviews: 4 });
    await putReview(a.reference, { rating: 2 }, as);
    expect(await technicianRow(id)).toEqual({ rating: '3.00', totalReviews: 4 });

    // The public profile and the search (its index) show it at once.
    const profile = (await t.app.inject({ method: 'GET', url: `/api/technicians/${id}` })).json();
    expect(profile).toMatchObject({ rating: '3.00', totalReviews: 4 });
    const found = (
      await t.app.inject({ method: 'GET', url: '/api/technicians?name=rated&pageSize=100' })
    ).json() as { id: number; rating: string; totalReviews: number }[];
    expect(found.find((x) => x.id === id)).toMatchObject({ rating: '3.00', totalReviews: 4 });

    await putReview(b.reference, { rating: 5 }, as);
    const again = (
      await t.app.inject({ method: 'GET', url: '/api/technicians?name=rated&pageSize=100' })
    ).json() as { id: number; rating: string }[];
    expect(again.find((x) => x.id === id)?.rating).toBe('4.00');
  });
});

describe('the technician rating under concurrent reviews of different jobs', () => {
  it('counts every review exactly (the technician row is locked before each write)', async () => {
    const busy = await createTechnician(t.app);
    const jobs = await Promise.all(
      [1, 2, 3, 4, 5].map(() => makeJob({ technicianId: busy.technician.id })),
    );
    const results = await Promise.all(
      jobs.map((job, i) => putReview(job.reference, { rating: i + 1 }, { cookie: cookies.owner })),
    );
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(await technicianRow(busy.technician.id)).toEqual({ rating: '3.00', totalReviews: 5 });
  });
});
