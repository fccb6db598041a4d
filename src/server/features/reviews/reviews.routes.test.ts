import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../tests/helpers/build-test-app';
import { createTechnician, signIn } from '../../../../tests/helpers/factories';
import { reviewsKit } from '../../../../tests/helpers/reviews';
import { reviews, serviceRequests } from '../../db/schema';
import { ONLY_REVIEWED_TECHNICIAN } from './reviews.service';

const DAY = 86_400_000;

const kit = reviewsKit();
const { cookies, makeJob, putReview } = kit;
let t: TestApp;
beforeAll(() => {
  t = kit.t;
});

const putReply = (id: number, payload: unknown, cookie?: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/reviews/${id}/reply`,
    payload: payload as object,
    headers: cookie ? { cookie } : {},
  });

describe('PUT /api/reviews/:id/reply', () => {
  it('lets only the reviewed technician post one public reply, and edit it', async () => {
    const job = await makeJob();
    const review = (
      await putReview(job.reference, { rating: 3 }, { cookie: cookies.owner })
    ).json();
    const body = { reply: 'Thanks, see you next time' };

    expect((await putReply(review.id, body)).statusCode).toBe(401);
    expect((await putReply(review.id, body, cookies.owner)).statusCode).toBe(403);
    const other = await putReply(review.id, body, cookies.otherTech);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ message: ONLY_REVIEWED_TECHNICIAN });
    expect((await putReply(review.id, body, cookies.admin)).statusCode).toBe(403);
    expect((await putReply(999_999, body, cookies.tech)).statusCode).toBe(404);
    const empty = await putReply(review.id, { reply: '   ' }, cookies.tech);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/Please write a reply/);

    const res = await putReply(review.id, body, cookies.tech);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: review.id,
      rating: 3,
      reply: 'Thanks, see you next time',
      technicianId: kit.tech.technician.id,
      updatedAt: review.updatedAt,
      repliedAt: expect.any(String),
    });
    const edited = await putReply(review.id, { reply: 'Thanks again!' }, cookies.tech);
    expect(edited.json().reply).toBe('Thanks again!');
    const rows = await t.app.db.select().from(reviews).where(eq(reviews.serviceRequestId, job.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.reply).toBe('Thanks again!');

    // The customer sees the reply with their review; editing it keeps the reply.
    const mine = await putReview(job.reference, { rating: 4 }, { cookie: cookies.owner });
    expect(mine.json()).toMatchObject({ rating: 4, reply: 'Thanks again!' });
  });
});

describe('GET /api/technicians/:id/reviews', () => {
  it('shows reviewer, service type, job date and reply, pages by offset/limit with X-Total-Count', async () => {
    const listed = await createTechnician(t.app, { firstName: 'Listed' });
    const id = listed.technician.id;
    await t.app.db.insert(reviews).values({
      technicianId: id,
      rating: 5,
      comment: 'From the old days',
      createdAt: new Date(Date.now() - 400 * DAY),
    });
    const jobs = [];
    for (const serviceType of ['Oil Change', 'Brake Service', 'Electrical']) {
      const job = await makeJob({ technicianId: id, serviceType });
      jobs.push(job);
      t.clock.advance(60_000);
      await putReview(
        job.reference,
        { rating: 4, comment: serviceType },
        { cookie: cookies.owner },
      );
    }
    const [newest] = await t.app.db
      .select()
      .from(reviews)
      .where(eq(reviews.serviceRequestId, jobs[2]!.id));
    // Another technician's review: refused.
    expect((await putReply(newest!.id, { reply: 'Mine?' }, cookies.tech)).statusCode).toBe(403);
    const listedCookie = await signIn(t.app, listed.user.username!);
    expect(
      (await putReply(newest!.id, { reply: 'Thank you Maria' }, listedCookie)).statusCode,
    ).toBe(200);
    t.clock.set(new Date());

    const get = (query: string) =>
      t.app.inject({ method: 'GET', url: `/api/technicians/${id}/reviews${query}` });
    const all = await get('');
    expect(all.statusCode).toBe(200);
    expect(all.headers['x-total-count']).toBe('4');
    const list = all.json();
    expect(list).toHaveLength(4);
    const [completedAt] = await t.app.db
      .select({ at: serviceRequests.completedAt })
      .from(serviceRequests)
      .where(eq(serviceRequests.id, jobs[2]!.id));
    expect(list[0]).toEqual({
      id: newest!.id,
      rating: 4,
      comment: 'Electrical',
      createdAt: expect.any(String),
      reviewerName: 'Maria G.',
      serviceType: 'Electrical',
      jobDate: completedAt!.at!.toISOString(),
      reply: 'Thank you Maria',
      repliedAt: expect.any(String),
      verified: false,
    });
    expect(list[3]).toMatchObject({
      comment: 'From the old days',
      reviewerName: 'Customer',
      serviceType: null,
      jobDate: null,
      reply: null,
    });

    const page = await get('?offset=1&limit=2');
    expect(page.headers['x-total-count']).toBe('4');
    expect(page.json().map((r: { comment: string }) => r.comment)).toEqual([
      'Brake Service',
      'Oil Change',
    ]);
    expect((await get('?offset=3&limit=50')).json()).toHaveLength(1);
    expect((await get('?offset=10')).json()).toEqual([]);
    for (const bad of ['?limit=0', '?limit=51', '?offset=-1', '?offset=abc', '?limit=1.5']) {
      const res = await get(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toMatch(/offset|limit/);
    }
  });
});
